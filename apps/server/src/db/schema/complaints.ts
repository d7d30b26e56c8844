import { relations, sql } from 'drizzle-orm';
import { date, index, pgEnum, pgSequence, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { moment, timestamps } from './common.ts';
import { users } from './identity.ts';
import { salesInvoices } from './invoices.ts';
import { plantLocations } from './locations.ts';
import { plantOrders } from './orders.ts';
import { plants } from './plants.ts';
import { files } from './platform.ts';

export const complaintStatus = pgEnum('complaint_status', ['open', 'in_progress', 'resolved', 'closed']);
/** Who wrote a complaint line: the site user or the equipment department. */
export const complaintAuthor = pgEnum('complaint_author', ['user', 'department']);

export const complaintNoSeq = pgSequence('complaint_no_seq', { startWith: 1 });

/** A complaint (klacht) about a location, optionally about an item, plant, order or invoice. */
export const complaints = pgTable(
  'complaints',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'K-2026-000012'. */
    complaintNo: text()
      .notNull()
      .default(
        sql`'K-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('complaint_no_seq')::text, 6, '0')`,
      ),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'restrict' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    itemId: uuid().references(() => items.id, { onDelete: 'set null' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'set null' }),
    orderId: uuid().references(() => plantOrders.id, { onDelete: 'set null' }),
    invoiceId: uuid().references(() => salesInvoices.id, { onDelete: 'set null' }),
    /** Complaint type code (the choice is filtered by setting Klacht_TypeFilter). */
    type: text().notNull(),
    subject: text().notNull(),
    status: complaintStatus().notNull().default('open'),
    /** Submission date + Klacht_VerwachteOplossingsDagen. */
    expectedResolutionDate: date(),
    resolvedAt: moment(),
    idempotencyKey: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('complaints_no_uq').on(t.complaintNo),
    uniqueIndex('complaints_idempotency_uq')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
    index('complaints_location_status_idx').on(t.locationId, t.status, t.createdAt),
    index('complaints_user_idx').on(t.userId, t.createdAt),
    index('complaints_item_idx').on(t.itemId),
    index('complaints_plant_idx').on(t.plantId),
    index('complaints_order_idx').on(t.orderId),
    index('complaints_invoice_idx').on(t.invoiceId),
  ],
);

/** A message on a complaint (klachtregel). */
export const complaintLines = pgTable(
  'complaint_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    complaintId: uuid()
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    author: complaintAuthor().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    message: text().notNull(),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('complaint_lines_complaint_idx').on(t.complaintId, t.createdAt),
    index('complaint_lines_user_idx').on(t.userId),
  ],
);

export const complaintDocuments = pgTable(
  'complaint_documents',
  {
    id: uuid().primaryKey().defaultRandom(),
    complaintId: uuid()
      .notNull()
      .references(() => complaints.id, { onDelete: 'cascade' }),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('complaint_documents_complaint_idx').on(t.complaintId),
    index('complaint_documents_file_idx').on(t.fileId),
    index('complaint_documents_uploaded_by_idx').on(t.uploadedBy),
  ],
);

export const complaintsRelations = relations(complaints, ({ one, many }) => ({
  location: one(plantLocations, { fields: [complaints.locationId], references: [plantLocations.id] }),
  user: one(users, { fields: [complaints.userId], references: [users.id] }),
  item: one(items, { fields: [complaints.itemId], references: [items.id] }),
  plant: one(plants, { fields: [complaints.plantId], references: [plants.id] }),
  order: one(plantOrders, { fields: [complaints.orderId], references: [plantOrders.id] }),
  invoice: one(salesInvoices, { fields: [complaints.invoiceId], references: [salesInvoices.id] }),
  lines: many(complaintLines),
  documents: many(complaintDocuments),
}));

export const complaintLinesRelations = relations(complaintLines, ({ one }) => ({
  complaint: one(complaints, { fields: [complaintLines.complaintId], references: [complaints.id] }),
  user: one(users, { fields: [complaintLines.userId], references: [users.id] }),
}));

export const complaintDocumentsRelations = relations(complaintDocuments, ({ one }) => ({
  complaint: one(complaints, { fields: [complaintDocuments.complaintId], references: [complaints.id] }),
  file: one(files, { fields: [complaintDocuments.fileId], references: [files.id] }),
}));
