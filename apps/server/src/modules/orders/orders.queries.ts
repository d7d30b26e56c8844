import { sql } from 'drizzle-orm';
import { exitOrderLines, exitOrders, orderCosts, orderLines, plantOrders } from '../../db/schema/index.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

export type NewOrder = typeof plantOrders.$inferInsert;
export type NewOrderLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type NewOrderCost = Omit<typeof orderCosts.$inferInsert, 'orderId'>;

/** A plant order with its lines and costs; answers its id, number and the lines' ids in their order. */
export async function insertOrder(
  tx: Tx,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  costs: readonly NewOrderCost[],
): Promise<{ id: string; orderNo: string; lineIds: string[] }> {
  const [row] = await tx
    .insert(plantOrders)
    .values(order)
    .returning({ id: plantOrders.id, orderNo: plantOrders.orderNo });
  if (!row) throw new Error('insert plant_orders returned nothing');
  const lineIds = lines.length
    ? (
        await tx
          .insert(orderLines)
          .values(lines.map((l) => ({ ...l, orderId: row.id })))
          .returning({ id: orderLines.id, lineNo: orderLines.lineNo })
      )
        .sort((a, b) => a.lineNo - b.lineNo)
        .map((l) => l.id)
    : [];
  if (costs.length) await tx.insert(orderCosts).values(costs.map((c) => ({ ...c, orderId: row.id })));
  return { id: row.id, orderNo: row.orderNo, lineIds };
}

/** Links a move's two orders to each other. */
export async function linkOrders(tx: Tx, a: string, b: string): Promise<void> {
  await tx.execute(sql`
    update plant_orders set linked_order_id = case id when ${a}::uuid then ${b}::uuid else ${a}::uuid end
    where id in (${a}::uuid, ${b}::uuid)`);
}

export type NewExitOrder = typeof exitOrders.$inferInsert;
export type NewExitOrderLine = Omit<typeof exitOrderLines.$inferInsert, 'exitOrderId'>;

/** An exit order (what left a location for good, and in what state) with its lines. */
export async function insertExitOrder(
  tx: Tx,
  exit: NewExitOrder,
  lines: readonly NewExitOrderLine[],
): Promise<{ id: string; exitOrderNo: string }> {
  const [row] = await tx
    .insert(exitOrders)
    .values(exit)
    .returning({ id: exitOrders.id, exitOrderNo: exitOrders.exitOrderNo });
  if (!row) throw new Error('insert exit_orders returned nothing');
  if (lines.length) await tx.insert(exitOrderLines).values(lines.map((l) => ({ ...l, exitOrderId: row.id })));
  return row;
}

/** The orders a request became (its detail links them). */
export async function selectOrdersOfRequest(db: Tx | { execute: Tx['execute'] }, requestId: string) {
  const r = await (db as Tx).execute<{
    id: string;
    orderNo: string;
    kind: (typeof plantOrders.$inferSelect)['kind'];
    status: (typeof plantOrders.$inferSelect)['status'];
    locationNo: string;
  }>(sql`
    select o.id, o.order_no as "orderNo", o.kind, o.status, l.location_no as "locationNo"
    from plant_orders o join plant_locations l on l.id = o.location_id
    where o.request_id = ${requestId}
    order by o.created_at, o.order_no`);
  return r.rows;
}

/**
 * The exit order a removal request became and, for one of the request's lines, its exit line (the exit lines follow
 * the removal order's lines one to one, by line number).
 */
export async function selectExitLineOfRequest(
  db: Tx | { execute: Tx['execute'] },
  requestId: string,
  requestLineId: string | null,
): Promise<{ exitOrderId: string; lineId: string | null } | null> {
  const r = await (db as Tx).execute<{ exitOrderId: string; lineId: string | null }>(sql`
    select x.id as "exitOrderId",
      (select xl.id from order_lines ol join exit_order_lines xl on xl.exit_order_id = x.id and xl.line_no = ol.line_no
       where ol.order_id = o.id and ol.request_line_id = ${requestLineId}::uuid order by ol.line_no limit 1) as "lineId"
    from plant_orders o join exit_orders x on x.order_id = o.id
    where o.request_id = ${requestId} and o.kind = 'removal'
    limit 1`);
  return r.rows[0] ?? null;
}

/** A photo or document of an exit order (optionally of one line), after the ones it already has. */
export async function insertExitOrderFile(
  db: Tx | { execute: Tx['execute'] },
  file: {
    exitOrderId: string;
    lineId: string | null;
    kind: 'image' | 'document';
    fileId: string;
    caption: string | null;
  },
): Promise<{ id: string }> {
  const r = await (db as Tx).execute<{ id: string }>(sql`
    insert into exit_order_files (exit_order_id, line_id, kind, file_id, caption, sort)
    select ${file.exitOrderId}::uuid, ${file.lineId}::uuid, ${file.kind}::exit_order_file_kind, ${file.fileId}::uuid,
      ${file.caption}, coalesce(max(sort), -1) + 1
    from exit_order_files where exit_order_id = ${file.exitOrderId}::uuid
    returning id`);
  return r.rows[0] as { id: string };
}
