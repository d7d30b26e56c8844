import { ColorSwatch, Group, Paper, Text, Title, VisuallyHidden } from '@mantine/core';
import type { CostWeek } from '@mp/contract/api/costs';
import { useTranslation } from 'react-i18next';
import type { Formatters } from '../format';
import { BarChart } from './LazyBarChart';

// twelve colours told apart (the catalogue has about a dozen root categories); order costs in grey
const palette = [
  'brand.6',
  'orange.6',
  'teal.7',
  'grape.6',
  'yellow.5',
  'cyan.8',
  'pink.6',
  'lime.7',
  'indigo.4',
  'red.8',
  'green.9',
  'violet.9',
];
const cssColor = (c: string) => `var(--mantine-color-${c.replace('.', '-')})`;

/** A chart category's name: the catalogue's, or ours for order costs and items without a category. */
export function categoryName(t: (key: string) => string, c: { id: string; name: string }): string {
  if (c.id === 'costs') return t('Kosten.categorie_kosten');
  if (c.id === 'other') return t('Kosten.categorie_overig');
  return c.name;
}

/**
 * Cost per week, stacked by category (the reports' bar chart), with its legend apart (on a phone the chart's own
 * took its height): the cost page of a location and the management's report over a customer's locations.
 */
export function CostWeeksChart({
  data,
  format,
  testId = 'cost-chart',
}: {
  data: { weeks: CostWeek[]; categories: Array<{ id: string; name: string }> };
  format: Formatters;
  testId?: string;
}) {
  const { t } = useTranslation();
  const rows = data.weeks.map((w) => {
    const row: Record<string, string | number> = { week: format.day(w.week) };
    for (const c of w.byCategory) row[c.categoryId] = Number(c.amount);
    return row;
  });
  // order costs last, in grey
  const series = data.categories.map((c, i) => ({
    name: c.id,
    label: categoryName(t, c),
    color: c.id === 'costs' ? 'gray.6' : (palette[i % palette.length] as string),
  }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={`${testId}-title`}>
      <Title order={2} size="h4" mb="sm" id={`${testId}-title`}>
        {t('Kosten.grafiek_titel')}
      </Title>
      <figure style={{ margin: 0 }} data-testid={testId}>
        <BarChart
          h={260}
          data={rows}
          dataKey="week"
          type="stacked"
          series={series}
          barProps={{ isAnimationActive: false }}
          valueFormatter={(v) => format.money(String(v), 0)}
          xAxisProps={{ interval: 'preserveStartEnd', minTickGap: 16 }}
        />
        <VisuallyHidden component="figcaption">{t('Kosten.grafiek_uitleg')}</VisuallyHidden>
      </figure>
      {/* the legend apart from the chart: on a phone it would take the chart's height */}
      <Group
        gap="xs"
        mt="sm"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
        data-testid="cost-legend"
      >
        {series.map((s) => (
          <Group key={s.name} gap={6} wrap="nowrap" component="li">
            <ColorSwatch color={cssColor(s.color)} size={12} withShadow={false} aria-hidden />
            <Text size="xs">{s.label}</Text>
          </Group>
        ))}
      </Group>
    </Paper>
  );
}
