import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Card,
  FileInput,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ExecuteInput } from '@mp/contract/api/department';
import { returnConditions } from '@mp/contract/api/department';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import {
  type RequestKind,
  type RequestStatus,
  requestKinds,
  requestStatuses,
} from '@mp/contract/rules/request-status';
import {
  IconBolt,
  IconCalendarEvent,
  IconCheck,
  IconPhoto,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { paths } from '../../../shared/lib/paths';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { DateField, DatesLocale } from '../../../shared/ui/DateField';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import {
  type DepartmentRequest,
  type QueueItem,
  useAddReturnPhoto,
  useChangeStatus,
  useDepartmentRequest,
  useExecuteRequest,
  usePlanRequest,
  useQueue,
} from '../api/department';
import { RequestDetailView } from '../components/RequestDetailView';
import { kindKey, StatusBadge, statusKey } from '../components/status';

// The equipment department's screens (issue #12, decision 0018): the queue of every customer's requests and the
// processing of one — take, plan (date, depot, transport, which plants), execute (conditions, costs), reject,
// cancel. The server decides; these screens only offer what the request's allowed statuses permit.

const PAGE_SIZE = 25;
const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };

/** Only the department sees its screens (the server refuses everyone else's calls anyway). */
function DepartmentGate({ children }: { children: ReactNode }) {
  const allowed = useStore(sessionStore, (s) => s?.user.isAdmin === true || s?.user.isDepartment === true);
  return allowed ? children : <ErrorView messageKey="error.geen_toegang" />;
}

/** A refused change: a conflict (someone else was first) reloads the request; anything else is told. */
function tellError(error: unknown, reload: () => void) {
  if (isApiError(error) && error.status === 409) reload();
  snackbar.error(error);
}

function QueueCard({ r }: { r: QueueItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="queue-row" data-request-no={r.requestNo}>
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Anchor component={Link} to={paths.materieeldienstAanvraag.to(r.id)} fw={700}>
            {r.requestNo}
          </Anchor>
          <StatusBadge status={r.status} size="sm" />
        </Group>
        <Text size="sm">
          {t(kindKey[r.kind])}
          {r.rush ? ` · ${t('Bestellen.spoed')}` : ''}
        </Text>
        <Text size="sm">
          {[r.customerName, `${r.locationNo} – ${r.locationDescription ?? ''}`].filter(Boolean).join(' · ')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('Aanvragen.gewenste_datum')}: {format.day(r.requestedDate)}
          {r.plannedDate ? ` · ${t('Aanvragen.geplande_datum')}: ${format.day(r.plannedDate)}` : ''}
        </Text>
      </Stack>
    </Card>
  );
}

function QueueTable({ items }: { items: QueueItem[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Table.ScrollContainer minWidth={900}>
      <Table striped verticalSpacing="sm" data-testid="queue-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Aanvragen.aanvraagnummer')}</Table.Th>
            <Table.Th>{t('Aanvragen.soort')}</Table.Th>
            <Table.Th>{t('shared.status')}</Table.Th>
            <Table.Th>{t('Materieeldienst.klant')}</Table.Th>
            <Table.Th>{t('Locatie.titel')}</Table.Th>
            <Table.Th>{t('Aanvragen.gewenste_datum')}</Table.Th>
            <Table.Th>{t('Aanvragen.geplande_datum')}</Table.Th>
            <Table.Th>{t('Bestellen.depot')}</Table.Th>
            <Table.Th style={num}>{t('Aanvragen.regels')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((r) => (
            <Table.Tr key={r.id} data-testid="queue-row" data-request-no={r.requestNo}>
              <Table.Td>
                <Anchor component={Link} to={paths.materieeldienstAanvraag.to(r.id)} fw={600}>
                  {r.requestNo}
                </Anchor>
              </Table.Td>
              <Table.Td>
                {t(kindKey[r.kind])}
                {r.rush && (
                  <Badge
                    color="red"
                    c="red.9"
                    variant="light"
                    size="sm"
                    ml={6}
                    leftSection={<IconBolt size={12} aria-hidden />}
                  >
                    {t('Bestellen.spoed')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>
                <StatusBadge status={r.status} size="sm" />
              </Table.Td>
              <Table.Td>
                {r.customerName ?? ''}
                {r.customerNo && (
                  <Text size="xs" c="dimmed">
                    {r.customerNo}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {r.locationNo}
                <Text size="xs" c="dimmed">
                  {r.locationDescription}
                </Text>
              </Table.Td>
              <Table.Td>{format.day(r.requestedDate)}</Table.Td>
              <Table.Td>{r.plannedDate ? format.day(r.plannedDate) : ''}</Table.Td>
              <Table.Td>{r.depotNo ?? ''}</Table.Td>
              <Table.Td style={num}>{format.number(r.lineCount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Materieeldienst: every customer's requests by status, rush first, filtered by kind, customer, location, depot. */
export function MaterieeldienstPage() {
  return (
    <DepartmentGate>
      <QueueView />
    </DepartmentGate>
  );
}

function QueueView() {
  const { t } = useTranslation();
  const [sp, setSp] = useSearchParams();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const statusParam = sp.get('status') ?? '';
  const status = (requestStatuses as readonly string[]).includes(statusParam)
    ? (statusParam as RequestStatus)
    : undefined;
  const kindParam = sp.get('kind') ?? '';
  const kind = (requestKinds as readonly string[]).includes(kindParam)
    ? (kindParam as RequestKind)
    : undefined;
  const text = (k: string) => sp.get(k)?.trim() || undefined;
  const page = Math.max(1, Number(sp.get('page')) || 1);
  const query = useQueue({
    status,
    kind,
    customer: text('klant'),
    plantLocation: text('locatie'),
    depot: text('depot'),
    page,
    pageSize: PAGE_SIZE,
  });
  const [draft, setDraft] = useState({
    klant: text('klant') ?? '',
    locatie: text('locatie') ?? '',
    depot: text('depot') ?? '',
  });

  const setParams = (next: Record<string, string | undefined>, keepPage = false) =>
    setSp(
      (prev) => {
        const p = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(next)) {
          if (v) p.set(k, v);
          else p.delete(k);
        }
        if (!keepPage) p.delete('page');
        return p;
      },
      { replace: true },
    );

  const counts = query.data?.counts;
  const all = counts ? Object.values(counts).reduce((a, b) => a + b, 0) : undefined;
  const tab = (value: string, label: string, count: number | undefined) => (
    <Tabs.Tab
      key={value}
      value={value}
      rightSection={
        count !== undefined ? (
          <Badge size="sm" variant="light" c="dark.8">
            {count}
          </Badge>
        ) : null
      }
    >
      {label}
    </Tabs.Tab>
  );

  let body: ReactNode;
  if (query.isPending) body = <LoadingBlock />;
  else if (query.isError)
    body = (
      <ErrorView
        messageKey="Materieeldienst.ophalen_error"
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  else if (query.data.items.length === 0) body = <EmptyView title={t('Materieeldienst.geen_aanvragen')} />;
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
              <QueueCard key={r.id} r={r} />
            ))}
          </Stack>
        ) : (
          <QueueTable items={query.data.items} />
        )}
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={page}
              onChange={(p) => setParams({ page: p > 1 ? String(p) : undefined }, true)}
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
        description={t('Materieeldienst.uitleg')}
        actions={
          <Anchor
            component={Link}
            to={paths.materieeldienstKlachten.to()}
            py={10}
            data-testid="link-complaints"
          >
            {t('Klachten.dienst.naar_klachten')}
          </Anchor>
        }
      />
      <Tabs
        value={status ?? 'all'}
        onChange={(v) => setParams({ status: v && v !== 'all' ? v : undefined })}
        mb="md"
        keepMounted={false}
      >
        <Tabs.List style={{ flexWrap: 'wrap' }} data-testid="queue-tabs">
          {tab('all', t('shared.alle'), all)}
          {requestStatuses.map((s) => tab(s, t(statusKey[s]), counts?.[s]))}
        </Tabs.List>
      </Tabs>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setParams({ klant: draft.klant.trim(), locatie: draft.locatie.trim(), depot: draft.depot.trim() });
        }}
      >
        <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm" mb="md">
          <Select
            label={t('Aanvragen.soort')}
            placeholder={t('shared.alle')}
            data={requestKinds.map((k) => ({ value: k, label: t(kindKey[k]) }))}
            value={kind ?? null}
            onChange={(v) => setParams({ kind: v ?? undefined })}
            clearable
            clearButtonProps={{ 'aria-label': t('shared.wissen') }}
            styles={{ input: { minHeight: 44 } }}
            data-testid="queue-kind"
          />
          <TextInput
            label={t('Materieeldienst.klantnummer')}
            value={draft.klant}
            onChange={(e) => setDraft({ ...draft, klant: e.currentTarget.value })}
            styles={{ input: { minHeight: 44 } }}
          />
          <TextInput
            label={t('Materieeldienst.locatienummer')}
            value={draft.locatie}
            onChange={(e) => setDraft({ ...draft, locatie: e.currentTarget.value })}
            styles={{ input: { minHeight: 44 } }}
          />
          <TextInput
            label={t('Bestellen.depot')}
            value={draft.depot}
            onChange={(e) => setDraft({ ...draft, depot: e.currentTarget.value })}
            styles={{ input: { minHeight: 44 } }}
          />
          <Group align="end" gap="xs">
            <Button type="submit" mih={44} data-testid="queue-search">
              {t('shared.zoeken')}
            </Button>
            <Button
              variant="subtle"
              mih={44}
              onClick={() => {
                setDraft({ klant: '', locatie: '', depot: '' });
                setParams({ klant: undefined, locatie: undefined, depot: undefined, kind: undefined });
              }}
            >
              {t('shared.filters_wissen')}
            </Button>
          </Group>
        </SimpleGrid>
      </form>
      {body}
    </>
  );
}

/** Materieeldienst › one request: the request and what the department can do with it now. */
export function MaterieeldienstAanvraagPage() {
  return (
    <DepartmentGate>
      <ProcessView />
    </DepartmentGate>
  );
}

function ProcessView() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useDepartmentRequest(id);
  if (query.isPending)
    return (
      <>
        <PageHeader />
        <LoadingBlock />
      </>
    );
  if (query.isError)
    return (
      <>
        <PageHeader />
        {isApiError(query.error) && (query.error.status === 404 || query.error.status === 400) ? (
          <EmptyView title={t('error.niet_gevonden')}>
            <Anchor component={Link} to={paths.materieeldienst.to()}>
              {t('Materieeldienst.naar_wachtrij')}
            </Anchor>
          </EmptyView>
        ) : (
          <ErrorView
            messageKey="Materieeldienst.ophalen_error"
            error={query.error}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  const r = query.data;
  const reload = () => void query.refetch();
  return (
    <>
      <PageHeader
        title={`${t('Aanvragen.aanvraag')} ${r.requestNo}`}
        description={[r.customerName, r.customerNo].filter(Boolean).join(' · ')}
      />
      <RequestDetailView r={r} aside={<Actions r={r} reload={reload} />} />
    </>
  );
}

function Actions({ r, reload }: { r: DepartmentRequest; reload: () => void }) {
  const { t } = useTranslation();
  const change = useChangeStatus();
  const [noteFor, setNoteFor] = useState<'rejected' | 'cancelled' | null>(null);
  const [note, setNote] = useState('');
  const can = (s: RequestStatus) => r.allowedStatuses.includes(s);
  if (r.allowedStatuses.length === 0)
    return r.exitOrder ? <ReturnPhotos r={r} exitOrder={r.exitOrder} /> : null;
  const take = () =>
    change.mutate(
      { id: r.id, status: 'in_progress' },
      {
        onSuccess: () => snackbar.success('Materieeldienst.in_behandeling_genomen'),
        onError: (e) => tellError(e, reload),
      },
    );
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="department-actions"
      data-testid="department-actions"
    >
      <Title order={2} size="h4" mb="sm" id="department-actions">
        {t('Materieeldienst.verwerken')}
      </Title>
      <Group gap="sm" mb="md" wrap="wrap">
        {r.status === 'submitted' && can('in_progress') && (
          <Button
            leftSection={<IconPlayerPlay size={18} aria-hidden />}
            onClick={take}
            loading={change.isPending}
            mih={44}
            data-testid="take-request"
          >
            {t('Materieeldienst.in_behandeling_nemen')}
          </Button>
        )}
        {can('rejected') && (
          <Button
            color="red"
            variant="light"
            leftSection={<IconX size={18} aria-hidden />}
            onClick={() => setNoteFor('rejected')}
            mih={44}
            data-testid="reject-request"
          >
            {t('Materieeldienst.afwijzen')}
          </Button>
        )}
        {can('cancelled') && (
          <Button
            color="gray"
            variant="light"
            onClick={() => setNoteFor('cancelled')}
            mih={44}
            data-testid="cancel-request"
          >
            {t('Aanvragen.annuleren')}
          </Button>
        )}
      </Group>
      {can('planned') && <PlanForm r={r} reload={reload} />}
      {r.status === 'planned' && can('done') && <ExecuteForm r={r} reload={reload} />}
      <Modal
        opened={noteFor !== null}
        onClose={() => setNoteFor(null)}
        title={noteFor === 'rejected' ? t('Materieeldienst.afwijzen') : t('Aanvragen.annuleren')}
        centered
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!noteFor || !note.trim()) return;
            change.mutate(
              { id: r.id, status: noteFor, note: note.trim() },
              {
                onSuccess: () => {
                  snackbar.success(
                    noteFor === 'rejected' ? 'Materieeldienst.afgewezen' : 'Aanvragen.geannuleerd_melding',
                  );
                  setNoteFor(null);
                  setNote('');
                },
                onError: (err) => tellError(err, reload),
              },
            );
          }}
        >
          <Stack>
            <Textarea
              label={t('Materieeldienst.reden')}
              description={t('Materieeldienst.reden_uitleg')}
              value={note}
              onChange={(e) => setNote(e.currentTarget.value)}
              required
              withAsterisk
              autosize
              minRows={3}
              maxLength={1000}
              data-autofocus
              data-testid="status-note"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setNoteFor(null)} mih={44}>
                {t('shared.annuleren')}
              </Button>
              <Button
                type="submit"
                color={noteFor === 'rejected' ? 'red' : undefined}
                disabled={!note.trim()}
                loading={change.isPending}
                mih={44}
                data-testid="status-note-submit"
              >
                {t('shared.bevestigen')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}

const transportOptions: Record<RequestKind, string[]> = {
  order: ['leveren', 'ophalen'],
  removal: ['afhalen', 'brengen'],
  relocation: [],
  transport: [],
};

function PlanForm({ r, reload }: { r: DepartmentRequest; reload: () => void }) {
  const { t } = useTranslation();
  const plan = usePlanRequest();
  const today = calendarDayIn(new Date());
  const [plannedDate, setPlannedDate] = useState<string | null>(
    // the later of the requested day and today (calendar days compare as text)
    r.plannedDate ?? ([r.requestedDate, today].sort()[1] as string),
  );
  // a delivery without a depot yet starts from the depot that holds free plants for its first line
  const [depotNo, setDepotNo] = useState<string | null>(
    r.depotNo ?? r.picks[0]?.candidates.find((c) => c.depotNo)?.depotNo ?? null,
  );
  const [transportMeans, setTransportMeans] = useState<string | null>(r.transportMeans ?? null);
  const [picked, setPicked] = useState<Record<string, string[]>>(
    Object.fromEntries(r.picks.map((p) => [p.lineId, p.plantNos])),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const depots = [
    ...new Set(
      [r.depotNo, ...r.picks.flatMap((p) => p.candidates.map((c) => c.depotNo))].filter(
        (d): d is string => !!d,
      ),
    ),
  ].sort();
  const picking = r.kind === 'order' ? r.picks : [];
  const options = transportOptions[r.kind];

  const submit = () => {
    setErrors({});
    if (!plannedDate) {
      setErrors({ plannedDate: t('validation.verplicht') });
      return;
    }
    plan.mutate(
      {
        id: r.id,
        input: {
          version: r.version,
          plannedDate,
          ...(depotNo ? { depotNo } : {}),
          ...(transportMeans ? { transportMeans } : {}),
          plants: picking.map((p) => ({ lineId: p.lineId, plantNos: picked[p.lineId] ?? [] })),
        },
      },
      {
        onSuccess: () => snackbar.success('Materieeldienst.gepland_melding'),
        onError: (e) => {
          if (isApiError(e)) {
            const out: Record<string, string> = {};
            for (const [field, f] of Object.entries(e.fieldErrors)) out[field] = t(f.code, f.params);
            setErrors(out);
          }
          tellError(e, reload);
        },
      },
    );
  };

  return (
    <DatesLocale>
      <Paper bg="var(--mantine-color-gray-0)" p="md" radius="sm" mb="md" data-testid="plan-form">
        <Title order={3} size="h5" mb="sm">
          {r.status === 'planned' ? t('Materieeldienst.opnieuw_plannen') : t('Materieeldienst.plannen')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <DateField
            label={t('Aanvragen.geplande_datum')}
            value={plannedDate}
            onChange={setPlannedDate}
            minDate={today}
            required
            error={errors.plannedDate}
            testId="plan-date"
          />
          {(r.kind === 'order' || r.kind === 'removal') && (
            <Select
              label={t('Bestellen.depot')}
              data={depots}
              value={depotNo}
              onChange={setDepotNo}
              searchable
              required
              withAsterisk
              error={errors.depotNo}
              styles={{ input: { minHeight: 44 } }}
              data-testid="plan-depot"
            />
          )}
          {options.length > 0 && (
            <Select
              label={t('Bestellen.transportmiddel')}
              data={options.map((o) => ({ value: o, label: t(`wizard.transportmiddel_opties.${o}`) }))}
              value={transportMeans}
              onChange={setTransportMeans}
              styles={{ input: { minHeight: 44 } }}
            />
          )}
        </SimpleGrid>
        {picking.length > 0 && (
          <Stack gap="sm" mt="md">
            <Text fw={600} size="sm">
              {t('Materieeldienst.materieelstukken_kiezen')}
            </Text>
            {picking.map((p) => {
              const free = p.candidates.filter((c) => !depotNo || c.depotNo === depotNo);
              return (
                <MultiSelect
                  key={p.lineId}
                  label={`${p.itemNo} · ${t('Materieeldienst.aantal_kiezen', { amount: p.amount })}`}
                  data={[...new Set([...free.map((c) => c.plantNo), ...(picked[p.lineId] ?? [])])]}
                  value={picked[p.lineId] ?? []}
                  onChange={(v) => setPicked({ ...picked, [p.lineId]: v })}
                  maxValues={p.amount}
                  searchable
                  nothingFoundMessage={t('Materieeldienst.geen_vrije_materieelstukken')}
                  error={errors[`plants.${p.lineId}`]}
                  styles={{ input: { minHeight: 44 } }}
                  data-testid="plan-plants"
                />
              );
            })}
          </Stack>
        )}
        <Group justify="flex-end" mt="md">
          <Button
            leftSection={<IconCalendarEvent size={18} aria-hidden />}
            onClick={submit}
            loading={plan.isPending}
            mih={44}
            data-testid="plan-submit"
          >
            {r.status === 'planned' ? t('Materieeldienst.opnieuw_plannen') : t('Materieeldienst.plannen')}
          </Button>
        </Group>
      </Paper>
    </DatesLocale>
  );
}

type CostRow = ExecuteInput['costs'][number];
type ReturnRow = { condition: (typeof returnConditions)[number]; damageAmount: string; remarks: string };

function ExecuteForm({ r, reload }: { r: DepartmentRequest; reload: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const execute = useExecuteRequest();
  // confirmed after the fact: the planned day, or today when that is still to come
  const today = calendarDayIn(new Date());
  const [executedDate, setExecutedDate] = useState<string | null>(
    r.plannedDate && r.plannedDate < today ? r.plannedDate : today,
  );
  const [costs, setCosts] = useState<CostRow[]>([]);
  const [returns, setReturns] = useState<Record<string, ReturnRow>>({});
  const [note, setNote] = useState('');
  const [confirming, setConfirming] = useState(false);
  const itemLines = r.lines.filter((l) => l.type === 'item');
  const returnOf = (lineId: string): ReturnRow =>
    returns[lineId] ?? { condition: 'good', damageAmount: '', remarks: '' };

  const submit = () => {
    if (!executedDate) return;
    execute.mutate(
      {
        id: r.id,
        input: {
          version: r.version,
          executedDate,
          returns:
            r.kind === 'removal'
              ? Object.entries(returns).map(([lineId, v]) => ({
                  lineId,
                  condition: v.condition,
                  ...(v.damageAmount ? { damageAmount: v.damageAmount } : {}),
                  ...(v.remarks.trim() ? { remarks: v.remarks.trim() } : {}),
                }))
              : [],
          costs: costs.filter((c) => c.description.trim() && c.unitPrice),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      },
      {
        onSuccess: () => {
          snackbar.success('Materieeldienst.uitgevoerd_melding');
          setConfirming(false);
        },
        onError: (e) => {
          setConfirming(false);
          tellError(e, reload);
        },
      },
    );
  };

  return (
    <DatesLocale>
      <Paper bg="var(--mantine-color-gray-0)" p="md" radius="sm" data-testid="execute-form">
        <Title order={3} size="h5" mb="sm">
          {t('Materieeldienst.uitvoeren')}
        </Title>
        <Text size="sm" c="dimmed" mb="sm">
          {t('Materieeldienst.uitvoeren_uitleg')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <DateField
            label={t('Materieeldienst.uitgevoerd_op')}
            value={executedDate}
            onChange={setExecutedDate}
            required
            testId="execute-date"
          />
          <Textarea
            label={t('shared.opmerking')}
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            autosize
            maxLength={1000}
          />
        </SimpleGrid>

        {r.kind === 'removal' && itemLines.length > 0 && (
          <Stack gap="xs" mt="md">
            <Text fw={600} size="sm">
              {t('Materieeldienst.staat_bij_retour')}
            </Text>
            {itemLines.map((l) => {
              const v = returnOf(l.lineId);
              const set = (patch: Partial<ReturnRow>) =>
                setReturns({ ...returns, [l.lineId]: { ...v, ...patch } });
              return (
                <SimpleGrid key={l.lineId} cols={{ base: 1, sm: 4 }} spacing="xs" data-testid="return-line">
                  <Text size="sm" style={{ alignSelf: 'center', overflowWrap: 'anywhere' }}>
                    {format.number(l.amount)} × {l.itemNo}
                    {l.plantNo ? ` (${l.plantNo})` : ''}
                  </Text>
                  <Select
                    aria-label={`${t('ExitOrders.conditie')} ${l.itemNo}`}
                    data={returnConditions.map((c) => ({
                      value: c,
                      label: t(`Materieeldienst.conditie.${c}`),
                    }))}
                    value={v.condition}
                    onChange={(c) => set({ condition: (c ?? 'good') as ReturnRow['condition'] })}
                    allowDeselect={false}
                    styles={{ input: { minHeight: 44 } }}
                  />
                  <NumberInput
                    aria-label={`${t('Materieeldienst.schadebedrag')} ${l.itemNo}`}
                    placeholder={t('Materieeldienst.schadebedrag')}
                    value={v.damageAmount}
                    onChange={(n) => set({ damageAmount: n === '' ? '' : String(n) })}
                    min={0}
                    decimalScale={2}
                    prefix="€ "
                    styles={{ input: { minHeight: 44 } }}
                  />
                  <TextInput
                    aria-label={`${t('shared.opmerking')} ${l.itemNo}`}
                    placeholder={t('shared.opmerking')}
                    value={v.remarks}
                    onChange={(e) => set({ remarks: e.currentTarget.value })}
                    maxLength={500}
                    styles={{ input: { minHeight: 44 } }}
                  />
                </SimpleGrid>
              );
            })}
          </Stack>
        )}

        <Stack gap="xs" mt="md">
          <Text fw={600} size="sm">
            {t('Orders.kosten')}
          </Text>
          {costs.map((c, i) => {
            const set = (patch: Partial<CostRow>) =>
              setCosts(costs.map((x, j) => (j === i ? { ...x, ...patch } : x)));
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity before they are sent
              <Group key={i} gap="xs" wrap="wrap" align="end" data-testid="cost-row">
                <Select
                  aria-label={t('Materieeldienst.kostensoort')}
                  data={(['transport', 'handling', 'other'] as const).map((k) => ({
                    value: k,
                    label: t(`Materieeldienst.kostensoorten.${k}`),
                  }))}
                  value={c.kind}
                  onChange={(k) => set({ kind: (k ?? 'transport') as CostRow['kind'] })}
                  allowDeselect={false}
                  w={150}
                  styles={{ input: { minHeight: 44 } }}
                />
                <TextInput
                  aria-label={t('shared.omschrijving')}
                  placeholder={t('shared.omschrijving')}
                  value={c.description}
                  onChange={(e) => set({ description: e.currentTarget.value })}
                  maxLength={200}
                  style={{ flex: 1, minWidth: 160 }}
                  styles={{ input: { minHeight: 44 } }}
                />
                <NumberInput
                  aria-label={t('shared.aantal')}
                  value={Number(c.quantity)}
                  onChange={(n) => set({ quantity: String(n || 1) })}
                  min={0.001}
                  decimalScale={3}
                  w={90}
                  styles={{ input: { minHeight: 44 } }}
                />
                <NumberInput
                  aria-label={t('shared.prijs')}
                  value={c.unitPrice === '' ? '' : Number(c.unitPrice)}
                  onChange={(n) => set({ unitPrice: n === '' ? '' : String(n) })}
                  min={0}
                  decimalScale={2}
                  prefix="€ "
                  w={130}
                  styles={{ input: { minHeight: 44 } }}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size={44}
                  aria-label={t('shared.verwijderen')}
                  onClick={() => setCosts(costs.filter((_, j) => j !== i))}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Group>
            );
          })}
          <Group>
            <Button
              variant="subtle"
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() =>
                setCosts([...costs, { kind: 'transport', description: '', quantity: '1', unitPrice: '' }])
              }
              mih={44}
              data-testid="add-cost"
            >
              {t('Materieeldienst.kosten_toevoegen')}
            </Button>
          </Group>
        </Stack>

        <Group justify="flex-end" mt="md">
          <Button
            leftSection={<IconCheck size={18} aria-hidden />}
            onClick={() => setConfirming(true)}
            disabled={!executedDate}
            mih={44}
            data-testid="execute-request"
          >
            {t('Materieeldienst.uitvoering_bevestigen')}
          </Button>
        </Group>
      </Paper>
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('Materieeldienst.uitvoering_bevestigen')}
        centered
      >
        <Stack>
          <Text>{t('Materieeldienst.uitvoering_vraag', { requestNo: r.requestNo })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} mih={44}>
              {t('shared.annuleren')}
            </Button>
            <Button onClick={submit} loading={execute.isPending} mih={44} data-testid="execute-confirm">
              {t('shared.bevestigen')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </DatesLocale>
  );
}

/** Photos of what came back with an executed removal, for the exit order or one of its lines. */
function ReturnPhotos({
  r,
  exitOrder,
}: {
  r: DepartmentRequest;
  exitOrder: NonNullable<DepartmentRequest['exitOrder']>;
}) {
  const { t } = useTranslation();
  const add = useAddReturnPhoto();
  const [file, setFile] = useState<File | null>(null);
  const [lineId, setLineId] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  const lines = r.lines.filter((l) => l.type === 'item');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="return-photos"
      data-testid="return-photos"
    >
      <Title order={2} size="h4" mb="xs" id="return-photos">
        {t('Materieeldienst.fotos_retour')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('Materieeldienst.fotos_uitleg', {
          exitOrderNo: exitOrder.exitOrderNo,
          count: exitOrder.photoCount,
        })}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (!file) return;
          add.mutate(
            { id: r.id, file, lineId: lineId ?? undefined, caption: caption.trim() || undefined },
            {
              onSuccess: () => {
                snackbar.success('Materieeldienst.foto_toegevoegd');
                setFile(null);
                setCaption('');
              },
              onError: (err) => snackbar.error(err),
            },
          );
        }}
      >
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <FileInput
            label={t('Materieeldienst.foto')}
            accept="image/png,image/jpeg,image/webp,image/gif"
            value={file}
            onChange={setFile}
            clearable
            leftSection={<IconPhoto size={16} aria-hidden />}
            styles={{ input: { minHeight: 44 } }}
            data-testid="photo-file"
          />
          <Select
            label={t('Aanvragen.regels')}
            placeholder={t('Materieeldienst.hele_exitorder')}
            data={lines.map((l) => ({
              value: l.lineId,
              label: `${l.itemNo}${l.plantNo ? ` (${l.plantNo})` : ''}`,
            }))}
            value={lineId}
            onChange={setLineId}
            clearable
            styles={{ input: { minHeight: 44 } }}
          />
          <TextInput
            label={t('Materieeldienst.bijschrift')}
            value={caption}
            onChange={(e) => setCaption(e.currentTarget.value)}
            maxLength={200}
            styles={{ input: { minHeight: 44 } }}
          />
        </SimpleGrid>
        <Group justify="flex-end" mt="sm">
          <Button type="submit" disabled={!file} loading={add.isPending} mih={44} data-testid="photo-submit">
            {t('Materieeldienst.foto_toevoegen')}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
