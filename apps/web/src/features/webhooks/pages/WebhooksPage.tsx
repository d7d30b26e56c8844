import { Badge, Button, Card, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import type { WebhookEndpointView } from '@mp/contract/api/webhooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { AreaPage } from '../../../shared/ui/AreaPage';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useFormat } from '../../../shared/ui/format';
import { QueryState } from '../../../shared/ui/QueryState';
import { ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  useDeleteEndpoint,
  useRotateSecret,
  useSendTestEvent,
  useUpdateEndpoint,
  useWebhookEndpoints,
} from '../api/webhooks';
import { DeliveryLog } from '../components/DeliveryLog';
import { EndpointForm, eventLabel } from '../components/EndpointForm';

// Webhooks (issue #37 point 4, decision 0032): admins manage every customer's endpoints (and "all customers"), key
// users their own customer's. Each endpoint: its events, enable / disable, a new secret (shown once, the old one
// signs along for 24 h), a test event, deletion, and its delivery log with "send again".

/** The secret, shown this once with a copy button. */
function SecretModal({
  secret,
  opened,
  onClose,
  onClosed,
}: {
  secret: string;
  opened: boolean;
  onClose: () => void;
  /** Once it is out of sight: the secret is dropped from the page's memory. */
  onClosed: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      onExitTransitionEnd={onClosed}
      title={t('webhooks.geheim_titel')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('shared.sluiten') }}
    >
      <Stack>
        <Text size="sm">{t('webhooks.geheim_uitleg')}</Text>
        <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }} data-testid="webhook-secret">
          {secret}
        </Code>
        <Group justify="flex-end">
          <CopyButton value={secret}>
            {({ copied, copy }) => (
              <Button variant="light" color={copied ? 'green' : undefined} onClick={copy}>
                {t(copied ? 'webhooks.gekopieerd' : 'webhooks.kopieer')}
              </Button>
            )}
          </CopyButton>
          <Button onClick={onClose} data-testid="webhook-secret-close">
            {t('webhooks.sluiten')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type Ask = 'delete' | 'rotate' | null;

function EndpointCard({
  e,
  isAdmin,
  onEdit,
  onSecret,
}: {
  e: WebhookEndpointView;
  isAdmin: boolean;
  onEdit: () => void;
  onSecret: (s: string) => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const update = useUpdateEndpoint();
  const rotate = useRotateSecret();
  const remove = useDeleteEndpoint();
  const test = useSendTestEvent();
  const [showLog, setShowLog] = useState(false);
  const [ask, setAsk] = useState<Ask>(null);
  const status = e.enabled ? 'actief' : e.disabledReason === 'gone' ? 'weg' : 'uitgeschakeld';
  return (
    <Card withBorder radius="md" padding="md" data-testid="webhook-endpoint">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text
            fw={600}
            ff="monospace"
            size="sm"
            style={{ wordBreak: 'break-all', minWidth: 0, flex: '1 1 14rem' }}
          >
            {e.url}
          </Text>
          <Badge color={e.enabled ? 'green' : 'gray'} c="dark.8" variant="light" data-testid="webhook-status">
            {t(`webhooks.${status}`)}
          </Badge>
        </Group>
        {e.description && <Text size="sm">{e.description}</Text>}
        {isAdmin && (
          <Text size="sm" c="dimmed">
            {t('webhooks.klant')}: {e.customerName ?? t('webhooks.alle_klanten')}
          </Text>
        )}
        <Group gap={4} wrap="wrap">
          {e.eventTypes.map((type) => (
            <Badge key={type} variant="outline" size="sm" c="dark.8" style={{ textTransform: 'none' }}>
              {t(eventLabel(type))}
            </Badge>
          ))}
        </Group>
        <Text size="xs" c="dimmed">
          {t('webhooks.onderweg', { count: e.pending })} · {t('webhooks.mislukt_24u', { count: e.failed24h })}
          {e.previousSecretUntil
            ? ` · ${t('webhooks.vorig_geheim_tot', { date: f.dateTime(e.previousSecretUntil) })}`
            : ''}
        </Text>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            onClick={() => setShowLog((v) => !v)}
            data-testid="webhook-show-log"
          >
            {t('webhooks.log')}
          </Button>
          <Button size="xs" variant="default" onClick={onEdit} data-testid="webhook-edit">
            {t('webhooks.bewerken')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={test.isPending}
            onClick={() =>
              test.mutate(e.id, {
                onSuccess: () => {
                  snackbar.success('webhooks.test_verstuurd');
                  setShowLog(true);
                },
                onError: (err) => snackbar.error(err),
              })
            }
            data-testid="webhook-test"
          >
            {t('webhooks.test')}
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={update.isPending}
            onClick={() =>
              update.mutate(
                { id: e.id, body: { enabled: !e.enabled } },
                { onError: (err) => snackbar.error(err) },
              )
            }
            data-testid="webhook-toggle"
          >
            {t(e.enabled ? 'webhooks.uitschakelen' : 'webhooks.inschakelen')}
          </Button>
          <Button size="xs" variant="default" onClick={() => setAsk('rotate')} data-testid="webhook-rotate">
            {t('webhooks.roteren')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={() => setAsk('delete')}
            data-testid="webhook-delete"
          >
            {t('webhooks.verwijderen')}
          </Button>
        </Group>
        {showLog && <DeliveryLog endpointId={e.id} />}
      </Stack>
      <ConfirmDialog
        opened={ask === 'delete'}
        title={t('webhooks.verwijderen')}
        message={t('webhooks.verwijderen_bevestig', { url: e.url })}
        confirmLabel={t('webhooks.verwijderen')}
        action={() => remove.mutateAsync(e.id)}
        successKey="webhooks.verwijderd"
        onClose={() => setAsk(null)}
      />
      <ConfirmDialog
        opened={ask === 'rotate'}
        danger={false}
        title={t('webhooks.roteren')}
        message={t('webhooks.roteren_bevestig')}
        confirmLabel={t('webhooks.roteren')}
        action={async () => onSecret((await rotate.mutateAsync(e.id)).secret)}
        onClose={() => setAsk(null)}
      />
    </Card>
  );
}

function Webhooks({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation();
  const endpoints = useWebhookEndpoints();
  // the form stays mounted while it closes (its transition); a new key per opening starts it afresh
  const [form, setForm] = useState<{ key: number; endpoint: WebhookEndpointView | null; opened: boolean }>({
    key: 0,
    endpoint: null,
    opened: false,
  });
  const edit = (endpoint: WebhookEndpointView | null) =>
    setForm((f) => ({ key: f.key + 1, endpoint, opened: true }));
  const [secret, setSecret] = useState<{ value: string; opened: boolean } | null>(null);
  const showSecret = (value: string) => setSecret({ value, opened: true });
  return (
    <AreaPage
      description={t('webhooks.intro')}
      actions={
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => edit(null)}
          data-testid="webhook-new"
        >
          {t('webhooks.nieuw')}
        </Button>
      }
    >
      <QueryState
        query={endpoints}
        errorKey="webhooks.ophalen_error"
        isEmpty={(d) => d.items.length === 0}
        empty={<Text c="dimmed">{t('webhooks.geen_endpoints')}</Text>}
      >
        {(data) => (
          <Stack>
            {data.items.map((e) => (
              <EndpointCard key={e.id} e={e} isAdmin={isAdmin} onEdit={() => edit(e)} onSecret={showSecret} />
            ))}
          </Stack>
        )}
      </QueryState>
      <EndpointForm
        key={form.key}
        opened={form.opened}
        endpoint={form.endpoint}
        isAdmin={isAdmin}
        onClose={() => setForm((f) => ({ ...f, opened: false }))}
        onSecret={showSecret}
      />
      {secret && (
        <SecretModal
          secret={secret.value}
          opened={secret.opened}
          onClose={() => setSecret((s) => s && { ...s, opened: false })}
          onClosed={() => setSecret(null)}
        />
      )}
    </AreaPage>
  );
}

/** /webhooks: admins and key users (decision 0032); anyone else is told they have no access. */
export function WebhooksPage() {
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  if (!user || !(user.isAdmin || user.isKeyUser === true))
    return <ErrorView messageKey="error.geen_toegang" />;
  return <Webhooks isAdmin={user.isAdmin} />;
}
