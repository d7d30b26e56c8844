import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { WebhookDeliveryView } from '@mp/contract/api/webhooks';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/ui/format';
import { QueryState } from '../../../shared/ui/QueryState';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import { useResendDelivery, useWebhookDeliveries } from '../api/webhooks';
import { eventLabel } from './EndpointForm';

const statusColour: Record<WebhookDeliveryView['status'], string> = {
  pending: 'yellow',
  sending: 'blue',
  delivered: 'green',
  failed: 'red',
};

/** One delivery: its event, status, tries and the last answer, with "send again". */
function DeliveryRow({ endpointId, d }: { endpointId: string; d: WebhookDeliveryView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const resend = useResendDelivery();
  const last = d.log[0];
  return (
    <Paper withBorder radius="sm" p="xs" data-testid="webhook-delivery">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap="xs" wrap="wrap">
            <Badge
              color={statusColour[d.status]}
              c="dark.8"
              variant="light"
              data-testid="webhook-delivery-status"
            >
              {t(`webhooks.status.${d.status}`)}
            </Badge>
            <Text size="sm" fw={600}>
              {t(eventLabel(d.eventType))}
            </Text>
          </Group>
          <Text size="xs" c="dimmed">
            {f.dateTime(d.createdAt)} · {t('webhooks.pogingen', { count: d.attempts })}
            {last ? ` · ${last.statusCode ?? '—'} · ${t('webhooks.duur', { ms: last.durationMs })}` : ''}
          </Text>
          {last?.error && (
            <Text size="xs" c="red.8">
              {last.error.message}
            </Text>
          )}
          <Text size="xs" c="dimmed" ff="monospace" style={{ wordBreak: 'break-all' }}>
            webhook-id {d.eventId}
          </Text>
        </Stack>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={resend.isPending}
          disabled={d.status === 'sending'}
          onClick={() =>
            resend.mutate(
              { id: endpointId, deliveryId: d.id },
              {
                onSuccess: () => snackbar.success('webhooks.opnieuw_verstuurd'),
                onError: (e) => snackbar.error(e),
              },
            )
          }
          data-testid="webhook-resend"
        >
          {t('webhooks.opnieuw')}
        </Button>
      </Group>
    </Paper>
  );
}

/** The delivery log of an endpoint, newest first. */
export function DeliveryLog({ endpointId }: { endpointId: string }) {
  const { t } = useTranslation();
  const deliveries = useWebhookDeliveries(endpointId);
  return (
    <Stack gap="xs" data-testid="webhook-log">
      <Text fw={600}>{t('webhooks.log')}</Text>
      <QueryState
        query={deliveries}
        errorKey="webhooks.ophalen_error"
        isEmpty={(d) => d.items.length === 0}
        empty={
          <Text size="sm" c="dimmed">
            {t('webhooks.log_leeg')}
          </Text>
        }
      >
        {(data) => data.items.map((d) => <DeliveryRow key={d.id} endpointId={endpointId} d={d} />)}
      </QueryState>
    </Stack>
  );
}
