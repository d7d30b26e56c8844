import { relations, sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { locale, moment, timestamps } from './common.ts';
import { users } from './identity.ts';
import { files } from './platform.ts';

/** page = plain content page; info = the Info link's page; news = listed in the bell's news dropdown. */
export const contentPageKind = pgEnum('content_page_kind', ['page', 'info', 'news']);
export const footerColumnName = pgEnum('footer_column_name', [
  'footer_column_one',
  'footer_column_two',
  'footer_column_three',
]);
/** Mail types of product §3 plus the order confirmation of the order wizard. */
export const mailType = pgEnum('mail_type', [
  'UserInvitation',
  'UnsubscribePlantLocation',
  'NewPlantLocationRequest',
  'NewUserRequest',
  'UserForgotPassword',
  'OrderConfirmation',
  'IdleDigest',
]);

/** A content page (/content-page/{id}/{locale}); its texts are per locale. */
export const contentPages = pgTable(
  'content_pages',
  {
    id: uuid().primaryKey().defaultRandom(),
    kind: contentPageKind().notNull().default('page'),
    /** pageName: the admin's name for the page. */
    name: text().notNull(),
    publishedAt: moment(),
    sort: integer().notNull().default(0),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('content_pages_kind_idx').on(t.kind, t.publishedAt),
    index('content_pages_created_by_idx').on(t.createdBy),
    index('content_pages_updated_by_idx').on(t.updatedBy),
  ],
);

export const contentPageTranslations = pgTable(
  'content_page_translations',
  {
    pageId: uuid()
      .notNull()
      .references(() => contentPages.id, { onDelete: 'cascade' }),
    locale: locale().notNull(),
    title: text().notNull(),
    /** Sanitised HTML (sanitised on save and on render). */
    html: text().notNull(),
    updatedAt: moment()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [primaryKey({ columns: [t.pageId, t.locale] })],
);

/** Footer blocks: three columns per locale. */
export const footerColumns = pgTable(
  'footer_columns',
  {
    id: uuid().primaryKey().defaultRandom(),
    locale: locale().notNull(),
    columnName: footerColumnName().notNull(),
    html: text().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: moment()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('footer_columns_locale_column_uq').on(t.locale, t.columnName),
    index('footer_columns_updated_by_idx').on(t.updatedBy),
  ],
);

/** Service messages (toasts and the bell), per locale, shown while active; read more opens the page. */
export const serviceMessages = pgTable(
  'service_messages',
  {
    id: uuid().primaryKey().defaultRandom(),
    locale: locale().notNull(),
    message: text().notNull(),
    pageId: uuid().references(() => contentPages.id, { onDelete: 'set null' }),
    activeFrom: moment().notNull().defaultNow(),
    activeUntil: moment(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    index('service_messages_locale_active_idx').on(t.locale, t.activeFrom),
    index('service_messages_page_idx').on(t.pageId),
    index('service_messages_created_by_idx').on(t.createdBy),
  ],
);

/** Mail templates per type and locale; `{{placeholder}}` values are HTML-escaped when filled in. */
export const mailTemplates = pgTable(
  'mail_templates',
  {
    id: uuid().primaryKey().defaultRandom(),
    type: mailType().notNull(),
    locale: locale().notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: moment()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('mail_templates_type_locale_uq').on(t.type, t.locale),
    index('mail_templates_updated_by_idx').on(t.updatedBy),
  ],
);

/** Corporate-identity images (logo, banner, favicon): exactly one row, id 1. Colours are settings. */
export const corporateIdentity = pgTable(
  'corporate_identity',
  {
    id: integer().primaryKey().default(1),
    logoFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    bannerFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    faviconFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    updatedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedAt: moment()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    check('corporate_identity_single_row_ck', sql`${t.id} = 1`),
    index('corporate_identity_logo_idx').on(t.logoFileId),
    index('corporate_identity_banner_idx').on(t.bannerFileId),
    index('corporate_identity_favicon_idx').on(t.faviconFileId),
    index('corporate_identity_updated_by_idx').on(t.updatedBy),
  ],
);

export const contentPagesRelations = relations(contentPages, ({ many }) => ({
  translations: many(contentPageTranslations),
  serviceMessages: many(serviceMessages),
}));

export const contentPageTranslationsRelations = relations(contentPageTranslations, ({ one }) => ({
  page: one(contentPages, { fields: [contentPageTranslations.pageId], references: [contentPages.id] }),
}));

export const serviceMessagesRelations = relations(serviceMessages, ({ one }) => ({
  page: one(contentPages, { fields: [serviceMessages.pageId], references: [contentPages.id] }),
}));
