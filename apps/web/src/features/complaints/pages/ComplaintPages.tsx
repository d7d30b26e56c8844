import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AreaPage } from '../../../shared/ui/AreaPage';

export function KlachtenPage() {
  return <AreaPage needsLocation />;
}

export function KlachtenAanmakenPage() {
  return <AreaPage needsLocation />;
}

export function KlachtenOverzichtPage() {
  return <AreaPage />;
}

export function KlachtDetailsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <AreaPage>
      <Text>
        {t('Klachten.klachtnummer')}: {id}
      </Text>
    </AreaPage>
  );
}
