import { Button, Paper, Table, Text, Title } from '@mantine/core';
import type { CostItem, LocationCosts } from '@mp/contract/api/costs';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationCostItems } from '../../../shared/api/get-location-costs';
import { useSettings } from '../../../shared/api/get-settings';
import type { Formatters } from '../../../shared/ui/format';
import { ErrorView } from '../../../shared/ui/StateViews';

const TOP = 10;

/** The most expensive items since the start (the top 10, then every item with its numbered plants on request). */
export function CostItems({ data, format }: { data: LocationCosts; format: Formatters }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const [all, setAll] = useState(false);
  const units = settings.bool('Details_UseRentalUnit');
  const every = useLocationCostItems(data.locationNo, all);
  const shown = all && every.data ? every.data.items : data.items.slice(0, TOP);
  const projected = data.endDateState === 'set';
  const onSite = (i: { onSite: number }, unit: string) =>
    units ? `${format.number(i.onSite)} ${unit}` : format.number(i.onSite);
  const cells = (
    i: Pick<CostItem, 'monthToDate' | 'sinceStart' | 'projectedMonthEnd' | 'projectedProjectEnd' | 'perDay'>,
  ) => (
    <>
      <Table.Td ta="right" visibleFrom="sm">
        {format.money(i.monthToDate)}
      </Table.Td>
      <Table.Td ta="right" fw={600}>
        {format.money(i.sinceStart)}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {format.money(projected ? i.projectedProjectEnd : i.projectedMonthEnd)}
      </Table.Td>
      <Table.Td ta="right" visibleFrom="sm">
        {format.money(i.perDay)}
      </Table.Td>
    </>
  );
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="cost-items-title">
      <Title order={2} size="h4" mb="sm" id="cost-items-title">
        {all ? t('Kosten.alle_titel') : t('Kosten.top_titel')}
      </Title>
      <Table striped data-testid="cost-items" verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Kosten.kolom_materieel')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('Kosten.kolom_op_locatie')}
            </Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('Kosten.deze_maand')}
            </Table.Th>
            <Table.Th ta="right">{t('Kosten.sinds_start')}</Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {projected ? t('Kosten.einde_project') : t('Kosten.einde_maand')}
            </Table.Th>
            <Table.Th ta="right" visibleFrom="sm">
              {t('Kosten.kolom_per_dag')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {shown.map((i) => (
            <Fragment key={i.itemNo}>
              <Table.Tr data-testid="cost-item">
                <Table.Td>
                  <Text size="sm" fw={600} lineClamp={2}>
                    {i.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i.itemNo}
                  </Text>
                </Table.Td>
                <Table.Td ta="right" visibleFrom="sm">
                  {onSite(i, i.rentalUnit)}
                </Table.Td>
                {cells(i)}
              </Table.Tr>
              {all &&
                i.plants.map((p) => (
                  <Table.Tr key={`${i.itemNo}-${p.plantNo}`} data-testid="cost-plant">
                    <Table.Td pl="lg">
                      <Text size="xs">{t('Kosten.materieelstuk', { plantNo: p.plantNo })}</Text>
                    </Table.Td>
                    <Table.Td ta="right" visibleFrom="sm">
                      {format.number(p.onSite)}
                    </Table.Td>
                    {cells(p)}
                  </Table.Tr>
                ))}
            </Fragment>
          ))}
        </Table.Tbody>
      </Table>
      {all && every.isError && (
        <ErrorView
          messageKey="Kosten.ophalen_error"
          error={every.error}
          onRetry={() => void every.refetch()}
        />
      )}
      {data.itemCount > TOP || data.items.some((i) => i.plants.length > 0) ? (
        <Button
          variant="subtle"
          mt="xs"
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
          loading={all && every.isPending}
          onClick={() => setAll((a) => !a)}
          data-testid="cost-items-all"
        >
          {all ? t('Kosten.toon_top') : t('Kosten.toon_alle', { count: data.itemCount })}
        </Button>
      ) : null}
    </Paper>
  );
}
