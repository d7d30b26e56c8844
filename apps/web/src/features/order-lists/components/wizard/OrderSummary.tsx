import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import type { OrderList } from '@mp/contract/api/order-lists';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WorkAddress } from '../../../../shared/api/get-work-addresses';
import { useFormat } from '../../../../shared/ui/format';
import type { DepotList } from '../../api/get-depots';
import { linesInOrder } from '../order-list-rules';
import type { OrderFormValues } from './wizard-form';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500} w="40%" style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children}</Table.Td>
    </Table.Tr>
  );
}

/** Afronden: what will be sent — the form and the lines — to check before submitting. */
export function OrderSummary({
  values,
  list,
  depots,
  addresses,
}: {
  values: OrderFormValues;
  list: OrderList;
  depots: DepotList | undefined;
  addresses: WorkAddress[] | undefined;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const collect = values.transportMeans === 'ophalen';
  let destination = '';
  if (collect) {
    const d = depots?.depots.find((x) => x.depotNo === values.depotNo);
    destination = d
      ? [d.name, d.street, [d.postcode, d.city].filter(Boolean).join(' ')].filter(Boolean).join('\n')
      : (values.depotNo ?? '');
  } else if (values.destination === 'work_address') {
    const a = addresses?.find((x) => x.code === values.addressCode);
    destination = a
      ? [a.name, a.street, [a.postcode, a.city].filter(Boolean).join(' ')].filter(Boolean).join('\n')
      : (values.addressCode ?? '');
  } else {
    destination = [values.street, [values.postcode, values.city].filter(Boolean).join(' ')]
      .filter(Boolean)
      .join('\n');
  }
  const none = (
    <Text span c="dimmed">
      –
    </Text>
  );
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-form">
        <Title order={2} size="h4" mb="sm" id="summary-form">
          {t('Bestellen.overzicht')}
        </Title>
        <Table verticalSpacing="xs" data-testid="order-summary">
          <Table.Tbody>
            <Row label={t('Bestellen.leverDatum')}>{format.day(values.deliveryDate)}</Row>
            <Row label={t('Bestellen.retourDatum')}>
              {values.expectedReturnDate ? format.day(values.expectedReturnDate) : none}
            </Row>
            {values.rush && <Row label={t('Bestellen.spoed')}>{t('shared.ja')}</Row>}
            <Row label={t('Bestellen.transportmiddel')}>
              {t(`wizard.transportmiddel_opties.${values.transportMeans}`)}
            </Row>
            <Row label={collect ? t('Bestellen.depot') : t('Bestellen.bestemmingadres')}>
              {destination || none}
            </Row>
            <Row label={t('Bestellen.contactpersoon')}>{values.contactPerson}</Row>
            <Row label={t('Bestellen.telefoonnummer')}>{values.phone}</Row>
            <Row label={t('Bestellen.referentie')}>{values.reference || none}</Row>
            <Row label={t('Bestellen.opmerking')}>{values.comment || none}</Row>
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="summary-lines">
        <Title order={2} size="h4" mb="sm" id="summary-lines">
          {t('Bestellen.regels')}
        </Title>
        <Stack gap={6} data-testid="summary-lines">
          {linesInOrder(list.lines).map(({ line, depth }) => (
            <Group key={line.lineId} justify="space-between" wrap="nowrap" gap="sm" pl={depth * 20}>
              <Text
                size="sm"
                c={depth > 0 ? 'dimmed' : undefined}
                style={{ overflowWrap: 'anywhere', minWidth: 0 }}
              >
                {line.type === 'set' ? `${t('shared.set_label')} ` : ''}
                {line.description}{' '}
                <Text span size="xs" c="dimmed">
                  ({line.itemNo})
                </Text>
              </Text>
              <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                {format.number(line.amount)} ×
              </Text>
            </Group>
          ))}
        </Stack>
      </Paper>
    </Stack>
  );
}
