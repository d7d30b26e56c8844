import { Alert, Button } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Focuses the banner's location selector (it opens its list on focus). */
export function focusLocationSelector(): void {
  const input = document.querySelector<HTMLInputElement>('[data-testid="location-selector"]');
  if (!input) return;
  input.scrollIntoView({ block: 'center' });
  input.focus();
}

/** A page that works on one location, without a location chosen: what to do, and a button to the selector. */
export function LocationPrompt({ messageKey = 'Bestellijst.kies_locatie' }: { messageKey?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconMapPin aria-hidden />}
      title={t('geen_locatie')}
      data-testid="location-prompt"
    >
      {t(messageKey)}
      <div>
        <Button
          mt="sm"
          variant="filled"
          leftSection={<IconMapPin size={18} aria-hidden />}
          onClick={focusLocationSelector}
          mih={44}
        >
          {t('kies_locatie')}
        </Button>
      </div>
    </Alert>
  );
}
