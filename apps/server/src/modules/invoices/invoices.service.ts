import type { InvoiceDetail, InvoiceList, InvoiceListQuery, InvoiceSummary } from '@mp/contract/api/invoices';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { FileStorage } from '../../platform/files/storage.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { type InvoicePdf, loadBrand, renderInvoicePdf } from '../documents/index.ts';
import type { ErpPdfReader } from '../erp/index.ts';
import {
  type InvoiceFilter,
  type InvoiceHeadRow,
  type InvoiceRow,
  selectAttachments,
  selectCreditMemosOf,
  selectInvoice,
  selectInvoiceLines,
  selectInvoices,
} from './invoices.queries.ts';
import { money, VAT_PERCENT } from './invoicing.calc.ts';

/*
 * The customer's side of the invoices (issue #13 part 3, decision 0022): the invoices and credit memos of a location
 * or of all the caller's locations, one document with its lines, its PDF and attachments. Every call needs the
 * functional area AppMaterieelFacturen and a location of the caller's (the read-only role reads); another
 * customer's document answers 404 like an unknown one. Admins and the equipment department read every location's.
 */

const AREA = 'AppMaterieelFacturen';
const notFound = (id: string) => new AppError('not_found', 'error.niet_gevonden', { details: { id } });

export const pdfUrl = (id: string) => `/api/v2.0/SalesInvoices/${id}/pdf`;
export const attachmentUrl = (kind: 'invoice' | 'credit_memo', id: string, attachmentId: string) =>
  `/api/v2.0/DocumentAttachments/${kind === 'invoice' ? 'salesinvoices' : 'salescreditmemos'}/${id}/${attachmentId}`;

function toSummary(r: InvoiceRow): InvoiceSummary {
  return {
    id: r.id,
    documentNo: r.documentNo,
    kind: r.kind,
    status: r.status,
    overdue: r.overdue,
    locationNo: r.locationNo,
    locationDescription: r.locationDescription,
    documentDate: r.documentDate,
    dueDate: r.dueDate,
    periodFrom: r.periodFrom,
    periodTo: r.periodTo,
    currency: r.currency,
    amountExclVat: r.amountExclVat,
    vatAmount: r.vatAmount,
    amountInclVat: r.amountInclVat,
    yourReference: r.yourReference,
    appliesToDocumentNo: r.appliesToDocumentNo,
    appliesToId: r.appliesToId,
    pdfUrl: pdfUrl(r.id),
  };
}

function requirePeriod(from: string | undefined, until: string | undefined): void {
  if (!from || !until || until >= from) return;
  throw fieldErrors(
    'invalid',
    'error.ongeldige_invoer',
    { until: 'validation.einde_na_begin' },
    { details: { in: 'querystring' } },
  );
}

/** The filter of a list: the location asked for (checked), or every location of the caller's. */
async function filterOf(ctx: Ctx, q: Omit<InvoiceListQuery, 'page' | 'pageSize'>): Promise<InvoiceFilter> {
  await requireAccess(ctx, { permission: 'area.read', area: AREA });
  requirePeriod(q.from, q.until);
  // the department reads every location's (decision 0022)
  const locationIds: InvoiceFilter['locationIds'] = q.plantLocation
    ? [
        (
          await requireAccess(ctx, {
            permission: 'location.read',
            locationNo: q.plantLocation,
            allowDeregistered: true,
            department: true,
          })
        ).locationId,
      ]
    : await requireAccess(ctx, { permission: 'locations.read', department: true });
  const settings = await ctx.settings();
  return {
    locationIds,
    kind: q.kind,
    status: q.status,
    from: q.from,
    until: q.until,
    query: q.query,
    debitPattern: String(settings.Facturen_DebetFilter ?? '').trim(),
    creditPattern: String(settings.Facturen_CreditFilter ?? '').trim(),
    today: calendarDayIn(ctx.now),
  };
}

/** GET SalesInvoices: a page of documents, newest first, with the sums over the whole filter. */
export async function listInvoices(ctx: Ctx, q: InvoiceListQuery): Promise<InvoiceList> {
  const filter = await filterOf(ctx, q);
  const r = await selectInvoices(ctx.db, filter, { page: q.page, pageSize: q.pageSize });
  return {
    items: r.rows.map(toSummary),
    page: q.page,
    pageSize: q.pageSize,
    total: r.total,
    totals: { amountInclVat: money(r.amountCents), openInclVat: money(r.openCents) },
  };
}

/** Every row of a filter (the XLSX export), capped. */
export async function allInvoices(ctx: Ctx, q: Omit<InvoiceListQuery, 'page' | 'pageSize'>) {
  const filter = await filterOf(ctx, q);
  return (await selectInvoices(ctx.db, filter, { page: 1, pageSize: 10_000 })).rows.map(toSummary);
}

/**
 * The document when the caller may read it (the invoice resolver: its location first, then the area); a document the
 * debit / credit filter hides is 404.
 */
async function readable(ctx: Ctx, key: { id?: string; documentNo?: string }): Promise<InvoiceHeadRow> {
  const what = key.id ?? key.documentNo ?? '';
  const row = await requireAccess(ctx, {
    permission: 'invoice.read',
    load: () => selectInvoice(ctx.db, key, calendarDayIn(ctx.now)),
    notFound: () => notFound(what),
  });
  const settings = await ctx.settings();
  const pattern = String(
    (row.kind === 'invoice' ? settings.Facturen_DebetFilter : settings.Facturen_CreditFilter) ?? '',
  );
  if (pattern.trim() && !matches(pattern.trim(), row.documentNo)) throw notFound(what);
  return row;
}

function matches(pattern: string, value: string): boolean {
  const re = new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i');
  return re.test(value);
}

/** GET SalesInvoices/{id}: one document with its lines, credit memos and attachments. */
export async function getInvoice(
  ctx: Ctx,
  key: { id?: string; documentNo?: string },
): Promise<InvoiceDetail> {
  return detailOf(ctx, await readable(ctx, key));
}

/** A readable document's lines, credit memos and attachments. */
async function detailOf(ctx: Ctx, row: InvoiceHeadRow): Promise<InvoiceDetail> {
  const settings = await ctx.settings();
  const [lines, creditMemos, attachments] = await Promise.all([
    selectInvoiceLines(ctx.db, row.id, ctx.locale),
    selectCreditMemosOf(ctx.db, row.id),
    selectAttachments(ctx.db, row.id, String(settings.Facturen_DocumentNaamFilter ?? '').trim()),
  ]);
  return {
    ...toSummary(row),
    customerNo: row.customerNo,
    customerName: row.customerName,
    vatPercent: money(VAT_PERCENT * 100),
    lines,
    creditMemos,
    attachments: attachments.map((a) => ({
      id: a.id,
      fileName: a.fileName,
      contentType: a.contentType,
      size: a.size,
      url: attachmentUrl(row.kind, row.id, a.id),
    })),
  };
}

/** GET DocumentAttachments/salesinvoices|salescreditmemos/{id}: the PDF first, then the attached files. */
export async function listDocumentAttachments(ctx: Ctx, kind: 'invoice' | 'credit_memo', id: string) {
  const detail = await getInvoice(ctx, { id });
  if (detail.kind !== kind) throw notFound(id);
  return {
    items: [
      {
        id: 'pdf',
        fileName: `${detail.documentNo}.pdf`,
        contentType: 'application/pdf',
        size: 0,
        url: detail.pdfUrl,
      },
      ...detail.attachments,
    ],
  };
}

/** An attached file's bytes. */
export async function readAttachment(
  ctx: Ctx,
  storage: FileStorage,
  kind: 'invoice' | 'credit_memo',
  id: string,
  attachmentId: string,
) {
  const row = await readable(ctx, { id });
  if (row.kind !== kind) throw notFound(id);
  const settings = await ctx.settings();
  const found = (
    await selectAttachments(ctx.db, row.id, String(settings.Facturen_DocumentNaamFilter ?? '').trim())
  ).find((a) => a.id === attachmentId);
  const bytes = found ? await storage.get(found.storageKey) : null;
  if (!found || !bytes) throw notFound(attachmentId);
  return { bytes, fileName: found.fileName, contentType: found.contentType };
}

/**
 * GET SalesInvoices/{id}/pdf: the document as a PDF in the caller's language with the corporate identity. Made on
 * the first request per language and kept in file storage (a document does not change once written; the layout
 * version in the key makes one written by an older layout again — v2: embedded fonts, a line's price unit).
 */
export async function invoicePdf(
  ctx: Ctx,
  storage: FileStorage,
  key: { id?: string; documentNo?: string },
  erpPdf: ErpPdfReader | null = null,
): Promise<{ bytes: Buffer; fileName: string }> {
  // the access check first; a document's lines are read only when its PDF in this language is not made yet
  const row = await readable(ctx, key);
  const fileName = `${row.documentNo}.pdf`;
  if (row.erpId && erpPdf) return { bytes: await erpDocumentPdf(storage, row, row.erpId, erpPdf), fileName };
  const storageKey = `invoices/${row.id}/${ctx.locale}.v2.pdf`;
  const kept = await storage.get(storageKey);
  if (kept) return { bytes: kept, fileName };
  const detail = await detailOf(ctx, row);
  const doc: InvoicePdf = {
    kind: detail.kind,
    documentNo: detail.documentNo,
    documentDate: detail.documentDate,
    dueDate: detail.dueDate,
    periodFrom: detail.periodFrom,
    periodTo: detail.periodTo,
    appliesToDocumentNo: detail.appliesToDocumentNo,
    yourReference: detail.yourReference,
    currency: detail.currency,
    customer: {
      no: detail.customerNo,
      name: detail.customerName,
      street: row.customerStreet,
      postcode: row.customerPostcode,
      city: row.customerCity,
    },
    location: { no: detail.locationNo, description: detail.locationDescription },
    lines: detail.lines.map((l) => ({
      lineNo: l.lineNo,
      kind: l.kind,
      itemNo: l.itemNo,
      description: l.description,
      plantNo: l.plantNo,
      periodFrom: l.periodFrom,
      periodTo: l.periodTo,
      days: l.days,
      quantity: l.quantity,
      priceUnit: l.priceUnit,
      unitCount: l.unitCount,
      unitPrice: l.unitPrice,
      discountPercent: l.discountPercent,
      amount: l.amount,
    })),
    amountExclVat: detail.amountExclVat,
    vatPercent: detail.vatPercent,
    vatAmount: detail.vatAmount,
    amountInclVat: detail.amountInclVat,
  };
  const brand = await loadBrand({ db: ctx.db, storage, loadSettings: () => ctx.settings() });
  const bytes = await renderInvoicePdf(doc, ctx.locale, brand);
  await storage.put(storageKey, bytes, 'application/pdf');
  return { bytes, fileName };
}

/**
 * A document the ERP posted is shown as the ERP made it (decision 0027): its PDF is read from the ERP on the first
 * request (any language: it is the document the customer received) and kept in file storage from then on.
 */
async function erpDocumentPdf(
  storage: FileStorage,
  row: InvoiceHeadRow,
  erpId: string,
  erpPdf: ErpPdfReader,
): Promise<Buffer> {
  const storageKey = `invoices/${row.id}/erp-${erpId}.pdf`;
  const kept = await storage.get(storageKey);
  if (kept) return kept;
  const bytes = await erpPdf(row.kind, erpId);
  await storage.put(storageKey, bytes, 'application/pdf');
  return bytes;
}
