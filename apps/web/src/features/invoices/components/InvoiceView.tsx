import { Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload, IconFileText } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download-file';
import { useStore } from '../../../shared/lib/store';
import { sessionStore } from '../../../shared/session/session';
import { useFormat } from '../../../shared/ui/format';
import { LabeledValue } from '../../../shared/ui/LabeledValue';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import type { InvoiceDetail } from '../api/invoices';
import { InvoiceDepartmentActions } from './InvoiceDepartmentActions';
import { downloadPdf, lineKindKey, num, StatusBadge, useLinePrice, usePeriod } from './invoice-parts';

/** One document: its data, lines, totals, attachments and PDF; for the department also paid / credit memo. */
export function InvoiceView({ invoice: i }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const format = useFormat();
  const period = usePeriod();
  const { duration, per, unitPrice } = useLinePrice();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  const user = useStore(sessionStore, (s) => s?.user ?? null);
  const department = Boolean(user?.isAdmin || user?.isDepartment);
  return (
    <Stack gap="md" data-testid="invoice-detail">
      <Group gap="sm">
        <StatusBadge invoice={i} />
        <Button
          leftSection={<IconFileText size={18} aria-hidden />}
          mih={44}
          onClick={() => downloadPdf(i)}
          data-testid="invoice-pdf"
        >
          {t('Facturen.document_downloaden')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <LabeledValue label={t('Facturen.factuurdatum')}>{format.day(i.documentDate)}</LabeledValue>
        <LabeledValue label={t('Facturen.vervaldatum')}>{format.day(i.dueDate)}</LabeledValue>
        <LabeledValue label={t('Facturen.periode')}>{period(i.periodFrom, i.periodTo)}</LabeledValue>
        <LabeledValue label={t('Facturen.uw_referentie')}>{i.yourReference}</LabeledValue>
        <LabeledValue label={t('Facturen.klant')}>{`${i.customerNo} – ${i.customerName}`}</LabeledValue>
        <LabeledValue
          label={t('Facturen.locatie')}
        >{`${i.locationNo} – ${i.locationDescription}`}</LabeledValue>
        {i.appliesToDocumentNo && (
          <LabeledValue label={t('Facturen.gecorrigeerde_factuur')}>{i.appliesToDocumentNo}</LabeledValue>
        )}
        {i.creditMemos.length > 0 && (
          <LabeledValue label={t('Facturen.creditnotas')}>
            {i.creditMemos.map((c) => `${c.documentNo} (${format.money(c.amountInclVat)})`).join(', ')}
          </LabeledValue>
        )}
      </SimpleGrid>
      <Title order={3} size="h5">
        {t('Facturen.regels')}
      </Title>
      {narrow ? (
        <Stack gap="xs" data-testid="invoice-lines">
          {i.lines.map((l) => (
            <Paper key={l.lineNo} withBorder p="xs" radius="sm">
              <Group justify="space-between" wrap="nowrap" align="start">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {l.description}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(lineKindKey[l.kind])}
                    {l.plantNo ? ` · ${l.plantNo}` : ''}
                    {l.orderNo ? ` · ${l.orderNo}` : ''}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {period(l.periodFrom, l.periodTo)} · {format.number(l.quantity)} ×{' '}
                    {duration(l) ? `${duration(l)} × ` : ''}
                    {unitPrice(l)}
                    {Number(l.discountPercent) > 0 ? ` −${format.number(l.discountPercent)} %` : ''}
                  </Text>
                </div>
                <Text size="sm" fw={600} style={num}>
                  {format.money(l.amount)}
                </Text>
              </Group>
            </Paper>
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={900}>
          <Table striped verticalSpacing="xs" data-testid="invoice-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('shared.omschrijving')}</Table.Th>
                <Table.Th>{t('Facturen.soort_kolom')}</Table.Th>
                <Table.Th>{t('shared.materieelnummer')}</Table.Th>
                <Table.Th>{t('Facturen.order')}</Table.Th>
                <Table.Th>{t('Facturen.periode')}</Table.Th>
                <Table.Th style={num}>{t('Facturen.duur')}</Table.Th>
                <Table.Th style={num}>{t('shared.aantal')}</Table.Th>
                <Table.Th style={num}>{t('shared.prijs')}</Table.Th>
                <Table.Th style={num}>{t('Facturen.korting')}</Table.Th>
                <Table.Th style={num}>{t('Facturen.bedrag')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {i.lines.map((l) => (
                <Table.Tr key={l.lineNo}>
                  <Table.Td>
                    {l.description}
                    {l.itemNo && (
                      <Text size="xs" c="dimmed">
                        {l.itemNo}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{t(lineKindKey[l.kind])}</Table.Td>
                  <Table.Td>{l.plantNo ?? ''}</Table.Td>
                  <Table.Td>{l.orderNo ?? ''}</Table.Td>
                  <Table.Td>{period(l.periodFrom, l.periodTo)}</Table.Td>
                  <Table.Td style={{ ...num, whiteSpace: 'nowrap' }}>{duration(l)}</Table.Td>
                  <Table.Td style={num}>{format.number(l.quantity)}</Table.Td>
                  <Table.Td style={{ ...num, whiteSpace: 'nowrap' }}>
                    {format.money(l.unitPrice)}
                    {l.priceUnit && (
                      <Text span size="xs" c="dimmed" display="block">
                        {' '}
                        {per(l.priceUnit)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td style={num}>
                    {Number(l.discountPercent) > 0 ? `${format.number(l.discountPercent)} %` : ''}
                  </Table.Td>
                  <Table.Td style={num}>{format.money(l.amount)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <Stack gap={2} align="end" data-testid="invoice-sum">
        <Text size="sm">
          {t('Facturen.bedrag_excl')}: {format.money(i.amountExclVat)}
        </Text>
        <Text size="sm">
          {t('Facturen.btw_percentage', { percent: format.number(i.vatPercent) })}:{' '}
          {format.money(i.vatAmount)}
        </Text>
        <Text fw={700}>
          {t('Facturen.bedrag_incl')}: {format.money(i.amountInclVat)}
        </Text>
      </Stack>
      {i.attachments.length > 0 && (
        <Stack gap="xs">
          <Title order={3} size="h5">
            {t('Facturen.bijlagen')}
          </Title>
          {i.attachments.map((a) => (
            <Group key={a.id} justify="space-between" wrap="nowrap">
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                {a.fileName}
              </Text>
              <Button
                variant="light"
                mih={44}
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => downloadFile(a.url, a.fileName).catch((e) => snackbar.error(e))}
                aria-label={`${t('shared.downloaden')}: ${a.fileName}`}
              >
                {t('shared.downloaden')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
      {department && <InvoiceDepartmentActions invoice={i} />}
    </Stack>
  );
}
