import { sql } from 'drizzle-orm';
import type { Tx } from '../../platform/http/idempotency.ts';

/*
 * The SQL of the ledger writer (stock.ledger.ts decides): the inventory rows under row locks, the plant's place, the
 * append-only ledger rows, and the closing of a location whose deregistration waited for its last stock.
 */

export type LedgerKind = 'delivery' | 'removal' | 'move_in' | 'move_out' | 'sale' | 'correction';

/** One end of a move: a location or a depot. */
export type PlaceIds = { locationId: string | null; depotId: string | null };

export interface LedgerRow extends PlaceIds {
  itemId: string;
  plantId: string | null;
  quantity: number;
  kind: LedgerKind;
  orderId: string | null;
  orderLineId: string | null;
}

const at = (p: PlaceIds) =>
  p.locationId ? sql`location_id = ${p.locationId}` : sql`depot_id = ${p.depotId}`;

/** Takes a bulk quantity from a place, never below zero; false when the place does not hold it. */
export async function takeBulkRow(
  tx: Tx,
  m: { itemId: string; quantity: number },
  from: PlaceIds,
  day: string,
): Promise<boolean> {
  const r = await tx.execute(sql`
    update inventory set quantity = quantity - ${m.quantity}, last_movement_date = ${day}::date
    where item_id = ${m.itemId} and plant_id is null and quantity >= ${m.quantity} and ${at(from)}
    returning id`);
  return r.rows.length > 0;
}

/** Adds a bulk quantity at a place (its row made when it has none). */
export async function addBulkRow(
  tx: Tx,
  m: { itemId: string; quantity: number },
  to: PlaceIds,
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

/** Moves a plant's inventory row and the plant itself, only from where it is; false when it is not there. */
export async function movePlantRows(
  tx: Tx,
  plantId: string,
  from: PlaceIds,
  to: PlaceIds,
  day: string,
): Promise<boolean> {
  const r = await tx.execute(sql`
    update inventory set location_id = ${to.locationId}::uuid, depot_id = ${to.depotId}::uuid, quantity = 1,
      last_movement_date = ${day}::date
    where plant_id = ${plantId} and quantity = 1 and ${at(from)}
    returning id`);
  if (r.rows.length === 0) return false;
  await tx.execute(sql`
    update plants set location_id = ${to.locationId}::uuid, depot_id = ${to.depotId}::uuid, updated_at = now()
    where id = ${plantId}`);
  return true;
}

/** The ledger rows of the moves, on `day` by `userId`, in one statement. */
export async function insertLedgerRows(
  tx: Tx,
  ledger: readonly LedgerRow[],
  day: string,
  userId: string | null,
): Promise<void> {
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
}

/**
 * Closes the locations whose deregistration is pending (decision 0023) and that hold no stock any more, in the
 * transaction that took their last stock away.
 */
export async function closeEmptiedLocations(tx: Pick<Tx, 'execute'>, locationIds: string[]): Promise<void> {
  if (locationIds.length === 0) return;
  await tx.execute(sql`
    update plant_locations p set deregistered_at = now(), updated_at = now()
    where p.id = any(${sql.param(locationIds)}::uuid[]) and p.deregistration_requested_at is not null
      and p.deregistered_at is null
      and not exists (select 1 from inventory i where i.location_id = p.id and i.quantity > 0)`);
}
