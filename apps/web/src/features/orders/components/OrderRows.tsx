import { Anchor, Card, Group, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderPath, paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import type { ListedKind, OrderSummary } from '../api/orders';
import { dayOf, num, OrderStatus } from './order-parts';

/** A page of orders of one kind: cards on a phone, a table otherwise; moves name the other location. */
export function OrderRows({ items, kind }: { items: OrderSummary[]; kind: ListedKind }) {
  const { t } = useTranslation();
  const format = useFormat();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const moves = kind === 'move_to' || kind === 'move_from';
  return narrow ? (
    <Stack gap="sm">
      {items.map((o) => (
        <Card key={o.id} withBorder radius="md" padding="sm" data-testid="order-row">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={orderPath(o.kind, o.id) ?? '#'} fw={700}>
              {o.orderNo}
            </Anchor>
            <OrderStatus status={o.status} />
          </Group>
          <Text size="sm">
            {format.day(dayOf(o))} · {t('Orders.aantal_regels', { count: o.lineCount })}
          </Text>
          {moves && o.counterpartLocationNo && (
            <Text size="sm" c="dimmed">
              {t(kind === 'move_to' ? 'Orders.van_locatie' : 'Orders.naar_locatie')}:{' '}
              {o.counterpartLocationNo} – {o.counterpartLocationDescription}
            </Text>
          )}
          {o.requestNo && (
            <Text size="sm" c="dimmed">
              {t('Aanvragen.aanvraag')}: {o.requestNo}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  ) : (
    <Table.ScrollContainer minWidth={760}>
      <Table striped verticalSpacing="sm" data-testid="order-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Orders.ordernummer')}</Table.Th>
            <Table.Th>{t('Orders.orderdatum')}</Table.Th>
            <Table.Th>{t('Orders.uitgevoerd_op')}</Table.Th>
            <Table.Th>{t('shared.status')}</Table.Th>
            <Table.Th>
              {moves
                ? t(kind === 'move_to' ? 'Orders.van_locatie' : 'Orders.naar_locatie')
                : t('Orders.depot')}
            </Table.Th>
            <Table.Th>{t('Aanvragen.aanvraag')}</Table.Th>
            <Table.Th>{t('Bestellen.referentie')}</Table.Th>
            <Table.Th style={num}>{t('Orders.regels')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr key={o.id} data-testid="order-row">
              <Table.Td>
                <Anchor component={Link} to={orderPath(o.kind, o.id) ?? '#'} fw={600}>
                  {o.orderNo}
                </Anchor>
              </Table.Td>
              <Table.Td>{format.day(dayOf(o))}</Table.Td>
              <Table.Td>{o.executedDate ? format.day(o.executedDate) : ''}</Table.Td>
              <Table.Td>
                <OrderStatus status={o.status} />
              </Table.Td>
              <Table.Td>
                {moves ? (o.counterpartLocationNo ?? '') : (o.depotName ?? o.depotNo ?? '')}
                {moves && o.counterpartLocationDescription && (
                  <Text size="xs" c="dimmed">
                    {o.counterpartLocationDescription}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                {o.requestId && o.requestNo ? (
                  <Anchor component={Link} to={paths.aanvraag.to(o.requestId)}>
                    {o.requestNo}
                  </Anchor>
                ) : (
                  ''
                )}
              </Table.Td>
              <Table.Td>{o.reference ?? ''}</Table.Td>
              <Table.Td style={num}>{format.number(o.lineCount)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
