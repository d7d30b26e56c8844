import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../../shared/api/download-file';
import { useFormat } from '../../../shared/ui/format';
import { snackbar } from '../../../shared/ui/snackbar/snackbar-store';
import type { InvoiceLine, InvoiceSummary } from '../api/invoices';

// What the invoice components share: the names of kinds and line kinds, the status badge, the PDF download, how a
// period and a line's price are written.

export const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' as const };
export const kindKey = {
  invoice: 'Facturen.soort.factuur',
  credit_memo: 'Facturen.soort.creditnota',
} as const;
export const lineKindKey = {
  rental: 'Facturen.regelsoort.rental',
  sale: 'Facturen.regelsoort.sale',
  cost: 'Facturen.regelsoort.cost',
  credit: 'Facturen.regelsoort.credit',
} as const;

export function StatusBadge({ invoice }: { invoice: Pick<InvoiceSummary, 'status' | 'overdue'> }) {
  const { t } = useTranslation();
  const state = invoice.overdue ? 'overdue' : invoice.status;
  const color = { open: 'blue', paid: 'green', overdue: 'red' }[state];
  return (
    <Badge color={color} c="dark.8" variant="light" size="sm">
      {t(`Facturen.status.${state}`)}
    </Badge>
  );
}

export function downloadPdf(invoice: Pick<InvoiceSummary, 'pdfUrl' | 'documentNo'>) {
  downloadFile(invoice.pdfUrl, `${invoice.documentNo}.pdf`).catch((e) => snackbar.error(e));
}

/** The period of a document or line as the language writes it. */
export function usePeriod() {
  const format = useFormat();
  return (from: string | null, to: string | null) =>
    from && to ? (from === to ? format.day(from) : `${format.day(from)} – ${format.day(to)}`) : '';
}

/**
 * A line's duration and price as its amount was computed (issue #31 item 16, decision 0022): rent shows how many
 * days or weeks at what price per day or week; a rent line written before lines knew their unit shows its days.
 */
export function useLinePrice() {
  const { t } = useTranslation();
  const format = useFormat();
  const per = (unit: 'day' | 'week') => t(unit === 'week' ? 'Facturen.per_week' : 'Facturen.per_dag');
  return {
    per,
    duration: (l: InvoiceLine) =>
      l.priceUnit === 'week' && l.unitCount !== null
        ? t('Facturen.weken_aantal', { count: l.unitCount })
        : l.unitCount !== null || (l.kind === 'rental' && l.days !== null)
          ? t('Facturen.dagen_aantal', { count: l.unitCount ?? l.days ?? 0 })
          : '',
    unitPrice: (l: InvoiceLine) =>
      l.priceUnit ? `${format.money(l.unitPrice)} ${per(l.priceUnit)}` : format.money(l.unitPrice),
  };
}
