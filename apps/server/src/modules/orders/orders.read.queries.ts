import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The read side of the plant orders and exit orders (issue #12 part 5): the customer's order pages and the legacy
 * MaterieelOrder / MaterieelExitOrder calls. Access is decided by the service; these statements only read.
 */

export type OrderKindValue = 'delivery' | 'removal' | 'move_to' | 'move_from' | 'transport';

export type OrderRow = {
  id: string;
  orderNo: string;
  kind: OrderKindValue;
  status: 'planned' | 'in_transit' | 'done' | 'cancelled';
  locationId: string;
  locationNo: string;
  locationDescription: string;
  orderDate: string;
  plannedDate: string | null;
  executedDate: string | null;
  counterpartLocationNo: string | null;
  counterpartLocationDescription: string | null;
  depotNo: string | null;
  depotName: string | null;
  reference: string | null;
  requestId: string | null;
  requestNo: string | null;
  lineCount: number;
  totalQuantity: number;
};

const orderColumns = sql`
  o.id, o.order_no as "orderNo", o.kind, o.status, o.location_id as "locationId", l.location_no as "locationNo",
  coalesce(l.description, '') as "locationDescription", o.order_date::text as "orderDate",
  o.planned_date::text as "plannedDate", o.executed_date::text as "executedDate",
  c.location_no as "counterpartLocationNo", c.description as "counterpartLocationDescription",
  d.depot_no as "depotNo", d.name as "depotName", coalesce(o.reference, r.reference) as reference,
  o.request_id as "requestId", r.request_no as "requestNo",
  (select count(*)::int from order_lines ol where ol.order_id = o.id) as "lineCount",
  (select coalesce(sum(ol.quantity), 0)::int from order_lines ol where ol.order_id = o.id) as "totalQuantity"`;

const orderFrom = sql`
  from plant_orders o
  join plant_locations l on l.id = o.location_id
  left join plant_locations c on c.id = o.counterpart_location_id
  left join depots d on d.id = o.depot_id
  left join plant_requests r on r.id = o.request_id`;

export interface OrderFilter {
  locationIds: readonly string[];
  kinds: readonly OrderKindValue[];
  status?: string;
  from?: string;
  until?: string;
  query?: string;
  page: number;
  pageSize: number;
}

/** Orders of these locations and kinds, newest first (by order date: index (location_id, kind, order_date)), with the total. */
export async function selectOrders(db: Db, f: OrderFilter): Promise<{ rows: OrderRow[]; total: number }> {
  if (f.locationIds.length === 0) return { rows: [], total: 0 };
  const day = sql`coalesce(o.executed_date, o.planned_date, o.order_date)`;
  const words = (f.query ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const where = sql.join(
    [
      // why: one location and one kind as plain equalities, so the index (location_id, kind, order_date) gives the
      // newest rows in order and the page stops early; any() would sort every order of the location first
      f.locationIds.length === 1
        ? sql`o.location_id = ${f.locationIds[0]}::uuid`
        : sql`o.location_id = any(${sql.param([...f.locationIds])}::uuid[])`,
      f.kinds.length === 1
        ? sql`o.kind = ${f.kinds[0]}::order_kind`
        : sql`o.kind = any(${sql.param([...f.kinds])}::order_kind[])`,
      f.status ? sql`o.status = ${f.status}::order_status` : undefined,
      f.from ? sql`${day} >= ${f.from}::date` : undefined,
      f.until ? sql`${day} <= ${f.until}::date` : undefined,
      ...words.map(
        (w) =>
          sql`(o.order_no ilike ${`%${w}%`} or coalesce(o.reference, r.reference, '') ilike ${`%${w}%`}
            or coalesce(r.request_no, '') ilike ${`%${w}%`})`,
      ),
    ].filter((c) => c !== undefined),
    sql` and `,
  );
  const [rows, count] = await Promise.all([
    db.execute<OrderRow>(sql`
      select ${orderColumns} ${orderFrom} where ${where}
      order by o.order_date desc, o.order_no desc
      limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
    // the count needs the request's columns only when words are searched
    db.execute<{ n: number }>(
      words.length
        ? sql`select count(*)::int as n ${orderFrom} where ${where}`
        : sql`select count(*)::int as n from plant_orders o where ${where}`,
    ),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export type OrderHeadRow = OrderRow & {
  transportMeans: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  contactPerson: string | null;
  phone: string | null;
  comment: string | null;
  linkedOrderId: string | null;
};

/** One order by id (any kind), or by its number. */
export async function selectOrder(
  db: Db,
  key: { id?: string; orderNo?: string },
): Promise<OrderHeadRow | null> {
  const by = key.id ? sql`o.id = ${key.id}::uuid` : sql`o.order_no = ${key.orderNo ?? ''}`;
  const r = await db.execute<OrderHeadRow>(sql`
    select ${orderColumns}, o.transport_means as "transportMeans", o.street, o.postcode, o.city,
      o.contact_person as "contactPerson", o.phone, o.comment, o.linked_order_id as "linkedOrderId"
    ${orderFrom} where ${by}`);
  return r.rows[0] ?? null;
}

export async function selectOrderLines(db: Db, orderId: string) {
  const r = await db.execute<{
    lineNo: number;
    itemId: string;
    itemNo: string;
    plantNo: string | null;
    quantity: number;
    comment: string | null;
  }>(sql`
    select ol.line_no as "lineNo", i.id as "itemId", i.item_no as "itemNo", p.plant_no as "plantNo", ol.quantity,
      ol.comment
    from order_lines ol join items i on i.id = ol.item_id left join plants p on p.id = ol.plant_id
    where ol.order_id = ${orderId} order by ol.line_no`);
  return r.rows;
}

export async function selectOrderCosts(db: Db, orderId: string) {
  const r = await db.execute<{
    kind: 'transport' | 'handling' | 'rush' | 'other';
    description: string;
    quantity: string;
    unitPrice: string;
    amount: string;
  }>(sql`
    select kind, description, quantity::text as quantity, unit_price::text as "unitPrice", amount::text as amount
    from order_costs where order_id = ${orderId} order by created_at, id`);
  return r.rows;
}

/** The documents about orders (the notes of part 6 and whatever the department attached). */
export async function selectOrderDocuments(db: Db, orderIds: readonly string[]) {
  if (orderIds.length === 0) return [];
  const r = await db.execute<{
    orderId: string;
    id: string;
    title: string;
    category: string;
    date: string | null;
  }>(
    sql`
      select order_id as "orderId", document_system_id as id, title, category, document_date::text as date
      from documents where order_id = any(${sql.param([...orderIds])}::uuid[])
      order by document_date desc nulls last, title`,
  );
  return r.rows;
}

export type ExitOrderRow = {
  id: string;
  exitOrderNo: string;
  exitDate: string;
  status: 'draft' | 'final';
  locationId: string;
  locationNo: string;
  locationDescription: string;
  orderId: string | null;
  orderNo: string | null;
  lineCount: number;
  problemCount: number;
  damageTotal: string;
  remarks: string | null;
};

const exitColumns = sql`
  x.id, x.exit_order_no as "exitOrderNo", x.exit_date::text as "exitDate", x.status, x.location_id as "locationId",
  l.location_no as "locationNo", coalesce(l.description, '') as "locationDescription", x.order_id as "orderId",
  o.order_no as "orderNo", x.remarks,
  (select count(*)::int from exit_order_lines xl where xl.exit_order_id = x.id) as "lineCount",
  (select count(*)::int from exit_order_lines xl where xl.exit_order_id = x.id and xl.condition <> 'good')
    as "problemCount",
  (select coalesce(sum(xl.damage_amount), 0)::numeric(12, 2)::text from exit_order_lines xl
    where xl.exit_order_id = x.id) as "damageTotal"`;

const exitFrom = sql`
  from exit_orders x join plant_locations l on l.id = x.location_id left join plant_orders o on o.id = x.order_id`;

export async function selectExitOrders(
  db: Db,
  f: { locationIds: readonly string[]; page: number; pageSize: number },
): Promise<{ rows: ExitOrderRow[]; total: number }> {
  if (f.locationIds.length === 0) return { rows: [], total: 0 };
  const where = sql`x.location_id = any(${sql.param([...f.locationIds])}::uuid[])`;
  const [rows, count] = await Promise.all([
    db.execute<ExitOrderRow>(sql`
      select ${exitColumns} ${exitFrom} where ${where}
      order by x.exit_date desc, x.exit_order_no desc
      limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`),
    db.execute<{ n: number }>(sql`select count(*)::int as n from exit_orders x where ${where}`),
  ]);
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export async function selectExitOrder(
  db: Db,
  key: { id?: string; exitOrderNo?: string },
): Promise<ExitOrderRow | null> {
  const by = key.id ? sql`x.id = ${key.id}::uuid` : sql`x.exit_order_no = ${key.exitOrderNo ?? ''}`;
  const r = await db.execute<ExitOrderRow>(sql`select ${exitColumns} ${exitFrom} where ${by}`);
  return r.rows[0] ?? null;
}

/** The exit order of a removal order. */
export async function selectExitOrderIdOfOrder(db: Db, orderId: string) {
  const r = await db.execute<{ id: string; exitOrderNo: string }>(sql`
    select id, exit_order_no as "exitOrderNo" from exit_orders where order_id = ${orderId} limit 1`);
  return r.rows[0] ?? null;
}

export async function selectExitLines(db: Db, exitOrderId: string) {
  const r = await db.execute<{
    lineNo: number;
    itemId: string;
    itemNo: string;
    plantNo: string | null;
    quantity: number;
    condition: 'good' | 'dirty' | 'damaged' | 'missing';
    remarks: string | null;
    damageAmount: string | null;
  }>(sql`
    select xl.line_no as "lineNo", i.id as "itemId", i.item_no as "itemNo", p.plant_no as "plantNo", xl.quantity,
      xl.condition, xl.remarks, xl.damage_amount::text as "damageAmount"
    from exit_order_lines xl join items i on i.id = xl.item_id left join plants p on p.id = xl.plant_id
    where xl.exit_order_id = ${exitOrderId} order by xl.line_no`);
  return r.rows;
}

/** The photos and documents of an exit order, with the line each belongs to. */
export async function selectExitFiles(db: Db, exitOrderId: string) {
  const r = await db.execute<{
    id: string;
    kind: 'image' | 'document';
    lineNo: number | null;
    caption: string | null;
    fileId: string;
    fileName: string;
    createdAt: string;
  }>(sql`
    select f.id, f.kind, xl.line_no as "lineNo", f.caption, f.file_id as "fileId", fl.file_name as "fileName",
      f.created_at::date::text as "createdAt"
    from exit_order_files f join files fl on fl.id = f.file_id left join exit_order_lines xl on xl.id = f.line_id
    where f.exit_order_id = ${exitOrderId} order by f.kind, f.sort, f.created_at`);
  return r.rows;
}

/** One file of an exit order, for serving it. */
export async function selectExitFile(db: Db, exitOrderId: string, fileRowId: string) {
  const r = await db.execute<{ storageKey: string; contentType: string; fileName: string }>(sql`
    select fl.storage_key as "storageKey", fl.content_type as "contentType", fl.file_name as "fileName"
    from exit_order_files f join files fl on fl.id = f.file_id
    where f.exit_order_id = ${exitOrderId} and f.id = ${fileRowId}`);
  return r.rows[0] ?? null;
}
