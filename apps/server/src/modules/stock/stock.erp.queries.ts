import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The SQL of the ERP's plants and stock on site (stock.erp.ts decides; decision 0027): set-based over a page of
 * records passed as one JSON array. Where the ERP's stock differs from the portal's, `correction` rows go into the
 * ledger at that place for the difference and `inventory` (and a plant's `plants` row) follows, so inventory stays
 * the ledger's sum and a plant stands where its plants row says. Runs in the page's transaction.
 */

type Rows = readonly object[];
const json = (rows: Rows) => sql`${JSON.stringify(rows)}::jsonb`;
const affected = (r: { rowCount: number | null }) => r.rowCount ?? 0;

const referenced = {
  itemNo: { table: sql`items`, column: sql`item_no` },
  locationNo: { table: sql`plant_locations`, column: sql`location_no` },
  depotNo: { table: sql`depots`, column: sql`depot_no` },
  plantNo: { table: sql`plants`, column: sql`plant_no` },
};
export type ReferenceKey = keyof typeof referenced;

/** The values of `key` in the page that name no item, location, depot or plant (at most 10), '' left out. */
export async function missingKeys(db: Db, rows: Rows, key: ReferenceKey): Promise<string[]> {
  const { table, column } = referenced[key];
  const found = await db.execute<{ v: string }>(sql`
    select distinct x.v from (select jsonb_array_elements(${json(rows)}) ->> ${key} as v) x
    where coalesce(x.v, '') <> '' and not exists (select 1 from ${table} t where t.${column} = x.v)
    order by x.v limit 10`);
  return found.rows.map((row) => row.v);
}

// ── plants ───────────────────────────────────────────────────────────────────────────────────────

const plantPage = (rows: Rows) => sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "plantNo" text,
  "itemNo" text, "serialNo" text, "buildYear" int, status text, external boolean, "locationNo" text, "depotNo" text)`;

/** The plants' own fields (a portal plant of the same number adopted first); where they stand is placePlants'. */
export async function upsertErpPlants(tx: Db, rows: Rows): Promise<number> {
  await tx.execute(sql`
    update plants p set erp_id = v."erpId" from ${plantPage(rows)}
    where p.plant_no = v."plantNo" and p.erp_id is distinct from v."erpId"
      and not exists (select 1 from plants o where o.erp_id = v."erpId")`);
  const r = await tx.execute(sql`
    insert into plants (erp_id, plant_no, item_id, serial_no, build_year, status, external)
    select v."erpId", v."plantNo", i.id, v."serialNo", v."buildYear", v.status::plant_status, v.external
    from ${plantPage(rows)} join items i on i.item_no = v."itemNo"
    on conflict (erp_id) do update set plant_no = excluded.plant_no, item_id = excluded.item_id,
      serial_no = excluded.serial_no, build_year = excluded.build_year, status = excluded.status,
      external = excluded.external, updated_at = now()
    where (plants.plant_no, plants.item_id, plants.serial_no, plants.build_year, plants.status, plants.external)
      is distinct from (excluded.plant_no, excluded.item_id, excluded.serial_no, excluded.build_year,
        excluded.status, excluded.external)`);
  return affected(r);
}

/** Where each plant of the page stands by the ERP: a location, a depot, or nowhere (both null). */
export const plantTargets = (rows: Rows) => sql`(
  select p.id as plant_id, p.item_id, l.id as location_id, d.id as depot_id, current_date as day
  from ${plantPage(rows)} join plants p on p.erp_id = v."erpId"
    left join plant_locations l on l.location_no = v."locationNo" and v."locationNo" <> ''
    left join depots d on d.depot_no = v."depotNo" and v."depotNo" <> '' and v."locationNo" = '')`;

/** The plants of a page of stock on site: on its location (quantity 1), or off it (0: only if it stands there). */
export const stockPlantTargets = (rows: Rows) => sql`(
  select p.id as plant_id, p.item_id,
    case when v.quantity > 0 then l.id end as location_id, null::uuid as depot_id,
    coalesce(v."lastMovementDate", current_date) as day
  from ${stockPage(rows)} join plants p on p.plant_no = v."plantNo" join plant_locations l on l.location_no = v."locationNo"
  where v."plantNo" <> '' and (v.quantity > 0 or p.location_id = l.id))`;

/**
 * Puts each plant where `targets` says (plant_id, item_id, location_id, depot_id, day): where its inventory row
 * differs, −1 `correction` where it stood and +1 where it stands now, its inventory row moved (or left at 0 when it
 * stands nowhere), its plants row following. Answers the locations it left (their pending deregistration may close).
 */
export async function placePlants(tx: Db, targets: SQL): Promise<{ moved: number; left: string[] }> {
  const moves = sql`(
    select t.*, i.id as inventory_id, i.location_id as from_location, i.depot_id as from_depot
    from ${targets} t left join inventory i on i.plant_id = t.plant_id and i.quantity = 1
    where (i.id is null and num_nonnulls(t.location_id, t.depot_id) = 1)
      or (i.id is not null and (i.location_id, i.depot_id) is distinct from (t.location_id, t.depot_id))) m`;
  await tx.execute(sql`
    select i.id from inventory i join ${targets} t on t.plant_id = i.plant_id order by i.id for update of i`);
  const out = await tx.execute<{ location_id: string | null; plant_id: string; quantity: number }>(sql`
    insert into inventory_ledger (entry_date, location_id, depot_id, item_id, plant_id, quantity, kind, note)
    select m.day, x.location_id, x.depot_id, m.item_id, m.plant_id, x.quantity, 'correction', 'erp'
    from ${moves} cross join lateral (values (m.from_location, m.from_depot, -1), (m.location_id, m.depot_id, 1))
      as x(location_id, depot_id, quantity)
    where num_nonnulls(x.location_id, x.depot_id) = 1
    returning location_id, plant_id, quantity`);
  const moved = new Set(out.rows.map((r) => r.plant_id)).size;
  await tx.execute(sql`
    update inventory i set location_id = coalesce(t.location_id, case when t.depot_id is null then i.location_id end),
      depot_id = coalesce(t.depot_id, case when t.location_id is null then i.depot_id end),
      quantity = case when num_nonnulls(t.location_id, t.depot_id) = 1 then 1 else 0 end, last_movement_date = t.day
    from ${targets} t
    where i.plant_id = t.plant_id
      and (i.quantity, i.location_id, i.depot_id) is distinct from
        (1, t.location_id, t.depot_id)
      and (num_nonnulls(t.location_id, t.depot_id) = 1 or i.quantity = 1)`);
  await tx.execute(sql`
    insert into inventory (location_id, depot_id, item_id, plant_id, quantity, last_movement_date)
    select t.location_id, t.depot_id, t.item_id, t.plant_id, 1, t.day from ${targets} t
    where num_nonnulls(t.location_id, t.depot_id) = 1
      and not exists (select 1 from inventory i where i.plant_id = t.plant_id)`);
  // why: also when no stock moved, so a plants row that strayed from its inventory row follows it again
  await tx.execute(sql`
    update plants p set location_id = t.location_id, depot_id = t.depot_id, updated_at = now() from ${targets} t
    where p.id = t.plant_id and (p.location_id, p.depot_id) is distinct from (t.location_id, t.depot_id)`);
  const left = out.rows.filter((r) => r.quantity < 0 && r.location_id).map((r) => r.location_id as string);
  return { moved, left: [...new Set(left)] };
}

// ── stock on site ────────────────────────────────────────────────────────────────────────────────

const stockPage = (rows: Rows) => sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "locationNo" text,
  "itemNo" text, "plantNo" text, quantity int, "lastMovementDate" date)`;

/** The bulk rows of a page as the portal's keys, with the portal's current quantity there. */
const bulkRows = (rows: Rows) => sql`(
  select v."erpId" as erp_id, l.id as location_id, it.id as item_id, v.quantity,
    coalesce(v."lastMovementDate", current_date) as day, i.id as inventory_id, coalesce(i.quantity, 0) as current
  from ${stockPage(rows)} join plant_locations l on l.location_no = v."locationNo"
    join items it on it.item_no = v."itemNo"
    left join inventory i on i.location_id = l.id and i.item_id = it.id and i.plant_id is null
  where v."plantNo" = '') b`;

/**
 * Locks the inventory rows a page of stock on site may change — its plants' rows wherever they stand, its bulk rows —
 * in one statement in id order, as every stock writer locks (decision 0014), so the sync and a user never deadlock.
 */
export async function lockStockOfPage(tx: Db, rows: Rows): Promise<void> {
  await tx.execute(sql`
    select i.id from inventory i
    where i.plant_id in (select p.id from ${stockPage(rows)} join plants p on p.plant_no = v."plantNo")
      or i.id in (select b.inventory_id from ${bulkRows(rows)})
    order by i.id for update of i`);
}

/**
 * Bulk quantities on site as the ERP has them: a `correction` of the difference where they differ, the inventory row
 * set (made when there is none), keyed by the ERP's id. Answers how many rows changed and the locations that lost
 * stock.
 */
export async function applyErpBulkStock(tx: Db, rows: Rows): Promise<{ changed: number; reduced: string[] }> {
  await tx.execute(sql`
    select i.id from inventory i join ${bulkRows(rows)} on i.id = b.inventory_id order by i.id for update of i`);
  const out = await tx.execute<{ location_id: string; quantity: number }>(sql`
    insert into inventory_ledger (entry_date, location_id, item_id, quantity, kind, note)
    select b.day, b.location_id, b.item_id, b.quantity - b.current, 'correction', 'erp' from ${bulkRows(rows)}
    where b.quantity <> b.current
    returning location_id, quantity`);
  // why: an ERP id moves to another row only when the ERP reuses it; free it first so the unique index holds
  await tx.execute(sql`
    update inventory i set erp_id = null from ${bulkRows(rows)}
    where i.erp_id = b.erp_id and i.id is distinct from b.inventory_id`);
  const updated = await tx.execute(sql`
    update inventory i set quantity = b.quantity, erp_id = b.erp_id,
      last_movement_date = case when b.quantity <> b.current then b.day else i.last_movement_date end
    from ${bulkRows(rows)}
    where i.id = b.inventory_id and (i.quantity, i.erp_id) is distinct from (b.quantity, b.erp_id)`);
  const inserted = await tx.execute(sql`
    insert into inventory (location_id, item_id, quantity, last_movement_date, erp_id)
    select b.location_id, b.item_id, b.quantity, b.day, b.erp_id from ${bulkRows(rows)}
    where b.inventory_id is null and b.quantity > 0`);
  const reduced = out.rows.filter((r) => r.quantity < 0).map((r) => r.location_id);
  return { changed: affected(updated) + affected(inserted), reduced: [...new Set(reduced)] };
}

/** The ERP's ids on the plants' inventory rows of a page (after placePlants put them there). */
export async function keyErpPlantStock(tx: Db, rows: Rows): Promise<number> {
  const keyed = sql`(select v."erpId" as erp_id, i.id as inventory_id
    from ${stockPage(rows)} join plants p on p.plant_no = v."plantNo" join inventory i on i.plant_id = p.id
    where v."plantNo" <> '' and v.quantity > 0) k`;
  await tx.execute(sql`
    update inventory i set erp_id = null from ${keyed} where i.erp_id = k.erp_id and i.id <> k.inventory_id`);
  return affected(
    await tx.execute(sql`
      update inventory i set erp_id = k.erp_id from ${keyed}
      where i.id = k.inventory_id and i.erp_id is distinct from k.erp_id`),
  );
}

// ── deletions ────────────────────────────────────────────────────────────────────────────────────

const idIn = (column: SQL, erpIds: readonly string[]) =>
  sql`${column} in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(erpIds)}::jsonb) x)`;

/**
 * Stock on site the ERP no longer has (these ids, or every row on a location it never listed — erp_id empty): a
 * `correction` taking it off its location, the row at 0, a plant standing nowhere until the ERP says where it went.
 * Answers the rows taken and the locations they were on.
 */
export async function takeOffErpStock(
  tx: Db,
  which: { erpIds: readonly string[] } | 'unlisted',
): Promise<{ taken: number; locations: string[] }> {
  const cond = which === 'unlisted' ? sql`erp_id is null` : idIn(sql`erp_id`, which.erpIds);
  const rows = await tx.execute<{ id: string; location_id: string; plant_id: string | null }>(sql`
    select id, location_id, plant_id from inventory
    where ${cond} and location_id is not null and quantity > 0 order by id for update`);
  if (!rows.rows.length) return { taken: 0, locations: [] };
  const ids = rows.rows.map((r) => r.id);
  await tx.execute(sql`
    insert into inventory_ledger (entry_date, location_id, item_id, plant_id, quantity, kind, note)
    select current_date, location_id, item_id, plant_id, -quantity, 'correction', 'erp' from inventory
    where id = any(${sql.param(ids)}::uuid[])`);
  await tx.execute(sql`
    update inventory set quantity = 0, last_movement_date = current_date where id = any(${sql.param(ids)}::uuid[])`);
  await tx.execute(sql`
    update plants p set location_id = null, updated_at = now() from inventory i
    where i.id = any(${sql.param(ids)}::uuid[]) and p.id = i.plant_id and p.location_id = i.location_id`);
  return { taken: ids.length, locations: [...new Set(rows.rows.map((r) => r.location_id))] };
}

export async function selectPlantIdsByErpId(tx: Db, erpIds: readonly string[]): Promise<string[]> {
  const r = await tx.execute<{ id: string }>(sql`select id from plants where ${idIn(sql`erp_id`, erpIds)}`);
  return r.rows.map((row) => row.id);
}

export async function deletePlant(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`delete from plants where id = ${id}`);
}

/** A plant the ERP deleted that the ledger still names: retired, kept with its history. */
export async function retirePlant(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`update plants set status = 'retired', updated_at = now() where id = ${id}`);
}
