import { Anchor, Button, Card, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../../shared/ui/format';
import type { InvoiceSummary } from '../api/invoices';
import { downloadPdf, kindKey, num, StatusBadge, usePeriod } from './invoice-parts';

/** A page of invoices and credit memos: cards on a phone, a table otherwise; `all` adds the location. */
export function InvoiceRows({
  items,
  all,
  onOpen,
}: {
  items: InvoiceSummary[];
  all: boolean;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const period = usePeriod();
  const narrow = useMediaQuery('(max-width: 48em)') ?? false;
  return narrow ? (
    <Stack gap="sm">
      {items.map((i) => (
        <Card key={i.id} withBorder radius="md" padding="sm" data-testid="invoice-row">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component="button" type="button" fw={700} onClick={() => onOpen(i.id)}>
              {i.documentNo}
            </Anchor>
            <StatusBadge invoice={i} />
          </Group>
          <Text size="sm">
            {t(kindKey[i.kind])} · {format.day(i.documentDate)} ·{' '}
            <strong>{format.money(i.amountInclVat)}</strong>
          </Text>
          <Text size="sm" c="dimmed">
            {t('Facturen.vervaldatum')}: {format.day(i.dueDate)}
            {i.periodFrom ? ` · ${period(i.periodFrom, i.periodTo)}` : ''}
          </Text>
          {all && (
            <Text size="sm" c="dimmed">
              {i.locationNo} – {i.locationDescription}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  ) : (
    <Table.ScrollContainer minWidth={860}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="invoice-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('Facturen.factuurnummer')}</Table.Th>
            <Table.Th>{t('Facturen.soort_kolom')}</Table.Th>
            {all && <Table.Th>{t('Facturen.locatie')}</Table.Th>}
            <Table.Th>{t('Facturen.factuurdatum')}</Table.Th>
            <Table.Th>{t('Facturen.vervaldatum')}</Table.Th>
            <Table.Th>{t('Facturen.periode')}</Table.Th>
            <Table.Th style={num}>{t('Facturen.bedrag_excl')}</Table.Th>
            <Table.Th style={num}>{t('Facturen.bedrag_incl')}</Table.Th>
            <Table.Th>{t('shared.status')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('Facturen.document_downloaden')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((i) => (
            <Table.Tr key={i.id} data-testid="invoice-row">
              <Table.Td>
                <Anchor component="button" type="button" fw={600} onClick={() => onOpen(i.id)}>
                  {i.documentNo}
                </Anchor>
                {i.appliesToDocumentNo && (
                  <Text size="xs" c="dimmed">
                    {t('Facturen.corrigeert', { number: i.appliesToDocumentNo })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{t(kindKey[i.kind])}</Table.Td>
              {all && (
                <Table.Td>
                  {i.locationNo}
                  <Text size="xs" c="dimmed">
                    {i.locationDescription}
                  </Text>
                </Table.Td>
              )}
              <Table.Td>{format.day(i.documentDate)}</Table.Td>
              <Table.Td>{format.day(i.dueDate)}</Table.Td>
              <Table.Td>{period(i.periodFrom, i.periodTo)}</Table.Td>
              <Table.Td style={num}>{format.money(i.amountExclVat)}</Table.Td>
              <Table.Td style={num}>{format.money(i.amountInclVat)}</Table.Td>
              <Table.Td>
                <StatusBadge invoice={i} />
              </Table.Td>
              <Table.Td>
                <Button
                  variant="subtle"
                  size="compact-md"
                  mih={36}
                  onClick={() => downloadPdf(i)}
                  aria-label={`${t('Facturen.document_downloaden')}: ${i.documentNo}`}
                >
                  <IconDownload size={18} aria-hidden />
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
