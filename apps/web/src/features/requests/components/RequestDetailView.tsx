import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Timeline, Title } from '@mantine/core';
import type { RequestDetail } from '@mp/contract/api/requests';
import { orderKindKey } from '@mp/contract/rules/labels';
import { IconAlertTriangle, IconBolt } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../shared/lib/paths';
import { useFormat } from '../../../shared/ui/format';
import { ErpStatusLine } from './ErpStatusLine';
import { kindKey, StatusBadge } from './status';

const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };

type OrderRef = RequestDetail['orders'][number];

/** Where the customer's page of an order is (a transport order has none). */
export function orderPath(o: OrderRef): string | null {
  switch (o.kind) {
    case 'delivery':
      return paths.orderAanvoer.to(o.id);
    case 'removal':
      return paths.orderAfvoer.to(o.id);
    case 'move_to':
      return paths.orderNaarVerplaatsing.to(o.id);
    case 'move_from':
      return paths.orderVanVerplaatsing.to(o.id);
    default:
      return null;
  }
}

export { orderKindKey };

export function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>{children || '–'}</Text>
    </div>
  );
}

/**
 * What the ERP system needs of the request (issue #31 item 20): the item its rush surcharge is booked on, the code its
 * remark is filed under, a transport's item and appointment code. The server answers them to the department only.
 */
function ErpCodes({ r }: { r: RequestDetail }) {
  const { t } = useTranslation();
  const codes: [string, string | null | undefined][] = [
    ['Aanvragen.erp_spoedartikel', r.rush ? r.erpCodes?.rushItemNo : null],
    ['Aanvragen.erp_opmerkingcode', r.comment ? r.erpCodes?.commentCode : null],
    ['Aanvragen.erp_transportartikel', r.transport?.itemNo],
    ['Aanvragen.erp_afspraakcode', r.transport?.appointmentCode],
  ];
  const shown = codes.filter(([, code]) => code);
  if (!r.erpCodes || shown.length === 0) return null;
  return (
    <section aria-labelledby="request-erp-codes" style={{ marginTop: 16 }} data-testid="request-erp-codes">
      <Text size="sm" fw={600} mb={4} id="request-erp-codes">
        {t('Aanvragen.erp_codes')}
      </Text>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
        {shown.map(([label, code]) => (
          <Field key={label} label={t(label)}>
            {code}
          </Field>
        ))}
      </SimpleGrid>
    </section>
  );
}

/**
 * One request as its page shows it: the form data, the lines, the orders it became and the status history. The
 * requester's page and the department's processing page both show it; `aside` goes between data and lines.
 */
export function RequestDetailView({ r, aside }: { r: RequestDetail; aside?: ReactNode }) {
  const { t } = useTranslation();
  const format = useFormat();
  const destination =
    r.destinationKind === 'depot'
      ? [r.depotName ?? r.depotNo, r.street, [r.postcode, r.city].filter(Boolean).join(' ')]
      : [r.addressName, r.street, [r.postcode, r.city].filter(Boolean).join(' ')];
  const lines = [...r.lines].sort((a, b) => a.lineNo - b.lineNo);
  const ordered: { line: (typeof lines)[number]; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const l of lines.filter((x) => x.parentLineId === parent)) {
      ordered.push({ line: l, depth });
      walk(l.lineId, depth + 1);
    }
  };
  walk(null, 0);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Group gap="sm" mb="md" wrap="wrap">
          <StatusBadge status={r.status} size="lg" />
          <Text fw={600}>{t(kindKey[r.kind])}</Text>
          {r.rush && (
            <Text c="red.8" fw={600} size="sm">
              <IconBolt size={14} aria-hidden /> {t('Bestellen.spoed')}
            </Text>
          )}
        </Group>
        <ErpStatusLine status={r.erpStatus} requestNo={r.requestNo} />
        {r.rejectionReason && (
          <Paper bg="red.0" p="sm" radius="sm" mb="md">
            <Group gap="xs" wrap="nowrap">
              <IconAlertTriangle size={18} aria-hidden />
              <Text size="sm">
                {t('Aanvragen.reden_afwijzing')}: {r.rejectionReason}
              </Text>
            </Group>
          </Paper>
        )}
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          <Field label={t('Locatie.titel')}>{`${r.locationNo} – ${r.locationDescription}`}</Field>
          <Field label={t('Aanvragen.gewenste_datum')}>{format.day(r.requestedDate)}</Field>
          {(r.kind === 'order' || r.kind === 'relocation') && (
            <Field label={t('Bestellen.retourDatum')}>{format.day(r.expectedReturnDate)}</Field>
          )}
          {r.targetLocation && (
            <Field label={t('Verplaatsen.eindlocatie')}>
              {`${r.targetLocation.locationNo} – ${r.targetLocation.description}`}
            </Field>
          )}
          {r.transport && (
            <>
              <Field label={t('TransportAanvraag.laden')}>
                {`${format.day(r.requestedDate)}, ${r.transport.loadingFrom}–${r.transport.loadingUntil}`}
              </Field>
              <Field label={t('TransportAanvraag.lossen')}>
                {`${format.day(r.transport.unloadingDate)}, ${r.transport.unloadingFrom}–${r.transport.unloadingUntil}`}
              </Field>
              <Field label={t('TransportAanvraag.lading')}>{r.transport.cargo}</Field>
            </>
          )}
          <Field label={t('Aanvragen.geplande_datum')}>{format.day(r.plannedDate)}</Field>
          {r.kind !== 'transport' && (
            <Field label={t('Bestellen.transportmiddel')}>
              {r.transportMeans
                ? t(`wizard.transportmiddel_opties.${r.transportMeans}`, { defaultValue: r.transportMeans })
                : ''}
            </Field>
          )}
          {r.origin && (
            <Field
              label={t(r.kind === 'transport' ? 'TransportAanvraag.van_adres' : 'Afvoeren.addressSelected')}
            >
              {[
                r.origin.addressName,
                r.origin.street,
                [r.origin.postcode, r.origin.city].filter(Boolean).join(' '),
                [r.origin.contactPerson, r.origin.phone].filter(Boolean).join(' · '),
              ]
                .filter(Boolean)
                .join('\n')}
            </Field>
          )}
          <Field
            label={r.destinationKind === 'depot' ? t('Bestellen.depot') : t('Bestellen.bestemmingadres')}
          >
            {destination.filter(Boolean).join('\n')}
          </Field>
          <Field
            label={t(r.kind === 'transport' ? 'TransportAanvraag.naar_contact' : 'Bestellen.contactpersoon')}
          >
            {r.contactPerson}
          </Field>
          <Field label={t('Bestellen.telefoonnummer')}>{r.phone}</Field>
          <Field label={t('Bestellen.referentie')}>{r.reference}</Field>
          <Field label={t('Aanvragen.aangevraagd_door')}>{r.requestedBy}</Field>
          <Field label={t('Aanvragen.aangevraagd_op')}>{format.dateTime(r.createdAt)}</Field>
        </SimpleGrid>
        {r.comment && (
          <div style={{ marginTop: 16 }}>
            <Field label={t('Bestellen.opmerking')}>{r.comment}</Field>
          </div>
        )}
        <ErpCodes r={r} />
      </Paper>

      {aside}

      {r.orders.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="request-orders">
          <Title order={2} size="h4" mb="sm" id="request-orders">
            {t('Aanvragen.orders')}
          </Title>
          <Stack gap={6} data-testid="request-orders">
            {r.orders.map((o) => {
              const to = orderPath(o);
              return (
                <Group key={o.id} gap="sm" wrap="wrap">
                  {to ? (
                    <Anchor component={Link} to={to} fw={600}>
                      {o.orderNo}
                    </Anchor>
                  ) : (
                    <Text fw={600}>{o.orderNo}</Text>
                  )}
                  <Text size="sm">{t(orderKindKey[o.kind])}</Text>
                  <Text size="sm" c="dimmed">
                    {t('Locatie.titel')}: {o.locationNo}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      )}

      {ordered.length > 0 && (
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="request-lines">
          <Title order={2} size="h4" mb="sm" id="request-lines">
            {t('Aanvragen.regels')}
          </Title>
          <Stack gap={6}>
            {ordered.map(({ line, depth }) => (
              <Group key={line.lineId} justify="space-between" wrap="nowrap" gap="sm" pl={depth * 20}>
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" c={depth > 0 ? 'dimmed' : undefined} style={{ overflowWrap: 'anywhere' }}>
                    {line.type === 'set' ? `${t('shared.set_label')} ` : ''}
                    {line.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {line.itemNo}
                    {line.plantNo ? ` · ${t('shared.materieelnummer')}: ${line.plantNo}` : ''}
                    {line.comment ? ` · ${line.comment}` : ''}
                  </Text>
                </Stack>
                <Text size="sm" fw={600} style={{ ...num, whiteSpace: 'nowrap' }}>
                  {format.number(line.amount)} ×
                </Text>
              </Group>
            ))}
          </Stack>
        </Paper>
      )}

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="request-history">
        <Title order={2} size="h4" mb="md" id="request-history">
          {t('Aanvragen.statushistorie')}
        </Title>
        <Timeline active={r.history.length - 1} bulletSize={18} lineWidth={2} data-testid="status-history">
          {r.history.map((h) => (
            <Timeline.Item
              key={`${h.changedAt}-${h.toStatus}`}
              title={<StatusBadge status={h.toStatus} size="sm" />}
            >
              <Text size="sm" c="dimmed">
                {format.dateTime(h.changedAt)}
                {h.changedBy ? ` · ${h.changedBy}` : ''}
              </Text>
              {h.note && <Text size="sm">{h.note}</Text>}
            </Timeline.Item>
          ))}
        </Timeline>
      </Paper>
    </Stack>
  );
}
