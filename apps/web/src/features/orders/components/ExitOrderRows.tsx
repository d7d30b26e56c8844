import { Anchor, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import type { ExitOrderSummary } from '../api/orders';

/** A page of exit orders: when each left, how many lines, whether all came back well and the damage. */
export function ExitOrderRows({ items }: { items: ExitOrderSummary[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
      {items.map((x) => (
        <Card key={x.id} withBorder radius="md" padding="sm" data-testid="exit-row">
          <Group justify="space-between" wrap="nowrap">
            <Anchor component={Link} to={paths.exitOrder.to(x.id)} fw={700}>
              {x.exitOrderNo}
            </Anchor>
            <Text size="sm">{format.day(x.exitDate)}</Text>
          </Group>
          <Text size="sm">{t('Orders.aantal_regels', { count: x.lineCount })}</Text>
          {x.problemCount > 0 ? (
            <Text size="sm" c="red.9">
              {t('ExitOrders.afwijkingen', { count: x.problemCount })}
              {Number(x.damageTotal) > 0 ? ` · ${format.money(x.damageTotal)}` : ''}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              {t('ExitOrders.alles_goed')}
            </Text>
          )}
          {x.orderNo && (
            <Text size="xs" c="dimmed">
              {t('Orders.order')}: {x.orderNo}
            </Text>
          )}
        </Card>
      ))}
    </SimpleGrid>
  );
}
