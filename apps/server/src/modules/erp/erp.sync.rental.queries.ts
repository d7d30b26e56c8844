import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The sync's writes of depots and work addresses (decision 0027), set-based over the page as one JSON array, in the
 * page's transaction; a row the portal already had under the natural key (depot number; location and address code)
 * is adopted first. Plants and stock on site are the stock module's (stock.erp.ts), item links the catalogue's.
 */

type Rows = readonly object[];
const json = (rows: Rows) => sql`${JSON.stringify(rows)}::jsonb`;
const affected = (r: { rowCount: number | null }) => r.rowCount ?? 0;
const idIn = (column: ReturnType<typeof sql>, erpIds: readonly string[]) =>
  sql`${column} in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(erpIds)}::jsonb) x)`;

/** Depots: what the ERP keeps of them; whether one is offered for orders and removals, and its order, stay. */
export async function upsertErpDepots(tx: Db, rows: Rows): Promise<number> {
  const page = sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "depotNo" text, name text, street text,
    postcode text, city text, phone text, email text)`;
  await tx.execute(sql`
    update depots d set erp_id = v."erpId" from ${page}
    where d.depot_no = v."depotNo" and d.erp_id is distinct from v."erpId"
      and not exists (select 1 from depots o where o.erp_id = v."erpId")`);
  const r = await tx.execute(sql`
    insert into depots (erp_id, depot_no, name, street, postcode, city, phone, email)
    select v."erpId", v."depotNo", v.name, v.street, v.postcode, v.city, v.phone, v.email from ${page}
    on conflict (erp_id) do update set depot_no = excluded.depot_no, name = excluded.name, street = excluded.street,
      postcode = excluded.postcode, city = excluded.city, phone = excluded.phone, email = excluded.email,
      updated_at = now()
    where (depots.depot_no, depots.name, depots.street, depots.postcode, depots.city, depots.phone, depots.email)
      is distinct from (excluded.depot_no, excluded.name, excluded.street, excluded.postcode, excluded.city,
        excluded.phone, excluded.email)`);
  return affected(r);
}

/** The location numbers of the page the portal does not have (at most 10). */
export async function missingLocationNos(tx: Db, rows: Rows): Promise<string[]> {
  const r = await tx.execute<{ v: string }>(sql`
    select distinct x.v from (select jsonb_array_elements(${json(rows)}) ->> 'locationNo' as v) x
    where coalesce(x.v, '') <> '' and not exists (select 1 from plant_locations l where l.location_no = x.v)
    order by x.v limit 10`);
  return r.rows.map((row) => row.v);
}

/** The plant numbers of a page of inspections the portal does not have (all of them). */
export async function missingPlantNos(db: Db, rows: Rows): Promise<string[]> {
  const r = await db.execute<{ v: string }>(sql`
    select distinct x.v from (select jsonb_array_elements(${json(rows)}) ->> 'plantNo' as v) x
    where coalesce(x.v, '') <> '' and not exists (select 1 from plants p where p.plant_no = x.v)
    order by x.v`);
  return r.rows.map((row) => row.v);
}

/** Work addresses of the ERP's project locations; addresses the portal's users added themselves stay. */
export async function upsertErpWorkAddresses(tx: Db, rows: Rows): Promise<number> {
  const page = sql`(select v.*, l.id as location_id
    from jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "locationNo" text, code text, name text, street text,
      postcode text, city text, country text, "contactPerson" text, phone text, "isDefault" boolean)
    join plant_locations l on l.location_no = v."locationNo") v`;
  // why: the natural key is unique too, so an ERP id moved to another location or code frees its old row first
  await tx.execute(sql`
    delete from work_addresses w using ${page}
    where w.erp_id = v."erpId" and (w.location_id, w.code) <> (v.location_id, v.code)`);
  const r = await tx.execute(sql`
    insert into work_addresses (erp_id, location_id, code, name, street, postcode, city, country, contact_person,
      phone, is_default)
    select v."erpId", v.location_id, v.code, v.name, v.street, v.postcode, v.city, v.country, v."contactPerson",
      v.phone, v."isDefault" from ${page}
    on conflict (location_id, code) do update set erp_id = excluded.erp_id, name = excluded.name,
      street = excluded.street, postcode = excluded.postcode, city = excluded.city, country = excluded.country,
      contact_person = excluded.contact_person, phone = excluded.phone, is_default = excluded.is_default,
      updated_at = now()
    where (work_addresses.erp_id, work_addresses.name, work_addresses.street, work_addresses.postcode,
        work_addresses.city, work_addresses.country, work_addresses.contact_person, work_addresses.phone,
        work_addresses.is_default)
      is distinct from (excluded.erp_id, excluded.name, excluded.street, excluded.postcode, excluded.city,
        excluded.country, excluded.contact_person, excluded.phone, excluded.is_default)`);
  return affected(r);
}

/** Work addresses the ERP deleted (an order or request that named one keeps its own copy of the address). */
export async function deleteErpWorkAddresses(tx: Db, erpIds: readonly string[]): Promise<number> {
  return affected(await tx.execute(sql`delete from work_addresses where ${idIn(sql`erp_id`, erpIds)}`));
}

export async function selectDepotIdsByErpId(tx: Db, erpIds: readonly string[]): Promise<string[]> {
  const r = await tx.execute<{ id: string }>(sql`select id from depots where ${idIn(sql`erp_id`, erpIds)}`);
  return r.rows.map((row) => row.id);
}

export async function deleteDepot(tx: Db, id: string): Promise<void> {
  await tx.execute(sql`delete from depots where id = ${id}`);
}

/** A depot the ERP deleted that plants, stock or history still name: no longer offered for orders or removals. */
export async function retireDepot(tx: Db, id: string): Promise<void> {
  await tx.execute(
    sql`update depots set for_orders = false, for_removals = false, updated_at = now() where id = ${id}`,
  );
}
