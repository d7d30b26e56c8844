import { Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { CustomerCosts as Answer } from '@mp/contract/api/costs';
import { useTranslation } from 'react-i18next';
import { CostWeeksChart } from '../../../shared/ui/charts/CostWeeksChart';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ErrorView } from '../../../shared/ui/StateViews';
import { useCustomerCosts } from '../api/reports';

// The cost on site across the customer's locations in the management's reports (issue #37 point 1, decision 0033):
// the sums, cost per week by category, each location's figures and the 10 most expensive items over all of them.

function Figures({ data }: { data: Answer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const figures: Array<[string, string, string]> = [
    ['report-costs-month', t('Kosten.deze_maand'), data.totals.monthToDate.exclVat],
    ['report-costs-since', t('Kosten.sinds_start'), data.totals.sinceStart.exclVat],
    ['report-costs-month-end', t('Kosten.einde_maand'), data.totals.projectedMonthEnd.exclVat],
    ['report-costs-project-end', t('Kosten.einde_project'), data.totals.projectedProjectEnd.exclVat],
  ];
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="sm">
      {figures.map(([id, label, value]) => (
        <div key={id} data-testid={id}>
          <Text size="xs" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fw={700} fz="lg">
            {format.money(value)}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}

export function CustomerCosts({ customerId, enabled }: { customerId: string | undefined; enabled: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const query = useCustomerCosts(customerId, enabled);
  if (!enabled) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="report-costs-title">
      <Title order={2} size="h4" mb="sm" id="report-costs-title">
        {t('Kosten.rapport_titel')}
      </Title>
      {query.isPending ? (
        <LoadingBlock />
      ) : query.isError ? (
        <ErrorView
          messageKey="Kosten.ophalen_error"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <Stack gap="md">
          <Figures data={query.data} />
          <Text size="xs" c="dimmed">
            {t('Kosten.rapport_uitleg')}
          </Text>
          <CostWeeksChart data={query.data} format={format} testId="report-cost-chart" />
          <Table striped data-testid="report-cost-locations">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('Locatie.titel')}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('Kosten.deze_maand')}
                </Table.Th>
                <Table.Th ta="right">{t('Kosten.sinds_start')}</Table.Th>
                <Table.Th ta="right" visibleFrom="sm">
                  {t('Kosten.einde_project')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.locations.map((l) => (
                <Table.Tr key={l.locationNo}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {l.locationNo}
                    </Text>
                    <Text size="xs" c="dimmed" lineClamp={1}>
                      {l.description}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {format.money(l.totals.monthToDate.exclVat)}
                  </Table.Td>
                  <Table.Td ta="right">{format.money(l.totals.sinceStart.exclVat)}</Table.Td>
                  <Table.Td ta="right" visibleFrom="sm">
                    {l.totals.projectedProjectEnd
                      ? format.money(l.totals.projectedProjectEnd.exclVat)
                      : t('Kosten.geen_einddatum_kort')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Title order={3} size="h5">
            {t('Kosten.top_titel')}
          </Title>
          <Table striped data-testid="report-cost-items">
            <Table.Tbody>
              {query.data.topItems.map((i) => (
                <Table.Tr key={i.itemNo}>
                  <Table.Td>
                    <Text size="sm" fw={600} lineClamp={2}>
                      {i.description}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {i.itemNo}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">{format.money(i.sinceStart)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Stack>
      )}
    </Paper>
  );
}
