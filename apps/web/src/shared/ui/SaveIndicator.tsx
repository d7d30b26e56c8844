import { Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCloudUpload, IconRefresh } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AutosaveState } from '../lib/autosave';

/** Where an autosaving editor stands: saving, saved (`savedKey`), or not saved with a retry. */
export function SaveIndicator({
  state,
  onRetry,
  savedKey,
}: {
  state: AutosaveState;
  onRetry: () => void;
  savedKey: string;
}) {
  const { t } = useTranslation();
  let body: ReactNode = null;
  if (state === 'pending' || state === 'saving')
    body = (
      <Group gap={6} c="dimmed">
        <IconCloudUpload size={16} aria-hidden />
        <Text size="sm">{t('Bestellijst.bezig_opslaan')}</Text>
      </Group>
    );
  else if (state === 'saved')
    body = (
      <Group gap={6} c="green.8">
        <IconCheck size={16} aria-hidden />
        <Text size="sm">{t(savedKey)}</Text>
      </Group>
    );
  else if (state === 'error')
    body = (
      <Group gap={6} c="red.8">
        <IconAlertTriangle size={16} aria-hidden />
        <Text size="sm">{t('Bestellijst.niet_opgeslagen')}</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          color="red"
          leftSection={<IconRefresh size={14} aria-hidden />}
          onClick={onRetry}
        >
          {t('shared.opnieuw_proberen')}
        </Button>
      </Group>
    );
  return (
    <div
      role="status"
      aria-live="polite"
      data-testid="save-state"
      data-state={state}
      style={{ minHeight: 28 }}
    >
      {body}
    </div>
  );
}
