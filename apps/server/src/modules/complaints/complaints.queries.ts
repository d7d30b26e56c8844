import type { ComplaintStatus } from '@mp/contract/rules/complaints';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The SQL of complaints (klachten). Every list is filtered in the database by the locations the service allows
 * (a foreign location's complaint never leaves it); the service decides who may see what.
 */

export type Author = 'user' | 'department';

export type ComplaintRow = {
  id: string;
  complaintNo: string;
  type: string;
  subject: string;
  status: ComplaintStatus;
  locationId: string;
  locationNo: string;
  locationDescription: string;
  customerId: string;
  customerNo: string | null;
  customerName: string | null;
  userId: string | null;
  userName: string | null;
  userEmail: string | null;
  userLanguage: string | null;
  createdAt: Date;
  expectedResolutionDate: string | null;
  resolvedAt: Date | null;
  lastMessageAt: Date;
  lastAuthor: Author | null;
  lineCount: number;
  documentCount: number;
  itemId: string | null;
  itemNo: string | null;
  plantNo: string | null;
  orderId: string | null;
  orderNo: string | null;
  orderKind: string | null;
  invoiceId: string | null;
  invoiceNo: string | null;
};

const summarySql = sql`
  select c.id, c.complaint_no as "complaintNo", c.type, c.subject, c.status,
    c.location_id as "locationId", l.location_no as "locationNo",
    coalesce(nullif(trim(l.description), ''), l.location_no) as "locationDescription",
    l.customer_id as "customerId", cu.customer_no as "customerNo", cu.name as "customerName",
    c.user_id as "userId", u.name as "userName", u.email as "userEmail", u.language as "userLanguage",
    c.created_at as "createdAt", c.expected_resolution_date::text as "expectedResolutionDate",
    c.resolved_at as "resolvedAt",
    coalesce(ls.last_at, c.created_at) as "lastMessageAt", ls.last_author as "lastAuthor",
    coalesce(ls.n, 0)::int as "lineCount",
    (select count(*) from complaint_documents d where d.complaint_id = c.id)::int as "documentCount",
    c.item_id as "itemId", i.item_no as "itemNo", p.plant_no as "plantNo",
    c.order_id as "orderId", o.order_no as "orderNo", o.kind::text as "orderKind",
    c.invoice_id as "invoiceId", si.document_no as "invoiceNo"
  from complaints c
  join plant_locations l on l.id = c.location_id
  join customers cu on cu.id = l.customer_id
  left join users u on u.id = c.user_id
  left join items i on i.id = c.item_id
  left join plants p on p.id = c.plant_id
  left join plant_orders o on o.id = c.order_id
  left join sales_invoices si on si.id = c.invoice_id
  left join lateral (
    select count(*) as n, max(cl.created_at) as last_at,
      (array_agg(cl.author::text order by cl.created_at desc))[1] as last_author
    from complaint_lines cl where cl.complaint_id = c.id
  ) ls on true`;

export interface ListFilter {
  /** The locations the list is over; 'all' for an admin's overview. */
  locationIds?: readonly string[] | 'all';
  /** Every location of this customer (the management overview). */
  customerId?: string;
  status?: ComplaintStatus;
  query?: string;
  page: number;
  pageSize: number;
  /** The department's order: open first, then in progress, resolved, closed; oldest first within each. */
  queueOrder?: boolean;
}

function whereOf(f: Omit<ListFilter, 'page' | 'pageSize' | 'queueOrder'>, withStatus = true): SQL {
  const parts: SQL[] = [];
  if (f.locationIds && f.locationIds !== 'all') {
    if (f.locationIds.length === 0) parts.push(sql`false`);
    else
      parts.push(
        sql`c.location_id in (${sql.join(
          f.locationIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
  }
  if (f.customerId) parts.push(sql`l.customer_id = ${f.customerId}::uuid`);
  if (withStatus && f.status) parts.push(sql`c.status = ${f.status}::complaint_status`);
  for (const word of (f.query ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(
      sql`(c.complaint_no ilike ${like} or c.subject ilike ${like} or l.location_no ilike ${like} or cu.name ilike ${like})`,
    );
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

const fromSql = sql`from complaints c join plant_locations l on l.id = c.location_id join customers cu on cu.id = l.customer_id`;

export async function selectComplaints(
  db: Db,
  f: ListFilter,
): Promise<{ rows: ComplaintRow[]; total: number; counts: Record<ComplaintStatus, number> }> {
  const where = whereOf(f);
  const order = f.queueOrder
    ? sql`order by array_position(array['open','in_progress','resolved','closed']::text[], c.status::text), c.created_at, c.id`
    : sql`order by c.created_at desc, c.id desc`;
  const [rows, counts] = await Promise.all([
    db.execute<ComplaintRow>(
      sql`${summarySql} ${where} ${order} limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`,
    ),
    db.execute<{ status: ComplaintStatus; n: number }>(
      sql`select c.status, count(*)::int as n ${fromSql} ${whereOf(f, false)} group by c.status`,
    ),
  ]);
  const byStatus: Record<ComplaintStatus, number> = { open: 0, in_progress: 0, resolved: 0, closed: 0 };
  for (const c of counts.rows) byStatus[c.status] = c.n;
  const total = f.status ? byStatus[f.status] : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return { rows: rows.rows, total, counts: byStatus };
}

export async function selectComplaint(
  db: Db,
  key: { id?: string; complaintNo?: string },
  lock = false,
): Promise<ComplaintRow | null> {
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  let where: SQL;
  if (key.id) {
    if (!UUID.test(key.id)) return null;
    where = sql`where c.id = ${key.id}::uuid`;
  } else if (key.complaintNo) where = sql`where c.complaint_no = ${key.complaintNo}`;
  else return null;
  if (lock) await db.execute(sql`select 1 from complaints c ${where} for update`);
  const r = await db.execute<ComplaintRow>(sql`${summarySql} ${where}`);
  return r.rows[0] ?? null;
}

export type LineRow = {
  id: string;
  author: Author;
  authorName: string | null;
  message: string;
  createdAt: Date;
};

export async function selectLines(db: Db, complaintId: string): Promise<LineRow[]> {
  const r = await db.execute<LineRow>(sql`
    select cl.id, cl.author, u.name as "authorName", cl.message, cl.created_at as "createdAt"
    from complaint_lines cl left join users u on u.id = cl.user_id
    where cl.complaint_id = ${complaintId}::uuid order by cl.created_at, cl.id`);
  return r.rows;
}

export type DocumentRow = {
  id: string;
  fileId: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
  author: Author;
  createdAt: Date;
};

export async function selectDocuments(
  db: Db,
  complaintId: string,
  documentId?: string,
): Promise<DocumentRow[]> {
  const one = documentId ? sql`and d.id = ${documentId}::uuid` : sql``;
  const r = await db.execute<DocumentRow>(sql`
    select d.id, d.file_id as "fileId", f.file_name as "fileName", f.content_type as "contentType",
      f.size::int as size, f.storage_key as "storageKey",
      case when d.uploaded_by is not null and d.uploaded_by = c.user_id then 'user'
        when exists (select 1 from location_memberships m where m.user_id = d.uploaded_by and m.location_id = c.location_id)
          then 'user' else 'department' end as author,
      d.created_at as "createdAt"
    from complaint_documents d join files f on f.id = d.file_id join complaints c on c.id = d.complaint_id
    where d.complaint_id = ${complaintId}::uuid ${one} order by d.created_at, d.id`);
  return r.rows;
}

export async function insertComplaint(
  db: Db,
  c: {
    locationId: string;
    userId: string;
    itemId: string | null;
    plantId: string | null;
    orderId: string | null;
    invoiceId: string | null;
    type: string;
    subject: string;
    expectedResolutionDate: string;
    idempotencyKey: string | null;
    now: Date;
  },
): Promise<string> {
  const r = await db.execute<{ id: string }>(sql`
    insert into complaints (location_id, user_id, item_id, plant_id, order_id, invoice_id, type, subject,
      expected_resolution_date, idempotency_key, created_at, updated_at)
    values (${c.locationId}::uuid, ${c.userId}::uuid, ${c.itemId}::uuid, ${c.plantId}::uuid, ${c.orderId}::uuid,
      ${c.invoiceId}::uuid, ${c.type}, ${c.subject}, ${c.expectedResolutionDate}::date, ${c.idempotencyKey},
      ${c.now}, ${c.now})
    returning id`);
  return r.rows[0].id;
}

export async function insertLine(
  db: Db,
  l: { complaintId: string; author: Author; userId: string; message: string; now: Date },
): Promise<void> {
  await db.execute(sql`
    insert into complaint_lines (complaint_id, author, user_id, message, created_at)
    values (${l.complaintId}::uuid, ${l.author}::complaint_author, ${l.userId}::uuid, ${l.message}, ${l.now})`);
}

export async function insertDocument(
  db: Db,
  d: { complaintId: string; fileId: string; userId: string },
): Promise<void> {
  await db.execute(sql`
    insert into complaint_documents (complaint_id, file_id, uploaded_by, created_at)
    values (${d.complaintId}::uuid, ${d.fileId}::uuid, ${d.userId}::uuid, clock_timestamp())`);
}

/** A new status; resolved_at is set on resolved / closed (first time) and cleared when taken up again. */
export async function updateStatus(db: Db, id: string, status: ComplaintStatus, now: Date): Promise<void> {
  await db.execute(sql`
    update complaints set status = ${status}::complaint_status, updated_at = ${now},
      resolved_at = case when ${status} in ('resolved', 'closed') then coalesce(resolved_at, ${now})
        else null end
    where id = ${id}::uuid`);
}

export async function touchComplaint(db: Db, id: string, now: Date): Promise<void> {
  await db.execute(sql`update complaints set updated_at = ${now} where id = ${id}::uuid`);
}

// ── what a complaint may be about: things of its location ───────────────────────────────────────

/** The items and plants that have been on the location (its stock history), and its orders and invoices. */
export async function selectLocationReferences(db: Db, locationId: string) {
  const [items, plants, orders, invoices] = await Promise.all([
    db.execute<{ id: string; itemNo: string }>(sql`
      select i.id, i.item_no as "itemNo" from items i
      where exists (select 1 from inventory_ledger g where g.location_id = ${locationId}::uuid and g.item_id = i.id)
      order by i.item_no`),
    db.execute<{ id: string; plantNo: string; itemNo: string }>(sql`
      select p.id, p.plant_no as "plantNo", i.item_no as "itemNo" from plants p join items i on i.id = p.item_id
      where exists (select 1 from inventory_ledger g where g.location_id = ${locationId}::uuid and g.plant_id = p.id)
      order by p.plant_no`),
    db.execute<{ id: string; orderNo: string; kind: string; date: string }>(sql`
      select o.id, o.order_no as "orderNo", o.kind::text as kind, o.order_date::text as date from plant_orders o
      where o.location_id = ${locationId}::uuid order by o.order_date desc, o.order_no desc`),
    db.execute<{ id: string; invoiceNo: string; date: string }>(sql`
      select s.id, s.document_no as "invoiceNo", s.document_date::text as date from sales_invoices s
      where s.location_id = ${locationId}::uuid order by s.document_date desc, s.document_no desc`),
  ]);
  return { items: items.rows, plants: plants.rows, orders: orders.rows, invoices: invoices.rows };
}

/** One reference by its number when it belongs to the location (else null). */
export async function selectReference(
  db: Db,
  locationId: string,
  kind: 'item' | 'plant' | 'order' | 'invoice',
  no: string,
): Promise<{ id: string; itemId?: string } | null> {
  const q = {
    item: sql`select i.id from items i where i.item_no = ${no}
      and exists (select 1 from inventory_ledger g where g.location_id = ${locationId}::uuid and g.item_id = i.id)`,
    plant: sql`select p.id, p.item_id as "itemId" from plants p where p.plant_no = ${no}
      and exists (select 1 from inventory_ledger g where g.location_id = ${locationId}::uuid and g.plant_id = p.id)`,
    order: sql`select o.id from plant_orders o where o.order_no = ${no} and o.location_id = ${locationId}::uuid`,
    invoice: sql`select s.id from sales_invoices s where s.document_no = ${no} and s.location_id = ${locationId}::uuid`,
  }[kind];
  const r = await db.execute<{ id: string; itemId?: string }>(q);
  return r.rows[0] ?? null;
}

/** Who hears of a new complaint or a user's reply: the department's people (internal, not disabled). */
export async function selectDepartmentPeople(db: Db): Promise<Array<{ email: string; language: string }>> {
  const r = await db.execute<{ email: string; language: string }>(sql`
    select email, language from users
    where kind = 'internal' and not disabled and 'department' = any(permissions) order by email`);
  return r.rows;
}
