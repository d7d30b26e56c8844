import { Alert, Anchor, Paper, SimpleGrid, Text } from '@mantine/core';
import type { CostAmount, LocationCosts } from '@mp/contract/api/costs';
import { IconCalendarOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import type { Formatters } from '../../../shared/ui/format';

/** One figure: the amount excl. VAT large, incl. VAT below it, and what it covers. */
export function Figure({
  label,
  amount,
  note,
  format,
  testId,
}: {
  label: string;
  amount: CostAmount | null;
  note?: string;
  format: Formatters;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={600}>
        {label}
      </Text>
      {amount ? (
        <>
          <Text fz={{ base: 22, sm: 26 }} fw={700} lh={1.3} data-testid={`${testId}-amount`}>
            {format.money(amount.exclVat)}
          </Text>
          <Text size="xs" c="dimmed">
            {t('Kosten.incl_btw', { amount: format.money(amount.inclVat) })}
          </Text>
        </>
      ) : (
        <Text fz={{ base: 22, sm: 26 }} fw={700} c="dimmed" aria-label={t('Kosten.geen_verwachting')}>
          —
        </Text>
      )}
      {note && (
        <Text size="xs" c="dimmed" mt={4}>
          {note}
        </Text>
      )}
    </Paper>
  );
}

/** The four figures and the rate per day. */
export function CostFigures({ data, format }: { data: LocationCosts; format: Formatters }) {
  const { t } = useTranslation();
  const { totals } = data;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
      <Figure
        label={t('Kosten.deze_maand')}
        amount={totals.monthToDate}
        note={t('Kosten.tot_vandaag', { date: format.day(data.today) })}
        format={format}
        testId="cost-month"
      />
      <Figure
        label={t('Kosten.sinds_start')}
        amount={totals.sinceStart}
        note={data.since ? t('Kosten.sinds', { date: format.day(data.since) }) : undefined}
        format={format}
        testId="cost-since-start"
      />
      <Figure
        label={t('Kosten.einde_maand')}
        amount={totals.projectedMonthEnd}
        note={t('Kosten.per_dag', { amount: format.money(totals.perDay) })}
        format={format}
        testId="cost-month-end"
      />
      <Figure
        label={t('Kosten.einde_project')}
        amount={totals.projectedProjectEnd}
        note={
          data.endDate ? t('Kosten.tot', { date: format.day(data.endDate) }) : t('Kosten.geen_einddatum_kort')
        }
        format={format}
        testId="cost-project-end"
      />
    </SimpleGrid>
  );
}

/** Without an end date (or one that has passed) there is no projection to the project's end: said so, and where to set it. */
export function EndDateNotice({ data, format }: { data: LocationCosts; format: Formatters }) {
  const { t } = useTranslation();
  if (data.endDateState === 'set') return null;
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconCalendarOff aria-hidden />}
      data-testid="cost-no-end-date"
    >
      {data.endDateState === 'none'
        ? t('Kosten.geen_einddatum')
        : t('Kosten.einddatum_voorbij', { date: format.day(data.endDate ?? '') })}
      {data.endDateEditable && (
        <>
          {' '}
          <Anchor component={Link} to={paths.locatieGegevens.to()} size="sm" underline="always">
            {t('Kosten.einddatum_invullen')}
          </Anchor>
        </>
      )}
    </Alert>
  );
}
