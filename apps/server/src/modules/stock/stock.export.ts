import type { StockSort } from '@mp/contract/api/stock';
import { translate } from '@mp/contract/i18n';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { ledgerKindKey } from '@mp/contract/rules/stock';
import { errors } from '../../platform/errors.ts';
import {
  type ExportColumn,
  type ExportFormat,
  exportFileName,
  exportTable,
} from '../../platform/files/table-export.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { stockHistory } from './stock.plants.ts';
import { stockForExport } from './stock.service.ts';

/*
 * The stock and its history as XLSX or CSV (issue #10 part 8, decision 0016): the same lines the screens show, in
 * the user's language, typed cells. Access and settings are checked and the rows read before the file starts.
 */

export interface ExportFile {
  fileName: string;
  format: ExportFormat;
  body: ReturnType<typeof exportTable>;
}

const col = (ctx: Ctx, key: string, kind: ExportColumn['kind'], width: number): ExportColumn => ({
  header: translate(ctx.locale, key),
  kind,
  width,
});

/** GET PlantInventoryItems/{categoryId}/export: the stock of the location (Materieelvoorraad_ShowExportVoorraad). */
export async function exportStock(
  ctx: Ctx,
  categoryId: string,
  query: { plantLocation: string; query?: string; sortBy: StockSort; format: ExportFormat },
): Promise<ExportFile> {
  const { locationNo, lines, s } = await stockForExport(ctx, categoryId, query);
  if (!s.Materieelvoorraad_ShowExportVoorraad) throw errors.forbidden('Materieelvoorraad.export.uit');
  // Price columns only when the caller sees prices (an internal user without ShowPriceInternalPrices does not).
  const prices = lines.some((l) => l.showPrice);
  const columns: ExportColumn[] = [
    col(ctx, 'shared.artikelnummer', 'text', 16),
    col(ctx, 'shared.omschrijving', 'text', 44),
    col(ctx, 'shared.materieelnummer', 'text', 16),
    col(ctx, 'shared.aantal', 'int', 9),
    col(ctx, 'Materieelvoorraad.sinds', 'date', 14),
    col(ctx, 'Materieelvoorraad.dagen_op_locatie', 'int', 10),
    ...(prices
      ? [
          col(ctx, 'Materieelvoorraad.export.dagprijs', 'money', 12),
          col(ctx, 'Materieelvoorraad.export.weekprijs', 'money', 12),
          col(ctx, 'Materieelvoorraad.huur_dag', 'money', 13),
          col(ctx, 'Materieelvoorraad.huur_week', 'money', 13),
        ]
      : []),
    col(ctx, 'Materieelvoorraad.keuringsdatum', 'date', 14),
    col(ctx, 'Materieelvoorraad.export.op_afvoerlijst', 'int', 12),
  ];
  const rows = lines.map((l) => [
    l.itemNo,
    l.description,
    l.plantNo,
    l.quantity,
    l.onSiteSince,
    l.daysOnSite,
    ...(prices ? [l.dayPrice, l.weekPrice, l.lineDayRent, l.lineWeekRent] : []),
    l.nextInspection,
    l.onMyRemovalList,
  ]);
  const day = calendarDayIn(ctx.now);
  return {
    fileName: exportFileName(
      [translate(ctx.locale, 'Materieelvoorraad.export.voorraad'), locationNo, day],
      query.format,
    ),
    format: query.format,
    body: exportTable(query.format, { sheetName: locationNo, columns, rows, locale: ctx.locale }),
  };
}

/** GET PlantInventoryItems/{itemNo}/history/export: the stock history (Materieelvoorraad_ShowExportVoorraadVerloop). */
export async function exportHistory(
  ctx: Ctx,
  itemNo: string,
  query: { plantLocation: string; plantNo?: string; format: ExportFormat },
): Promise<ExportFile> {
  if (!(await ctx.settings()).Materieelvoorraad_ShowExportVoorraadVerloop) {
    throw errors.forbidden('Materieelvoorraad.export.verloop_uit');
  }
  const history = await stockHistory(ctx, itemNo, query);
  const columns: ExportColumn[] = [
    col(ctx, 'Materieelvoorraad.verloop.datum', 'date', 14),
    col(ctx, 'Materieelvoorraad.export.tot', 'date', 14),
    col(ctx, 'Materieelvoorraad.export.soort', 'text', 26),
    col(ctx, 'Materieelvoorraad.verloop.mutatie', 'int', 10),
    col(ctx, 'Materieelvoorraad.verloop.saldo', 'int', 10),
    col(ctx, 'Materieelvoorraad.verloop.ordernummer', 'text', 14),
  ];
  const rows = history.entries.map((e) => [
    e.date,
    e.until,
    translate(ctx.locale, ledgerKindKey[e.kind]),
    e.quantity,
    e.balance,
    e.orderNo,
  ]);
  const name = [
    translate(ctx.locale, 'Materieelvoorraad.export.verloop'),
    history.locationNo,
    history.itemNo,
  ];
  if (history.plantNo) name.push(history.plantNo);
  return {
    fileName: exportFileName(name, query.format),
    format: query.format,
    body: exportTable(query.format, {
      sheetName: history.plantNo ?? history.itemNo,
      columns,
      rows,
      locale: ctx.locale,
    }),
  };
}
