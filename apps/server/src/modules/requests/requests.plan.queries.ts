import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

/*
 * The SQL of planning a request and of what its execution moves (requests.plan.ts decides): its item lines, the
 * plants picked for it, plants by number, a depot by number and the bulk stock a depot holds.
 */

type Q = Db | Tx;

export type WorkLineRow = {
  lineId: string;
  lineNo: number;
  itemId: string;
  itemNo: string;
  numbered: boolean;
  plantId: string | null;
  plantNo: string | null;
  amount: number;
  comment: string | null;
};

/** A request's item lines as the department plans and executes them (set parents left out: their parts carry items). */
export async function selectWorkLines(db: Q, requestId: string): Promise<WorkLineRow[]> {
  const r = await db.execute<WorkLineRow>(sql`
    select rl.id as "lineId", rl.line_no as "lineNo", i.id as "itemId", i.item_no as "itemNo", i.numbered,
      rl.plant_id as "plantId", p.plant_no as "plantNo", rl.amount, rl.comment
    from request_lines rl join items i on i.id = rl.item_id left join plants p on p.id = rl.plant_id
    where rl.request_id = ${requestId} order by rl.line_no`);
  return r.rows;
}

/** The plants picked for a request, per line. */
export async function selectPicks(db: Q, requestId: string) {
  const r = await db.execute<{ lineId: string; plantId: string; plantNo: string }>(sql`
    select rp.request_line_id as "lineId", rp.plant_id as "plantId", p.plant_no as "plantNo"
    from request_line_plants rp join plants p on p.id = rp.plant_id
    where rp.request_id = ${requestId} order by p.plant_no`);
  return r.rows;
}

/** Plants by number with where they are now (for checking the department's picks). */
export async function selectPlantsByNo(db: Q, plantNos: readonly string[]) {
  if (plantNos.length === 0) return [];
  const r = await db.execute<{
    id: string;
    plantNo: string;
    itemId: string;
    depotId: string | null;
    locationId: string | null;
    status: string;
  }>(sql`
    select id, plant_no as "plantNo", item_id as "itemId", depot_id as "depotId", location_id as "locationId", status
    from plants where plant_no = any(${sql.param([...plantNos])}::text[])`);
  return r.rows;
}

/** A depot's id by its number; null for an unknown one. */
export async function selectDepotId(db: Q, depotNo: string): Promise<string | null> {
  const r = await db.execute<{ id: string }>(sql`select id from depots where depot_no = ${depotNo}`);
  return r.rows[0]?.id ?? null;
}

/** The stock on hand of bulk items in one depot. */
export async function selectDepotBulk(
  db: Q,
  depotId: string,
  itemIds: string[],
): Promise<Map<string, number>> {
  if (itemIds.length === 0) return new Map();
  const r = await db.execute<{ itemId: string; quantity: number }>(sql`
    select item_id as "itemId", quantity from inventory
    where depot_id = ${depotId} and plant_id is null and item_id = any(${sql.param(itemIds)}::uuid[])`);
  return new Map(r.rows.map((x) => [x.itemId, x.quantity]));
}
