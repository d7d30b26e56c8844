import { Button } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../lib/paths';

/**
 * "Transport aanvragen": starts the transport wizard for the selected location. The pages of a location offer it
 * (the project page, its stock, its requests) where the user may write there; the caller decides that.
 */
export function TransportRequestLink() {
  const { t } = useTranslation();
  return (
    <Button
      component={Link}
      to={paths.transportGegevens.to()}
      variant="light"
      leftSection={<IconTruck size={18} aria-hidden />}
      mih={44}
      data-testid="new-transport"
    >
      {t('TransportAanvraag.nieuw')}
    </Button>
  );
}
