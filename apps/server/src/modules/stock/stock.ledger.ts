import { AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import {
  addBulkRow,
  closeEmptiedLocations,
  insertLedgerRows,
  type LedgerKind,
  type LedgerRow,
  movePlantRows,
  takeBulkRow,
} from './stock.ledger.queries.ts';

/*
 * The ledger writer (issue #12, decision 0018): the one way stock moves. Each movement takes a quantity of an
 * item (or one numbered plant) from one place to another — a location or a depot — in the caller's transaction:
 * the `inventory` rows change under row locks (a bulk row never goes below zero, a plant is taken only from where
 * it is), `plants` follows its plant, and two append-only `inventory_ledger` rows record the move (− at the source,
 * + at the destination). The stock revision triggers (migration 0009) tell the stock screens.
 */

export type Place = { locationId: string; depotId?: undefined } | { depotId: string; locationId?: undefined };

export type { LedgerKind };

export interface Movement {
  itemId: string;
  /** For the error message: the item's number. */
  itemNo: string;
  /** A numbered plant (quantity 1), or null for a bulk quantity. */
  plantId: string | null;
  plantNo?: string | null;
  quantity: number;
  from: Place;
  to: Place;
  /** The ledger kinds of the two rows: e.g. delivery/delivery, or move_out/move_in. */
  outKind: LedgerKind;
  inKind: LedgerKind;
  /** The order and order line at each end (a move's move_from and move_to orders each have their own). */
  fromOrderId: string | null;
  fromOrderLineId: string | null;
  toOrderId: string | null;
  toOrderLineId: string | null;
}

const placeOf = (p: Place) => ({ locationId: p.locationId ?? null, depotId: p.depotId ?? null });

/**
 * Posts the movements on `day` by `userId`. Refuses the whole transaction with 409 `error.voorraad_onvoldoende`
 * (naming the item and plant) when a source does not hold what is taken.
 */
export async function postMovements(
  tx: Tx,
  moves: readonly Movement[],
  day: string,
  userId: string | null,
): Promise<void> {
  const ledger: LedgerRow[] = [];
  // why: in one fixed order (item, plant) so that two executions touching the same rows wait, never deadlock
  const ordered = [...moves].sort(
    (a, b) => a.itemId.localeCompare(b.itemId) || (a.plantId ?? '').localeCompare(b.plantId ?? ''),
  );
  for (const m of ordered) {
    const from = placeOf(m.from);
    const to = placeOf(m.to);
    if (m.plantId) {
      if (!(await movePlantRows(tx, m.plantId, from, to, day))) throw shortage(m);
    } else {
      if (!(await takeBulkRow(tx, m, from, day))) throw shortage(m);
      await addBulkRow(tx, m, to, day);
    }
    ledger.push({
      ...from,
      itemId: m.itemId,
      plantId: m.plantId,
      quantity: -m.quantity,
      kind: m.outKind,
      orderId: m.fromOrderId,
      orderLineId: m.fromOrderLineId,
    });
    ledger.push({
      ...to,
      itemId: m.itemId,
      plantId: m.plantId,
      quantity: m.quantity,
      kind: m.inKind,
      orderId: m.toOrderId,
      orderLineId: m.toOrderLineId,
    });
  }
  if (ledger.length === 0) return;
  await insertLedgerRows(tx, ledger, day, userId);
  await closeEmptiedLocations(tx, [
    ...new Set(moves.map((m) => m.from.locationId).filter((id): id is string => !!id)),
  ]);
}

function shortage(m: Movement): AppError {
  return new AppError('conflict', 'error.voorraad_onvoldoende', {
    params: { itemNo: m.plantNo ? `${m.itemNo} (${m.plantNo})` : m.itemNo },
    details: { itemNo: m.itemNo, plantNo: m.plantNo ?? null, quantity: m.quantity },
  });
}
