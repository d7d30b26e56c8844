import { Anchor, Button, CloseButton, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { type RequestStatus, requestKinds, requestStatuses } from '@mp/contract/rules/request-status';
import { IconBolt, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { ListPager } from '../../../shared/ui/ListPager';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueueTabs } from '../../../shared/ui/QueueTabs';
import { EmptyView, ErrorView } from '../../../shared/ui/StateViews';
import { QUEUE_PAGE_SIZE, type QueueItem, queueAddress, useQueue } from '../api/department';
import classes from './department-queue.module.css';
import { kindKey, statusColor, statusKey } from './status';

// The equipment department's queue (issue #12; the department's day, issue #31 item 14, decision 0018). It opens on
// what needs the department now — new and taken requests to plan, then what is planned for today or earlier — and
// finds a request by its number, customer or location. The rows are plain elements: a page shows 25 of them.

/** The queue's filters as they stand in the address (so the Home page can link to a filtered queue). */
export function useQueueFilters() {
  const [sp, setSp] = useSearchParams();
  const { tab, params } = queueAddress(sp);
  const set = (next: Record<string, string | undefined>, keepPage = false) =>
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
  return { tab, params, set };
}

function Tag({ tone, children }: { tone?: 'red' | 'orange'; children: ReactNode }) {
  return (
    <span className={classes.tag} data-tone={tone}>
      {children}
    </span>
  );
}

function Status({ status }: { status: RequestStatus }) {
  const { t } = useTranslation();
  const c = statusColor[status];
  return (
    <span
      className={`${classes.tag} ${classes.status}`}
      style={{ background: `var(--mantine-color-${c}-0)` }}
      data-status={status}
    >
      <span className={classes.dot} style={{ background: `var(--mantine-color-${c}-7)` }} aria-hidden />
      {t(statusKey[status])}
    </span>
  );
}

/** Rush (only while open), and for a planned request: today, or overdue. */
function Urgency({ r, today }: { r: QueueItem; today: string }) {
  const { t } = useTranslation();
  const open = r.status === 'submitted' || r.status === 'in_progress' || r.status === 'planned';
  return (
    <>
      {r.rush && open && (
        <Tag tone="red">
          <IconBolt size={12} aria-hidden />
          {t('Bestellen.spoed')}
        </Tag>
      )}
      {r.status === 'planned' && r.plannedDate && r.plannedDate < today && (
        <Tag tone="red">{t('Materieeldienst.te_laat')}</Tag>
      )}
      {r.status === 'planned' && r.plannedDate === today && (
        <Tag tone="orange">{t('Materieeldienst.vandaag')}</Tag>
      )}
    </>
  );
}

function QueueCards({ items, today }: { items: QueueItem[]; today: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <ul className={classes.cards}>
      {items.map((r) => (
        <li key={r.id} className={classes.card} data-testid="queue-row" data-request-no={r.requestNo}>
          <div className={classes.cardTop}>
            <Link to={paths.materieeldienstAanvraag.to(r.id)} className={classes.link}>
              {r.requestNo}
            </Link>
            <Status status={r.status} />
          </div>
          <div>
            {t(kindKey[r.kind])}
            <Urgency r={r} today={today} />
          </div>
          <div>
            {[r.customerName, `${r.locationNo} – ${r.locationDescription}`].filter(Boolean).join(' · ')}
          </div>
          <div className={classes.dimmed}>
            {t('Aanvragen.gewenste_datum')}: {format.day(r.requestedDate)}
            {r.plannedDate ? ` · ${t('Aanvragen.geplande_datum')}: ${format.day(r.plannedDate)}` : ''}
          </div>
        </li>
      ))}
    </ul>
  );
}

function QueueTable({ items, today }: { items: QueueItem[]; today: string }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <div className={classes.scroll}>
      <table className={classes.table} data-testid="queue-table">
        <thead>
          <tr>
            <th>{t('Aanvragen.aanvraagnummer')}</th>
            <th>{t('Aanvragen.soort')}</th>
            <th>{t('shared.status')}</th>
            <th>{t('Materieeldienst.klant')}</th>
            <th>{t('Locatie.titel')}</th>
            <th>{t('Aanvragen.gewenste_datum')}</th>
            <th>{t('Aanvragen.geplande_datum')}</th>
            <th>{t('Bestellen.depot')}</th>
            <th className={classes.num}>{t('Aanvragen.regels')}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} data-testid="queue-row" data-request-no={r.requestNo}>
              <td>
                <Link to={paths.materieeldienstAanvraag.to(r.id)} className={classes.link}>
                  {r.requestNo}
                </Link>
              </td>
              <td>
                {t(kindKey[r.kind])}
                <Urgency r={r} today={today} />
              </td>
              <td>
                <Status status={r.status} />
              </td>
              <td>
                {r.customerName ?? ''}
                {r.customerNo && <span className={classes.sub}>{r.customerNo}</span>}
              </td>
              <td>
                {r.locationNo}
                <span className={classes.sub}>{r.locationDescription}</span>
              </td>
              <td className={classes.nowrap}>{format.day(r.requestedDate)}</td>
              <td className={classes.nowrap}>{r.plannedDate ? format.day(r.plannedDate) : ''}</td>
              <td className={classes.nowrap}>{r.depotNo ?? ''}</td>
              <td className={classes.num}>{format.number(r.lineCount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Materieeldienst: what needs the department now first; every customer's requests by status, searchable. */
export function DepartmentQueue() {
  const { t } = useTranslation();
  const format = useFormat();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const { tab: currentTab, params, set } = useQueueFilters();
  const today = calendarDayIn(new Date());
  const query = useQueue(params);
  const [draft, setDraft] = useState({ q: params.q ?? '', depot: params.depot ?? '' });

  const data = query.data;
  const all = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : undefined;

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
  else if (query.data.items.length === 0)
    body = (
      <EmptyView
        title={
          params.view === 'now' && !params.q
            ? t('Materieeldienst.niets_te_doen')
            : t('Materieeldienst.geen_aanvragen')
        }
      />
    );
  else
    body = (
      <Stack gap="md" aria-busy={query.isPlaceholderData || undefined}>
        <Text size="sm" c="dimmed" role="status">
          {t('shared.aantal_resultaten', { count: query.data.total })}
        </Text>
        {narrow ? (
          <QueueCards items={query.data.items} today={today} />
        ) : (
          <QueueTable items={query.data.items} today={today} />
        )}
        <ListPager
          page={params.page}
          total={query.data.total}
          pageSize={QUEUE_PAGE_SIZE}
          onChange={(p) => set({ page: p > 1 ? String(p) : undefined }, true)}
        />
      </Stack>
    );

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
      <QueueTabs
        value={currentTab}
        onChange={(v) => set({ status: v !== 'now' ? v : undefined })}
        tabs={[
          { value: 'now', label: t('Materieeldienst.nu_te_doen'), count: data?.now },
          ...requestStatuses.map((s) => ({ value: s, label: t(statusKey[s]), count: data?.counts[s] })),
          { value: 'all', label: t('shared.alle'), count: all },
        ]}
        testId="queue-tabs"
      />
      <form
        onSubmit={(e) => {
          e.preventDefault();
          set({ q: draft.q.trim(), depot: draft.depot.trim() });
        }}
      >
        <Group align="end" gap="sm" mb="md" wrap="wrap">
          <TextInput
            label={t('Materieeldienst.zoeken')}
            placeholder={t('Materieeldienst.zoeken_voorbeeld')}
            value={draft.q}
            onChange={(e) => setDraft({ ...draft, q: e.currentTarget.value })}
            leftSection={<IconSearch size={16} aria-hidden />}
            maxLength={100}
            style={{ flex: '2 1 260px' }}
            styles={{ input: { minHeight: 44 } }}
            data-testid="queue-q"
          />
          <Select
            label={t('Aanvragen.soort')}
            placeholder={t('shared.alle')}
            data={requestKinds.map((k) => ({ value: k, label: t(kindKey[k]) }))}
            value={params.kind ?? null}
            onChange={(v) => set({ kind: v ?? undefined })}
            clearable
            clearButtonProps={{ 'aria-label': t('shared.wissen') }}
            style={{ flex: '1 1 160px' }}
            styles={{ input: { minHeight: 44 } }}
            data-testid="queue-kind"
          />
          <TextInput
            label={t('Bestellen.depot')}
            value={draft.depot}
            onChange={(e) => setDraft({ ...draft, depot: e.currentTarget.value })}
            style={{ flex: '1 1 120px' }}
            styles={{ input: { minHeight: 44 } }}
          />
          <Group gap="xs">
            <Button type="submit" mih={44} data-testid="queue-search">
              {t('shared.zoeken')}
            </Button>
            <Button
              variant="subtle"
              mih={44}
              onClick={() => {
                setDraft({ q: '', depot: '' });
                set({
                  q: undefined,
                  depot: undefined,
                  kind: undefined,
                  tot: undefined,
                  klant: undefined,
                  locatie: undefined,
                });
              }}
            >
              {t('shared.filters_wissen')}
            </Button>
          </Group>
        </Group>
      </form>
      {params.plannedUntil && (
        <Group gap={4} mb="md" data-testid="queue-until">
          <Text size="sm">
            {t('Materieeldienst.gepland_tot_en_met', {
              date:
                params.plannedUntil === today
                  ? t('Materieeldienst.vandaag')
                  : format.day(params.plannedUntil),
            })}
          </Text>
          <CloseButton
            size="sm"
            aria-label={t('Materieeldienst.filter_datum_wissen')}
            onClick={() => set({ tot: undefined })}
          />
        </Group>
      )}
      {body}
    </>
  );
}
