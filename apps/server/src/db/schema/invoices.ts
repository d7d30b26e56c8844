import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  date,
  index,
  integer,
  numeric,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { timestamps } from './common.ts';
import { customers } from './customers.ts';
import { plantLocations } from './locations.ts';
import { plantOrders } from './orders.ts';
import { plants } from './plants.ts';
import { files } from './platform.ts';

/** Sales invoice (factuur) or sales credit memo (creditnota); amounts are positive in both. */
export const invoiceKind = pgEnum('invoice_kind', ['invoice', 'credit_memo']);
export const invoiceStatus = pgEnum('invoice_status', ['open', 'paid']);
/** rental = days on site × price; sale = once on delivery; cost = order costs; credit = returned / corrected. */
export const invoiceLineKind = pgEnum('invoice_line_kind', ['rental', 'sale', 'cost', 'credit']);

/** What a rent line's price is for (decision 0022): a day or a week; null on a line priced per piece. */
export const invoicePriceUnit = pgEnum('invoice_price_unit', ['day', 'week']);

export const salesDocumentNoSeq = pgSequence('sales_document_no_seq', { startWith: 1 });

export const salesInvoices = pgTable(
  'sales_invoices',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'F-2026-000123' for invoices; the service writes 'C-…' from the same sequence for credit memos. */
    documentNo: text()
      .notNull()
      .default(
        sql`'F-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('sales_document_no_seq')::text, 6, '0')`,
      ),
    kind: invoiceKind().notNull(),
    status: invoiceStatus().notNull().default('open'),
    customerId: uuid()
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'restrict' }),
    /** A credit memo's invoice. */
    appliesToInvoiceId: uuid().references((): AnyPgColumn => salesInvoices.id, { onDelete: 'set null' }),
    documentDate: date().notNull(),
    dueDate: date().notNull(),
    periodFrom: date(),
    periodTo: date(),
    currency: text().notNull().default('EUR'),
    amountExclVat: numeric({ precision: 12, scale: 2 }).notNull(),
    vatAmount: numeric({ precision: 12, scale: 2 }).notNull(),
    amountInclVat: numeric({ precision: 12, scale: 2 }).notNull(),
    yourReference: text(),
    pdfFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /** The ERP's key of the posted document (BC salesInvoices / salesCreditMemos systemId; decision 0027). */
    erpId: uuid(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('sales_invoices_no_uq').on(t.documentNo),
    index('sales_invoices_location_date_idx').on(t.locationId, t.documentDate),
    index('sales_invoices_customer_date_idx').on(t.customerId, t.documentDate),
    index('sales_invoices_applies_to_idx').on(t.appliesToInvoiceId),
    index('sales_invoices_pdf_idx').on(t.pdfFileId),
    uniqueIndex('sales_invoices_erp_id_uq').on(t.erpId),
    // why: the invoicing run makes one invoice and one credit memo per location and period; a second run of the
    // same period conflicts here and makes nothing (a correcting credit memo names its invoice and is not bound)
    uniqueIndex('sales_invoices_run_uq')
      .on(t.locationId, t.kind, t.periodFrom)
      .where(sql`${t.appliesToInvoiceId} is null and ${t.periodFrom} is not null`),
  ],
);

export const salesInvoiceLines = pgTable(
  'sales_invoice_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid()
      .notNull()
      .references(() => salesInvoices.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    kind: invoiceLineKind().notNull(),
    itemId: uuid().references(() => items.id, { onDelete: 'restrict' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'set null' }),
    orderId: uuid().references(() => plantOrders.id, { onDelete: 'set null' }),
    description: text().notNull(),
    periodFrom: date(),
    periodTo: date(),
    /** The calendar days of the line's period (whole days). */
    days: integer(),
    quantity: numeric({ precision: 12, scale: 3 }).notNull(),
    /** Rent: the unit the price is for and how many were charged (amount = quantity × unitCount × unitPrice, less
     * the discount); null on a line priced per piece (amount = quantity × unitPrice). */
    priceUnit: invoicePriceUnit(),
    unitCount: integer(),
    unitPrice: numeric({ precision: 12, scale: 2 }).notNull(),
    discountPercent: numeric({ precision: 5, scale: 2 }).notNull().default('0'),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    index('sales_invoice_lines_invoice_idx').on(t.invoiceId, t.lineNo),
    index('sales_invoice_lines_item_idx').on(t.itemId),
    index('sales_invoice_lines_plant_idx').on(t.plantId),
    index('sales_invoice_lines_order_idx').on(t.orderId),
    check('sales_invoice_lines_price_unit_ck', sql`(${t.priceUnit} is null) = (${t.unitCount} is null)`),
  ],
);

export const salesInvoicesRelations = relations(salesInvoices, ({ one, many }) => ({
  customer: one(customers, { fields: [salesInvoices.customerId], references: [customers.id] }),
  location: one(plantLocations, { fields: [salesInvoices.locationId], references: [plantLocations.id] }),
  appliesToInvoice: one(salesInvoices, {
    fields: [salesInvoices.appliesToInvoiceId],
    references: [salesInvoices.id],
  }),
  pdf: one(files, { fields: [salesInvoices.pdfFileId], references: [files.id] }),
  lines: many(salesInvoiceLines),
}));

export const salesInvoiceLinesRelations = relations(salesInvoiceLines, ({ one }) => ({
  invoice: one(salesInvoices, { fields: [salesInvoiceLines.invoiceId], references: [salesInvoices.id] }),
  item: one(items, { fields: [salesInvoiceLines.itemId], references: [items.id] }),
  plant: one(plants, { fields: [salesInvoiceLines.plantId], references: [plants.id] }),
  order: one(plantOrders, { fields: [salesInvoiceLines.orderId], references: [plantOrders.id] }),
}));
