import { Button, Group, Modal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** "A new version is available": refresh now (`onReload`: the new service worker first), or close and keep working. */
export default function UpdateDialog({
  onClose,
  onReload,
}: {
  onClose: () => void;
  onReload: () => Promise<void>;
}) {
  const { t } = useTranslation();
  const [reloading, setReloading] = useState(false);
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('shared.update_beschikbaar.titel')}
      centered
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <Text mb="lg">{t('shared.update_beschikbaar.tekst')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('shared.sluiten')}
        </Button>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden />}
          loading={reloading}
          onClick={() => {
            setReloading(true);
            void onReload();
          }}
          data-testid="update-refresh"
        >
          {t('shared.vernieuwen')}
        </Button>
      </Group>
    </Modal>
  );
}
