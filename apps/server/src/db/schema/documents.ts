import { relations, sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { moment } from './common.ts';
import { users } from './identity.ts';
import { salesInvoices } from './invoices.ts';
import { plantLocations } from './locations.ts';
import { plantOrders } from './orders.ts';
import { plants } from './plants.ts';
import { files } from './platform.ts';

/**
 * A document as the document-management service knows it: categorised, with one file, linked to
 * whatever it is about — a location (LocatieDocumenten), an item (manuals: GetMaterieelDetailsDocs),
 * a plant (certificates: GetMaterieelUniekDetailsDocs), an order (GetOrderDocuments) or an invoice.
 */
export const documents = pgTable(
  'documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** documentSystemId of Documents/{documentSystemId}: the external id, or our own when stored here. */
    documentSystemId: text().notNull().default(sql`gen_random_uuid()::text`),
    /** Document category (settings Documenten_Categorie*), e.g. 'Documenten', 'Afbeeldingen', 'Keuringscertificaat'. */
    category: text().notNull(),
    title: text().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    documentDate: date(),
    locationId: uuid().references(() => plantLocations.id, { onDelete: 'cascade' }),
    itemId: uuid().references(() => items.id, { onDelete: 'cascade' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'cascade' }),
    orderId: uuid().references(() => plantOrders.id, { onDelete: 'cascade' }),
    invoiceId: uuid().references(() => salesInvoices.id, { onDelete: 'cascade' }),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('documents_system_id_uq').on(t.documentSystemId),
    index('documents_file_idx').on(t.fileId),
    index('documents_location_idx').on(t.locationId, t.category),
    index('documents_item_idx').on(t.itemId, t.category),
    index('documents_plant_idx').on(t.plantId, t.category),
    index('documents_order_idx').on(t.orderId),
    index('documents_invoice_idx').on(t.invoiceId),
    index('documents_uploaded_by_idx').on(t.uploadedBy),
  ],
);

/** Files attached to an ERP record (DocumentAttachments/salesinvoices/{id}, …/salescreditmemos/{id}). */
export const documentAttachments = pgTable(
  'document_attachments',
  {
    id: uuid().primaryKey().defaultRandom(),
    invoiceId: uuid().references(() => salesInvoices.id, { onDelete: 'cascade' }),
    orderId: uuid().references(() => plantOrders.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    fileName: text().notNull(),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('document_attachments_invoice_idx').on(t.invoiceId),
    index('document_attachments_order_idx').on(t.orderId),
    index('document_attachments_file_idx').on(t.fileId),
    check('document_attachments_one_owner_ck', sql`num_nonnulls(${t.invoiceId}, ${t.orderId}) = 1`),
  ],
);

export const documentsRelations = relations(documents, ({ one }) => ({
  file: one(files, { fields: [documents.fileId], references: [files.id] }),
  location: one(plantLocations, { fields: [documents.locationId], references: [plantLocations.id] }),
  item: one(items, { fields: [documents.itemId], references: [items.id] }),
  plant: one(plants, { fields: [documents.plantId], references: [plants.id] }),
  order: one(plantOrders, { fields: [documents.orderId], references: [plantOrders.id] }),
  invoice: one(salesInvoices, { fields: [documents.invoiceId], references: [salesInvoices.id] }),
}));

export const documentAttachmentsRelations = relations(documentAttachments, ({ one }) => ({
  file: one(files, { fields: [documentAttachments.fileId], references: [files.id] }),
  invoice: one(salesInvoices, { fields: [documentAttachments.invoiceId], references: [salesInvoices.id] }),
  order: one(plantOrders, { fields: [documentAttachments.orderId], references: [plantOrders.id] }),
}));

/**
 * The portal's copies of documents read from the document service (decision 0028): one file per service object,
 * with the change token it was read at (a document whose token moved is read again) and when it was last served;
 * bounded in bytes, the least recently served go first. Removing the file removes the row.
 */
export const documentServiceCache = pgTable(
  'document_service_cache',
  {
    objectId: text().primaryKey(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
    changeToken: text(),
    size: integer().notNull(),
    fetchedAt: moment().notNull().defaultNow(),
    usedAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('document_service_cache_used_idx').on(t.usedAt),
    index('document_service_cache_file_idx').on(t.fileId),
  ],
);
