import {
  Alert,
  Anchor,
  Group,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { PageStatsResponse } from '@mp/contract/api/statistics';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, matchPath } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { BarChart } from '../../../shared/ui/charts/LazyBarChart';
import { useFormat } from '../../../shared/ui/format';
import { EmptyView } from '../../../shared/ui/StateViews';

/*
 * Page usage (issue #15 part 8, EnablePageTracking): views per day over the chosen days as a chart with the same
 * figures as a table (for screen readers and for reading off), views per screen (the route a path belongs to, e.g.
 * every /details/… is "Details") and the most viewed addresses.
 */

export const periods = [7, 30, 90, 365] as const;

/** The screen (the `paths` entry) a stored path belongs to, as its route name ('details' → 'Details'); null if none. */
export function screenOf(page: string): string | null {
  for (const [key, p] of Object.entries(paths)) {
    if (matchPath({ path: p.pattern, end: true, caseSensitive: false }, page)) {
      return key.charAt(0).toUpperCase() + key.slice(1);
    }
  }
  return null;
}

/** Every day of the period with its views (days without views count 0), oldest first. */
export function viewsPerDay(stats: PageStatsResponse): { date: string; views: number }[] {
  const byDay = new Map<string, number>();
  for (const r of stats.rows) byDay.set(r.date, (byDay.get(r.date) ?? 0) + r.views);
  const out: { date: string; views: number }[] = [];
  const d = new Date(`${stats.from}T12:00:00Z`);
  const end = new Date(`${stats.to}T12:00:00Z`);
  while (d <= end) {
    const day = d.toISOString().slice(0, 10);
    out.push({ date: day, views: byDay.get(day) ?? 0 });
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

/** Views per screen, most first; paths that match no screen count under their own path. */
export function viewsPerScreen(
  stats: PageStatsResponse,
): { screen: string; known: boolean; views: number }[] {
  const by = new Map<string, { known: boolean; views: number }>();
  for (const t of stats.totals) {
    const screen = screenOf(t.page);
    const key = screen ?? t.page;
    const cur = by.get(key) ?? { known: screen !== null, views: 0 };
    cur.views += t.views;
    by.set(key, cur);
  }
  return [...by]
    .map(([screen, v]) => ({ screen, ...v }))
    .sort((a, b) => b.views - a.views || a.screen.localeCompare(b.screen));
}

export function PageUsage({
  stats,
  days,
  onDays,
  trackingOn,
  wholePortal,
}: {
  stats: PageStatsResponse;
  days: number;
  onDays: (d: number) => void;
  trackingOn: boolean;
  /** Whose views: the whole portal's (admins) or those of the caller's own organisation. */
  wholePortal: boolean;
}) {
  const { t, i18n } = useTranslation();
  const format = useFormat();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const perDay = viewsPerDay(stats);
  const perScreen = viewsPerScreen(stats);
  const total = perDay.reduce((s, d) => s + d.views, 0);
  const busiest = perDay.reduce((b, d) => (d.views > b.views ? d : b), { date: '', views: 0 });
  // a wizard's steps (BestellenGegevens, …Afronden, …Voltooid) are titled as the wizard
  const screenName = (s: { screen: string; known: boolean }) => {
    if (!s.known) return s.screen;
    const key = [s.screen, s.screen.replace(/(Gegevens|Afronden|Voltooid)$/, '')]
      .map((n) => `routes.${n}`)
      .find((k) => i18n.exists(k));
    return key ? t(key) : s.screen;
  };
  const percent = (v: number) => (total ? format.number((v / total) * 100, 1) : '0');

  return (
    <Stack gap="lg">
      {!trackingOn && (
        <Alert color="yellow" c="dark.8" icon={<IconInfoCircle aria-hidden />} data-testid="tracking-off">
          {t('PaginaGebruik.uit')}{' '}
          <Anchor component={Link} to={paths.settings.to()}>
            {t('PaginaGebruik.naar_instellingen')}
          </Anchor>
        </Alert>
      )}
      <Text size="sm" c="dimmed" data-testid="usage-scope">
        {t(wholePortal ? 'PaginaGebruik.bereik_portaal' : 'PaginaGebruik.bereik_organisatie')}
      </Text>
      <SegmentedControl
        aria-label={t('PaginaGebruik.periode')}
        value={String(days)}
        onChange={(v) => onDays(Number(v))}
        data={periods.map((p) => ({ value: String(p), label: t('PaginaGebruik.dagen', { count: p }) }))}
        w="fit-content"
      />
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" data-testid="usage-summary">
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {t('PaginaGebruik.weergaven')}
          </Text>
          <Text fz="xl" fw={700}>
            {format.number(total)}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {t('PaginaGebruik.schermen')}
          </Text>
          <Text fz="xl" fw={700}>
            {format.number(perScreen.length)}
          </Text>
        </Paper>
        <Paper withBorder radius="md" p="sm">
          <Text size="sm" c="dimmed">
            {t('PaginaGebruik.drukste_dag')}
          </Text>
          <Text fz="xl" fw={700}>
            {busiest.views ? `${format.day(busiest.date)} (${format.number(busiest.views)})` : '–'}
          </Text>
        </Paper>
      </SimpleGrid>

      {total === 0 ? (
        <EmptyView title={t('PaginaGebruik.geen_weergaven')} />
      ) : (
        <>
          <Stack gap="xs">
            <Group justify="space-between" align="flex-end">
              <Title order={2} size="h3">
                {t('PaginaGebruik.per_dag')}
              </Title>
              <SegmentedControl
                aria-label={t('PaginaGebruik.weergave')}
                size="xs"
                value={view}
                onChange={(v) => setView(v as typeof view)}
                data={[
                  { value: 'chart', label: t('PaginaGebruik.grafiek') },
                  { value: 'table', label: t('PaginaGebruik.tabel') },
                ]}
              />
            </Group>
            {view === 'chart' ? (
              <figure style={{ margin: 0 }} data-testid="usage-chart">
                <BarChart
                  h={260}
                  data={perDay.map((d) => ({ ...d, label: format.day(d.date) }))}
                  dataKey="label"
                  series={[{ name: 'views', label: t('PaginaGebruik.weergaven'), color: 'brand.6' }]}
                  tickLine="y"
                  gridAxis="y"
                  barProps={{ isAnimationActive: false }}
                  valueFormatter={(v) => format.number(v)}
                />
                <VisuallyHidden component="figcaption">
                  {t('PaginaGebruik.grafiek_uitleg', {
                    from: format.day(stats.from),
                    to: format.day(stats.to),
                    total: format.number(total),
                  })}
                </VisuallyHidden>
              </figure>
            ) : (
              <Table.ScrollContainer minWidth={0} mah={360}>
                <Table striped stickyHeader data-testid="usage-day-table">
                  <caption style={{ textAlign: 'left' }}>{t('PaginaGebruik.per_dag')}</caption>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('shared.datum')}</Table.Th>
                      <Table.Th ta="right">{t('PaginaGebruik.weergaven')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {[...perDay].reverse().map((d) => (
                      <Table.Tr key={d.date}>
                        <Table.Td>{format.day(d.date)}</Table.Td>
                        <Table.Td ta="right">{format.number(d.views)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
            <Stack gap="xs">
              <Title order={2} size="h3">
                {t('PaginaGebruik.per_scherm')}
              </Title>
              <Table striped data-testid="usage-screen-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('PaginaGebruik.scherm')}</Table.Th>
                    <Table.Th ta="right">{t('PaginaGebruik.weergaven')}</Table.Th>
                    <Table.Th ta="right">%</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {perScreen.map((s) => (
                    <Table.Tr key={s.screen}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>{screenName(s)}</Table.Td>
                      <Table.Td ta="right">{format.number(s.views)}</Table.Td>
                      <Table.Td ta="right">{percent(s.views)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
            <Stack gap="xs">
              <Title order={2} size="h3">
                {t('PaginaGebruik.meest_bekeken')}
              </Title>
              <Table striped data-testid="usage-page-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('PaginaGebruik.adres')}</Table.Th>
                    <Table.Th ta="right">{t('PaginaGebruik.weergaven')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stats.totals.slice(0, 20).map((p) => (
                    <Table.Tr key={p.page}>
                      <Table.Td style={{ overflowWrap: 'anywhere' }}>
                        <code>{p.page}</code>
                      </Table.Td>
                      <Table.Td ta="right">{format.number(p.views)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Stack>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
