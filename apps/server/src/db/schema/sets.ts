import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { locale, moment, timestamps } from './common.ts';
import { files } from './platform.ts';

/** A set: a named package of items (and other sets) ordered in one go (/sets, /set/{id}). */
export const sets = pgTable(
  'sets',
  {
    id: uuid().primaryKey().defaultRandom(),
    setNo: text().notNull(),
    imageFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    active: boolean().notNull().default(true),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [uniqueIndex('sets_set_no_uq').on(t.setNo), index('sets_image_idx').on(t.imageFileId)],
);

/** Per-locale descriptions of a set (trigram-indexed per locale by migration 0001, like items). */
export const setTranslations = pgTable(
  'set_translations',
  {
    setId: uuid()
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    locale: locale().notNull(),
    description: text().notNull(),
    longDescription: text(),
    /** lower(f_unaccent(description)), stored (like item_translations.search_text). */
    searchText: text().generatedAlwaysAs(sql`lower(public.f_unaccent(description))`),
  },
  (t) => [primaryKey({ columns: [t.setId, t.locale] })],
);

/**
 * A line of a set: an item or a child set, with an amount. parentLineId groups lines under a line
 * (e.g. the accessories of a generator line); a child set's own lines come from that set.
 */
export const setLines = pgTable(
  'set_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    setId: uuid()
      .notNull()
      .references(() => sets.id, { onDelete: 'cascade' }),
    parentLineId: uuid().references((): AnyPgColumn => setLines.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    itemId: uuid().references(() => items.id, { onDelete: 'restrict' }),
    childSetId: uuid().references(() => sets.id, { onDelete: 'restrict' }),
    amount: integer().notNull().default(1),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('set_lines_set_idx').on(t.setId, t.lineNo),
    index('set_lines_parent_idx').on(t.parentLineId),
    index('set_lines_item_idx').on(t.itemId),
    index('set_lines_child_set_idx').on(t.childSetId),
    check('set_lines_one_target_ck', sql`num_nonnulls(${t.itemId}, ${t.childSetId}) = 1`),
    check('set_lines_amount_ck', sql`${t.amount} > 0`),
  ],
);

export const setsRelations = relations(sets, ({ one, many }) => ({
  translations: many(setTranslations),
  lines: many(setLines, { relationName: 'setLines' }),
  image: one(files, { fields: [sets.imageFileId], references: [files.id] }),
}));

export const setTranslationsRelations = relations(setTranslations, ({ one }) => ({
  set: one(sets, { fields: [setTranslations.setId], references: [sets.id] }),
}));

export const setLinesRelations = relations(setLines, ({ one }) => ({
  set: one(sets, { fields: [setLines.setId], references: [sets.id], relationName: 'setLines' }),
  parentLine: one(setLines, { fields: [setLines.parentLineId], references: [setLines.id] }),
  item: one(items, { fields: [setLines.itemId], references: [items.id] }),
  childSet: one(sets, { fields: [setLines.childSetId], references: [sets.id] }),
}));
