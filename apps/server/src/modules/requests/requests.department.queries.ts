import type { Queue, QueueQuery } from '@mp/contract/api/department';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { versionOf } from './requests.status.queries.ts';

/*
 * The SQL of the department's queue and of the depots a request can be planned from (issue #12, #31; decision
 * 0018). No rules here: the service decides what is asked.
 */

type Q = Db | Tx;

export type QueueRow = Omit<Queue['items'][number], 'createdAt' | 'updatedAt'> & {
  createdAt: Date | string;
  updatedAt: Date | string;
};

const open = sql.raw(`r.status in ('submitted', 'in_progress', 'planned')`);

/** Open first: rush first among them, new before planned, the oldest (planned, else requested) date first; then the
 * closed ones, the latest change first. */
const queueOrder = sql`${open} desc, (r.rush and ${open}) desc,
  case when r.status in ('submitted', 'in_progress') then 0 when r.status = 'planned' then 1 end,
  case when ${open} then coalesce(r.planned_date, r.requested_date) end,
  case when ${open} then null else r.updated_at end desc, r.created_at, r.id`;

/** What needs the department now: new and taken requests (to plan), planned ones due today or earlier. */
const needsActionOn = (today: string) =>
  sql`(r.status in ('submitted', 'in_progress') or (r.status = 'planned' and r.planned_date <= ${today}::date))`;

/** `%word%` for ILIKE, the word's own % and _ taken literally. */
const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function queueFilter(q: Omit<QueueQuery, 'page' | 'pageSize'>, today: string, withStatus: boolean): SQL {
  const words = (q.q ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  return sql.join(
    [
      sql`true`,
      withStatus && q.status ? sql`r.status = ${q.status}::request_status` : undefined,
      withStatus && q.view === 'now' ? needsActionOn(today) : undefined,
      q.kind ? sql`r.kind = ${q.kind}::request_kind` : undefined,
      q.customer ? sql`c.customer_no = ${q.customer}` : undefined,
      q.plantLocation ? sql`l.location_no = ${q.plantLocation}` : undefined,
      q.depot ? sql`d.depot_no = ${q.depot}` : undefined,
      q.plannedUntil ? sql`r.planned_date <= ${q.plannedUntil}::date` : undefined,
      ...words.map(
        (
          w,
        ) => sql`concat_ws(' ', r.request_no, r.reference, c.customer_no, c.name, l.location_no, l.description)
          ilike ${like(w)}`,
      ),
    ].filter((c) => c !== undefined),
    sql` and `,
  );
}

const queueFrom = sql`
  from plant_requests r
  join plant_locations l on l.id = r.location_id
  left join customers c on c.id = l.customer_id
  left join depots d on d.id = r.depot_id`;

/**
 * One page of the queue and the count per status (and of the view `now`) under the other filters. The open ones
 * first (rush first, new before planned, oldest date first), then the closed ones, the latest change first.
 */
export async function selectQueue(
  db: Q,
  q: QueueQuery,
  today: string,
): Promise<{ rows: QueueRow[]; totals: Array<{ status: string; n: number; now: number }> }> {
  const [rows, totals] = await Promise.all([
    db.execute<QueueRow>(sql`
      with page as (
        select r.id ${queueFrom}
        where ${queueFilter(q, today, true)}
        order by ${queueOrder}
        limit ${q.pageSize} offset ${(q.page - 1) * q.pageSize})
      select r.id, r.request_no as "requestNo", r.kind, r.status, l.location_no as "locationNo",
        coalesce(nullif(btrim(l.description), ''), l.location_no) as "locationDescription",
        r.requested_date::text as "requestedDate", r.expected_return_date::text as "expectedReturnDate",
        r.planned_date::text as "plannedDate", r.rush, r.collect, r.reference, u.name as "requestedBy",
        coalesce(t.n, 0)::int as "lineCount", coalesce(t.amount, 0)::int as "totalAmount",
        r.created_at as "createdAt", r.updated_at as "updatedAt", c.customer_no as "customerNo",
        c.name as "customerName", d.depot_no as "depotNo"
      from page p
      join plant_requests r on r.id = p.id
      join plant_locations l on l.id = r.location_id
      left join customers c on c.id = l.customer_id
      left join depots d on d.id = r.depot_id
      left join users u on u.id = r.user_id
      left join lateral (
        select count(*) as n, sum(rl.amount) as amount from request_lines rl
        where rl.request_id = r.id and rl.parent_line_id is null) t on true
      order by ${queueOrder}`),
    db.execute<{ status: string; n: number; now: number }>(sql`
      select r.status, count(*)::int as n, (count(*) filter (where ${needsActionOn(today)}))::int as now
      ${queueFrom} where ${queueFilter(q, today, false)} group by r.status`),
  ]);
  return { rows: rows.rows, totals: totals.rows };
}

export type DepotSupplyRow = {
  depotNo: string;
  name: string;
  itemId: string;
  available: number;
};

/**
 * Per depot offered for orders (or the request's own depot) and item: what it can supply now — free plants in
 * service of a numbered item (not picked for another request), the stock on hand of a bulk item.
 */
export async function selectDepotSupply(
  db: Q,
  requestId: string,
  items: { numbered: string[]; bulk: string[] },
  use: 'orders' | 'removals',
): Promise<{ depots: Array<{ id: string; depotNo: string; name: string }>; supply: DepotSupplyRow[] }> {
  const depots = await db.execute<{ id: string; depotNo: string; name: string }>(sql`
    select d.id, d.depot_no as "depotNo", d.name from depots d
    where ${use === 'orders' ? sql`d.for_orders` : sql`d.for_removals`}
      or d.id = (select depot_id from plant_requests where id = ${requestId})
    order by d.sort, d.depot_no`);
  if (items.numbered.length + items.bulk.length === 0) return { depots: depots.rows, supply: [] };
  const supply = await db.execute<DepotSupplyRow>(sql`
    select d.depot_no as "depotNo", d.name, s.item_id as "itemId", s.available::int as available from (
      select p.depot_id, p.item_id, count(*) as available from plants p
      where p.item_id = any(${sql.param(items.numbered)}::uuid[]) and p.depot_id is not null
        and p.status = 'in_service'
        and not exists (select 1 from request_line_plants rp where rp.plant_id = p.id and rp.request_id <> ${requestId})
      group by 1, 2
      union all
      select v.depot_id, v.item_id, v.quantity from inventory v
      where v.item_id = any(${sql.param(items.bulk)}::uuid[]) and v.depot_id is not null and v.plant_id is null
    ) s join depots d on d.id = s.depot_id`);
  return { depots: depots.rows, supply: supply.rows };
}

/** One request's department view: its version, customer and depot, numbered lines, picks and exit order. */
export async function selectDepartmentView(db: Q, id: string) {
  const [head, lines, picked, exit] = await Promise.all([
    db.execute<{
      version: string;
      customerNo: string | null;
      customerName: string | null;
      depotNo: string | null;
    }>(sql`
      select ${versionOf('r')} as version, c.customer_no as "customerNo", c.name as "customerName",
        d.depot_no as "depotNo"
      from plant_requests r join plant_locations l on l.id = r.location_id
      left join customers c on c.id = l.customer_id left join depots d on d.id = r.depot_id
      where r.id = ${id}`),
    db.execute<{
      lineId: string;
      itemId: string;
      itemNo: string;
      amount: number;
      numbered: boolean;
      plantNo: string | null;
    }>(sql`
      select rl.id as "lineId", i.id as "itemId", i.item_no as "itemNo", rl.amount, i.numbered,
        p.plant_no as "plantNo"
      from request_lines rl join items i on i.id = rl.item_id left join plants p on p.id = rl.plant_id
      where rl.request_id = ${id} order by rl.line_no`),
    db.execute<{ lineId: string; plantNo: string }>(sql`
      select rp.request_line_id as "lineId", p.plant_no as "plantNo"
      from request_line_plants rp join plants p on p.id = rp.plant_id where rp.request_id = ${id}
      order by p.plant_no`),
    db.execute<{ id: string; exitOrderNo: string; photoCount: number }>(sql`
      select x.id, x.exit_order_no as "exitOrderNo",
        (select count(*)::int from exit_order_files f where f.exit_order_id = x.id and f.kind = 'image') as "photoCount"
      from exit_orders x join plant_orders o on o.id = x.order_id where o.request_id = ${id} limit 1`),
  ]);
  return { head: head.rows[0], lines: lines.rows, picked: picked.rows, exit: exit.rows[0] ?? null };
}

/**
 * The plants a delivery's numbered lines may pick: free ones (in service, not picked for another request) of these
 * items in a depot, the request's own depot first, at most 200 per item.
 */
export async function selectCandidates(db: Q, requestId: string, itemIds: string[], depotNo: string | null) {
  if (itemIds.length === 0) return [];
  const r = await db.execute<{
    itemId: string;
    plantNo: string;
    depotNo: string | null;
    locationNo: string | null;
    nextInspection: string | null;
  }>(sql`
    select "itemId", "plantNo", "depotNo", null as "locationNo", "nextInspection" from (
      select p.item_id as "itemId", p.plant_no as "plantNo", d.depot_no as "depotNo",
        (select i.next_due_date::text from inspections i where i.plant_id = p.id
          order by i.inspected_on desc, i.created_at desc limit 1) as "nextInspection",
        row_number() over (partition by p.item_id
          order by (d.depot_no is not distinct from ${depotNo}) desc, d.depot_no, p.plant_no) as n
      from plants p join depots d on d.id = p.depot_id
      where p.item_id = any(${sql.param(itemIds)}::uuid[]) and p.status = 'in_service'
        and not exists (select 1 from request_line_plants rp where rp.plant_id = p.id and rp.request_id <> ${requestId})
    ) c where n <= 200 order by "itemId", n`);
  return r.rows;
}
