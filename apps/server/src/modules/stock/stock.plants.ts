import type { HistoryEntry, PlantDetail, ScanResult, StockHistory } from '@mp/contract/api/stock';
import { availableForRemoval, daysOnSite, plantNoFromCode } from '@mp/contract/rules/stock';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, errors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { itemsById, itemsByNo, priceDisplayFor, pricesOf } from '../catalogue/index.ts';
import {
  insertScan,
  type LedgerRow,
  plantWasOn,
  selectInspections,
  selectLedger,
  selectPlantByNo,
} from './stock.queries.ts';
import { AREA, lineId, removalAllowed, shownInspection, stockView, today } from './stock.service.ts';

/*
 * One item's or plant's way on the caller's locations (issue #10, decision 0014): the stock history of an item on a
 * location (VoorraadVerloop), one numbered plant with its inspections and movements, and the plant a scanned code
 * names. The stock lists are stock.service.ts (their per-request work stock.lines.ts).
 */

/** Ledger rows with the running balance; with `empty`, a row for each period the balance stood at 0. */
export function withBalance(rows: LedgerRow[], empty: boolean): HistoryEntry[] {
  const out: HistoryEntry[] = [];
  let balance = 0;
  let emptySince: string | null = null;
  for (const r of rows) {
    if (empty && emptySince !== null && balance === 0) {
      out.push(emptyRow(emptySince, r.date));
      emptySince = null;
    }
    balance += r.quantity;
    out.push({
      date: r.date,
      kind: r.kind,
      locationNo: r.locationNo,
      quantity: r.quantity,
      balance,
      orderId: r.orderId,
      orderNo: r.orderNo,
      orderKind: r.orderKind,
      until: null,
    });
    if (balance === 0) emptySince = r.date;
  }
  if (empty && emptySince !== null) out.push({ ...emptyRow(emptySince, null) });
  return out;
}

function emptyRow(from: string, next: string | null): HistoryEntry {
  let until: string | null = null;
  if (next) {
    const d = new Date(`${next}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() - 1);
    until = d.toISOString().slice(0, 10);
  }
  return {
    date: from,
    kind: 'empty',
    locationNo: null,
    quantity: 0,
    balance: 0,
    orderId: null,
    orderNo: null,
    orderKind: null,
    until,
  };
}

async function knownItem(ctx: Ctx, itemNo: string) {
  const item = (await itemsByNo(ctx.db, ctx.locale, [itemNo])).get(itemNo);
  if (!item) throw errors.notFound('error.niet_gevonden', { itemNo });
  return item;
}

/** VoorraadVerloop: the ledger of an item (or one of its plants) on the location, with the running balance. */
export async function stockHistory(
  ctx: Ctx,
  itemNo: string,
  query: { plantLocation: string; plantNo?: string },
): Promise<StockHistory> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    area: AREA,
    locationNo: query.plantLocation,
  });
  const item = await knownItem(ctx, itemNo);
  let plantId: string | null = null;
  if (query.plantNo) {
    const plant = await selectPlantByNo(ctx.db, query.plantNo);
    if (!plant || plant.itemId !== item.id)
      throw errors.notFound('error.niet_gevonden', { plantNo: query.plantNo });
    plantId = plant.id;
  }
  const s = await ctx.settings();
  const rows = await selectLedger(ctx.db, { itemId: item.id, plantId, locationIds: [location.locationId] });
  if (rows.length === 0)
    throw errors.notFound('error.niet_gevonden', { itemNo, plantNo: query.plantNo ?? null });
  // inventory = Σ ledger per place, item and plant (decision 0014, tested over the demo data): no second statement.
  const current = rows.reduce((n, r) => n + r.quantity, 0);
  const empty = s.Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad;
  if (current === 0 && !empty) {
    // Without Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad an item no longer on site has no history here.
    throw new AppError('not_found', 'error.geen_voorraad', {
      details: { itemNo, plantNo: query.plantNo ?? null },
    });
  }
  return {
    locationNo: location.locationNo,
    itemNo: item.itemNo,
    description: item.description,
    plantNo: query.plantNo ?? null,
    current,
    entries: withBalance(rows, empty),
    showsEmptyPeriods: empty,
  };
}

/**
 * One numbered plant, seen from a location of the caller: it stands there now or stood there before
 * (else 404, like an unknown one). Its history covers every location of the caller.
 */
export async function plantDetail(
  ctx: Ctx,
  itemNo: string,
  plantNo: string,
  locationNo: string,
): Promise<PlantDetail> {
  const location = await requireAccess(ctx, { permission: 'location.read', area: AREA, locationNo });
  const plant = await selectPlantByNo(ctx.db, plantNo);
  const notFound = () => errors.notFound('error.niet_gevonden', { plantNo });
  if (!plant) throw notFound();
  const item = (await itemsById(ctx.db, ctx.locale, [plant.itemId])).get(plant.itemId);
  if (!item || item.itemNo !== itemNo) throw notFound();
  const here = plant.locationId === location.locationId;
  if (!here && !(await plantWasOn(ctx.db, plant.id, [location.locationId]))) throw notFound();
  // its history over every location of the caller's (an admin's: this one)
  const accessible = await requireAccess(ctx, { permission: 'locations.read' });
  const s = await ctx.settings();
  const day = today(ctx);
  const [inspections, ledger, display, canRemove] = await Promise.all([
    selectInspections(ctx.db, plant.id),
    selectLedger(ctx.db, {
      plantId: plant.id,
      locationIds: accessible === 'all' ? [location.locationId] : accessible,
    }),
    priceDisplayFor(ctx, true),
    removalAllowed(ctx, location, s),
  ]);
  let mine = 0;
  let others = 0;
  let leaving = 0;
  let since: string | null = null;
  if (here) {
    const view = await stockView(ctx, location);
    const amounts = view.listed.get(lineId(plant.itemId, plant.id));
    mine = amounts?.mine ?? 0;
    others = amounts?.others ?? 0;
    leaving = view.leaving.get(lineId(plant.itemId, plant.id)) ?? 0;
    since = view.rows.find((r) => r.plantId === plant.id)?.since ?? null;
  }
  const countOthers = s.Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers;
  const visibleAt =
    plant.locationId && (accessible === 'all' || accessible.includes(plant.locationId))
      ? (ledger.findLast((l) => l.locationId === plant.locationId)?.locationNo ??
        (here ? location.locationNo : null))
      : null;
  return {
    itemNo: item.itemNo,
    plantNo: plant.plantNo,
    description: item.description,
    serialNo: plant.serialNo,
    buildYear: plant.buildYear,
    status: plant.status,
    locationNo: visibleAt,
    onSite: here,
    onSiteSince: since,
    daysOnSite: since ? daysOnSite(since, day) : null,
    rentalType: item.rentalType,
    ...pricesOf(item, display),
    weightPerPiece: item.weight,
    imageUrl: item.imageUrl,
    ...shownInspection(inspections[0]?.nextDueDate ?? null, plant.external, day, s),
    external: plant.external,
    inspections,
    history: withBalancePerLocation(ledger),
    onMyRemovalList: mine,
    availableForRemoval: here && canRemove ? availableForRemoval(1, others, countOthers, leaving) : 0,
    canRemove: here && canRemove,
  };
}

/** A plant's movements over several locations: the balance is the plant's presence at the row's location. */
function withBalancePerLocation(rows: LedgerRow[]): HistoryEntry[] {
  const at = new Map<string, number>();
  return rows.map((r) => {
    const key = r.locationId ?? '';
    const balance = (at.get(key) ?? 0) + r.quantity;
    at.set(key, balance);
    return {
      date: r.date,
      kind: r.kind,
      locationNo: r.locationNo,
      quantity: r.quantity,
      balance,
      orderId: r.orderId,
      orderNo: r.orderNo,
      orderKind: r.orderKind,
      until: null,
    };
  });
}

/**
 * GET PlantInventoryItems/scan (Materieelvoorraad_ScannenEnabled): the plant a scanned or typed code names — a
 * plant number or a label's address — when it stands on one of the caller's locations (else 404, like an unknown
 * one: a plant elsewhere is not told about).
 */
export async function scanPlant(ctx: Ctx, code: string): Promise<ScanResult> {
  const plantNo = plantNoFromCode(code);
  const notFound = () => errors.notFound('Materieelvoorraad.scan_niet_gevonden', { code });
  const { row: plant, location } = await requireAccess(ctx, {
    permission: 'plant.read',
    // the scanner's switch after the area, before the code is looked up
    load: async () => {
      if (!(await ctx.settings()).Materieelvoorraad_ScannenEnabled) {
        throw errors.forbidden('Materieelvoorraad.scannen_uit');
      }
      return plantNo ? selectPlantByNo(ctx.db, plantNo) : null;
    },
    notFound,
  });
  const item = (await itemsById(ctx.db, ctx.locale, [plant.itemId])).get(plant.itemId);
  if (!item) throw notFound();
  // somebody had it in hand: the plant is not idle (decision 0034)
  await insertScan(ctx.db, plant.id, location.locationId, ctx.user?.id ?? null);
  return {
    itemNo: item.itemNo,
    plantNo: plant.plantNo,
    description: item.description,
    locationNo: location.locationNo,
    external: plant.external,
  };
}
