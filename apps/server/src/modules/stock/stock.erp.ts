import type { Db } from '../../platform/db/database.ts';
import {
  applyErpBulkStock,
  deletePlant,
  keyErpPlantStock,
  lockStockOfPage,
  missingKeys,
  placePlants,
  plantTargets,
  type ReferenceKey,
  retirePlant,
  selectPlantIdsByErpId,
  stockPlantTargets,
  takeOffErpStock,
  upsertErpPlants,
} from './stock.erp.queries.ts';
import { closeEmptiedLocations } from './stock.ledger.queries.ts';

/*
 * The stock's side of the ERP sync (issue #33, decision 0027): the ERP's plants and its stock on site, a page at a
 * time in the sync's transaction. Only the stock module writes `inventory`, `inventory_ledger` and `plants`: the ERP
 * module hands the records in the portal's words and calls these.
 *
 * With an ERP, the ERP is the record of what stands where. The portal's stock stays a ledger: where the ERP's
 * quantity on a location differs from the portal's, a `correction` row (note 'erp') for the difference goes into the
 * ledger at that place and the inventory row follows; a plant the ERP has elsewhere gets −1 where it stood and +1
 * where it stands. So inventory stays the ledger's sum, a plant stands where its plants row says, the stock pages
 * and their history show the ERP's stock, and a location whose deregistration waited for its last stock closes.
 */

export interface StockErpWrite {
  upserted: number;
  /** Nothing was written: the page names these, which the portal does not have yet. */
  waitingFor: { entity: 'items' | 'projectLocations' | 'depots' | 'plants'; keys: string[] } | null;
}

export interface ErpPlantRow {
  erpId: string;
  plantNo: string;
  itemNo: string;
  serialNo: string | null;
  buildYear: number | null;
  status: string;
  external: boolean;
  locationNo: string;
  depotNo: string;
}
export interface ErpStockRow {
  erpId: string;
  locationNo: string;
  itemNo: string;
  plantNo: string;
  quantity: number;
  lastMovementDate: string | null;
}

const waitsFor: Record<ReferenceKey, NonNullable<StockErpWrite['waitingFor']>['entity']> = {
  itemNo: 'items',
  locationNo: 'projectLocations',
  depotNo: 'depots',
  plantNo: 'plants',
};

/** The first reference of the page the portal does not have yet, in the order given. */
async function waitingFor(
  tx: Db,
  rows: readonly object[],
  keys: ReferenceKey[],
): Promise<StockErpWrite | null> {
  for (const key of keys) {
    const unknown = await missingKeys(tx, rows, key);
    if (unknown.length) return { upserted: 0, waitingFor: { entity: waitsFor[key], keys: unknown } };
  }
  return null;
}

/** Plants: their own fields, then where they stand (a location, a depot or nowhere) as the ERP says. */
export async function writeErpPlants(tx: Db, rows: readonly ErpPlantRow[]): Promise<StockErpWrite> {
  if (!rows.length) return { upserted: 0, waitingFor: null };
  const waiting = await waitingFor(tx, rows, ['itemNo', 'locationNo', 'depotNo']);
  if (waiting) return waiting;
  const upserted = await upsertErpPlants(tx, rows);
  const placed = await placePlants(tx, plantTargets(rows));
  await closeEmptiedLocations(tx, placed.left);
  return { upserted: upserted + placed.moved, waitingFor: null };
}

/** Stock on site: each plant on its location, each bulk quantity as the ERP counts it. */
export async function writeErpStockOnSite(tx: Db, rows: readonly ErpStockRow[]): Promise<StockErpWrite> {
  if (!rows.length) return { upserted: 0, waitingFor: null };
  const waiting = await waitingFor(tx, rows, ['locationNo', 'itemNo', 'plantNo']);
  if (waiting) return waiting;
  await lockStockOfPage(tx, rows);
  const placed = await placePlants(tx, stockPlantTargets(rows));
  const keyed = await keyErpPlantStock(tx, rows);
  const bulk = await applyErpBulkStock(tx, rows);
  await closeEmptiedLocations(tx, [...new Set([...placed.left, ...bulk.reduced])]);
  return { upserted: placed.moved + keyed + bulk.changed, waitingFor: null };
}

/** Stock on site the ERP deleted: taken off its location (a correction), the row at 0. */
export async function deleteErpStockOnSite(tx: Db, erpIds: readonly string[]): Promise<number> {
  if (!erpIds.length) return 0;
  const { taken, locations } = await takeOffErpStock(tx, { erpIds });
  await closeEmptiedLocations(tx, locations);
  return taken;
}

/**
 * The end of a full sync of the stock on site: what stands on a location in the portal but not in the ERP's list
 * (a portal that ran without the ERP) is taken off with a correction, so the locations hold what the ERP holds.
 */
export async function sweepUnlistedStockOnSite(tx: Db): Promise<number> {
  const { taken, locations } = await takeOffErpStock(tx, 'unlisted');
  await closeEmptiedLocations(tx, locations);
  return taken;
}

/** Plants the ERP deleted: deleted, or retired while the ledger or a request still names them. */
export async function deleteErpPlants(tx: Db, erpIds: readonly string[]): Promise<number> {
  if (!erpIds.length) return 0;
  const ids = await selectPlantIdsByErpId(tx, erpIds);
  for (const id of ids) {
    try {
      // why: a savepoint per plant, so a plant still named only rolls back its own delete
      await tx.transaction(async (sp) => deletePlant(sp, id));
    } catch (e) {
      if (!stillNamed(e)) throw e;
      await retirePlant(tx, id);
    }
  }
  return ids.length;
}

/** A foreign key that keeps the row (RESTRICT: 23001, NO ACTION: 23503). */
function stillNamed(e: unknown): boolean {
  const code = (e as { code?: string }).code ?? (e as { cause?: { code?: string } }).cause?.code;
  return code === '23001' || code === '23503';
}
