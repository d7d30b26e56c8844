import { Anchor, Group, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../../shared/api/errors';
import { useLocationCosts } from '../../../shared/api/get-location-costs';
import { paths } from '../../../shared/lib/paths';
import type { SelectedLocation } from '../../../shared/session/location';
import { useFormat } from '../../../shared/ui/format';
import { LoadingBlock } from '../../../shared/ui/LoadingBlock';
import { ErrorView } from '../../../shared/ui/StateViews';

// The cost on site for the selected location on Home (issue #37 point 1): a chunk of its own, loaded after Home's
// first paint. Three figures excl. VAT and the way to the cost page. Without the invoices' area (403) it stays away.

export const COST_CARD_HEIGHT = 150;

function Amount({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <div data-testid={testId}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg">
        {value}
      </Text>
    </div>
  );
}

export default function CostCard({ location }: { location: SelectedLocation }) {
  const { t } = useTranslation();
  const format = useFormat();
  const costs = useLocationCosts(location.locationNo);
  if (costs.isError && isApiError(costs.error) && costs.error.status === 403) return null;
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      component="section"
      aria-labelledby="home-costs"
      data-testid="home-costs"
    >
      <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
        <Title order={2} size="h4" id="home-costs">
          {t('Kosten.kaart_titel', { location: location.locationNo })}
        </Title>
        <Anchor component={Link} to={paths.kosten.to()} size="sm">
          <Group gap={4} wrap="nowrap" component="span">
            {t('Kosten.naar_kosten')}
            <IconArrowRight size={14} aria-hidden />
          </Group>
        </Anchor>
      </Group>
      {costs.isError ? (
        <ErrorView
          messageKey="Kosten.ophalen_error"
          error={costs.error}
          onRetry={() => void costs.refetch()}
        />
      ) : costs.isPending ? (
        <LoadingBlock minHeight={COST_CARD_HEIGHT - 70} />
      ) : (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
            <Amount
              label={t('Kosten.deze_maand')}
              value={format.money(costs.data.totals.monthToDate.exclVat)}
              testId="home-costs-month"
            />
            <Amount
              label={t('Kosten.einde_maand')}
              value={format.money(costs.data.totals.projectedMonthEnd.exclVat)}
              testId="home-costs-month-end"
            />
            <Amount
              label={t('Kosten.einde_project')}
              value={
                costs.data.totals.projectedProjectEnd
                  ? format.money(costs.data.totals.projectedProjectEnd.exclVat)
                  : t('Kosten.geen_einddatum_kort')
              }
              testId="home-costs-project-end"
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed" mt="xs">
            {t('Kosten.kaart_uitleg', { amount: format.money(costs.data.totals.perDay) })}
          </Text>
        </>
      )}
    </Paper>
  );
}
