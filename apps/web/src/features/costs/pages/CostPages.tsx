import { Stack, Text } from '@mantine/core';
import type { LocationCosts } from '@mp/contract/api/costs';
import { IconCoin } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationCosts } from '../../../shared/api/get-location-costs';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { CostWeeksChart } from '../../../shared/ui/charts/CostWeeksChart';
import { preloadCharts } from '../../../shared/ui/charts/LazyBarChart';
import { useFormat } from '../../../shared/ui/format';
import { LocationPrompt } from '../../../shared/ui/LocationPrompt';
import { PageHeader } from '../../../shared/ui/PageHeader';
import { QueryState } from '../../../shared/ui/QueryState';
import { EmptyView } from '../../../shared/ui/StateViews';
import { CostItems } from '../components/CostItems';
import { CostFigures, EndDateNotice } from '../components/cost-parts';

// The cost on site (issue #37 point 1, decision 0033): what the selected location's equipment costs — this month so
// far, since the start, at the month's end and at the project's end if nothing moves — a chart per week stacked by
// category, and the most expensive items. Figures excl. VAT as the invoices count them.

const nothing = (d: LocationCosts) => d.items.length === 0 && d.totals.sinceStart.exclVat === '0.00';

function CostView({ data }: { data: LocationCosts }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap="lg">
      <EndDateNotice data={data} format={format} />
      <CostFigures data={data} format={format} />
      <CostWeeksChart data={data} format={format} />
      <CostItems data={data} format={format} />
      <Text size="xs" c="dimmed">
        {t('Kosten.uitleg')}
        {data.totals.creditedSinceStart !== '0.00' &&
          ` ${t('Kosten.terugkoop', { amount: format.money(data.totals.creditedSinceStart) })}`}
      </Text>
    </Stack>
  );
}

export function KostenPage() {
  const { t } = useTranslation();
  const location = useStore(selectedLocationStore);
  const costs = useLocationCosts(location?.locationNo ?? null);
  // the chart's code comes while the figures are asked for
  useEffect(() => preloadCharts(), []);
  return (
    <>
      <PageHeader description={location ? `${t('Locatie.titel')}: ${location.label}` : undefined} />
      {!location ? (
        <LocationPrompt messageKey="Kosten.kies_locatie" />
      ) : (
        <QueryState
          query={costs}
          errorKey="Kosten.ophalen_error"
          isEmpty={nothing}
          empty={<EmptyView title={t('Kosten.geen_kosten')} icon={<IconCoin size={28} aria-hidden />} />}
        >
          {(data) => <CostView data={data} />}
        </QueryState>
      )}
    </>
  );
}
