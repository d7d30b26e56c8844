import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Progress,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import type { OutboxMessageView } from '@mp/contract/api/erp-outbox';
import type { ConnectionTestAnswer, ErpSyncStates } from '@mp/contract/api/erp-sync';
import { IconPlugConnected, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/ui/format';
import { QueryState } from '../../../shared/ui/QueryState';
import { ResultList } from '../../../shared/ui/ResultList';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type OutboxStatus,
  useErpOutbox,
  useErpSyncStates,
  useRetryOutbox,
  useSyncErpNow,
  useTestErpConnection,
} from '../api/erp';
import { ConnectionTestCard } from './ConnectionTestCard';
import { DocumentServiceConnection } from './DocumentServiceConnection';
import { ErpSubscriptions } from './ErpSubscriptions';
import { PhoneRow, usePhoneWidth } from './PhoneRow';

// Koppelingen (issue #33 point 6, decision 0027): the ERP connection as its operator sees it — test it, where the
// sync of each entity stands (and sync now), and the outbox of what goes to the ERP (retry what was dead-lettered).

/** Test connection: each step the portal took (configuration, token, company, rental API) and how it went. */
function ConnectionCard({ erp }: { erp: ErpSyncStates['erp'] }) {
  const { t } = useTranslation();
  const test = useTestErpConnection();
  const [answer, setAnswer] = useState<ConnectionTestAnswer | null>(null);
  const run = () =>
    test.mutate(undefined, {
      onSuccess: setAnswer,
      onError: (e) => snackbar.error(e, 'Koppelingen.test_fout'),
    });
  return (
    <ConnectionTestCard
      title={t('Koppelingen.verbinding')}
      subtitle={t(`Koppelingen.erp.${erp}`)}
      icon={<IconPlugConnected size={18} aria-hidden />}
      onTest={run}
      testing={test.isPending}
      steps={answer?.steps ?? null}
      testIds={{ card: 'erp-connection', button: 'erp-test-connection', steps: 'erp-test-steps' }}
    />
  );
}

type EntityState = ErpSyncStates['entities'][number];

/**
 * A run in progress (or one that stopped halfway): the records done so far against the ERP's count of the run as a
 * bar, or — when the ERP did not say how many — the records and pages so far.
 */
function RunProgress({ e }: { e: EntityState }) {
  const { t } = useTranslation();
  const f = useFormat();
  const done = e.read;
  const values = { done: f.number(done), total: f.number(e.total ?? 0), pages: f.number(e.pages) };
  const label =
    e.total !== null && e.total > 0
      ? t('Koppelingen.voortgang_van', values)
      : t('Koppelingen.voortgang', values);
  return (
    <Stack gap={2} mt={4} miw={160} data-testid={`erp-progress-${e.entity}`}>
      {e.total !== null && e.total > 0 && (
        <Progress
          value={Math.min(100, (done / e.total) * 100)}
          size="sm"
          animated={e.running}
          aria-label={label}
        />
      )}
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Stack>
  );
}

/** Per entity: running or resumable, the last full and delta sync, counts and the last error; sync now. */
function SyncCard({ states }: { states: ErpSyncStates }) {
  const { t } = useTranslation();
  const f = useFormat();
  const sync = useSyncErpNow();
  const start = () =>
    sync.mutate(undefined, {
      onSuccess: (a) => snackbar.success(a.code),
      onError: (e) => snackbar.error(e, 'Koppelingen.sync_fout'),
    });
  const phone = usePhoneWidth();
  const stateOf = (e: EntityState) =>
    e.running ? 'bezig' : e.lastError ? 'fout' : e.resumable ? 'hervat' : e.fullCompletedAt ? 'ok' : 'nooit';
  const colour = { bezig: 'blue', fout: 'red', hervat: 'yellow', ok: 'green', nooit: 'gray' } as const;
  const badge = (e: EntityState) => (
    <Badge color={colour[stateOf(e)]} variant="light" c="dark.8" style={{ overflow: 'visible' }}>
      {t(`Koppelingen.staat.${stateOf(e)}`)}
    </Badge>
  );
  /** Under the state: the run's progress, the last error. */
  const detail = (e: EntityState) => (
    <>
      {(e.running || e.resumable) && <RunProgress e={e} />}
      {e.lastError && (
        <Text size="xs" c="red.8" mt={2}>
          {e.lastError.message}
        </Text>
      )}
    </>
  );
  return (
    <Card withBorder radius="md" p="md" data-testid="erp-sync">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Title order={2} size="h4">
          {t('Koppelingen.synchronisatie')}
        </Title>
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={start}
          loading={sync.isPending}
          disabled={states.erp === 'none'}
          mih={44}
          data-testid="erp-sync-now"
        >
          {t('Koppelingen.nu_synchroniseren')}
        </Button>
      </Group>
      {states.erp === 'none' && <Alert color="gray">{t('erp.niet_gekoppeld')}</Alert>}
      {phone ? (
        <Stack gap="xs" data-testid="erp-sync-table">
          {states.entities.map((e) => (
            <PhoneRow
              key={e.entity}
              testId={`erp-entity-${e.entity}`}
              title={
                <Text size="sm" fw={600}>
                  {t(`Koppelingen.entiteit.${e.entity}`)}
                </Text>
              }
              state={badge(e)}
              facts={[
                [t('Koppelingen.laatste_volledig'), f.dateTime(e.fullCompletedAt) || '–'],
                [t('Koppelingen.laatste_wijzigingen'), f.dateTime(e.deltaCompletedAt) || '–'],
                [t('Koppelingen.bijgewerkt'), e.upsertedTotal],
                [t('Koppelingen.verwijderd'), e.deleted],
              ]}
            >
              {detail(e)}
            </PhoneRow>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table striped verticalSpacing="xs" data-testid="erp-sync-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Koppelingen.gegeven')}</Table.Th>
                <Table.Th>{t('Koppelingen.toestand')}</Table.Th>
                <Table.Th>{t('Koppelingen.laatste_volledig')}</Table.Th>
                <Table.Th>{t('Koppelingen.laatste_wijzigingen')}</Table.Th>
                <Table.Th ta="right">{t('Koppelingen.bijgewerkt')}</Table.Th>
                <Table.Th ta="right">{t('Koppelingen.verwijderd')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {states.entities.map((e) => (
                <Table.Tr key={e.entity} data-testid={`erp-entity-${e.entity}`}>
                  <Table.Td>{t(`Koppelingen.entiteit.${e.entity}`)}</Table.Td>
                  <Table.Td miw={130}>
                    {badge(e)}
                    {detail(e)}
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{f.dateTime(e.fullCompletedAt) || '–'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {f.dateTime(e.deltaCompletedAt) || '–'}
                  </Table.Td>
                  <Table.Td ta="right">{e.upsertedTotal}</Table.Td>
                  <Table.Td ta="right">{e.deleted}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Card>
  );
}

/** A message to the ERP: a table row, or on a phone a card; a dead-lettered one can be sent again. */
function OutboxRow({ m, phone, dateLabel }: { m: OutboxMessageView; phone: boolean; dateLabel: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const retry = useRetryOutbox();
  const when = f.dateTime(m.status === 'sent' ? m.sentAt : m.nextAttemptAt);
  const again = m.status === 'dead' && (
    <Button
      size="xs"
      variant="light"
      mih={phone ? 44 : undefined}
      onClick={() =>
        retry.mutate(m.id, {
          onSuccess: () => snackbar.success('Koppelingen.opnieuw_gepland'),
          onError: (e) => snackbar.error(e),
        })
      }
      loading={retry.isPending}
    >
      {t('Koppelingen.opnieuw')}
    </Button>
  );
  if (phone)
    return (
      <PhoneRow
        testId="erp-outbox-row"
        title={
          <>
            <Text size="sm" fw={600}>
              {m.documentNo}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`Koppelingen.soort.${m.kind}`)}
            </Text>
          </>
        }
        facts={[
          [t('Koppelingen.pogingen'), m.attempts],
          [dateLabel, when || '–'],
          ...(m.lastError ? ([[t('Koppelingen.laatste_fout'), m.lastError.message]] as const) : []),
        ]}
        action={again || undefined}
      />
    );
  return (
    <Table.Tr data-testid="erp-outbox-row">
      <Table.Td>{m.documentNo}</Table.Td>
      <Table.Td>{t(`Koppelingen.soort.${m.kind}`)}</Table.Td>
      <Table.Td ta="right">{m.attempts}</Table.Td>
      <Table.Td>{when}</Table.Td>
      <Table.Td>
        <Text size="sm">{m.lastError?.message ?? ''}</Text>
      </Table.Td>
      <Table.Td>{again}</Table.Td>
    </Table.Tr>
  );
}

/** What goes to the ERP: waiting, dead-lettered and sent messages with their counts; retry the dead ones. */
function OutboxCard() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OutboxStatus>('waiting');
  const [page, setPage] = useState(1);
  const outbox = useErpOutbox(status, page);
  const retryAll = useRetryOutbox();
  const phone = usePhoneWidth();
  const counts = outbox.data?.counts;
  const dateLabel = t(status === 'sent' ? 'Koppelingen.verstuurd' : 'Koppelingen.volgende_poging');
  const label = (s: OutboxStatus) =>
    `${t(`Koppelingen.wachtrij.${s}`)} (${counts ? (s === 'waiting' ? counts.waiting + counts.sending : counts[s]) : '…'})`;
  return (
    <Card withBorder radius="md" p="md" data-testid="erp-outbox">
      <Group justify="space-between" wrap="wrap" gap="sm" mb="sm">
        <Title order={2} size="h4">
          {t('Koppelingen.uitgaand')}
        </Title>
        {counts && counts.dead > 0 && (
          <Button
            variant="light"
            color="red"
            onClick={() =>
              retryAll.mutate(null, {
                onSuccess: () => snackbar.success('Koppelingen.opnieuw_gepland'),
                onError: (e) => snackbar.error(e),
              })
            }
            loading={retryAll.isPending}
            mih={44}
            data-testid="erp-retry-dead"
          >
            {t('Koppelingen.alles_opnieuw')}
          </Button>
        )}
      </Group>
      <SegmentedControl
        value={status}
        onChange={(v) => {
          setStatus(v as OutboxStatus);
          setPage(1);
        }}
        data={(['waiting', 'dead', 'sent'] as const).map((s) => ({ value: s, label: label(s) }))}
        // on a phone one under the other: three labels with their counts do not fit side by side
        orientation={phone ? 'vertical' : 'horizontal'}
        fullWidth={phone}
        mb="sm"
        data-testid="erp-outbox-status"
      />
      <QueryState
        query={outbox}
        errorKey="Koppelingen.ophalen_error"
        isEmpty={(d) => d.items.length === 0}
        empty={<Text c="dimmed">{t(`Koppelingen.leeg.${status}`)}</Text>}
      >
        {(d) => (
          <ResultList
            total={d.total}
            page={d.page}
            pageSize={d.pageSize}
            onPage={setPage}
            busy={outbox.isFetching}
          >
            {phone ? (
              <Stack gap="xs">
                {d.items.map((m) => (
                  <OutboxRow key={m.id} m={m} phone dateLabel={dateLabel} />
                ))}
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped verticalSpacing="xs">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('Koppelingen.nummer')}</Table.Th>
                      <Table.Th>{t('Koppelingen.soort_kop')}</Table.Th>
                      <Table.Th ta="right">{t('Koppelingen.pogingen')}</Table.Th>
                      <Table.Th>{dateLabel}</Table.Th>
                      <Table.Th>{t('Koppelingen.laatste_fout')}</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {d.items.map((m) => (
                      <OutboxRow key={m.id} m={m} phone={false} dateLabel={dateLabel} />
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </ResultList>
        )}
      </QueryState>
    </Card>
  );
}

/** The Koppelingen page's body: the connection, the sync per entity, the outbox, the webhooks. */
export function ErpConnections() {
  const states = useErpSyncStates();
  return (
    <QueryState query={states} errorKey="Koppelingen.ophalen_error">
      {(s) => (
        <Stack gap="md">
          <ConnectionCard erp={s.erp} />
          <DocumentServiceConnection />
          <SyncCard states={s} />
          {s.erp !== 'none' && <OutboxCard />}
          {s.erp !== 'none' && <ErpSubscriptions />}
        </Stack>
      )}
    </QueryState>
  );
}
