import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

/** SQL of the removal lists (afvoerlijst): one list per user and location, lines keyed by item, plant, location. */

export type RemovalLineRow = {
  lineId: string;
  itemId: string;
  plantId: string | null;
  plantNo: string | null;
  locationId: string;
  locationNo: string;
  returnAmount: number;
  comment: string | null;
  onSite: number;
  nextInspection: string | null;
};

/** The lines of the user's list on a location, oldest first, with what is on site now. */
export async function selectRemovalLines(
  db: Db,
  userId: string,
  locationId: string,
): Promise<RemovalLineRow[]> {
  const r = await db.execute<RemovalLineRow>(sql`
    select l.id as "lineId", l.item_id as "itemId", l.plant_id as "plantId", p.plant_no as "plantNo",
      l.location_id as "locationId", pl.location_no as "locationNo", l.return_amount as "returnAmount", l.comment,
      coalesce((select sum(inv.quantity) from inventory inv where inv.location_id = l.location_id
        and inv.item_id = l.item_id and inv.plant_id is not distinct from l.plant_id), 0)::int as "onSite",
      (select i.next_due_date::text from inspections i where i.plant_id = l.plant_id
        order by i.inspected_on desc, i.created_at desc limit 1) as "nextInspection"
    from removal_lists rl
    join removal_list_lines l on l.removal_list_id = rl.id
    join plant_locations pl on pl.id = l.location_id
    left join plants p on p.id = l.plant_id
    where rl.user_id = ${userId} and rl.location_id = ${locationId}
    order by l.created_at, l.id`);
  return r.rows;
}

/** The user's list on the location, made when missing. */
export async function ensureRemovalList(tx: Tx, userId: string, locationId: string): Promise<string> {
  const r = await tx.execute<{ id: string }>(sql`
    insert into removal_lists (user_id, location_id) values (${userId}, ${locationId})
    on conflict (user_id, location_id) do update set updated_at = now()
    returning id`);
  return r.rows[0].id;
}

/** What other users have on their removal lists for stock of this location, per (item, plant). */
export async function selectOthersAmounts(
  tx: Tx,
  userId: string,
  locationId: string,
): Promise<Array<{ itemId: string; plantId: string | null; amount: number }>> {
  const r = await tx.execute<{ itemId: string; plantId: string | null; amount: number }>(sql`
    select l.item_id as "itemId", l.plant_id as "plantId", sum(l.return_amount)::int as amount
    from removal_list_lines l join removal_lists rl on rl.id = l.removal_list_id
    where l.location_id = ${locationId} and rl.user_id <> ${userId}
    group by l.item_id, l.plant_id`);
  return r.rows;
}

/** Puts lines on a list: a line already there gets the new amount (and the comment when one is given). */
export async function upsertRemovalLines(
  tx: Tx,
  listId: string,
  locationId: string,
  lines: Array<{ itemId: string; plantId: string | null; amount: number; comment: string | null }>,
): Promise<void> {
  if (lines.length === 0) return;
  await tx.execute(sql`
    insert into removal_list_lines (removal_list_id, location_id, item_id, plant_id, return_amount, comment)
    select ${listId}, ${locationId}, x.item_id, x.plant_id, x.amount, x.comment
    from unnest(${sql.param(lines.map((l) => l.itemId))}::uuid[], ${sql.param(lines.map((l) => l.plantId))}::uuid[],
      ${sql.param(lines.map((l) => l.amount))}::int[], ${sql.param(lines.map((l) => l.comment))}::text[])
      as x(item_id, plant_id, amount, comment)
    on conflict (removal_list_id, location_id, item_id, coalesce(plant_id, '00000000-0000-0000-0000-000000000000'::uuid))
    do update set return_amount = excluded.return_amount,
      comment = coalesce(excluded.comment, removal_list_lines.comment), updated_at = now()`);
}

export type OwnLineRow = {
  lineId: string;
  itemId: string;
  itemNo: string;
  plantId: string | null;
  plantNo: string | null;
  returnAmount: number;
  comment: string | null;
};

/**
 * Lines of the user's list on the location (these ids, or all); lines of another list are never found. Writers
 * that check amounts lock the stock rows first (lockOnSite), which orders them; these rows are read after that.
 */
export async function selectOwnLines(
  tx: Tx,
  userId: string,
  locationId: string,
  lineIds: readonly string[] | 'all',
): Promise<OwnLineRow[]> {
  const r = await tx.execute<OwnLineRow>(sql`
    select l.id as "lineId", l.item_id as "itemId", i.item_no as "itemNo", l.plant_id as "plantId",
      p.plant_no as "plantNo", l.return_amount as "returnAmount", l.comment
    from removal_list_lines l
    join removal_lists rl on rl.id = l.removal_list_id
    join items i on i.id = l.item_id
    left join plants p on p.id = l.plant_id
    where rl.user_id = ${userId} and rl.location_id = ${locationId}
      and ${lineIds === 'all' ? sql`true` : sql`l.id = any(${sql.param([...lineIds])}::uuid[])`}
    order by l.created_at, l.id`);
  return r.rows;
}

/** Which of the caller's lists (by its location number) each of these lines is on; lines of others are left out. */
export async function selectOwnLineLists(
  db: Db | Tx,
  userId: string,
  lineIds: readonly string[],
): Promise<Array<{ lineId: string; locationNo: string }>> {
  const r = await db.execute<{ lineId: string; locationNo: string }>(sql`
    select l.id as "lineId", pl.location_no as "locationNo"
    from removal_list_lines l
    join removal_lists rl on rl.id = l.removal_list_id
    join plant_locations pl on pl.id = rl.location_id
    where rl.user_id = ${userId} and l.id = any(${sql.param([...lineIds])}::uuid[])`);
  return r.rows;
}

/** New amounts and comments of lines (undefined: unchanged; a comment of null or '': cleared). */
export async function updateLines(
  tx: Tx,
  updates: ReadonlyArray<{ lineId: string; amount?: number; comment?: string | null }>,
): Promise<void> {
  if (updates.length === 0) return;
  await tx.execute(sql`
    update removal_list_lines l set
      return_amount = coalesce(x.amount, l.return_amount),
      comment = case when x.set_comment then nullif(x.comment, '') else l.comment end,
      updated_at = now()
    from unnest(${sql.param(updates.map((u) => u.lineId))}::uuid[],
      ${sql.param(updates.map((u) => u.amount ?? null))}::int[],
      ${sql.param(updates.map((u) => u.comment !== undefined))}::boolean[],
      ${sql.param(updates.map((u) => u.comment ?? null))}::text[]) as x(id, amount, set_comment, comment)
    where l.id = x.id`);
}

/** Deletes these lines of the user's list on the location (all of them: empties it); how many went. */
export async function deleteOwnLines(
  tx: Tx,
  userId: string,
  locationId: string,
  lineIds: readonly string[] | 'all',
): Promise<number> {
  const r = await tx.execute(sql`
    delete from removal_list_lines l using removal_lists rl
    where rl.id = l.removal_list_id and rl.user_id = ${userId} and rl.location_id = ${locationId}
      and ${lineIds === 'all' ? sql`true` : sql`l.id = any(${sql.param([...lineIds])}::uuid[])`}`);
  return r.rowCount ?? 0;
}
