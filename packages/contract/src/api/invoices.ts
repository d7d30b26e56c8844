// Payloads of the invoices page (/facturen) and the department's invoicing run (issue #13 parts 1–3): sales invoices
// and credit memos made from what the loop recorded (rent per interval on site, sales, buy-back credits, order costs).
import { z } from 'zod';
import { calendarDay, decimal, locationNumber, notBefore, urlReference } from './common.ts';

export const invoiceKindSchema = z.enum(['invoice', 'credit_memo']);
export type InvoiceKind = z.infer<typeof invoiceKindSchema>;
/** open / paid as stored; overdue = open past its due date (a filter, not a stored state). */
export const invoiceStatusFilter = z.enum(['open', 'paid', 'overdue']);
export const invoiceLineKindSchema = z.enum(['rental', 'sale', 'cost', 'credit']);

/** A month, 'YYYY-MM': the invoicing period. */
export const invoicingMonth = z.string().regex(/^(19|20|21)\d\d-(0[1-9]|1[0-2])$/);

/**
 * GET /api/v2.0/SalesInvoices: the invoices and credit memos of plantLocation, or without it of every location of
 * the caller's; newest document date first.
 */
export const invoiceListQuery = z
  .object({
    plantLocation: locationNumber.optional(),
    kind: invoiceKindSchema.optional(),
    status: invoiceStatusFilter.optional(),
    /** Document date from / until (calendar days); until before from: 400 validation.einde_na_begin. */
    from: calendarDay.optional(),
    until: calendarDay.optional(),
    /** Words in the document number, your reference, the location's number or name. */
    query: z.string().trim().max(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict()
  .meta(notBefore('until', 'from'));
export type InvoiceListQuery = z.infer<typeof invoiceListQuery>;

export const invoiceSummary = z.object({
  id: z.string(),
  documentNo: z.string(),
  kind: invoiceKindSchema,
  status: z.enum(['open', 'paid']),
  /** Open and past its due date. */
  overdue: z.boolean(),
  locationNo: z.string(),
  locationDescription: z.string(),
  documentDate: z.string(),
  dueDate: z.string(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  currency: z.string(),
  amountExclVat: decimal,
  vatAmount: decimal,
  amountInclVat: decimal,
  yourReference: z.string().nullable(),
  /** A credit memo's invoice. */
  appliesToDocumentNo: z.string().nullable(),
  appliesToId: z.string().nullable(),
  /** GET SalesInvoices/{id}/pdf: the document in the caller's language. */
  pdfUrl: urlReference,
});
export type InvoiceSummary = z.infer<typeof invoiceSummary>;

export const invoiceList = z.object({
  items: z.array(invoiceSummary),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** Sums over every row of the filter (not only this page), incl. VAT: invoices minus credit memos. */
  totals: z.object({ amountInclVat: decimal, openInclVat: decimal }),
});
export type InvoiceList = z.infer<typeof invoiceList>;

export const invoiceLine = z.object({
  lineNo: z.number().int(),
  kind: invoiceLineKindSchema,
  itemNo: z.string().nullable(),
  description: z.string(),
  plantNo: z.string().nullable(),
  orderNo: z.string().nullable(),
  periodFrom: z.string().nullable(),
  periodTo: z.string().nullable(),
  /** The calendar days of the line's period. */
  days: z.number().int().nullable(),
  quantity: decimal,
  /**
   * Rent: what `unitPrice` is for (a day or a week of one piece) and how many were charged: amount = quantity ×
   * unitCount × unitPrice, less the discount. Null on a line priced per piece: amount = quantity × unitPrice.
   */
  priceUnit: z.enum(['day', 'week']).nullable(),
  unitCount: z.number().int().nullable(),
  unitPrice: decimal,
  discountPercent: decimal,
  amount: decimal,
});
export type InvoiceLine = z.infer<typeof invoiceLine>;

export const invoiceAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  url: urlReference,
});

export const invoiceDetail = invoiceSummary.extend({
  customerNo: z.string(),
  customerName: z.string(),
  vatPercent: decimal,
  lines: z.array(invoiceLine),
  /** Credit memos that correct this invoice. */
  creditMemos: z.array(z.object({ id: z.string(), documentNo: z.string(), amountInclVat: decimal })),
  attachments: z.array(invoiceAttachment),
});
export type InvoiceDetail = z.infer<typeof invoiceDetail>;

/** GET DocumentAttachments/salesinvoices/{id}, …/salescreditmemos/{id}: the document and its attachments. */
export const documentAttachmentList = z.object({ items: z.array(invoiceAttachment) });

/** POST /api/v2.0/Department/invoicing-runs: invoice a month, for every location or the ones named. */
export const invoicingRunBody = z
  .object({
    month: invoicingMonth,
    /** Location numbers; absent: every location with something to invoice. */
    locations: z.array(locationNumber).max(1000).optional(),
  })
  .strict();
export type InvoicingRunBody = z.infer<typeof invoicingRunBody>;

export const invoicingRunResult = z.object({
  periodFrom: z.string(),
  periodTo: z.string(),
  /** Locations looked at (with something on site, delivered, returned or costed in the period). */
  locations: z.number().int(),
  created: z.array(
    z.object({
      id: z.string(),
      documentNo: z.string(),
      kind: invoiceKindSchema,
      locationNo: z.string(),
      amountInclVat: decimal,
      lineCount: z.number().int(),
    }),
  ),
  /** Documents that existed already for that location and period (a second run makes nothing twice). */
  skipped: z.number().int(),
});
export type InvoicingRunResult = z.infer<typeof invoicingRunResult>;

/** POST /api/v2.0/Department/invoices/{id}/credit-memo: correct an invoice by an amount excl. VAT. */
export const creditMemoBody = z
  .object({
    description: z.string().trim().min(1, 'validation.verplicht').max(200),
    amountExclVat: z
      .string()
      .trim()
      .regex(/^\d{1,9}(\.\d{1,2})?$/, 'validation.getal_ongeldig'),
  })
  .strict();
export type CreditMemoBody = z.infer<typeof creditMemoBody>;

export const creditMemoResult = z.object({ id: z.string(), documentNo: z.string() });

/** POST /api/v2.0/Department/invoices/{id}/status. */
export const invoiceStatusBody = z.object({ status: z.enum(['open', 'paid']) }).strict();
