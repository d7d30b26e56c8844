import type { Tx } from '../../platform/http/idempotency.ts';
import { type OnSiteRow, selectLeaving, selectOnSiteForUpdate } from './stock.queries.ts';

/** A stock row on site, locked, with what open removals and relocations of the location already take of it. */
export interface OnSiteStock extends OnSiteRow {
  leaving: number;
}

/**
 * The stock rows of a location (every one, or those of these items), locked for the rest of the transaction, each
 * with what open removal and relocation requests already take off the location. Writers that check amounts against
 * them (removal lists, the removal and relocation submits) take their turn, so two of them never both see the same
 * stock as free; the rows are locked in a fixed order (by id), so they never deadlock (decision 0014).
 */
export async function lockOnSite(
  tx: Tx,
  locationId: string,
  itemIds: string[] | 'all',
): Promise<OnSiteStock[]> {
  const rows = await selectOnSiteForUpdate(tx, locationId, itemIds);
  const key = (itemId: string, plantId: string | null) => `${itemId}/${plantId ?? ''}`;
  const leaving = new Map(
    (await selectLeaving(tx, locationId, [...new Set(rows.map((r) => r.itemId))])).map((o) => [
      key(o.itemId, o.plantId),
      o.amount,
    ]),
  );
  return rows.map((r) => ({ ...r, leaving: leaving.get(key(r.itemId, r.plantId)) ?? 0 }));
}
