import { Badge, Card, Stack, Table, Text, Title } from '@mantine/core';
import type { ErpSubscriptionStates } from '@mp/contract/api/erp-webhooks';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/ui/format';
import { QueryState } from '../../../shared/ui/QueryState';
import { useErpSubscriptions } from '../api/erp';
import { PhoneRow, usePhoneWidth } from './PhoneRow';

// Koppelingen: the webhook subscriptions at the ERP (decision 0027) — whether the ERP tells the portal of its changes
// at once (else the schedule runs the deltas), where it posts them, and per collection the subscription's state, its
// expiry, the last notification and the last error.

const colour = { active: 'green', pending: 'yellow', failed: 'red' } as const;

function SubscriptionTable({ s }: { s: ErpSubscriptionStates }) {
  const { t } = useTranslation();
  const f = useFormat();
  const phone = usePhoneWidth();
  type Row = ErpSubscriptionStates['subscriptions'][number];
  const what = (r: Row) => (
    <>
      <Text size="sm" fw={phone ? 600 : undefined}>
        {r.entities.map((e) => t(`Koppelingen.entiteit.${e}`)).join(', ')}
      </Text>
      <Text size="xs" c="dimmed" style={phone ? { overflowWrap: 'anywhere' } : undefined}>
        {r.target}
      </Text>
    </>
  );
  const badge = (r: Row) => (
    <Badge color={colour[r.state]} variant="light" c="dark.8" style={{ overflow: 'visible' }}>
      {t(`Koppelingen.webhooks.staat.${r.state}`)}
    </Badge>
  );
  const error = (r: Row) =>
    r.lastError && (
      <Text size="xs" c="red.8" mt={2}>
        {r.lastError.message}
      </Text>
    );
  if (phone)
    return (
      <Stack gap="xs" data-testid="erp-subscriptions-table">
        {s.subscriptions.map((r) => (
          <PhoneRow
            key={r.target}
            testId="erp-subscription"
            title={what(r)}
            state={badge(r)}
            facts={[
              [t('Koppelingen.webhooks.verloopt'), f.dateTime(r.expiresAt) || '–'],
              [t('Koppelingen.webhooks.laatste_melding'), f.dateTime(r.lastNotificationAt) || '–'],
              [t('Koppelingen.webhooks.meldingen'), r.notificationCount],
            ]}
          >
            {error(r)}
          </PhoneRow>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped verticalSpacing="xs" data-testid="erp-subscriptions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Koppelingen.webhooks.doel')}</Table.Th>
            <Table.Th>{t('Koppelingen.toestand')}</Table.Th>
            <Table.Th>{t('Koppelingen.webhooks.verloopt')}</Table.Th>
            <Table.Th>{t('Koppelingen.webhooks.laatste_melding')}</Table.Th>
            <Table.Th ta="right">{t('Koppelingen.webhooks.meldingen')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {s.subscriptions.map((r) => (
            <Table.Tr key={r.target} data-testid="erp-subscription">
              <Table.Td>{what(r)}</Table.Td>
              <Table.Td miw={130}>
                {badge(r)}
                {error(r)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.dateTime(r.expiresAt) || '–'}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.dateTime(r.lastNotificationAt) || '–'}</Table.Td>
              <Table.Td ta="right">{r.notificationCount}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The webhooks card: on (with the notification address and each subscription) or off (the schedule syncs). */
export function ErpSubscriptions() {
  const { t } = useTranslation();
  const subscriptions = useErpSubscriptions();
  return (
    <Card withBorder radius="md" p="md" data-testid="erp-subscriptions">
      <Title order={2} size="h4" mb="sm">
        {t('Koppelingen.webhooks.titel')}
      </Title>
      <QueryState query={subscriptions} errorKey="Koppelingen.ophalen_error">
        {(s) =>
          s.webhooks ? (
            <Stack gap="xs">
              <Text size="sm">{t('Koppelingen.webhooks.aan')}</Text>
              {s.notificationUrl && (
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {t('Koppelingen.webhooks.adres')}: {s.notificationUrl}
                </Text>
              )}
              {s.subscriptions.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('Koppelingen.webhooks.leeg')}
                </Text>
              ) : (
                <SubscriptionTable s={s} />
              )}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('Koppelingen.webhooks.uit')}
            </Text>
          )
        }
      </QueryState>
    </Card>
  );
}
