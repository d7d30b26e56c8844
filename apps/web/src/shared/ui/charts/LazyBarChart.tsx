import type { BarChartProps } from '@mantine/charts';
import { lazy, Suspense } from 'react';

const loadChart = () => import('./bar-chart');
const Chart = lazy(loadChart);

/**
 * Starts loading the charts' code (a chunk of its own, most of the report pages' code): a report page calls it when
 * it opens, so the code comes while the page asks for its figures, and the figures never wait for it.
 */
export function preloadCharts(): void {
  void loadChart().catch(() => {});
}

/**
 * Mantine's BarChart from its own chunk. Until the code is there the chart's place is held at its height, so nothing
 * below it moves (as ChartWhenSeen holds it until the place is seen).
 */
export function BarChart(props: BarChartProps & { h: number }) {
  return (
    <Suspense fallback={<div style={{ height: props.h }} data-chart-pending />}>
      <Chart {...props} />
    </Suspense>
  );
}
