import type { ReportAnswer, reportKinds } from '@mp/contract/api/reports';
import { translate } from '@mp/contract/i18n';
import { orderKindKey, orderStatusKey, requestKindKey, requestStatusKey } from '@mp/contract/rules/labels';
import {
  type ExportCell,
  type ExportColumn,
  type ExportFormat,
  exportFileName,
  exportTable,
} from '../../platform/files/table-export.ts';
import type { Ctx } from '../../platform/http/context.ts';

type Kind = (typeof reportKinds)[number];

/** One report of the answer as XLSX or CSV (decision 0016's exports), in the user's language. */
export function exportReport(ctx: Ctx, answer: ReportAnswer, report: Kind, format: ExportFormat) {
  const tr = (key: string) => translate(ctx.locale, key);
  const col = (key: string, kind: ExportColumn['kind'], width: number): ExportColumn => ({
    header: tr(key),
    kind,
    width,
  });
  const label = (map: Record<string, string>, v: string) => (map[v] ? tr(map[v]) : v);
  let columns: ExportColumn[];
  let rows: ExportCell[][];
  if (report === 'requests' || report === 'orders') {
    const list = report === 'requests' ? answer.requestsByStatus : answer.ordersByStatus;
    const [statusMap, kindMap] =
      report === 'requests' ? [requestStatusKey, requestKindKey] : [orderStatusKey, orderKindKey];
    columns = [
      col('Rapportages.status', 'text', 18),
      col('Rapportages.soort', 'text', 26),
      col('Rapportages.aantal', 'int', 10),
    ];
    rows = list.map((r) => [label(statusMap, r.status), label(kindMap, r.kind), r.count]);
  } else if (report === 'indicators') {
    columns = [
      col('Rapportages.locatie', 'text', 12),
      col('Rapportages.omschrijving', 'text', 36),
      col('Rapportages.open_aanvragen', 'int', 14),
      col('Rapportages.keuringen_verlopen', 'int', 16),
      col('Rapportages.open_klachten', 'int', 14),
      col('Rapportages.facturen_vervallen', 'int', 16),
    ];
    rows = answer.indicators.map((i) => [
      i.locationNo,
      i.description,
      i.openRequests,
      i.overdueInspections,
      i.openComplaints,
      i.overdueInvoices,
    ]);
  } else {
    columns = [
      col('Rapportages.locatie', 'text', 12),
      col('Rapportages.omschrijving', 'text', 36),
      col('Rapportages.open_documenten', 'int', 14),
      col('Rapportages.openstaand', 'money', 16),
      col('Rapportages.vervallen', 'money', 16),
    ];
    rows = answer.costs.map((c) => [
      c.locationNo,
      c.description,
      c.openDocuments,
      c.openAmount,
      c.overdueAmount,
    ]);
  }
  const title = tr(`Rapportages.rapport.${report}`);
  const body = exportTable(format, { sheetName: title, columns, rows, locale: ctx.locale });
  const scope = answer.locationNo ?? answer.customer?.name ?? '';
  return { fileName: exportFileName([title, scope, answer.to], format), format, body };
}
