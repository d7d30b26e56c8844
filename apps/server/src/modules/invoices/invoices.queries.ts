import { type SQL, sql } from 'drizzle-orm';
import { locationFilter } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';

/*
 * The read side of the invoices page (issue #13 part 3) and its legacy MaterieelFacturen calls. Access is decided by
 * the service (the location ids passed in are the caller's); these statements only read.
 */

export type InvoiceRow = {
  id: string;
  documentNo: string;
  kind: 'invoice' | 'credit_memo';
  status: 'open' | 'paid';
  overdue: boolean;
  locationId: string;
  locationNo: string;
  locationDescription: string;
  documentDate: string;
  dueDate: string;
  periodFrom: string | null;
  periodTo: string | null;
  currency: string;
  amountExclVat: string;
  vatAmount: string;
  amountInclVat: string;
  yourReference: string | null;
  appliesToId: string | null;
  appliesToDocumentNo: string | null;
};

const columns = (today: string) => sql`
  s.id, s.document_no as "documentNo", s.kind, s.status, (s.status = 'open' and s.due_date < ${today}::date) as overdue,
  s.location_id as "locationId", l.location_no as "locationNo", coalesce(nullif(l.description, ''), l.location_no)
  as "locationDescription", s.document_date::text as "documentDate", s.due_date::text as "dueDate",
  s.period_from::text as "periodFrom", s.period_to::text as "periodTo", s.currency,
  s.amount_excl_vat::text as "amountExclVat", s.vat_amount::text as "vatAmount",
  s.amount_incl_vat::text as "amountInclVat", s.your_reference as "yourReference",
  s.applies_to_invoice_id as "appliesToId", a.document_no as "appliesToDocumentNo"`;

const from = sql`
  from sales_invoices s
  join plant_locations l on l.id = s.location_id
  left join sales_invoices a on a.id = s.applies_to_invoice_id`;

/** A settings pattern ('F-2026-*', '*' = any run of characters) as an ILIKE pattern. */
export function likePattern(pattern: string): string {
  return pattern.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '%');
}

export interface InvoiceFilter {
  /** The caller's locations, or 'all' (admin, department). */
  locationIds: readonly string[] | 'all';
  kind?: 'invoice' | 'credit_memo';
  status?: 'open' | 'paid' | 'overdue';
  from?: string;
  until?: string;
  query?: string;
  /** Facturen_DebetFilter / Facturen_CreditFilter: only documents whose number matches (empty: all). */
  debitPattern: string;
  creditPattern: string;
  today: string;
}

function whereOf(f: InvoiceFilter): SQL {
  const words = (f.query ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const conditions: Array<SQL | undefined> = [
    locationFilter(f.locationIds, sql`s.location_id`),
    f.kind ? sql`s.kind = ${f.kind}::invoice_kind` : undefined,
    f.status === 'overdue'
      ? sql`s.status = 'open' and s.due_date < ${f.today}::date`
      : f.status
        ? sql`s.status = ${f.status}::invoice_status`
        : undefined,
    f.from ? sql`s.document_date >= ${f.from}::date` : undefined,
    f.until ? sql`s.document_date <= ${f.until}::date` : undefined,
    f.debitPattern
      ? sql`(s.kind <> 'invoice' or s.document_no ilike ${likePattern(f.debitPattern)})`
      : undefined,
    f.creditPattern
      ? sql`(s.kind <> 'credit_memo' or s.document_no ilike ${likePattern(f.creditPattern)})`
      : undefined,
    ...words.map(
      (w) => sql`(s.document_no ilike ${`%${w}%`} or coalesce(s.your_reference, '') ilike ${`%${w}%`}
        or l.location_no ilike ${`%${w}%`} or l.description ilike ${`%${w}%`})`,
    ),
  ];
  const present = conditions.filter((c): c is SQL => c !== undefined);
  return present.length ? sql.join(present, sql` and `) : sql`true`;
}

/** One page of documents, newest first, with the count and the sums over the whole filter. */
export async function selectInvoices(
  db: Db,
  f: InvoiceFilter,
  page: { page: number; pageSize: number } | null,
): Promise<{ rows: InvoiceRow[]; total: number; amountCents: number; openCents: number }> {
  if (f.locationIds !== 'all' && f.locationIds.length === 0)
    return { rows: [], total: 0, amountCents: 0, openCents: 0 };
  const where = whereOf(f);
  const limit = page ? sql`limit ${page.pageSize} offset ${(page.page - 1) * page.pageSize}` : sql``;
  const [rows, sums] = await Promise.all([
    db.execute<InvoiceRow>(sql`
      select ${columns(f.today)} ${from} where ${where}
      order by s.document_date desc, s.document_no desc ${limit}`),
    // credit memos count against the invoices they correct
    db.execute<{ n: number; amount: number; open: number }>(sql`
      select count(*)::int as n,
        coalesce(sum(case when s.kind = 'invoice' then 1 else -1 end * s.amount_incl_vat * 100), 0)::bigint as amount,
        coalesce(sum(case when s.kind = 'invoice' then 1 else -1 end * s.amount_incl_vat * 100)
          filter (where s.status = 'open'), 0)::bigint as open
      ${from} where ${where}`),
  ]);
  const s = sums.rows[0];
  return {
    rows: rows.rows,
    total: s?.n ?? 0,
    amountCents: Number(s?.amount ?? 0),
    openCents: Number(s?.open ?? 0),
  };
}

export type InvoiceHeadRow = InvoiceRow & {
  customerNo: string;
  customerName: string;
  customerStreet: string | null;
  customerPostcode: string | null;
  customerCity: string | null;
  /** The ERP's key when the ERP posted the document (its PDF is the ERP's: decision 0027). */
  erpId: string | null;
};

/** One document by id, or by its number. */
export async function selectInvoice(
  db: Db,
  key: { id?: string; documentNo?: string },
  today: string,
): Promise<InvoiceHeadRow | null> {
  const by = key.id ? sql`s.id = ${key.id}::uuid` : sql`s.document_no = ${key.documentNo ?? ''}`;
  const r = await db.execute<InvoiceHeadRow>(sql`
    select ${columns(today)}, c.customer_no as "customerNo", c.name as "customerName", c.street as "customerStreet",
      c.postcode as "customerPostcode", c.city as "customerCity", s.erp_id as "erpId"
    ${from} join customers c on c.id = s.customer_id where ${by}`);
  return r.rows[0] ?? null;
}

export type InvoiceLineRow = {
  lineNo: number;
  kind: 'rental' | 'sale' | 'cost' | 'credit';
  itemNo: string | null;
  description: string;
  plantNo: string | null;
  orderNo: string | null;
  periodFrom: string | null;
  periodTo: string | null;
  days: number | null;
  quantity: string;
  priceUnit: 'day' | 'week' | null;
  unitCount: number | null;
  unitPrice: string;
  discountPercent: string;
  amount: string;
};

/** The lines of a document, an item's in the reader's language (the stored text otherwise). */
export async function selectInvoiceLines(
  db: Db,
  invoiceId: string,
  locale: string,
): Promise<InvoiceLineRow[]> {
  const r = await db.execute<InvoiceLineRow>(sql`
    select sl.line_no as "lineNo", sl.kind, i.item_no as "itemNo",
      coalesce(t.description, sl.description) as description, p.plant_no as "plantNo", o.order_no as "orderNo",
      sl.period_from::text as "periodFrom", sl.period_to::text as "periodTo", sl.days,
      sl.quantity::text as quantity, sl.price_unit as "priceUnit", sl.unit_count as "unitCount",
      sl.unit_price::text as "unitPrice",
      sl.discount_percent::text as "discountPercent", sl.amount::text as amount
    from sales_invoice_lines sl
    left join items i on i.id = sl.item_id
    left join item_translations t on t.item_id = sl.item_id and t.locale = ${locale}
      and sl.kind in ('rental', 'sale') -- a correction's own words stay as written
    left join plants p on p.id = sl.plant_id
    left join plant_orders o on o.id = sl.order_id
    where sl.invoice_id = ${invoiceId}::uuid
    order by sl.line_no`);
  return r.rows;
}

/** The credit memos that correct an invoice. */
export async function selectCreditMemosOf(db: Db, invoiceId: string) {
  const r = await db.execute<{ id: string; documentNo: string; amountInclVat: string }>(sql`
    select id, document_no as "documentNo", amount_incl_vat::text as "amountInclVat"
    from sales_invoices where applies_to_invoice_id = ${invoiceId}::uuid order by document_date, document_no`);
  return r.rows;
}

export type AttachmentRow = {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
  storageKey: string;
};

/** Files attached to a document (specifications and the like), those whose name matches the pattern. */
export async function selectAttachments(
  db: Db,
  invoiceId: string,
  namePattern: string,
): Promise<AttachmentRow[]> {
  const r = await db.execute<AttachmentRow>(sql`
    select a.id, a.file_name as "fileName", f.content_type as "contentType", f.size, f.storage_key as "storageKey"
    from document_attachments a join files f on f.id = a.file_id
    where a.invoice_id = ${invoiceId}::uuid
      ${namePattern ? sql`and a.file_name ilike ${`%${likePattern(namePattern)}%`}` : sql``}
    order by a.created_at, a.file_name`);
  return r.rows;
}
