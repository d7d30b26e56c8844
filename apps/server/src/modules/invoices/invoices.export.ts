import type { InvoiceListQuery } from '@mp/contract/api/invoices';
import { translate } from '@mp/contract/i18n';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import {
  type ExportColumn,
  type ExportFormat,
  exportFileName,
  exportTable,
} from '../../platform/files/table-export.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { allInvoices } from './invoices.service.ts';

/** The invoice list as XLSX or CSV (decision 0016): the rows of the page's filter, in the user's language. */
export async function exportInvoices(
  ctx: Ctx,
  q: Omit<InvoiceListQuery, 'page' | 'pageSize'> & { format: ExportFormat },
) {
  const rows = await allInvoices(ctx, q);
  const col = (key: string, kind: ExportColumn['kind'], width: number): ExportColumn => ({
    header: translate(ctx.locale, key),
    kind,
    width,
  });
  const columns: ExportColumn[] = [
    col('Facturen.factuurnummer', 'text', 16),
    col('Facturen.soort_kolom', 'text', 12),
    col('Facturen.locatie', 'text', 12),
    col('Facturen.factuurdatum', 'date', 13),
    col('Facturen.vervaldatum', 'date', 13),
    col('Facturen.periode_van', 'date', 13),
    col('Facturen.periode_tot', 'date', 13),
    col('Facturen.bedrag_excl', 'money', 14),
    col('Facturen.btw', 'money', 12),
    col('Facturen.bedrag_incl', 'money', 14),
    col('Facturen.status_kolom', 'text', 12),
    col('Facturen.uw_referentie', 'text', 18),
  ];
  const kindText = (k: string) =>
    translate(ctx.locale, `Facturen.soort.${k === 'invoice' ? 'factuur' : 'creditnota'}`);
  const statusText = (r: { status: string; overdue: boolean }) =>
    translate(ctx.locale, `Facturen.status.${r.overdue ? 'overdue' : r.status}`);
  const body = exportTable(q.format, {
    sheetName: translate(ctx.locale, 'Facturen.titel'),
    columns,
    locale: ctx.locale,
    rows: rows.map((r) => [
      r.documentNo,
      kindText(r.kind),
      r.locationNo,
      r.documentDate,
      r.dueDate,
      r.periodFrom,
      r.periodTo,
      r.amountExclVat,
      r.vatAmount,
      r.amountInclVat,
      statusText(r),
      r.yourReference,
    ]),
  });
  const name = [translate(ctx.locale, 'Facturen.titel'), q.plantLocation ?? '', calendarDayIn(ctx.now)];
  return { fileName: exportFileName(name, q.format), format: q.format, body };
}
