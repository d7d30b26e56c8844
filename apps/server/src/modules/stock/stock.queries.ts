import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

/*
 * SQL of the stock screens: `inventory` (what is on a place now), `inventory_ledger` (how it got there),
 * `plants` and `inspections`. Read-only, except selectOnSiteForUpdate, which lockOnSite (stock.on-site.ts) uses to
 * serialize.
 */

export type StockRow = {
  itemId: string;
  plantId: string | null;
  plantNo: string | null;
  quantity: number;
  /** A plant hired in from another rental company (plants.external). */
  external: boolean;
  /** The first day of the current stay (after the last time the ledger reached 0 here). */
  since: string;
  nextDue: string | null;
  /**
   * The day of the line's last movement here that every viewer sees the same (decision 0034): its last ledger
   * entry (delivery, relocation), the plant's last inspection or its last scan on this location. Removal-list
   * entries come per request (selectStockStates).
   */
  lastMoved: string;
};

/**
 * The "first day of the current stay" per (item, plant) on a location: the earliest ledger entry after the
 * last entry that left the running balance at 0 or below.
 */
const sinceCte = (where: ReturnType<typeof sql>) => sql`
  moves as (
    select l.item_id, l.plant_id, l.entry_date,
      sum(l.quantity) over w as bal, row_number() over w as seq
    from inventory_ledger l where ${where}
    window w as (partition by l.item_id, l.plant_id order by l.entry_date, l.created_at, l.id)
  ), last_zero as (
    select item_id, plant_id, max(seq) as seq from moves where bal <= 0 group by item_id, plant_id
  ), since as (
    select m.item_id, m.plant_id, min(m.entry_date) as since, max(m.entry_date) as last_entry
    from moves m
    left join last_zero z on z.item_id = m.item_id and z.plant_id is not distinct from m.plant_id
    where z.seq is null or m.seq > z.seq
    group by m.item_id, m.plant_id
  )`;

/**
 * Every line of stock on a location (bulk per item, one per plant) with its stay and next inspection: the
 * same for every viewer, kept per process while the location's stock revision stays (stock.cache.ts).
 */
export async function selectStockRows(db: Db, locationId: string): Promise<StockRow[]> {
  const r = await db.execute<StockRow>(sql`
    with ${sinceCte(sql`l.location_id = ${locationId}`)}
    select inv.item_id as "itemId", inv.plant_id as "plantId", p.plant_no as "plantNo", inv.quantity,
      coalesce(p.external, false) as external, coalesce(s.since, inv.last_movement_date)::text as since,
      (select i.next_due_date::text from inspections i where i.plant_id = inv.plant_id
        order by i.inspected_on desc, i.created_at desc limit 1) as "nextDue",
      greatest(s.last_entry, inv.last_movement_date,
        (select max(i.inspected_on) from inspections i where i.plant_id = inv.plant_id),
        (select max((sc.scanned_at at time zone 'Europe/Amsterdam')::date) from plant_scans sc
          where sc.plant_id = inv.plant_id and sc.location_id = inv.location_id))::text as "lastMoved"
    from inventory inv
    left join plants p on p.id = inv.plant_id
    left join since s on s.item_id = inv.item_id and s.plant_id is not distinct from inv.plant_id
    where inv.location_id = ${locationId} and inv.quantity > 0`);
  return r.rows;
}

/**
 * Amounts of one stock line on the location's removal lists: the caller's and everybody else's, and the day of the
 * latest entry of anybody (a movement of the idle rule, decision 0034).
 */
export type ListedAmounts = {
  itemId: string;
  plantId: string | null;
  mine: number;
  others: number;
  listedOn: string;
};

/** What open removal and relocation requests take off the location, per (item, plant). */
export type LeavingAmount = { itemId: string; plantId: string | null; amount: number };

export type StockState = {
  locationId: string;
  revision: string;
  /** The location's expected end date (the project's end), null when none is set. */
  endDate: string | null;
  listed: ListedAmounts[];
  leaving: LeavingAmount[];
};

/** The requests that take stock away and are not settled yet (done, cancelled and rejected are). */
const openOutgoing = sql`r.kind in ('removal', 'relocation') and r.status in ('submitted', 'in_progress', 'planned')`;

/**
 * What a stock screen reads on every request, in one round trip: each location's stock revision (migration
 * 0009; '0' before its first change), the amounts on removal lists there and what open removal and relocation
 * requests take away (decision 0014: the columns of other areas these screens show; writing them is theirs).
 */
export async function selectStockStates(
  db: Db,
  locationIds: readonly string[],
  userId: string,
): Promise<Map<string, StockState>> {
  const r = await db.execute<StockState>(sql`
    select loc.id as "locationId", coalesce(sr.revision, 0)::text as revision,
      (select pl.end_date::text from plant_locations pl where pl.id = loc.id) as "endDate",
      coalesce((
        select json_agg(json_build_object('itemId', x.item_id, 'plantId', x.plant_id, 'mine', x.mine,
          'others', x.others, 'listedOn', x.listed_on))
        from (
          select ll.item_id, ll.plant_id,
            coalesce(sum(ll.return_amount) filter (where rl.user_id = ${userId}), 0)::int as mine,
            coalesce(sum(ll.return_amount) filter (where rl.user_id <> ${userId}), 0)::int as others,
            max((ll.updated_at at time zone 'Europe/Amsterdam')::date)::text as listed_on
          from removal_list_lines ll join removal_lists rl on rl.id = ll.removal_list_id
          where ll.location_id = loc.id
          group by ll.item_id, ll.plant_id
        ) x
      ), '[]'::json) as listed,
      coalesce((
        select json_agg(json_build_object('itemId', x.item_id, 'plantId', x.plant_id, 'amount', x.amount))
        from (
          select rl.item_id, rl.plant_id, sum(rl.amount)::int as amount
          from plant_requests r join request_lines rl on rl.request_id = r.id
          where r.location_id = loc.id and ${openOutgoing} and rl.item_id is not null
          group by rl.item_id, rl.plant_id
        ) x
      ), '[]'::json) as leaving
    from unnest(${sql.param([...locationIds])}::uuid[]) as loc(id)
    left join stock_revisions sr on sr.location_id = loc.id`);
  return new Map(r.rows.map((row) => [row.locationId, row]));
}

export type PlantRow = {
  id: string;
  plantNo: string;
  itemId: string;
  locationId: string | null;
  serialNo: string | null;
  buildYear: number | null;
  status: 'in_service' | 'in_repair' | 'retired';
  external: boolean;
};

/** A scan of a plant on the location it stands on: a movement of the idle rule (decision 0034). */
export async function insertScan(
  db: Db,
  plantId: string,
  locationId: string,
  userId: string | null,
): Promise<void> {
  await db.execute(sql`
    insert into plant_scans (plant_id, location_id, user_id) values (${plantId}, ${locationId}, ${userId})`);
}

export async function selectPlantByNo(db: Db, plantNo: string): Promise<PlantRow | null> {
  const r = await db.execute<PlantRow>(sql`
    select id, plant_no as "plantNo", item_id as "itemId", location_id as "locationId", serial_no as "serialNo",
      build_year as "buildYear", status, external
    from plants where plant_no = ${plantNo}`);
  return r.rows[0] ?? null;
}

/** Whether the plant ever stood on one of these locations ('all': anywhere). */
export async function plantWasOn(db: Db, plantId: string, locationIds: string[] | 'all'): Promise<boolean> {
  const r = await db.execute<{ ok: boolean }>(sql`
    select exists (select 1 from inventory_ledger where plant_id = ${plantId} and location_id is not null
      and (${locationIds === 'all'} or location_id = any(${sql.param(locationIds === 'all' ? [] : locationIds)}::uuid[]))) as ok`);
  return r.rows[0]?.ok ?? false;
}

export type InspectionRow = {
  inspectedOn: string;
  result: 'approved' | 'approved_with_remarks' | 'rejected';
  nextDueDate: string;
  inspector: string | null;
  remarks: string | null;
  certificateDocumentId: string | null;
};

/** The plant's inspections, newest first, with the document that carries the certificate. */
export async function selectInspections(db: Db, plantId: string): Promise<InspectionRow[]> {
  const r = await db.execute<InspectionRow>(sql`
    select i.inspected_on::text as "inspectedOn", i.result, i.next_due_date::text as "nextDueDate", i.inspector,
      i.remarks,
      (select d.document_system_id from documents d where d.file_id = i.certificate_file_id
        and d.plant_id = i.plant_id order by d.created_at limit 1) as "certificateDocumentId"
    from inspections i where i.plant_id = ${plantId}
    order by i.inspected_on desc, i.created_at desc`);
  return r.rows;
}

export type LedgerRow = {
  date: string;
  kind: 'initial' | 'delivery' | 'removal' | 'move_in' | 'move_out' | 'sale' | 'correction';
  locationId: string | null;
  locationNo: string | null;
  plantId: string | null;
  quantity: number;
  orderId: string | null;
  orderNo: string | null;
  orderKind: string | null;
};

/**
 * Ledger rows at locations, oldest first: of an item (bulk and plants, or one plant) on one location, or of one
 * plant on several locations.
 */
export async function selectLedger(
  db: Db,
  where:
    | { itemId: string; locationIds: readonly string[]; plantId?: string | null }
    | { plantId: string; locationIds: readonly string[] },
): Promise<LedgerRow[]> {
  const cond =
    'itemId' in where
      ? where.plantId
        ? sql`l.item_id = ${where.itemId} and l.plant_id = ${where.plantId}`
        : sql`l.item_id = ${where.itemId}`
      : sql`l.plant_id = ${where.plantId}`;
  const r = await db.execute<LedgerRow>(sql`
    select l.entry_date::text as date, l.kind, l.location_id as "locationId", pl.location_no as "locationNo",
      l.plant_id as "plantId", l.quantity, l.order_id as "orderId", o.order_no::text as "orderNo", o.kind::text as "orderKind"
    from inventory_ledger l
    join plant_locations pl on pl.id = l.location_id
    left join plant_orders o on o.id = l.order_id
    where ${cond} and l.location_id = any(${sql.param(where.locationIds)}::uuid[])
    order by l.entry_date, l.created_at, l.id`);
  return r.rows;
}

export type OnSiteRow = {
  itemId: string;
  plantId: string | null;
  plantNo: string | null;
  quantity: number;
};

/**
 * The stock rows of a location (every one, or those of these items), locked for the rest of the transaction:
 * writers that check amounts against them (removal lists) take their turn, so two of them never both see
 * the same stock as free. Locked in a fixed order (by id) so they never deadlock.
 */
export async function selectOnSiteForUpdate(
  tx: Tx,
  locationId: string,
  itemIds: string[] | 'all',
): Promise<OnSiteRow[]> {
  const r = await tx.execute<OnSiteRow>(sql`
    select inv.item_id as "itemId", inv.plant_id as "plantId", p.plant_no as "plantNo", inv.quantity
    from inventory inv left join plants p on p.id = inv.plant_id
    where inv.location_id = ${locationId} and inv.quantity > 0
      and ${itemIds === 'all' ? sql`true` : sql`inv.item_id = any(${sql.param(itemIds)}::uuid[])`}
    order by inv.id
    for update of inv`);
  return r.rows;
}

export type LatestInspectionRow = {
  locationId: string;
  locationNo: string;
  itemId: string;
  plantNo: string;
  lastInspectedOn: string;
  result: 'approved' | 'approved_with_remarks' | 'rejected';
  nextDueDate: string;
  certificateDocumentId: string | null;
};

/**
 * The latest inspection of every plant on these locations, by due date (overdue first); with `dueBy`, only
 * those due on or before that day.
 */
export async function selectLatestInspections(
  db: Db,
  locationIds: string[],
  dueBy: string | null,
): Promise<LatestInspectionRow[]> {
  const r = await db.execute<LatestInspectionRow>(sql`
    select p.location_id as "locationId", pl.location_no as "locationNo", p.item_id as "itemId", p.plant_no as "plantNo",
      i.inspected_on::text as "lastInspectedOn", i.result, i.next_due_date::text as "nextDueDate",
      (select d.document_system_id from documents d where d.file_id = i.certificate_file_id
        and d.plant_id = p.id order by d.created_at limit 1) as "certificateDocumentId"
    from plants p
    join plant_locations pl on pl.id = p.location_id
    join lateral (
      select x.inspected_on, x.result, x.next_due_date, x.certificate_file_id from inspections x
      where x.plant_id = p.id order by x.inspected_on desc, x.created_at desc limit 1
    ) i on true
    where p.location_id = any(${sql.param(locationIds)}::uuid[])
      and ${dueBy ? sql`i.next_due_date <= ${dueBy}::date` : sql`true`}
    order by i.next_due_date, pl.location_no, p.plant_no`);
  return r.rows;
}

/** The locations that have anything on site (an admin's all-stock screen). */
export async function selectLocationsWithStock(db: Db): Promise<string[]> {
  const r = await db.execute<{ id: string }>(
    sql`select distinct location_id as id from inventory where location_id is not null and quantity > 0`,
  );
  return r.rows.map((x) => x.id);
}

/** What open removal and relocation requests take off the location, of these items (a submit's check). */
export async function selectLeaving(
  tx: Tx,
  locationId: string,
  itemIds: readonly string[],
): Promise<LeavingAmount[]> {
  if (itemIds.length === 0) return [];
  const r = await tx.execute<LeavingAmount>(sql`
    select rl.item_id as "itemId", rl.plant_id as "plantId", sum(rl.amount)::int as amount
    from request_lines rl join plant_requests r on r.id = rl.request_id
    where r.location_id = ${locationId} and ${openOutgoing}
      and rl.item_id = any(${sql.param([...itemIds])}::uuid[])
    group by rl.item_id, rl.plant_id`);
  return r.rows;
}
