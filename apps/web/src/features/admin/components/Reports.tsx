import {
  Group,
  Paper,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ReportAnswer, reportKinds } from '@mp/contract/api/reports';
import { orderKindKey, orderStatusKey, requestKindKey, requestStatusKey } from '@mp/contract/rules/labels';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportDownload } from '../../../shared/api/download-file';
import { BarChart } from '../../../shared/ui/charts/LazyBarChart';
import { ExportMenu } from '../../../shared/ui/ExportMenu';
import { useFormat } from '../../../shared/ui/format';
import { EmptyView } from '../../../shared/ui/StateViews';
import { ChartWhenSeen } from './ChartWhenSeen';

/*
 * The reports (issue #15 part 9): four cards over one scope — requests and orders by status (stacked per kind),
 * open points per location, outstanding costs per location — each a chart with a switch to a table of the same
 * figures (the accessible view) and an export to Excel or CSV of that report.
 */

type Kind = (typeof reportKinds)[number];
export type ReportScope =
  | { scope: 'location'; plantLocation: string }
  | { scope: 'customer'; customerId?: string };

const palette = ['brand.6', 'orange.6', 'teal.7', 'grape.6', 'gray.6'];

/** Status × kind counts as chart rows: one row per status (in the order given), one field per kind. */
export function statusRows(
  list: ReportAnswer['requestsByStatus'],
  statuses: readonly string[],
  kinds: readonly string[],
): Record<string, string | number>[] {
  return statuses
    .map((status) => {
      const row: Record<string, string | number> = { status };
      for (const k of kinds) row[k] = list.find((r) => r.status === status && r.kind === k)?.count ?? 0;
      return row;
    })
    .filter((row) => kinds.some((k) => (row[k] as number) > 0));
}

function ReportCard({
  kind,
  title,
  chart,
  table,
  empty,
  query,
}: {
  kind: Kind;
  title: string;
  chart: ReactNode;
  table: ReactNode;
  empty: boolean;
  query: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const [view, setView] = useState<'chart' | 'table'>('chart');
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby={`report-${kind}`}
      data-testid={`report-${kind}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" align="center" gap="xs">
          <Title order={2} size="h4" id={`report-${kind}`}>
            {title}
          </Title>
          {!empty && (
            <Group gap="xs">
              <SegmentedControl
                aria-label={t('Rapportages.weergave')}
                size="xs"
                value={view}
                onChange={(v) => setView(v as typeof view)}
                data={[
                  { value: 'chart', label: t('Rapportages.grafiek') },
                  { value: 'table', label: t('Rapportages.tabel') },
                ]}
              />
              <ExportMenu
                onExport={exportDownload('/Reports/export', { ...query, report: kind })}
                testId={`report-${kind}-export`}
              />
            </Group>
          )}
        </Group>
        {empty ? (
          <EmptyView
            title={kind === 'costs' ? t('Rapportages.geen_openstaand') : t('Rapportages.geen_gegevens')}
          />
        ) : view === 'chart' ? (
          chart
        ) : (
          // a wide table scrolls on a phone: a region the keyboard can reach and scroll
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus (WCAG 2.1.1)
          <section style={{ overflowX: 'auto' }} tabIndex={0} aria-label={title}>
            {table}
          </section>
        )}
      </Stack>
    </Paper>
  );
}

function StatusReport({
  kind,
  list,
  statusKey,
  kindKey,
  query,
}: {
  kind: 'requests' | 'orders';
  list: ReportAnswer['requestsByStatus'];
  statusKey: Record<string, string>;
  kindKey: Record<string, string>;
  query: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const kinds = Object.keys(kindKey);
  const rows = statusRows(list, Object.keys(statusKey), kinds);
  const used = kinds.filter((k) => rows.some((r) => (r[k] as number) > 0));
  const total = (row: Record<string, string | number>) => used.reduce((s, k) => s + (row[k] as number), 0);
  return (
    <ReportCard
      kind={kind}
      title={t(`Rapportages.rapport.${kind}`)}
      empty={rows.length === 0}
      query={query}
      chart={
        <figure style={{ margin: 0 }}>
          <ChartWhenSeen height={240}>
            <BarChart
              h={240}
              data={rows.map((r) => ({ ...r, status: t(statusKey[r.status as string] as string) }))}
              dataKey="status"
              type="stacked"
              series={used.map((k, i) => ({
                name: k,
                label: t(kindKey[k] as string),
                color: palette[i % palette.length] as string,
              }))}
              withLegend
              legendProps={{ verticalAlign: 'bottom' }}
              barProps={{ isAnimationActive: false }}
              valueFormatter={(v) => format.number(v)}
            />
          </ChartWhenSeen>
          <VisuallyHidden component="figcaption">{t('Rapportages.grafiek_uitleg')}</VisuallyHidden>
        </figure>
      }
      table={
        <Table striped data-testid={`report-${kind}-table`}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('Rapportages.status')}</Table.Th>
              {used.map((k) => (
                <Table.Th key={k} ta="right">
                  {t(kindKey[k] as string)}
                </Table.Th>
              ))}
              <Table.Th ta="right">{t('Rapportages.totaal')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => (
              <Table.Tr key={r.status as string}>
                <Table.Td>{t(statusKey[r.status as string] as string)}</Table.Td>
                {used.map((k) => (
                  <Table.Td key={k} ta="right">
                    {format.number(r[k] as number)}
                  </Table.Td>
                ))}
                <Table.Td ta="right" fw={700}>
                  {format.number(total(r))}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      }
    />
  );
}

export function Reports({
  answer,
  query,
}: {
  answer: ReportAnswer;
  query: Record<string, string | undefined>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const indicatorKeys = ['openRequests', 'overdueInspections', 'openComplaints', 'overdueInvoices'] as const;
  const indicatorLabel: Record<(typeof indicatorKeys)[number], string> = {
    openRequests: t('Rapportages.open_aanvragen'),
    overdueInspections: t('Rapportages.keuringen_verlopen'),
    openComplaints: t('Rapportages.open_klachten'),
    overdueInvoices: t('Rapportages.facturen_vervallen'),
  };
  const indicators = answer.indicators.filter((i) => indicatorKeys.some((k) => i[k] > 0));
  return (
    <Stack gap="lg">
      <Text c="dimmed" data-testid="report-summary">
        {answer.locationNo
          ? t('Rapportages.samenvatting_locatie', {
              location: answer.locationNo,
              from: format.day(answer.from),
              to: format.day(answer.to),
            })
          : t('Rapportages.samenvatting', {
              locations: answer.locations,
              from: format.day(answer.from),
              to: format.day(answer.to),
            })}
      </Text>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <StatusReport
          kind="requests"
          list={answer.requestsByStatus}
          statusKey={requestStatusKey}
          kindKey={requestKindKey}
          query={query}
        />
        <StatusReport
          kind="orders"
          list={answer.ordersByStatus}
          statusKey={orderStatusKey}
          kindKey={orderKindKey}
          query={query}
        />
      </SimpleGrid>
      <ReportCard
        kind="indicators"
        title={t('Rapportages.rapport.indicators')}
        empty={indicators.length === 0}
        query={query}
        chart={
          <figure style={{ margin: 0 }}>
            <ChartWhenSeen height={Math.max(180, indicators.length * 44)}>
              <BarChart
                h={Math.max(180, indicators.length * 44)}
                data={indicators.map((i) => ({ ...i, label: i.locationNo }))}
                dataKey="label"
                orientation="vertical"
                type="stacked"
                yAxisProps={{ width: 80 }}
                series={indicatorKeys.map((k, n) => ({
                  name: k,
                  label: indicatorLabel[k],
                  color: palette[n] as string,
                }))}
                withLegend
                legendProps={{ verticalAlign: 'bottom' }}
                barProps={{ isAnimationActive: false }}
              />
            </ChartWhenSeen>
            <VisuallyHidden component="figcaption">{t('Rapportages.grafiek_uitleg')}</VisuallyHidden>
          </figure>
        }
        table={
          <Table striped data-testid="report-indicators-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Rapportages.locatie')}</Table.Th>
                {indicatorKeys.map((k) => (
                  <Table.Th key={k} ta="right">
                    {indicatorLabel[k]}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.indicators.map((i) => (
                <Table.Tr key={i.locationNo}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {i.locationNo}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.description}
                    </Text>
                  </Table.Td>
                  {indicatorKeys.map((k) => (
                    <Table.Td key={k} ta="right" fw={i[k] > 0 ? 700 : undefined}>
                      {format.number(i[k])}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        }
      />
      <ReportCard
        kind="costs"
        title={t('Rapportages.rapport.costs')}
        empty={answer.costs.length === 0}
        query={query}
        chart={
          <Stack gap="xs">
            <Text>
              {t('Rapportages.totaal')}: <strong>{format.money(answer.costTotals.openAmount)}</strong> ·{' '}
              {t('Rapportages.vervallen')}: <strong>{format.money(answer.costTotals.overdueAmount)}</strong>
            </Text>
            <figure style={{ margin: 0 }}>
              <ChartWhenSeen height={Math.max(180, answer.costs.length * 44)}>
                <BarChart
                  h={Math.max(180, answer.costs.length * 44)}
                  data={answer.costs.map((c) => ({
                    label: c.locationNo,
                    notDue: Number(c.openAmount) - Number(c.overdueAmount),
                    overdue: Number(c.overdueAmount),
                  }))}
                  dataKey="label"
                  orientation="vertical"
                  type="stacked"
                  yAxisProps={{ width: 80 }}
                  series={[
                    { name: 'notDue', label: t('Rapportages.niet_vervallen'), color: 'brand.6' },
                    { name: 'overdue', label: t('Rapportages.vervallen'), color: 'red.8' },
                  ]}
                  withLegend
                  legendProps={{ verticalAlign: 'bottom' }}
                  barProps={{ isAnimationActive: false }}
                  valueFormatter={(v) => format.money(String(v))}
                />
              </ChartWhenSeen>
              <VisuallyHidden component="figcaption">{t('Rapportages.grafiek_uitleg')}</VisuallyHidden>
            </figure>
          </Stack>
        }
        table={
          <Table striped data-testid="report-costs-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Rapportages.locatie')}</Table.Th>
                <Table.Th ta="right">{t('Rapportages.open_documenten')}</Table.Th>
                <Table.Th ta="right">{t('Rapportages.openstaand')}</Table.Th>
                <Table.Th ta="right">{t('Rapportages.vervallen')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {answer.costs.map((c) => (
                <Table.Tr key={c.locationNo}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {c.locationNo}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {c.description}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{format.number(c.openDocuments)}</Table.Td>
                  <Table.Td ta="right">{format.money(c.openAmount)}</Table.Td>
                  <Table.Td ta="right">{format.money(c.overdueAmount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>{t('Rapportages.totaal')}</Table.Th>
                <Table.Th ta="right">
                  {format.number(answer.costs.reduce((s, c) => s + c.openDocuments, 0))}
                </Table.Th>
                <Table.Th ta="right">{format.money(answer.costTotals.openAmount)}</Table.Th>
                <Table.Th ta="right">{format.money(answer.costTotals.overdueAmount)}</Table.Th>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        }
      />
    </Stack>
  );
}

/** Scope (this location / the whole customer, an admin's customer) and months, above the reports. */
export function ReportControls({
  scope,
  onScope,
  months,
  onMonths,
  locationNo,
  customers,
}: {
  scope: ReportScope;
  onScope: (s: ReportScope) => void;
  months: number;
  onMonths: (m: number) => void;
  locationNo: string | null;
  /** The customers an admin may pick (null for anyone else: their own customer). */
  customers: { value: string; label: string }[] | null;
}) {
  const { t } = useTranslation();
  return (
    <Group align="flex-end" gap="md" wrap="wrap">
      <Stack gap={4}>
        <Text size="sm" fw={600} id="report-scope-label">
          {t('Rapportages.bereik')}
        </Text>
        <SegmentedControl
          aria-labelledby="report-scope-label"
          value={scope.scope}
          onChange={(v) =>
            onScope(
              v === 'location' && locationNo
                ? { scope: 'location', plantLocation: locationNo }
                : { scope: 'customer' },
            )
          }
          data={[
            { value: 'customer', label: t('Rapportages.bereik_klant') },
            { value: 'location', label: t('Rapportages.bereik_locatie'), disabled: !locationNo },
          ]}
        />
      </Stack>
      {customers && scope.scope === 'customer' && (
        <Select
          label={t('Rapportages.klant')}
          placeholder={t('Rapportages.alle_klanten')}
          data={customers}
          value={scope.customerId ?? null}
          onChange={(v) => onScope({ scope: 'customer', customerId: v ?? undefined })}
          clearable
          searchable
          w={{ base: '100%', sm: 280 }}
          data-testid="report-customer"
        />
      )}
      <Select
        label={t('Rapportages.periode')}
        description={t('Rapportages.maanden')}
        data={[3, 6, 12, 24].map((m) => ({
          value: String(m),
          label: t('Rapportages.maanden_aantal', { count: m }),
        }))}
        value={String(months)}
        onChange={(v) => v && onMonths(Number(v))}
        allowDeselect={false}
        w={160}
        data-testid="report-months"
      />
    </Group>
  );
}
