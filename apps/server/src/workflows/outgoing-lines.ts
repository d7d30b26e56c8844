import { availableForRemoval } from '@mp/contract/rules/stock';
import { type RemovalListLine, takeRemovalList } from '../modules/removal-lists/index.ts';
import { lockOnSite, selectLeaving } from '../modules/stock/index.ts';
import { AppError } from '../platform/errors.ts';
import type { Tx } from '../platform/http/idempotency.ts';

/**
 * The caller's removal list on the location as a removal or relocation takes it, in the submit's transaction:
 * the stock rows of its items locked first (decision 0014's order: every amount writer locks them before it
 * reads), then the list read again and every amount checked against what is on site minus what open removals
 * and relocations of the location already take. An empty list is 422 error.afvoerlijst_leeg; a line that no
 * longer fits 409 error.afvoer_conflict naming the item — so two users sending off the last piece at the same
 * moment take turns and the second is told which piece.
 */
export async function takeOutgoingLines(
  tx: Tx,
  userId: string,
  locationId: string,
): Promise<RemovalListLine[]> {
  const listed = await takeRemovalList(tx, userId, locationId);
  if (listed.length === 0) throw new AppError('rule', 'error.afvoerlijst_leeg');
  const itemIds = [...new Set(listed.map((l) => l.itemId))];
  const onSite = await lockOnSite(tx, locationId, itemIds);
  const lines = await takeRemovalList(tx, userId, locationId);
  if (lines.length === 0) throw new AppError('rule', 'error.afvoerlijst_leeg');
  const key = (itemId: string, plantId: string | null) => `${itemId}/${plantId ?? ''}`;
  const leaving = new Map(
    (await selectLeaving(tx, locationId, itemIds)).map((o) => [key(o.itemId, o.plantId), o.amount]),
  );
  for (const l of lines) {
    const row = onSite.find((r) => r.itemId === l.itemId && r.plantId === l.plantId);
    // On site minus what open removals and relocations already take (other users' lists do not count here).
    const available = availableForRemoval(
      row?.quantity ?? 0,
      0,
      false,
      leaving.get(key(l.itemId, l.plantId)) ?? 0,
    );
    if (l.returnAmount > available) {
      throw new AppError('conflict', 'error.afvoer_conflict', {
        details: { itemNo: l.itemNo, plantNo: l.plantNo, available, lineId: l.lineId },
        params: { itemNo: l.plantNo ? `${l.itemNo} ${l.plantNo}` : l.itemNo, available },
      });
    }
  }
  return lines;
}
