import type { DepartmentRequest, DepotChoice, Queue, QueueQuery } from '@mp/contract/api/department';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { requestStatuses } from '@mp/contract/rules/request-status';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireDepartment } from '../../platform/http/context.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { selectDepotSupply, selectQueue } from './requests.department.queries.ts';
import { getRequestAs } from './requests.service.ts';
import { requestNotFound } from './requests.shared.ts';

/*
 * The equipment department's side of the requests (issue #12, decision 0018): the queue of every customer's
 * requests and one request as the department plans it. No location check: the department serves every customer;
 * `requireDepartment` keeps everyone else out (403).
 */

type Q = Db | Tx;

const iso = (v: Date | string) => (v instanceof Date ? v : new Date(v)).toISOString();

/**
 * GET Department/requests: open requests first (rush first among them, new before planned, oldest date first),
 * then the closed ones; with the count per status and of the view `now` under the other filters.
 */
export async function listQueue(ctx: Ctx, q: QueueQuery): Promise<Queue> {
  requireDepartment(ctx);
  const { rows, totals } = await selectQueue(ctx.db, q, calendarDayIn(ctx.now));
  const counts = Object.fromEntries(requestStatuses.map((s) => [s, 0])) as Queue['counts'];
  let now = 0;
  for (const t of totals) {
    counts[t.status as keyof Queue['counts']] = t.n;
    now += t.now;
  }
  // the total of the filtered list from the counts (right on a page past the end too), unless only a count of the
  // view can tell it (a status within the view `now`)
  const total =
    q.view === 'now'
      ? q.status
        ? (totals.find((t) => t.status === q.status)?.now ?? 0)
        : now
      : q.status
        ? counts[q.status]
        : Object.values(counts).reduce((a, b) => a + b, 0);
  return {
    items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    page: q.page,
    pageSize: q.pageSize,
    total,
    now,
    counts,
  };
}

/** The request row the department works on, locked for the change (404 when there is none). */
export async function lockRequest(tx: Tx, id: string) {
  const r = await tx.execute<{
    id: string;
    kind: 'order' | 'removal' | 'relocation' | 'transport';
    status: (typeof requestStatuses)[number];
    locationId: string;
    targetLocationId: string | null;
    userId: string | null;
    depotId: string | null;
    requestedDate: string;
    plannedDate: string | null;
    rush: boolean;
    version: string;
  }>(sql`
    select id, kind, status, location_id as "locationId", target_location_id as "targetLocationId",
      user_id as "userId", depot_id as "depotId", requested_date::text as "requestedDate",
      planned_date::text as "plannedDate", rush, ${versionSql} as version
    from plant_requests where id = ${id} for update`);
  const row = r.rows[0];
  if (!row) throw requestNotFound(id);
  return row;
}

/**
 * The version a client sends back: the request's last change in microseconds since 1970, exactly as PostgreSQL
 * keeps it (a JavaScript Date would round it to the millisecond).
 */
const versionSql = sql.raw(`(extract(epoch from updated_at) * 1000000)::bigint::text`);

/** A change on a request someone else changed since the caller read it: 409 naming the status it has now. */
export function checkVersion(row: { version: string; status: string }, version: string): void {
  if (row.version !== version)
    throw new AppError('conflict', 'error.aanvraag_gewijzigd', {
      details: { currentStatus: row.status, version: row.version },
    });
}

/** GET Department/requests/{id}: the request with its customer, plan, picks and candidate plants, and its orders. */
export async function getDepartmentRequest(ctx: Ctx, id: string): Promise<DepartmentRequest> {
  requireDepartment(ctx);
  const detail = await getRequestAs(ctx, id, 'department');
  const db = ctx.db as Q;
  const [head, lines, picked, exit] = await Promise.all([
    db.execute<{
      version: string;
      customerNo: string | null;
      customerName: string | null;
      depotNo: string | null;
    }>(sql`
      select (extract(epoch from r.updated_at) * 1000000)::bigint::text as version, c.customer_no as "customerNo", c.name as "customerName",
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
  const h = head.rows[0];
  if (!h) throw requestNotFound(id);
  // A delivery's numbered lines pick plants in a depot: the free ones (in service, not picked for another
  // request), the request's own depot first, at most 200 per item.
  const deliveryItems = detail.kind === 'order' ? lines.rows.filter((l) => l.numbered) : [];
  const candidates = deliveryItems.length
    ? (
        await db.execute<{
          itemId: string;
          plantNo: string;
          depotNo: string | null;
          locationNo: string | null;
        }>(sql`
          select "itemId", "plantNo", "depotNo", null as "locationNo" from (
            select p.item_id as "itemId", p.plant_no as "plantNo", d.depot_no as "depotNo",
              row_number() over (partition by p.item_id
                order by (d.depot_no is not distinct from ${h.depotNo}) desc, d.depot_no, p.plant_no) as n
            from plants p join depots d on d.id = p.depot_id
            where p.item_id = any(${sql.param(deliveryItems.map((l) => l.itemId))}::uuid[]) and p.status = 'in_service'
              and not exists (select 1 from request_line_plants rp where rp.plant_id = p.id and rp.request_id <> ${id})
          ) c where n <= 200 order by "itemId", n`)
      ).rows
    : [];
  const depots =
    detail.kind === 'order' || detail.kind === 'removal'
      ? await depotChoices(
          db,
          id,
          detail.kind,
          detail.kind === 'order' ? lines.rows.filter((l) => !l.plantNo) : [],
        )
      : [];
  return {
    ...detail,
    version: h.version,
    customerNo: h.customerNo,
    customerName: h.customerName,
    depotNo: h.depotNo,
    depots,
    exitOrder: exit.rows[0] ?? null,
    picks: lines.rows
      .filter((l) => l.numbered)
      .map((l) => ({
        lineId: l.lineId,
        itemNo: l.itemNo,
        amount: l.amount,
        numbered: true,
        plantNos: l.plantNo
          ? [l.plantNo]
          : picked.rows.filter((p) => p.lineId === l.lineId).map((p) => p.plantNo),
        candidates: candidates
          .filter((c) => c.itemId === l.itemId)
          .map(({ plantNo, depotNo, locationNo }) => ({ plantNo, depotNo, locationNo })),
      })),
  };
}

/**
 * The depots a delivery can be planned from — every depot for orders (and the request's own), with what each can
 * supply per line, those holding every line first — or a removal can go to (every depot for removals).
 */
async function depotChoices(
  db: Q,
  id: string,
  kind: 'order' | 'removal',
  lines: ReadonlyArray<{ lineId: string; itemId: string; itemNo: string; amount: number; numbered: boolean }>,
): Promise<DepotChoice[]> {
  const ids = (numbered: boolean) => [
    ...new Set(lines.filter((l) => l.numbered === numbered).map((l) => l.itemId)),
  ];
  const { depots, supply } = await selectDepotSupply(
    db,
    id,
    { numbered: ids(true), bulk: ids(false) },
    kind === 'order' ? 'orders' : 'removals',
  );
  const available = new Map(supply.map((s) => [`${s.depotNo}|${s.itemId}`, s.available]));
  // one item on several lines (e.g. in two sets) is supplied once: its lines' amounts add up
  const asked = new Map<string, number>();
  for (const l of lines) asked.set(l.itemId, (asked.get(l.itemId) ?? 0) + l.amount);
  const choices = depots.map((d) => {
    const of = (itemId: string) => available.get(`${d.depotNo}|${itemId}`) ?? 0;
    return {
      depotNo: d.depotNo,
      name: d.name,
      complete: [...asked].every(([itemId, amount]) => of(itemId) >= amount),
      lines: lines.map((l) => ({
        lineId: l.lineId,
        itemNo: l.itemNo,
        numbered: l.numbered,
        amount: l.amount,
        available: of(l.itemId),
      })),
    };
  });
  // those that hold everything first; otherwise in the depots' own order (a stable sort keeps it)
  return choices.sort((a, b) => Number(b.complete) - Number(a.complete));
}

/** A request's item lines as the department plans and executes them (set parents left out: their parts carry items). */
export async function selectWorkLines(db: Q, requestId: string) {
  const r = await db.execute<{
    lineId: string;
    lineNo: number;
    itemId: string;
    itemNo: string;
    numbered: boolean;
    plantId: string | null;
    plantNo: string | null;
    amount: number;
    comment: string | null;
  }>(sql`
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

/** Replaces a request's picks (one row per plant; a plant picked for another request breaks the unique index). */
export async function replacePicks(
  tx: Tx,
  requestId: string,
  picks: ReadonlyArray<{ lineId: string; plantId: string }>,
): Promise<void> {
  await tx.execute(sql`delete from request_line_plants where request_id = ${requestId}`);
  if (picks.length === 0) return;
  await tx.execute(sql`
    insert into request_line_plants (request_id, request_line_id, plant_id)
    select ${requestId}::uuid, p.line_id, p.plant_id
    from unnest(${sql.param(picks.map((p) => p.lineId))}::uuid[], ${sql.param(picks.map((p) => p.plantId))}::uuid[])
      as p(line_id, plant_id)`);
}

/**
 * The department's change of a request's plan and status, with its history row, on the caller's transaction (at the
 * moment it is written, not the transaction's start: two changes in one transaction keep their order).
 */
export async function recordDepartmentChange(
  tx: Tx,
  id: string,
  change: {
    from: (typeof requestStatuses)[number];
    to: (typeof requestStatuses)[number];
    by: string;
    note?: string | null;
    plannedDate?: string;
    depotId?: string | null;
    transportMeans?: string | null;
  },
): Promise<void> {
  await tx.execute(sql`
    update plant_requests set status = ${change.to}::request_status, updated_at = clock_timestamp(),
      planned_date = coalesce(${change.plannedDate ?? null}::date, planned_date),
      depot_id = coalesce(${change.depotId ?? null}::uuid, depot_id),
      transport_means = coalesce(${change.transportMeans ?? null}, transport_means)
    where id = ${id}`);
  await tx.execute(sql`
    insert into request_status_history (request_id, from_status, to_status, changed_by, note, changed_at)
    values (${id}, ${change.from}::request_status, ${change.to}::request_status, ${change.by}, ${change.note ?? null},
      clock_timestamp())`);
}
