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
      // teal.9: 4.75:1 on the page background (green.8 was 3.3:1, below WCAG AA)
      <Group gap={6} c="teal.9">
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
