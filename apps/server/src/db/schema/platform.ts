import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './identity.ts';

/** Stored values of the settings catalogue (packages/contract/src/settings.ts); absent = default. */
export const settingValues = pgTable('setting_values', {
  key: text().primaryKey(),
  value: jsonb().notNull(),
  updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** Admin overrides of translation keys, per locale. */
export const translationOverrides = pgTable(
  'translation_overrides',
  {
    locale: text().notNull(),
    key: text().notNull(),
    value: text().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locale, t.key] })],
);

/** Stripe-style idempotency keys: one row per (user, key); the stored answer is replayed. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text().notNull(),
    scope: text().notNull(),
    requestHash: text().notNull(),
    responseStatus: integer(),
    responseBody: jsonb(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Every mail the portal sends; with no SMTP configured this is the outbox admins read. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    locale: text().notNull(),
    to: text().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    status: text().notNull().default('queued'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    sentAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_status_idx').on(t.status, t.createdAt)],
);

/** Page views for the PaginaGebruik report (Logging/LogPagina). */
export const pageViews = pgTable(
  'page_views',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    page: text().notNull(),
    locale: text(),
    viewedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('page_views_time_idx').on(t.viewedAt),
    index('page_views_page_idx').on(t.page),
    index('page_views_user_idx').on(t.userId),
  ],
);

/** Stored files (uploads, generated images, PDFs); the bytes live in the storage backend. */
export const files = pgTable(
  'files',
  {
    id: uuid().primaryKey().defaultRandom(),
    storageKey: text().notNull().unique(),
    fileName: text().notNull(),
    contentType: text().notNull(),
    size: integer().notNull(),
    sha256: text().notNull(),
    uploadedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    meta: jsonb().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('files_uploaded_by_idx').on(t.uploadedBy)],
);
