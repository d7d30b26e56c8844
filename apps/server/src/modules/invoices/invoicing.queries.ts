import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';

/*
 * What the invoicing run reads from the loop (the stock ledger, the executed orders and their costs) and how it
 * writes an invoice. Set-based: one statement per kind of charge for every location of the run at once.
 */

export type RunLocation = {
  id: string;
  locationNo: string;
  customerId: string;
  projectNumber: string | null;
  discountPercent: string;
};

/** Locations by number (the run's `locations`), or every location with something in [from, to]. */
export async function selectRunLocations(
  db: Db,
  period: { from: string; to: string },
  numbers?: readonly string[],
): Promise<RunLocation[]> {
  const columns = sql`l.id, l.location_no as "locationNo", l.customer_id as "customerId",
    l.project_number as "projectNumber", c.rental_discount_percent::text as "discountPercent"`;
  if (numbers) {
    const r = await db.execute<RunLocation>(sql`
      select ${columns} from plant_locations l join customers c on c.id = l.customer_id
      where l.location_no = any(${sql.param([...numbers])}::text[]) order by l.location_no`);
    return r.rows;
  }
  // with rent: stock of a rental item on the location at the start of the period or moved in it; or an order
  // executed in it
  const r = await db.execute<RunLocation>(sql`
    select ${columns} from plant_locations l join customers c on c.id = l.customer_id
    where exists (
        select 1 from inventory_ledger g join items i on i.id = g.item_id
        where g.location_id = l.id and g.entry_date <= ${period.to}::date and i.rental_type = 'Verhuur'
        group by g.item_id, g.plant_id
        having sum(g.quantity) filter (where g.entry_date < ${period.from}::date) > 0
          or count(*) filter (where g.entry_date >= ${period.from}::date) > 0)
      or exists (
        select 1 from plant_orders o where o.location_id = l.id and o.status = 'done'
          and o.executed_date between ${period.from}::date and ${period.to}::date)
    order by l.location_no`);
  return r.rows;
}

export type RentalIntervalRow = {
  locationId: string;
  itemId: string;
  itemNo: string;
  itemName: string;
  plantId: string | null;
  plantNo: string | null;
  /** First day on site in the period. */
  from: string;
  /** The day it left (or the day after the period): exclusive. */
  until: string;
  quantity: number;
  dayPrice: string | null;
  weekPrice: string | null;
};

/**
 * Every interval of [from, to] in which a rental item (or numbered plant) stood on one of these locations with
 * the same quantity: the ledger's movements summed per day, a running balance per (location, item, plant), and
 * each balance until the next movement (or the end of the period). Movements before the period open it.
 */
export async function selectRentalIntervals(
  db: Db,
  locationIds: readonly string[],
  period: { from: string; to: string },
  locale: string,
): Promise<RentalIntervalRow[]> {
  if (locationIds.length === 0) return [];
  const r = await db.execute<RentalIntervalRow>(sql`
    with changes as (
      select g.location_id, g.item_id, g.plant_id, greatest(g.entry_date, ${period.from}::date) as d,
        sum(g.quantity)::int as q
      from inventory_ledger g join items i on i.id = g.item_id
      where g.location_id = any(${sql.param([...locationIds])}::uuid[]) and g.entry_date <= ${period.to}::date
        and i.rental_type = 'Verhuur'
      group by 1, 2, 3, 4
    ), running as (
      select location_id, item_id, plant_id, d, sum(q) over w as qty, lead(d) over w as next_d
      from changes window w as (partition by location_id, item_id, plant_id order by d)
    )
    select r.location_id as "locationId", r.item_id as "itemId", i.item_no as "itemNo",
      coalesce(t.description, i.item_no) as "itemName", r.plant_id as "plantId", p.plant_no as "plantNo",
      r.d::text as "from", coalesce(r.next_d, ${period.to}::date + 1)::text as until, r.qty::int as quantity,
      i.day_price::text as "dayPrice", i.week_price::text as "weekPrice"
    from running r
    join items i on i.id = r.item_id
    left join item_translations t on t.item_id = i.id and t.locale = ${locale}
    left join plants p on p.id = r.plant_id
    where r.qty > 0
    order by r.location_id, i.item_no, p.plant_no nulls first, r.d`);
  return r.rows;
}

export type OrderChargeRow = {
  locationId: string;
  orderId: string;
  orderNo: string;
  orderKind: 'delivery' | 'removal';
  executedDate: string;
  itemId: string;
  itemNo: string;
  itemName: string;
  plantId: string | null;
  plantNo: string | null;
  quantity: number;
  /** The sale price (delivery of a Verkoop / Verkoop_Terugkoop item) or the buy-back price (its return). */
  unitPrice: string;
};

/** Sales on delivery and buy-backs on return: the lines of the orders executed in [from, to]. */
export async function selectOrderCharges(
  db: Db,
  locationIds: readonly string[],
  period: { from: string; to: string },
  locale: string,
): Promise<OrderChargeRow[]> {
  if (locationIds.length === 0) return [];
  const r = await db.execute<OrderChargeRow>(sql`
    select o.location_id as "locationId", o.id as "orderId", o.order_no as "orderNo", o.kind as "orderKind",
      o.executed_date::text as "executedDate", i.id as "itemId", i.item_no as "itemNo",
      coalesce(t.description, i.item_no) as "itemName", ol.plant_id as "plantId", p.plant_no as "plantNo",
      ol.quantity,
      (case when o.kind = 'delivery' then i.sale_price else i.buy_back_price end)::text as "unitPrice"
    from plant_orders o
    join order_lines ol on ol.order_id = o.id
    join items i on i.id = ol.item_id
    left join item_translations t on t.item_id = i.id and t.locale = ${locale}
    left join plants p on p.id = ol.plant_id
    where o.location_id = any(${sql.param([...locationIds])}::uuid[]) and o.status = 'done'
      and o.executed_date between ${period.from}::date and ${period.to}::date
      and ((o.kind = 'delivery' and i.rental_type <> 'Verhuur' and i.sale_price is not null)
        or (o.kind = 'removal' and i.rental_type = 'Verkoop_Terugkoop' and i.buy_back_price is not null))
    order by o.location_id, o.executed_date, o.order_no, ol.line_no`);
  return r.rows;
}

export type OrderCostRow = {
  locationId: string;
  orderId: string;
  orderNo: string;
  executedDate: string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
};

/** The costs (transport, handling, rush) of the orders executed in [from, to]. */
export async function selectOrderCosts(
  db: Db,
  locationIds: readonly string[],
  period: { from: string; to: string },
): Promise<OrderCostRow[]> {
  if (locationIds.length === 0) return [];
  const r = await db.execute<OrderCostRow>(sql`
    select o.location_id as "locationId", o.id as "orderId", o.order_no as "orderNo",
      o.executed_date::text as "executedDate", c.description, c.quantity::text as quantity,
      c.unit_price::text as "unitPrice", c.amount::text as amount
    from plant_orders o join order_costs c on c.order_id = o.id
    where o.location_id = any(${sql.param([...locationIds])}::uuid[]) and o.status = 'done'
      and o.executed_date between ${period.from}::date and ${period.to}::date
    order by o.location_id, o.executed_date, o.order_no, c.created_at`);
  return r.rows;
}

export interface NewInvoice {
  kind: 'invoice' | 'credit_memo';
  customerId: string;
  locationId: string;
  appliesToInvoiceId: string | null;
  documentDate: string;
  dueDate: string;
  periodFrom: string | null;
  periodTo: string | null;
  amountExclVat: string;
  vatAmount: string;
  amountInclVat: string;
  yourReference: string | null;
}

export interface NewInvoiceLine {
  kind: 'rental' | 'sale' | 'cost' | 'credit';
  itemId: string | null;
  plantId: string | null;
  orderId: string | null;
  description: string;
  periodFrom: string | null;
  periodTo: string | null;
  days: number | null;
  quantity: string;
  /** Rent: what the price is for and how many (amount = quantity × unitCount × unitPrice, less the discount). */
  priceUnit: 'day' | 'week' | null;
  unitCount: number | null;
  unitPrice: string;
  discountPercent: string;
  amount: string;
}

/**
 * Writes the invoice (F-…) or credit memo (C-…) with its lines. A run's document for a location, kind and period
 * that exists already is not written again (the partial unique index sales_invoices_run_uq): null then.
 */
export async function insertInvoice(
  tx: Tx,
  head: NewInvoice,
  lines: readonly NewInvoiceLine[],
): Promise<{ id: string; documentNo: string } | null> {
  const prefix = head.kind === 'invoice' ? 'F' : 'C';
  const r = await tx.execute<{ id: string; documentNo: string }>(sql`
    insert into sales_invoices (document_no, kind, customer_id, location_id, applies_to_invoice_id, document_date,
      due_date, period_from, period_to, amount_excl_vat, vat_amount, amount_incl_vat, your_reference)
    values (${prefix} || '-' || to_char(${head.documentDate}::date, 'YYYY') || '-'
        || lpad(nextval('sales_document_no_seq')::text, 6, '0'),
      ${head.kind}::invoice_kind, ${head.customerId}, ${head.locationId}, ${head.appliesToInvoiceId},
      ${head.documentDate}::date, ${head.dueDate}::date, ${head.periodFrom}::date, ${head.periodTo}::date,
      ${head.amountExclVat}::numeric, ${head.vatAmount}::numeric, ${head.amountInclVat}::numeric,
      ${head.yourReference})
    on conflict (location_id, kind, period_from) where applies_to_invoice_id is null and period_from is not null
    do nothing
    returning id, document_no as "documentNo"`);
  const row = r.rows[0];
  if (!row) return null;
  if (lines.length > 0) {
    const values = lines.map(
      (l, i) => sql`(${row.id}::uuid, ${(i + 1) * 10000}, ${l.kind}::invoice_line_kind, ${l.itemId}::uuid,
        ${l.plantId}::uuid, ${l.orderId}::uuid, ${l.description}, ${l.periodFrom}::date, ${l.periodTo}::date,
        ${l.days}::int, ${l.quantity}::numeric, ${l.priceUnit}::invoice_price_unit, ${l.unitCount}::int,
        ${l.unitPrice}::numeric, ${l.discountPercent}::numeric, ${l.amount}::numeric)`,
    );
    // why: a few thousand lines at most per document; in chunks so one statement stays far below 65,535 parameters
    for (let i = 0; i < values.length; i += 1000) {
      await tx.execute(sql`
        insert into sales_invoice_lines (invoice_id, line_no, kind, item_id, plant_id, order_id, description,
          period_from, period_to, days, quantity, price_unit, unit_count, unit_price, discount_percent, amount)
        values ${sql.join(values.slice(i, i + 1000), sql`, `)}`);
    }
  }
  return row;
}

/**
 * What a credit memo may still take from an invoice: its amount excl. VAT minus the credit memos naming it. Two
 * statements on purpose (issue #31 item 3): the invoice row is locked first, and the credit memos are summed after the
 * lock is held. Summed in the locking statement, the sum would come from that statement's snapshot — taken before
 * waiting for the lock — so a correction that waited for another would not see the credit memo the other just wrote.
 */
export async function selectCreditable(
  tx: Tx,
  invoiceId: string,
): Promise<{
  id: string;
  kind: 'invoice' | 'credit_memo';
  customerId: string;
  locationId: string;
  documentNo: string;
  periodFrom: string | null;
  periodTo: string | null;
  yourReference: string | null;
  netCents: number;
  creditedCents: number;
} | null> {
  const r = await tx.execute<{
    id: string;
    kind: 'invoice' | 'credit_memo';
    customerId: string;
    locationId: string;
    documentNo: string;
    periodFrom: string | null;
    periodTo: string | null;
    yourReference: string | null;
    netCents: number;
  }>(sql`
    select s.id, s.kind, s.customer_id as "customerId", s.location_id as "locationId",
      s.document_no as "documentNo", s.period_from::text as "periodFrom", s.period_to::text as "periodTo",
      s.your_reference as "yourReference", (s.amount_excl_vat * 100)::bigint::int as "netCents"
    from sales_invoices s where s.id = ${invoiceId}::uuid for update`);
  const invoice = r.rows[0];
  if (!invoice) return null;
  // a new statement: its snapshot is taken now that the lock is ours, so it sees every credit memo committed before
  const credited = await tx.execute<{ creditedCents: number }>(sql`
    select coalesce(sum(c.amount_excl_vat * 100), 0)::bigint::int as "creditedCents"
    from sales_invoices c where c.applies_to_invoice_id = ${invoiceId}::uuid`);
  return { ...invoice, creditedCents: credited.rows[0]?.creditedCents ?? 0 };
}

export async function updateInvoiceStatus(db: Db, id: string, status: 'open' | 'paid'): Promise<boolean> {
  const r = await db.execute(sql`
    update sales_invoices set status = ${status}::invoice_status, updated_at = now() where id = ${id}::uuid`);
  return (r.rowCount ?? 0) > 0;
}
