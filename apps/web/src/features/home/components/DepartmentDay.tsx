import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { QueueItem } from '@mp/contract/api/department';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { IconArrowRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { type DayListParams, useComplaintsDay, useDayList } from '../api/get-department-day';

// The equipment department's Home (issue #31 item 14, decision 0018): its own work instead of the customers'
// shortcuts — new requests, what is to be delivered and collected today (and was due earlier), open complaints —
// each a short list with its count, linking to the queue with that filter.

/** The queue's address with these filters (DepartmentQueue reads them: status, kind, tot). */
function queueLink(p: DayListParams): string {
  const q = new URLSearchParams();
  if (p.status) q.set('status', p.status);
  if (p.kind) q.set('kind', p.kind);
  if (p.plannedUntil) q.set('tot', p.plannedUntil);
  return `${paths.materieeldienst.to()}?${q}`;
}

interface Row {
  id: string;
  to: string;
  title: string;
  tag?: ReactNode;
  lines: string[];
}

function DayCard(props: {
  id: string;
  title: string;
  note?: string;
  count: number | undefined;
  to: string;
  rows: Row[] | undefined;
  failed: boolean;
}) {
  const { t } = useTranslation();
  const headingId = `home-department-${props.id}`;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="section"
      aria-labelledby={headingId}
      data-testid={`day-${props.id}`}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" mb="xs" align="flex-start">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {props.title}
          </Title>
          {props.note && (
            <Text size="xs" c="dimmed">
              {props.note}
            </Text>
          )}
        </div>
        {props.count !== undefined && (
          <Badge size="lg" variant="light" c="dark.8" data-testid="day-count">
            {props.count}
          </Badge>
        )}
      </Group>
      {props.failed ? (
        <Text size="sm" c="red.9" role="alert">
          {t('Home.dienst.ophalen_error')}
        </Text>
      ) : !props.rows ? (
        <LoadingBlock minHeight={80} />
      ) : props.rows.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('Home.dienst.geen')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {props.rows.map((r) => (
            <li key={r.id}>
              <Anchor component={Link} to={r.to} fw={600} size="sm">
                {r.title}
              </Anchor>
              {r.tag}
              {r.lines.map((line) => (
                <Text key={line} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {line}
                </Text>
              ))}
            </li>
          ))}
        </Stack>
      )}
      {!!props.count && (
        <Anchor component={Link} to={props.to} size="sm" mt="sm" display="inline-block" py={6}>
          {t('Home.dienst.naar_lijst', { count: props.count })}
        </Anchor>
      )}
    </Card>
  );
}

function useRequestRows(items: QueueItem[] | undefined, today: string): Row[] | undefined {
  const { t } = useTranslation();
  const format = useFormat();
  return items?.map((r) => ({
    id: r.id,
    to: paths.materieeldienstAanvraag.to(r.id),
    title: r.requestNo,
    tag: (
      <>
        {r.rush && (
          <Badge color="red" c="red.9" variant="light" size="xs" ml={6}>
            {t('Bestellen.spoed')}
          </Badge>
        )}
        {r.plannedDate && r.plannedDate < today && (
          <Badge color="red" c="red.9" variant="light" size="xs" ml={6}>
            {t('Materieeldienst.te_laat')}
          </Badge>
        )}
      </>
    ),
    lines: [
      [r.customerName, r.locationNo].filter(Boolean).join(' · '),
      r.plannedDate
        ? `${t('Aanvragen.geplande_datum')}: ${format.day(r.plannedDate)}`
        : `${t('Aanvragen.gewenste_datum')}: ${format.day(r.requestedDate)}`,
    ],
  }));
}

/** Home for the equipment department: what needs it now. */
export default function DepartmentDay() {
  const { t } = useTranslation();
  const today = calendarDayIn(new Date());
  const lists: Record<'new' | 'deliver' | 'collect', DayListParams> = {
    new: { status: 'submitted' },
    deliver: { status: 'planned', kind: 'order', plannedUntil: today },
    collect: { status: 'planned', kind: 'removal', plannedUntil: today },
  };
  const fresh = useDayList(lists.new);
  const deliver = useDayList(lists.deliver);
  const collect = useDayList(lists.collect);
  const complaints = useComplaintsDay();
  const newRows = useRequestRows(fresh.data?.items, today);
  const deliverRows = useRequestRows(deliver.data?.items, today);
  const collectRows = useRequestRows(collect.data?.items, today);
  const c = complaints.data;
  const openComplaints = c ? c.counts.open + c.counts.in_progress : undefined;
  const complaintRows = c?.items
    .filter((x) => x.status === 'open' || x.status === 'in_progress')
    .map((x) => ({
      id: x.id,
      to: paths.materieeldienstKlacht.to(x.id),
      title: `${x.complaintNo} · ${x.subject}`,
      lines: [[x.customerName, x.locationNo].filter(Boolean).join(' · ')],
    }));

  return (
    <section aria-labelledby="home-department" data-testid="department-day">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" mb="md">
        <div>
          <Title order={2} id="home-department">
            {t('Home.dienst.titel')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('Home.dienst.uitleg')}
          </Text>
        </div>
        <Button
          component={Link}
          to={paths.materieeldienst.to()}
          rightSection={<IconArrowRight size={18} aria-hidden />}
          mih={44}
          data-testid="day-now"
        >
          {t('Home.dienst.nu_te_doen')}
          {fresh.data ? ` (${fresh.data.now})` : ''}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <DayCard
          id="new"
          title={t('Home.dienst.nieuwe_aanvragen')}
          count={fresh.data?.total}
          to={queueLink(lists.new)}
          rows={newRows}
          failed={fresh.isError}
        />
        <DayCard
          id="deliver"
          title={t('Home.dienst.leveren')}
          note={t('Home.dienst.inclusief_te_laat')}
          count={deliver.data?.total}
          to={queueLink(lists.deliver)}
          rows={deliverRows}
          failed={deliver.isError}
        />
        <DayCard
          id="collect"
          title={t('Home.dienst.ophalen')}
          note={t('Home.dienst.inclusief_te_laat')}
          count={collect.data?.total}
          to={queueLink(lists.collect)}
          rows={collectRows}
          failed={collect.isError}
        />
        <DayCard
          id="complaints"
          title={t('Home.dienst.klachten')}
          count={openComplaints}
          to={paths.materieeldienstKlachten.to()}
          rows={complaintRows}
          failed={complaints.isError}
        />
      </SimpleGrid>
    </section>
  );
}
