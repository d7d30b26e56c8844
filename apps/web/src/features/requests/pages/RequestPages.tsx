import { Anchor, Button, Card, Group, MultiSelect, Pagination, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type RequestStatus, requestStatuses } from '@mp/contract/rules/request-status';
import { IconBolt, IconClipboardList, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useSelectedLocationAccess } from '../../../shared/api/get-plant-locations';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { ConfirmDialog } from '../../../shared/ui/ConfirmDialog';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { PageQueryState } from '../../../shared/ui/QueryState';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { TransportRequestLink } from '../../../shared/ui/TransportRequestLink';
import { useCancelRequest } from '../api/cancel-request';
import { useRequest } from '../api/get-request';
import { type RequestSummary, useRequests } from '../api/get-requests';
import { RequestDetailView } from '../components/RequestDetailView';
import { kindKey, StatusBadge, statusKey } from '../components/status';

const PAGE_SIZE = 25;
const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };

function RequestCard({ r }: { r: RequestSummary }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="request-row" data-request-no={r.requestNo}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={paths.aanvraag.to(r.id)} fw={700}>
            {r.requestNo}
          </Anchor>
          <StatusBadge status={r.status} size="sm" />
        </Group>
        <Text size="sm">
          {t(kindKey[r.kind])}
          {r.rush ? ` · ${t('Bestellen.spoed')}` : ''}
          {r.reference ? ` · ${r.reference}` : ''}
        </Text>
        <Text size="sm" c="dimmed">
          {t('Aanvragen.gewenste_datum')}: {format.day(r.requestedDate)}
          {r.plannedDate ? ` · ${t('Aanvragen.geplande_datum')}: ${format.day(r.plannedDate)}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {t('Aanvragen.aangevraagd_op')}: {format.dateTime(r.createdAt)}
          {r.requestedBy ? ` · ${r.requestedBy}` : ''}
        </Text>
      </Stack>
    </Card>
  );
}

function RequestTable({ items }: { items: RequestSummary[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped verticalSpacing="sm" data-testid="request-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Aanvragen.aanvraagnummer')}</Table.Th>
            <Table.Th>{t('Aanvragen.soort')}</Table.Th>
            <Table.Th>{t('shared.status')}</Table.Th>
            <Table.Th>{t('Aanvragen.gewenste_datum')}</Table.Th>
            <Table.Th>{t('Aanvragen.geplande_datum')}</Table.Th>
            <Table.Th>{t('Bestellen.referentie')}</Table.Th>
            <Table.Th style={num}>{t('Aanvragen.regels')}</Table.Th>
            <Table.Th>{t('Aanvragen.aangevraagd_op')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id} data-testid="request-row" data-request-no={r.requestNo}>
              <Table.Td>
                <Anchor component={Link} to={paths.aanvraag.to(r.id)} fw={600}>
                  {r.requestNo}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {t(kindKey[r.kind])}
                {r.rush && <IconBolt size={14} aria-label={t('Bestellen.spoed')} style={{ marginLeft: 4 }} />}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={r.status} size="sm" />
              </Table.Td>
              <Table.Td>{format.day(r.requestedDate)}</Table.Td>
              <Table.Td>{r.plannedDate ? format.day(r.plannedDate) : ''}</Table.Td>
              <Table.Td>{r.reference ?? ''}</Table.Td>
              <Table.Td style={num}>{format.number(r.lineCount)}</Table.Td>
              <Table.Td>
                {format.dateTime(r.createdAt)}
                {r.requestedBy && (
                  <Text size="xs" c="dimmed">
                    {r.requestedBy}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Materieelaanvragen: the selected location's requests with their status, filtered by status, paged. */
export function AanvragenPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const { canWrite } = useSelectedLocationAccess();
  const [sp, setSp] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const status = (sp.get('status') ?? '')
    .split(',')
    .filter((s): s is RequestStatus => (requestStatuses as readonly string[]).includes(s));
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const query = useRequests(
    location ? { locationNo: location.locationNo, status, page, pageSize: PAGE_SIZE } : null,
  );

  const setParams = (next: { status?: string[]; page?: number }) =>
    setSp(
      (prev) => {
        const p = new URLSearchParams(prev);
        if (next.status !== undefined) {
          if (next.status.length) p.set('status', next.status.join(','));
          else p.delete('status');
          p.delete('page');
        }
        if (next.page !== undefined) {
          if (next.page > 1) p.set('page', String(next.page));
          else p.delete('page');
        }
        return p;
      },
      { replace: true },
    );

  let body: ReactNode;
  if (!location) body = <LocationPrompt messageKey="Aanvragen.kies_locatie" />;
  else if (query.isPending) body = <LoadingBlock />;
  else if (query.isError)
    body = (
      <ErrorView
        messageKey="Aanvragen.ophalen_error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.items.length === 0)
    body = (
      <EmptyView
        title={status.length ? t('Aanvragen.geen_aanvragen_filter') : t('Aanvragen.geen_aanvragen')}
        icon={<IconClipboardList size={28} aria-hidden />}
      >
        {status.length > 0 && (
          <Button variant="light" onClick={() => setParams({ status: [] })} mih={44}>
            {t('shared.filters_wissen')}
          </Button>
        )}
      </EmptyView>
    );
  else {
    const pages = Math.max(1, Math.ceil(query.data.total / PAGE_SIZE));
    body = (
      <Stack gap="md" aria-busy={query.isPlaceholderData || undefined}>
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: query.data.total })}
        </Text>
        {narrow ? (
          <Stack gap="sm">
            {query.data.items.map((r) => (
              <RequestCard key={r.id} r={r} />
            ))}
          </Stack>
        ) : (
          <RequestTable items={query.data.items} />
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={(p) => setParams({ page: p })}
              size="lg"
              siblings={narrow ? 0 : 1}
              getControlProps={(c) => ({
                'aria-label':
                  c === 'next' ? t('shared.volgende') : c === 'previous' ? t('shared.vorige') : undefined,
              })}
              getItemProps={(p) => ({ 'aria-label': t('shared.pagina_van', { page: p, pages }) })}
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader
        description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined}
        actions={location && canWrite ? <TransportRequestLink /> : undefined}
      />
      {location && (
        <MultiSelect
          label={t('Aanvragen.filter_status')}
          placeholder={status.length ? undefined : t('shared.alle')}
          data={requestStatuses.map((s) => ({ value: s, label: t(statusKey[s]) }))}
          value={status}
          onChange={(v) => setParams({ status: v })}
          clearable
          clearButtonProps={{ 'aria-label': t('shared.filters_wissen') }}
          maw={480}
          mb="md"
          styles={{ input: { minHeight: 44 } }}
          data-testid="status-filter"
        />
      )}
      {body}
    </>
  );
}

/** One request: its form data, lines, status history, and cancelling while it is still submitted. */
export function AanvraagPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useRequest(id);
  const cancel = useCancelRequest();
  const [confirming, setConfirming] = useState(false);

  return (
    <PageQueryState
      query={query}
      errorKey="Aanvragen.ophalen_error"
      back={{ to: paths.aanvragen.to(), label: t('Bestellen.naar_aanvragen') }}
    >
      {(r) => {
        const canCancel = r.allowedStatuses.includes('cancelled');
        return (
          <>
            <PageHeader
              title={`${t('Aanvragen.aanvraag')} ${r.requestNo}`}
              actions={
                canCancel ? (
                  <Button
                    color="red"
                    variant="light"
                    leftSection={<IconX size={18} aria-hidden />}
                    onClick={() => setConfirming(true)}
                    mih={44}
                    data-testid="cancel-request"
                  >
                    {t('Aanvragen.annuleren')}
                  </Button>
                ) : undefined
              }
            />
            <RequestDetailView r={r} />
            <ConfirmDialog
              opened={confirming}
              title={t('Aanvragen.annuleren')}
              message={t('Aanvragen.annuleren_bevestigen', { requestNo: r.requestNo })}
              confirmLabel={t('Aanvragen.annuleren')}
              action={() => cancel.mutateAsync({ id: r.id })}
              successKey="Aanvragen.geannuleerd_melding"
              onClose={() => setConfirming(false)}
            />
          </>
        );
      }}
    </PageQueryState>
  );
}
