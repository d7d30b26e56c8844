import { Button, Group, Modal, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../shared/api/get-app-config';

const isReal = (id: string | undefined): id is string => !!id && id !== 'dev' && id !== 'test';

/**
 * Asks to refresh when a new build is deployed: AppConfig is polled (every 5 minutes and on focus) and its
 * buildId compared with the one this code was built with; a failed chunk load after a deployment asks too.
 */
export function UpdateAvailableModal() {
  const { t } = useTranslation();
  const config = useAppConfig();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [chunkFailed, setChunkFailed] = useState(false);

  useEffect(() => {
    const onPreloadError = (event: Event) => {
      event.preventDefault();
      setChunkFailed(true);
    };
    window.addEventListener('vite:preloadError', onPreloadError);
    return () => window.removeEventListener('vite:preloadError', onPreloadError);
  }, []);

  const serverBuild = config.data?.buildId;
  const outdated =
    isReal(__BUILD_ID__) && isReal(serverBuild) && serverBuild !== __BUILD_ID__ && dismissed !== serverBuild;
  const opened = outdated || chunkFailed;

  return (
    <Modal
      opened={opened}
      onClose={() => {
        setDismissed(serverBuild ?? null);
        setChunkFailed(false);
      }}
      title={t('shared.update_beschikbaar.titel')}
      centered
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <Text mb="lg">{t('shared.update_beschikbaar.tekst')}</Text>
      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            setDismissed(serverBuild ?? null);
            setChunkFailed(false);
          }}
        >
          {t('shared.sluiten')}
        </Button>
        <Button
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => window.location.reload()}
          data-testid="update-refresh"
        >
          {t('shared.vernieuwen')}
        </Button>
      </Group>
    </Modal>
  );
}
