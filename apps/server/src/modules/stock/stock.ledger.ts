import { sql } from 'drizzle-orm';
import { AppError } from '../../platform/errors.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

/*
 * The ledger writer (issue #12, decision 0018): the one way stock moves. Each movement takes a quantity of an
 * item (or one numbered plant) from one place to another — a location or a depot — in the caller's transaction:
 * the `inventory` rows change under row locks (a bulk row never goes below zero, a plant is taken only from where
 * it is), `plants` follows its plant, and two append-only `inventory_ledger` rows record the move (− at the source,
 * + at the destination). The stock revision triggers (migration 0009) tell the stock screens.
 */

export type Place = { locationId: string; depotId?: undefined } | { depotId: string; locationId?: undefined };

export type LedgerKind = 'delivery' | 'removal' | 'move_in' | 'move_out' | 'sale' | 'correction';

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
  const ledger: Array<{
    locationId: string | null;
    depotId: string | null;
    itemId: string;
    plantId: string | null;
    quantity: number;
    kind: LedgerKind;
    orderId: string | null;
    orderLineId: string | null;
  }> = [];
  // why: in one fixed order (item, plant) so that two executions touching the same rows wait, never deadlock
  const ordered = [...moves].sort(
    (a, b) => a.itemId.localeCompare(b.itemId) || (a.plantId ?? '').localeCompare(b.plantId ?? ''),
  );
  for (const m of ordered) {
    const from = placeOf(m.from);
    const to = placeOf(m.to);
    if (m.plantId) await movePlant(tx, m, from, to, day);
    else {
      await takeBulk(tx, m, from, day);
      await addBulk(tx, m, to, day);
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
  await tx.execute(sql`
    insert into inventory_ledger (entry_date, location_id, depot_id, item_id, plant_id, quantity, kind, order_id,
      order_line_id, created_by)
    select ${day}::date, l.location_id, l.depot_id, l.item_id, l.plant_id, l.quantity, l.kind, l.order_id,
      l.order_line_id, ${userId}::uuid
    from unnest(${sql.param(ledger.map((l) => l.locationId))}::uuid[], ${sql.param(ledger.map((l) => l.depotId))}::uuid[],
      ${sql.param(ledger.map((l) => l.itemId))}::uuid[], ${sql.param(ledger.map((l) => l.plantId))}::uuid[],
      ${sql.param(ledger.map((l) => l.quantity))}::int[], ${sql.param(ledger.map((l) => l.kind))}::ledger_kind[],
      ${sql.param(ledger.map((l) => l.orderId))}::uuid[], ${sql.param(ledger.map((l) => l.orderLineId))}::uuid[])
      as l(location_id, depot_id, item_id, plant_id, quantity, kind, order_id, order_line_id)`);
  await closeEmptiedLocations(tx, [
    ...new Set(moves.map((m) => m.from.locationId).filter((id): id is string => !!id)),
  ]);
}

/**
 * A location whose deregistration is pending (decision 0023: its remaining stock was put on a removal list) is
 * closed in the transaction that takes its last stock away.
 */
async function closeEmptiedLocations(tx: Tx, locationIds: string[]): Promise<void> {
  if (locationIds.length === 0) return;
  await tx.execute(sql`
    update plant_locations p set deregistered_at = now(), updated_at = now()
    where p.id = any(${sql.param(locationIds)}::uuid[]) and p.deregistration_requested_at is not null
      and p.deregistered_at is null
      and not exists (select 1 from inventory i where i.location_id = p.id and i.quantity > 0)`);
}

function shortage(m: Movement): AppError {
  return new AppError('conflict', 'error.voorraad_onvoldoende', {
    params: { itemNo: m.plantNo ? `${m.itemNo} (${m.plantNo})` : m.itemNo },
    details: { itemNo: m.itemNo, plantNo: m.plantNo ?? null, quantity: m.quantity },
  });
}

async function takeBulk(
  tx: Tx,
  m: Movement,
  from: { locationId: string | null; depotId: string | null },
  day: string,
): Promise<void> {
  const r = await tx.execute(sql`
    update inventory set quantity = quantity - ${m.quantity}, last_movement_date = ${day}::date
    where item_id = ${m.itemId} and plant_id is null and quantity >= ${m.quantity}
      and ${from.locationId ? sql`location_id = ${from.locationId}` : sql`depot_id = ${from.depotId}`}
    returning id`);
  if (r.rows.length === 0) throw shortage(m);
}

async function addBulk(
  tx: Tx,
  m: Movement,
  to: { locationId: string | null; depotId: string | null },
  day: string,
): Promise<void> {
  if (to.locationId) {
    await tx.execute(sql`
      insert into inventory (location_id, item_id, quantity, last_movement_date)
      values (${to.locationId}, ${m.itemId}, ${m.quantity}, ${day}::date)
      on conflict (location_id, item_id) where plant_id is null and location_id is not null
      do update set quantity = inventory.quantity + excluded.quantity, last_movement_date = excluded.last_movement_date`);
  } else {
    await tx.execute(sql`
      insert into inventory (depot_id, item_id, quantity, last_movement_date)
      values (${to.depotId}, ${m.itemId}, ${m.quantity}, ${day}::date)
      on conflict (depot_id, item_id) where plant_id is null and depot_id is not null
      do update set quantity = inventory.quantity + excluded.quantity, last_movement_date = excluded.last_movement_date`);
  }
}

async function movePlant(
  tx: Tx,
  m: Movement,
  from: { locationId: string | null; depotId: string | null },
  to: { locationId: string | null; depotId: string | null },
  day: string,
): Promise<void> {
  const r = await tx.execute(sql`
    update inventory set location_id = ${to.locationId}::uuid, depot_id = ${to.depotId}::uuid, quantity = 1,
      last_movement_date = ${day}::date
    where plant_id = ${m.plantId} and quantity = 1
      and ${from.locationId ? sql`location_id = ${from.locationId}` : sql`depot_id = ${from.depotId}`}
    returning id`);
  if (r.rows.length === 0) throw shortage(m);
  await tx.execute(sql`
    update plants set location_id = ${to.locationId}::uuid, depot_id = ${to.depotId}::uuid, updated_at = now()
    where id = ${m.plantId}`);
}
