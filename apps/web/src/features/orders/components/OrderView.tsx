import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { orderPath, paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { LabeledValue } from '../../../shared/ui/LabeledValue';
import { PageHeader } from '../../../shared/ui/PageHeader';
import type { OrderDetail } from '../api/orders';
import { OrderDocuments } from './OrderDocuments';
import { kindKey, listPath, num, OrderStatus } from './order-parts';

/** One order: its data, lines with plant numbers, costs with the total, documents and where it came from. */
export function OrderView({ order: o }: { order: OrderDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const moves = o.kind === 'move_to' || o.kind === 'move_from';
  const linkedPath = o.linkedOrder ? orderPath(o.linkedOrder.kind, o.linkedOrder.id) : null;
  return (
    <>
      <PageHeader
        title={`${t('Orders.order')} ${o.orderNo}`}
        description={`${t(kindKey[o.kind])} · ${o.locationNo} – ${o.locationDescription}`}
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="md">
          <Group gap="sm" mb="md">
            <OrderStatus status={o.status} />
            <Anchor component={Link} to={listPath[o.kind]} size="sm">
              {t('Orders.naar_lijst')}
            </Anchor>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
            <LabeledValue label={t('Orders.orderdatum')}>{format.day(o.orderDate)}</LabeledValue>
            <LabeledValue label={t('Aanvragen.geplande_datum')}>{format.day(o.plannedDate)}</LabeledValue>
            <LabeledValue label={t('Orders.uitgevoerd_op')}>{format.day(o.executedDate)}</LabeledValue>
            {moves ? (
              <LabeledValue label={t(o.kind === 'move_to' ? 'Orders.van_locatie' : 'Orders.naar_locatie')}>
                {o.counterpartLocationNo
                  ? `${o.counterpartLocationNo} – ${o.counterpartLocationDescription ?? ''}`
                  : ''}
              </LabeledValue>
            ) : (
              <LabeledValue label={t('Orders.depot')}>{o.depotName ?? o.depotNo ?? ''}</LabeledValue>
            )}
            <LabeledValue label={t('Bestellen.adres')}>
              {[o.street, [o.postcode, o.city].filter(Boolean).join(' ')].filter(Boolean).join('\n')}
            </LabeledValue>
            <LabeledValue label={t('Bestellen.contactpersoon')}>
              {[o.contactPerson, o.phone].filter(Boolean).join(' · ')}
            </LabeledValue>
            <LabeledValue label={t('Bestellen.referentie')}>{o.reference}</LabeledValue>
            <LabeledValue label={t('Aanvragen.aanvraag')}>
              {o.requestId && o.requestNo ? (
                <Anchor component={Link} to={paths.aanvraag.to(o.requestId)} data-testid="order-request">
                  {o.requestNo}
                </Anchor>
              ) : null}
            </LabeledValue>
            {o.linkedOrder && (
              <LabeledValue label={t('Orders.gekoppelde_order')}>
                {linkedPath ? (
                  <Anchor component={Link} to={linkedPath}>
                    {o.linkedOrder.orderNo}
                  </Anchor>
                ) : (
                  o.linkedOrder.orderNo
                )}
              </LabeledValue>
            )}
            {o.exitOrder && (
              <LabeledValue label={t('routes.ExitOrders')}>
                <Anchor component={Link} to={paths.exitOrder.to(o.exitOrder.id)} data-testid="order-exit">
                  {o.exitOrder.exitOrderNo}
                </Anchor>
              </LabeledValue>
            )}
          </SimpleGrid>
          {o.comment && (
            <div style={{ marginTop: 16 }}>
              <LabeledValue label={t('Bestellen.opmerking')}>{o.comment}</LabeledValue>
            </div>
          )}
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-lines">
          <Title order={2} size="h4" mb="sm" id="order-lines">
            {t('Orders.regels')}
          </Title>

          <Table striped data-testid="order-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shared.omschrijving')}</Table.Th>
                <Table.Th>{t('shared.materieelnummer')}</Table.Th>
                <Table.Th style={num}>{t('shared.aantal')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {o.lines.map((l) => (
                <Table.Tr key={l.lineNo}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {l.description}
                    <Text size="xs" c="dimmed">
                      {l.itemNo}
                      {l.comment ? ` · ${l.comment}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{l.plantNo ?? ''}</Table.Td>
                  <Table.Td style={num}>{format.number(l.quantity)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Paper>

        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="order-costs">
          <Title order={2} size="h4" mb="sm" id="order-costs">
            {t('Orders.kosten')}
          </Title>
          {o.costs.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('Orders.geen_kosten')}
            </Text>
          ) : (
            <Table data-testid="order-costs">
              <Table.Tbody>
                {o.costs.map((c, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: costs have no key of their own here
                  <Table.Tr key={i}>
                    <Table.Td>{c.description}</Table.Td>
                    <Table.Td style={num}>
                      {format.number(c.quantity)} × {format.money(c.unitPrice)}
                    </Table.Td>
                    <Table.Td style={num}>{format.money(c.amount)}</Table.Td>
                  </Table.Tr>
                ))}
                <Table.Tr>
                  <Table.Td fw={700}>{t('shared.totaal')}</Table.Td>
                  <Table.Td />
                  <Table.Td style={num} fw={700}>
                    {format.money(o.costTotal)}
                  </Table.Td>
                </Table.Tr>
              </Table.Tbody>
            </Table>
          )}
        </Paper>
        <OrderDocuments documents={o.documents} />
      </Stack>
    </>
  );
}
