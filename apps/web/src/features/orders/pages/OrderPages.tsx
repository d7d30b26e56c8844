import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AreaPage } from '../../../shared/ui/AreaPage';

/** A list page of requests or orders for the selected location. */
export function LocationListPage() {
  return <AreaPage needsLocation />;
}

/** One request or order, by the number in the path. */
export function NumberedDetailPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AreaPage needsLocation>
      <Text>
        {t('Orders.ordernummer')}: {id}
      </Text>
    </AreaPage>
  );
}
