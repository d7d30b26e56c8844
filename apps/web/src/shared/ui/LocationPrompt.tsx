import { Alert, Button } from '@mantine/core';
import { IconMapPin } from '@tabler/icons-react';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { LocationPickerContext } from './location-picker';

/** Focuses the banner's location selector (it opens its list on focus). */
export function focusLocationSelector(): void {
  const input = document.querySelector<HTMLInputElement>('[data-testid="location-selector"]');
  if (!input) return;
  input.scrollIntoView({ block: 'center' });
  input.focus();
}

/**
 * A page that works on one location, without a location chosen: what to do, in the page's words (`messageKey`),
 * as the label of the location picker itself (issue #36: one tap away). Without a picker (no provider) a button
 * moves the focus to the banner's selector.
 */
export function LocationPrompt({ messageKey = 'Bestellijst.kies_locatie' }: { messageKey?: string }) {
  const { t } = useTranslation();
  const Picker = useContext(LocationPickerContext);
  return (
    <Alert
      color="brand"
      variant="light"
      icon={<IconMapPin aria-hidden />}
      title={t('geen_locatie')}
      mb="lg"
      data-testid="location-prompt"
    >
      {Picker ? (
        <Picker label={t(messageKey)} />
      ) : (
        <>
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
        </>
      )}
    </Alert>
  );
}
