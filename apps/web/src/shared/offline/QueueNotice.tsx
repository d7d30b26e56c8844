import { Alert, Button, CloseButton, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudUpload } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { translateCode } from '../i18n/i18n';
import { useStore } from '../lib/store';
import { snackbar } from '../ui/snackbar/snackbar-store';
import { useOnline } from './online';
import { followRefused, followSent, keepQueuedShown } from './optimistic';
import {
  dismissRefusal,
  drainQueue,
  onQueuedRefused,
  onQueuedSent,
  type QueueEntry,
  startOfflineQueue,
} from './queue';
import { offlineQueueStore } from './queue-store';

/** What the user recognises a queued change by, in their language. */
export function useChangeText() {
  const { t } = useTranslation();
  return (e: QueueEntry) => t(`OfflineWachtrij.soort_${e.change.kind.replace('.', '_')}`, { label: e.label });
}

/**
 * The offline queue on every page (issue #36 point 4b): starts it, lets the caches follow what was sent or refused,
 * and shows what waits for a connection (with "send now") and what the server refused — each refusal with its
 * reason until the user closes it. Nothing shows while nothing waits and nothing was refused.
 */
export function QueueNotice() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const online = useOnline();
  const { pending, refused, sending } = useStore(offlineQueueStore);
  const text = useChangeText();

  useEffect(() => {
    const stop = startOfflineQueue();
    const offSent = onQueuedSent((e, answer) => followSent(queryClient, e.change, answer));
    const offShown = keepQueuedShown(queryClient, () => offlineQueueStore.get().pending);
    const offRefused = onQueuedRefused((r) => {
      followRefused(queryClient, r.change);
      snackbar.warning('OfflineWachtrij.geweigerd_melding');
    });
    return () => {
      stop();
      offSent();
      offShown();
      offRefused();
    };
  }, [queryClient]);

  if (pending.length === 0 && refused.length === 0) return null;
  return (
    <Stack gap="xs" mb="md" data-testid="offline-queue">
      {pending.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          // dark text on the light yellow (Mantine's yellow text on it is below 4.5:1)
          styles={{ title: { color: 'var(--mantine-color-dark-8)' } }}
          icon={<IconCloudUpload size={20} aria-hidden />}
          title={t('OfflineWachtrij.wachtend', { count: pending.length })}
          data-testid="offline-queue-pending"
        >
          <Stack gap="xs">
            <Text size="sm">{t('OfflineWachtrij.uitleg')}</Text>
            <List size="sm" spacing={2}>
              {pending.map((e) => (
                <List.Item key={e.seq} data-testid="offline-queue-item">
                  {text(e)}
                </List.Item>
              ))}
            </List>
            <Group>
              <Button
                size="sm"
                mih={44}
                variant="light"
                loading={sending}
                disabled={!online}
                onClick={() => void drainQueue()}
                data-testid="offline-queue-send"
              >
                {t('OfflineWachtrij.versturen')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {refused.map((r) => (
        <Alert
          key={r.seq}
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('OfflineWachtrij.geweigerd_titel')}
          data-testid="offline-queue-refused"
        >
          <Group wrap="nowrap" align="flex-start" justify="space-between" gap="xs">
            <Text size="sm">
              {t('OfflineWachtrij.geweigerd', {
                change: text(r),
                // the server's words, in the language the change was sent in, with its numbers (max 0 available)
                reason: r.error.message || translateCode(r.error.code),
              })}
            </Text>
            <CloseButton
              size="lg"
              aria-label={t('OfflineWachtrij.sluiten')}
              onClick={() => void dismissRefusal(r.seq)}
              data-testid="offline-queue-dismiss"
            />
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}

export default QueueNotice;
