import { defaultLocale, type Locale } from '@mp/contract/i18n';
import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { readTogether } from '../../platform/db/together.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import type { NotePlace, OrderKind, OrderNote, ReturnCondition } from './order-note.ts';

/*
 * What a note shows, read straight from the order tables. why: the orders area's public face (which this issue's
 * other parts own) has no reader for a whole order yet; these statements only read, and the documents area
 * already joins plant_orders for its access rule (decision 0009).
 */

type Head = {
  id: string;
  order_no: string;
  kind: OrderKind;
  order_date: string;
  planned_date: string | null;
  executed_date: string | null;
  transport_means: string | null;
  reference: string | null;
  comment: string | null;
  location_id: string;
  request_no: string | null;
  requester_language: string | null;
  customer_no: string | null;
  customer_name: string | null;
  address_name: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  contact: string | null;
  phone: string | null;
  loc: PlaceRow;
  depot: PlaceRow | null;
  counterpart: PlaceRow | null;
};

type PlaceRow = {
  no: string;
  description: string;
  description2: string | null;
  street: string | null;
  postcode: string | null;
  city: string | null;
  phone: string | null;
};

const place = (p: PlaceRow): NotePlace => ({ ...p });

/** The order's head: location, depot, counterpart, request, requester's language and the address it went to or came from. */
async function selectHead(db: Db | Tx, orderId: string): Promise<Head | null> {
  const r = await db.execute<Head>(sql`
    select o.id, o.order_no, o.kind, o.order_date::text as order_date, o.planned_date::text as planned_date,
      o.executed_date::text as executed_date, coalesce(o.transport_means, r.transport_means) as transport_means,
      coalesce(o.reference, r.reference) as reference,
      nullif(concat_ws(E'\n', case when o.kind = 'transport' then r.cargo end, coalesce(o.comment, r.comment)), '') as comment,
      o.location_id, r.request_no, u.language as requester_language,
      c.customer_no, c.name as customer_name,
      case when o.kind in ('removal', 'move_from')
        then coalesce(wa.name, owa.name) else coalesce(wa.name, r.address_name) end as address_name,
      case when o.kind in ('removal', 'move_from')
        then coalesce(o.street, r.origin_street) else coalesce(o.street, r.street) end as street,
      case when o.kind in ('removal', 'move_from')
        then coalesce(o.postcode, r.origin_postcode) else coalesce(o.postcode, r.postcode) end as postcode,
      case when o.kind in ('removal', 'move_from')
        then coalesce(o.city, r.origin_city) else coalesce(o.city, r.city) end as city,
      case when o.kind in ('removal', 'move_from')
        then coalesce(o.contact_person, r.origin_contact_person) else coalesce(o.contact_person, r.contact_person) end as contact,
      case when o.kind in ('removal', 'move_from')
        then coalesce(o.phone, r.origin_phone) else coalesce(o.phone, r.phone) end as phone,
      json_build_object('no', l.location_no, 'description', l.description, 'description2', l.description2,
        'street', l.street, 'postcode', l.postcode, 'city', l.city, 'phone', null) as loc,
      case when d.id is null then null else json_build_object('no', d.depot_no, 'description', d.name,
        'description2', null, 'street', d.street, 'postcode', d.postcode, 'city', d.city, 'phone', d.phone) end as depot,
      case when cl.id is null then null else json_build_object('no', cl.location_no, 'description', cl.description,
        'description2', cl.description2, 'street', cl.street, 'postcode', cl.postcode, 'city', cl.city, 'phone', null)
        end as counterpart
    from plant_orders o
    join plant_locations l on l.id = o.location_id
    left join customers c on c.id = l.customer_id
    left join depots d on d.id = o.depot_id
    left join plant_locations cl on cl.id = o.counterpart_location_id
    left join plant_requests r on r.id = o.request_id
    left join users u on u.id = r.user_id
    left join work_addresses wa on wa.id = o.work_address_id
    left join work_addresses owa on owa.id = r.origin_work_address_id
    where o.id = ${orderId}`);
  return r.rows[0] ?? null;
}

/** The order's head only: what `storeOrderNote` needs before it knows the locale. */
export async function selectNoteHead(
  db: Db | Tx,
  orderId: string,
): Promise<{
  orderNo: string;
  kind: OrderKind;
  locationId: string;
  documentDate: string;
  requesterLanguage: string | null;
} | null> {
  const r = await db.execute<{
    order_no: string;
    kind: OrderKind;
    location_id: string;
    document_date: string;
    language: string | null;
  }>(sql`
    select o.order_no, o.kind, o.location_id, coalesce(o.executed_date, o.planned_date, o.order_date)::text as document_date,
      u.language
    from plant_orders o
    left join plant_requests r on r.id = o.request_id
    left join users u on u.id = r.user_id
    where o.id = ${orderId}`);
  const row = r.rows[0];
  return row
    ? {
        orderNo: row.order_no,
        kind: row.kind,
        locationId: row.location_id,
        documentDate: row.document_date,
        requesterLanguage: row.language,
      }
    : null;
}

/** Everything a note shows, with the items' descriptions in `locale` (nl-NL where that one is missing). */
export async function selectOrderNote(
  db: Db | Tx,
  orderId: string,
  locale: Locale,
): Promise<OrderNote | null> {
  const head = await selectHead(db, orderId);
  if (!head) return null;
  // at once on the pool, in turn on one connection (a transaction, the seed's note makers): readTogether
  const [lines, costs, returns] = await readTogether(db, [
    () =>
      db.execute<{
        line_no: number;
        item_no: string;
        description: string | null;
        plant_no: string | null;
        quantity: number;
        unit: string | null;
        comment: string | null;
      }>(sql`
      select ol.line_no, i.item_no, coalesce(t.description, tn.description, i.item_no) as description,
        p.plant_no, ol.quantity, i.rental_unit as unit, ol.comment
      from order_lines ol
      join items i on i.id = ol.item_id
      left join item_translations t on t.item_id = i.id and t.locale = ${locale}
      left join item_translations tn on tn.item_id = i.id and tn.locale = ${defaultLocale}
      left join plants p on p.id = ol.plant_id
      where ol.order_id = ${orderId}
      order by ol.line_no, ol.id`),
    () =>
      db.execute<{
        description: string;
        quantity: string;
        unit_price: string;
        amount: string;
      }>(sql`
      select description, quantity::text as quantity, unit_price::text as unit_price, amount::text as amount
      from order_costs where order_id = ${orderId}
      order by case kind when 'transport' then 0 when 'handling' then 1 when 'rush' then 2 else 3 end, created_at, id`),
    () =>
      db.execute<{
        exit_order_no: string;
        line_no: number;
        item_no: string;
        plant_no: string | null;
        quantity: number;
        condition: ReturnCondition;
        remarks: string | null;
        damage_amount: string | null;
      }>(sql`
      select x.exit_order_no, xl.line_no, i.item_no, p.plant_no, xl.quantity, xl.condition, xl.remarks,
        xl.damage_amount::text as damage_amount
      from exit_orders x
      join exit_order_lines xl on xl.exit_order_id = x.id
      join items i on i.id = xl.item_id
      left join plants p on p.id = xl.plant_id
      where x.order_id = ${orderId}
      order by x.created_at, x.exit_order_no, xl.line_no`),
  ]);
  const hasAddress = [head.street, head.city, head.contact].some((v) => v?.trim());
  return {
    orderNo: head.order_no,
    kind: head.kind,
    orderDate: head.order_date,
    plannedDate: head.planned_date,
    executedDate: head.executed_date,
    requestNo: head.request_no,
    reference: head.reference,
    transportMeans: head.transport_means,
    comment: head.comment,
    customer: head.customer_name ? { no: head.customer_no ?? '', name: head.customer_name } : null,
    location: place(head.loc),
    address: hasAddress
      ? {
          name: head.address_name,
          street: head.street,
          postcode: head.postcode,
          city: head.city,
          contact: head.contact,
          phone: head.phone,
        }
      : null,
    depot: head.depot ? place(head.depot) : null,
    counterpart: head.counterpart ? place(head.counterpart) : null,
    lines: lines.rows.map((l) => ({
      lineNo: l.line_no,
      itemNo: l.item_no,
      description: l.description ?? l.item_no,
      plantNo: l.plant_no,
      quantity: l.quantity,
      unit: l.unit,
      comment: l.comment,
    })),
    returns: returns.rows.length
      ? {
          exitOrderNo: returns.rows[0].exit_order_no,
          lines: returns.rows.map((l) => ({
            lineNo: l.line_no,
            itemNo: l.item_no,
            plantNo: l.plant_no,
            quantity: l.quantity,
            condition: l.condition,
            remarks: l.remarks,
            damageAmount: l.damage_amount,
          })),
        }
      : null,
    costs: costs.rows.map((c) => ({
      description: c.description,
      quantity: c.quantity,
      unitPrice: c.unit_price,
      amount: c.amount,
    })),
  };
}

/** The note stored for an order (by its document id), locked until the transaction ends. */
export async function lockNoteDocument(tx: Tx, documentSystemId: string): Promise<{ fileId: string } | null> {
  // why: two jobs for one order at the same moment: the second waits here, then replaces the first's file.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`order-note:${documentSystemId}`}))`);
  const r = await tx.execute<{ file_id: string }>(
    sql`select file_id from documents where document_system_id = ${documentSystemId} for update`,
  );
  return r.rows[0] ? { fileId: r.rows[0].file_id } : null;
}

/** Inserts the note's document row, or points the existing one at the new file. */
export async function upsertNoteDocument(
  tx: Tx,
  doc: {
    documentSystemId: string;
    category: string;
    title: string;
    fileId: string;
    documentDate: string;
    orderId: string;
    locationId: string;
  },
): Promise<void> {
  await tx.execute(sql`
    insert into documents (document_system_id, category, title, file_id, document_date, order_id, location_id)
    values (${doc.documentSystemId}, ${doc.category}, ${doc.title}, ${doc.fileId}, ${doc.documentDate}::date,
      ${doc.orderId}, ${doc.locationId})
    on conflict (document_system_id) do update set category = excluded.category, title = excluded.title,
      file_id = excluded.file_id, document_date = excluded.document_date, order_id = excluded.order_id,
      location_id = excluded.location_id, created_at = now()`);
}

/** Whether anything besides the note still points at a file (a document or an ERP attachment). */
export async function fileInUse(db: Db, fileId: string): Promise<boolean> {
  const r = await db.execute<{ used: boolean }>(sql`
    select exists (select 1 from documents where file_id = ${fileId})
        or exists (select 1 from document_attachments where file_id = ${fileId}) as used`);
  return Boolean(r.rows[0]?.used);
}
