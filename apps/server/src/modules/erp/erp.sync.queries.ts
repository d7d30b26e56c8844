import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The sync's own table, erp_sync_state (decision 0027), and the writes of the organisation's entities a page
 * brings (customers, project locations, inspections), set-based over the page as one JSON array. The catalogue's
 * entities are written by the catalogue module (catalogue.erp.ts). All of it runs in the page's transaction.
 */

type Rows = readonly object[];
const json = (rows: Rows) => sql`${JSON.stringify(rows)}::jsonb`;
const affected = (r: { rowCount: number | null }) => r.rowCount ?? 0;

export type SyncStateRow = {
  entity: string;
  nextLink: string | null;
  modifiedSince: string | null;
  runStartedAt: Date | null;
  runFinishedAt: Date | null;
  fullCompletedAt: Date | null;
  deltaCompletedAt: Date | null;
  pages: number;
  upserted: number;
  deleted: number;
  skipped: number;
  /** The records of the run as the ERP counted them; null: not said. */
  total: number | null;
  /** The records the run has read so far, changed or not. */
  read: number;
  upsertedTotal: number;
  lastErrorCode: string | null;
  lastErrorParams: Record<string, string> | null;
  lastErrorAt: Date | null;
};

const columns = sql`entity, next_link as "nextLink", modified_since as "modifiedSince",
  run_started_at as "runStartedAt", run_finished_at as "runFinishedAt", full_completed_at as "fullCompletedAt",
  delta_completed_at as "deltaCompletedAt", pages, upserted, deleted, skipped, total, read, upserted_total as "upsertedTotal",
  last_error_code as "lastErrorCode", last_error_params as "lastErrorParams", last_error_at as "lastErrorAt"`;

/** A raw statement's moments come as text: as Dates, like the rest of the portal's rows. */
function toRow(r: SyncStateRow): SyncStateRow {
  const at = (v: Date | string | null) => (v === null ? null : new Date(v));
  return {
    ...r,
    runStartedAt: at(r.runStartedAt),
    runFinishedAt: at(r.runFinishedAt),
    fullCompletedAt: at(r.fullCompletedAt),
    deltaCompletedAt: at(r.deltaCompletedAt),
    lastErrorAt: at(r.lastErrorAt),
  };
}

export async function selectSyncState(db: Db, entity: string): Promise<SyncStateRow | null> {
  const r = await db.execute<SyncStateRow>(
    sql`select ${columns} from erp_sync_state where entity = ${entity}`,
  );
  return r.rows[0] ? toRow(r.rows[0]) : null;
}

export async function selectSyncStates(db: Db): Promise<SyncStateRow[]> {
  const r = await db.execute<SyncStateRow>(sql`select ${columns} from erp_sync_state order by entity`);
  return r.rows.map(toRow);
}

/** The entity's row, locked for the page's transaction (made when it is the first). */
export async function lockSyncState(tx: Db, entity: string): Promise<SyncStateRow> {
  await tx.execute(
    sql`insert into erp_sync_state (entity) values (${entity}) on conflict (entity) do nothing`,
  );
  const r = await tx.execute<SyncStateRow>(
    sql`select ${columns} from erp_sync_state where entity = ${entity} for update`,
  );
  return r.rows[0]!;
}

/** A run begins (not a resumed one): its counts start from zero. */
export async function startSyncRun(db: Db, entity: string, now: Date): Promise<void> {
  await db.execute(sql`
    insert into erp_sync_state (entity, run_started_at, updated_at) values (${entity}, ${now}, ${now})
    on conflict (entity) do update set run_started_at = ${now}, run_finished_at = null, pages = 0, upserted = 0,
      deleted = 0, skipped = 0, total = null, read = 0, updated_at = ${now}`);
}

/** The checkpoint a page reached and what it wrote, in the page's transaction. */
export async function saveCheckpoint(
  tx: Db,
  entity: string,
  checkpoint: { nextLink: string | null; modifiedSince: string | null },
  counts: { upserted: number; deleted: number; skipped: number; total?: number | null; read?: number },
  now: Date,
): Promise<void> {
  // the run's total as the first page that says it (a resumed run keeps the one it had)
  await tx.execute(sql`
    update erp_sync_state set next_link = ${checkpoint.nextLink}, modified_since = ${checkpoint.modifiedSince},
      total = coalesce(total, ${counts.total ?? null}::int), read = read + ${counts.read ?? 0}, pages = pages + 1, upserted = upserted + ${counts.upserted}, deleted = deleted + ${counts.deleted},
      skipped = skipped + ${counts.skipped}, upserted_total = upserted_total + ${counts.upserted}, updated_at = ${now}
    where entity = ${entity}`);
}

export async function finishSyncRun(db: Db, entity: string, full: boolean, now: Date): Promise<void> {
  await db.execute(sql`
    update erp_sync_state set run_finished_at = ${now},
      full_completed_at = case when ${full} then ${now}::timestamptz else full_completed_at end,
      delta_completed_at = case when ${full} then delta_completed_at else ${now}::timestamptz end,
      last_error_code = null, last_error_params = null, last_error_at = null, updated_at = ${now}
    where entity = ${entity}`);
}

export async function recordSyncError(
  db: Db,
  entity: string,
  code: string,
  params: Record<string, string>,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    insert into erp_sync_state (entity, last_error_code, last_error_params, last_error_at, run_finished_at, updated_at)
    values (${entity}, ${code}, ${JSON.stringify(params)}::jsonb, ${now}, ${now}, ${now})
    on conflict (entity) do update set last_error_code = excluded.last_error_code,
      last_error_params = excluded.last_error_params, last_error_at = excluded.last_error_at,
      run_finished_at = excluded.run_finished_at, updated_at = excluded.updated_at`);
}

// ── customers, project locations, inspections ────────────────────────────────────────────────────

/** The customer numbers of the page the portal does not have (at most 10). */
export async function missingCustomerNos(tx: Db, rows: Rows): Promise<string[]> {
  const r = await tx.execute<{ v: string }>(sql`
    select distinct x.v from (select jsonb_array_elements(${json(rows)}) ->> 'customerNo' as v) x
    where coalesce(x.v, '') <> '' and not exists (select 1 from customers c where c.customer_no = x.v)
    order by x.v limit 10`);
  return r.rows.map((row) => row.v);
}

export async function upsertErpCustomers(tx: Db, rows: Rows): Promise<number> {
  const page = sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "customerNo" text, name text, street text,
    postcode text, city text, country text, phone text, email text, "vatNo" text, blocked boolean)`;
  await tx.execute(sql`
    update customers c set erp_id = v."erpId" from ${page}
    where c.customer_no = v."customerNo" and c.erp_id is distinct from v."erpId"
      and not exists (select 1 from customers o where o.erp_id = v."erpId")`);
  const r = await tx.execute(sql`
    insert into customers (erp_id, customer_no, name, street, postcode, city, country, phone, email, vat_no, blocked)
    select v."erpId", v."customerNo", v.name, v.street, v.postcode, v.city, v.country, v.phone, v.email, v."vatNo",
      v.blocked
    from ${page}
    on conflict (erp_id) do update set customer_no = excluded.customer_no, name = excluded.name,
      street = excluded.street, postcode = excluded.postcode, city = excluded.city, country = excluded.country,
      phone = excluded.phone, email = excluded.email, vat_no = excluded.vat_no, blocked = excluded.blocked,
      updated_at = now()
    where (customers.customer_no, customers.name, customers.street, customers.postcode, customers.city,
        customers.country, customers.phone, customers.email, customers.vat_no, customers.blocked)
      is distinct from (excluded.customer_no, excluded.name, excluded.street, excluded.postcode, excluded.city,
        excluded.country, excluded.phone, excluded.email, excluded.vat_no, excluded.blocked)`);
  return affected(r);
}

/** Project locations: what the ERP keeps of them; the portal's own state (deregistration, creator) stays. */
export async function upsertErpLocations(tx: Db, rows: Rows): Promise<number> {
  const page = sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "locationNo" text, "customerNo" text,
    description text, description2 text, "projectNumber" text, blocked boolean, street text, postcode text,
    city text, country text, "startDate" date, "endDate" date)`;
  await tx.execute(sql`
    update plant_locations l set erp_id = v."erpId" from ${page}
    where l.location_no = v."locationNo" and l.erp_id is distinct from v."erpId"
      and not exists (select 1 from plant_locations o where o.erp_id = v."erpId")`);
  const r = await tx.execute(sql`
    insert into plant_locations (erp_id, location_no, customer_id, description, description2, project_number,
      blocked, street, postcode, city, country, start_date, end_date)
    select v."erpId", v."locationNo", c.id, v.description, v.description2, v."projectNumber", v.blocked, v.street,
      v.postcode, v.city, v.country, v."startDate", v."endDate"
    from ${page} join customers c on c.customer_no = v."customerNo"
    on conflict (erp_id) do update set location_no = excluded.location_no, customer_id = excluded.customer_id,
      description = excluded.description, description2 = excluded.description2,
      project_number = excluded.project_number, blocked = excluded.blocked, street = excluded.street,
      postcode = excluded.postcode, city = excluded.city, country = excluded.country,
      start_date = excluded.start_date, end_date = excluded.end_date, updated_at = now()
    where (plant_locations.location_no, plant_locations.customer_id, plant_locations.description,
        plant_locations.description2, plant_locations.project_number, plant_locations.blocked, plant_locations.street,
        plant_locations.postcode, plant_locations.city, plant_locations.country, plant_locations.start_date,
        plant_locations.end_date)
      is distinct from (excluded.location_no, excluded.customer_id, excluded.description, excluded.description2,
        excluded.project_number, excluded.blocked, excluded.street, excluded.postcode, excluded.city,
        excluded.country, excluded.start_date, excluded.end_date)`);
  return affected(r);
}

/**
 * Inspections of the plants the portal knows; an inspection of another plant is left out and counted as skipped (the
 * writer lets a page through only when the ERP does not have those plants either). A portal inspection of the same
 * plant and day is adopted.
 */
export async function upsertErpInspections(
  tx: Db,
  rows: Rows,
): Promise<{ upserted: number; skipped: number }> {
  const page = sql`jsonb_to_recordset(${json(rows)}) as v("erpId" uuid, "plantNo" text, "inspectedOn" date,
    result text, "nextDueDate" date, inspector text, remarks text)`;
  await tx.execute(sql`
    update inspections i set erp_id = v."erpId" from ${page}, plants p
    where p.plant_no = v."plantNo" and i.plant_id = p.id and i.inspected_on = v."inspectedOn" and i.erp_id is null
      and not exists (select 1 from inspections o where o.erp_id = v."erpId")`);
  const r = await tx.execute(sql`
    insert into inspections (erp_id, plant_id, inspected_on, result, next_due_date, inspector, remarks)
    select v."erpId", p.id, v."inspectedOn", v.result::inspection_result, v."nextDueDate", v.inspector, v.remarks
    from ${page} join plants p on p.plant_no = v."plantNo"
    on conflict (erp_id) do update set plant_id = excluded.plant_id, inspected_on = excluded.inspected_on,
      result = excluded.result, next_due_date = excluded.next_due_date, inspector = excluded.inspector,
      remarks = excluded.remarks
    where (inspections.plant_id, inspections.inspected_on, inspections.result, inspections.next_due_date,
        inspections.inspector, inspections.remarks)
      is distinct from (excluded.plant_id, excluded.inspected_on, excluded.result, excluded.next_due_date,
        excluded.inspector, excluded.remarks)`);
  const known = await tx.execute<{ n: number }>(sql`
    select count(*)::int as n from ${page} join plants p on p.plant_no = v."plantNo"`);
  return { upserted: affected(r), skipped: rows.length - (known.rows[0]?.n ?? 0) };
}

const idIn = (column: ReturnType<typeof sql>, erpIds: readonly string[]) =>
  sql`${column} in (select x::uuid from jsonb_array_elements_text(${JSON.stringify(erpIds)}::jsonb) x)`;

export async function deleteErpInspections(tx: Db, erpIds: readonly string[]): Promise<number> {
  return affected(await tx.execute(sql`delete from inspections where ${idIn(sql`erp_id`, erpIds)}`));
}

/** Customers or locations the ERP deleted: their ids (deleted one by one, or blocked when still named). */
export async function selectIdsByErpId(
  tx: Db,
  table: 'customers' | 'plant_locations',
  erpIds: readonly string[],
): Promise<string[]> {
  const r = await tx.execute<{ id: string }>(
    sql`select id from ${sql.identifier(table)} where ${idIn(sql`erp_id`, erpIds)}`,
  );
  return r.rows.map((row) => row.id);
}

export async function deleteRow(tx: Db, table: 'customers' | 'plant_locations', id: string): Promise<void> {
  await tx.execute(sql`delete from ${sql.identifier(table)} where id = ${id}`);
}

/** A customer or location the ERP deleted that the portal still names (users, stock, requests): blocked. */
export async function blockRow(tx: Db, table: 'customers' | 'plant_locations', id: string): Promise<void> {
  await tx.execute(
    sql`update ${sql.identifier(table)} set blocked = true, updated_at = now() where id = ${id}`,
  );
}
