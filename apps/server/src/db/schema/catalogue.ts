import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { type LocaleTextMap, locale, moment, timestamps } from './common.ts';
import { files } from './platform.ts';

/** Rental type enumeration of product §3. */
export const rentalType = pgEnum('rental_type', ['Verhuur', 'Verkoop', 'Verkoop_Terugkoop']);
/** A technical-data row is a heading (label), a free text, a yes/no or a number. */
export const techDataKind = pgEnum('tech_data_kind', ['label', 'text', 'boolean', 'number']);
/** accessory = belongs with the item (MeegeleverdeItems); order_tip = also ordered (MaterieelBestelTips). */
export const itemLinkKind = pgEnum('item_link_kind', ['accessory', 'order_tip']);

/** Catalogue tree. Roots have parentId null (the API shows the all-zero guid). */
export const categories = pgTable(
  'categories',
  {
    id: uuid().primaryKey().defaultRandom(),
    parentId: uuid().references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    /** Short code, stable across imports (e.g. 'AFZ-HEK'). */
    code: text().notNull(),
    /** Filter on the ERP item list that fills this category (ItemCategories navisionFilter). */
    navisionFilter: text(),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    /** The parent's code as the ERP names it, until a category with that code is there (decision 0027). */
    erpParentCode: text(),
    imageFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('categories_code_uq').on(t.code),
    index('categories_parent_sort_idx').on(t.parentId, t.sort),
    index('categories_image_idx').on(t.imageFileId),
    uniqueIndex('categories_erp_id_uq').on(t.erpId),
  ],
);

export const categoryTranslations = pgTable(
  'category_translations',
  {
    categoryId: uuid()
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    locale: locale().notNull(),
    name: text().notNull(),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.categoryId, t.locale] }),
    uniqueIndex('category_translations_erp_id_uq').on(t.erpId),
  ],
);

/** A plant type (materieelsoort); `itemNo` is the `materieelSoort` in URLs (/details/{itemNo}). */
export const items = pgTable(
  'items',
  {
    id: uuid().primaryKey().defaultRandom(),
    itemNo: text().notNull(),
    categoryId: uuid().references(() => categories.id, { onDelete: 'set null' }),
    rentalType: rentalType().notNull().default('Verhuur'),
    /** Unit the amount is counted in ('stuk', 'm', 'set'); shown when Details_UseRentalUnit. */
    rentalUnit: text().notNull().default('stuk'),
    dayPrice: numeric({ precision: 12, scale: 2 }),
    weekPrice: numeric({ precision: 12, scale: 2 }),
    salePrice: numeric({ precision: 12, scale: 2 }),
    /** What a Verkoop_Terugkoop item is credited at when it comes back (terugkoopprijs); null: nothing. */
    buyBackPrice: numeric({ precision: 12, scale: 2 }),
    /** gewichtPerStuk, kg. */
    weight: numeric({ precision: 12, scale: 3 }),
    imageFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /** Tracked per numbered plant (materieelstuk) rather than as a bulk quantity. */
    numbered: boolean().notNull().default(false),
    /** Months between inspections of its plants; null = no inspection duty. */
    inspectionIntervalMonths: integer(),
    searchable: boolean().notNull().default(true),
    visibleInCatalogue: boolean().notNull().default(true),
    blocked: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('items_item_no_uq').on(t.itemNo),
    uniqueIndex('items_erp_id_uq').on(t.erpId),
    index('items_category_sort_idx').on(t.categoryId, t.sort, t.itemNo),
    index('items_image_idx').on(t.imageFileId),
    // why: the quick search counts the items it may never list (a handful) to size its first stage.
    index('items_unlisted_idx').on(t.id).where(sql`not ${t.searchable} or ${t.blocked}`),
  ],
);

/**
 * Per-locale descriptions of an item. A row per (item, locale) keeps one text column to index:
 * `searchText` is the folded description (lower case, no accents) stored once, with a trigram index
 * per locale on it (partial indexes, migration 0002; f_unaccent() comes from migration 0001).
 */
export const itemTranslations = pgTable(
  'item_translations',
  {
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    locale: locale().notNull(),
    description: text().notNull(),
    longDescription: text(),
    searchText: text().generatedAlwaysAs(sql`lower(public.f_unaccent(description))`),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.locale] }),
    uniqueIndex('item_translations_erp_id_uq').on(t.erpId),
  ],
);

/** The technical-data attributes used across the catalogue ('Geluidgedempt', 'Vermogen (kVA)' …). */
export const techAttributes = pgTable(
  'tech_attributes',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    kind: techDataKind().notNull(),
    /** Unit shown after numbers ('kVA', 'kg', 'm'). */
    unit: text(),
    /** Label per locale; nl-NL always present. */
    label: jsonb().$type<LocaleTextMap>().notNull(),
    /** Offered as a catalogue filter (boolean → checkbox group, number → range). */
    filterable: boolean().notNull().default(false),
    sort: integer().notNull().default(0),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('tech_attributes_code_uq').on(t.code),
    uniqueIndex('tech_attributes_erp_id_uq').on(t.erpId),
  ],
);

/**
 * One technical-data value of an item. The value sits in the column of its kind, so filters are
 * plain indexed predicates: boolean → (attribute_id, boolean_value), range → (attribute_id, number_value).
 */
export const itemTechData = pgTable(
  'item_tech_data',
  {
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    attributeId: uuid()
      .notNull()
      .references(() => techAttributes.id, { onDelete: 'restrict' }),
    sort: integer().notNull().default(0),
    booleanValue: boolean(),
    numberValue: numeric({ precision: 14, scale: 3 }),
    /** Text per locale for kind `text` (display only, never filtered). */
    textValue: jsonb().$type<LocaleTextMap>(),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.attributeId] }),
    uniqueIndex('item_tech_data_erp_id_uq').on(t.erpId),
    index('item_tech_data_bool_idx').on(t.attributeId, t.booleanValue, t.itemId),
    index('item_tech_data_number_idx').on(t.attributeId, t.numberValue, t.itemId),
    // why: the boolean facets of a page count the true values of its items (index-only, per item).
    index('item_tech_data_item_true_idx').on(t.itemId, t.attributeId).where(sql`${t.booleanValue}`),
  ],
);

/** item → item links: accessories delivered with it and order tips shown with it. */
export const itemLinks = pgTable(
  'item_links',
  {
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    linkedItemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    kind: itemLinkKind().notNull(),
    /** For accessories: how many come with one of the item. */
    amount: integer().notNull().default(1),
    sort: integer().notNull().default(0),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.kind, t.linkedItemId] }),
    uniqueIndex('item_links_erp_id_uq').on(t.erpId),
    index('item_links_linked_idx').on(t.linkedItemId),
  ],
);

/**
 * Search synonyms (issue #31 item 20, decisions 0005/0013): groups of words that mean the same to a searcher, in
 * lists named by a code as the ERP keeps them; the setting SynoniemCode names the list the search uses. A searched
 * word equal to a word of a group also finds what the group's other words find.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    id: uuid().primaryKey().defaultRandom(),
    code: text().notNull(),
    /** The group's words as entered (each one word); the search folds them as it folds what is typed. */
    words: text().array().notNull(),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [index('search_synonyms_code_idx').on(t.code, t.sort)],
);

/**
 * One row: a counter that statement-level triggers (migration 0004) raise whenever catalogue data
 * changes (items, their texts and technical data, categories, sets). Processes that keep a read model of
 * the catalogue (the quick-search index) compare it to notice changes made by other processes.
 */
export const catalogueRevision = pgTable(
  'catalogue_revision',
  {
    id: integer().primaryKey().default(1),
    revision: bigint({ mode: 'number' }).notNull().default(0),
    changedAt: moment().notNull().defaultNow(),
  },
  (t) => [check('catalogue_revision_single_row', sql`${t.id} = 1`)],
);

export const categoriesRelations = relations(categories, ({ one, many }) => ({
  parent: one(categories, {
    fields: [categories.parentId],
    references: [categories.id],
    relationName: 'tree',
  }),
  children: many(categories, { relationName: 'tree' }),
  translations: many(categoryTranslations),
  items: many(items),
  image: one(files, { fields: [categories.imageFileId], references: [files.id] }),
}));

export const categoryTranslationsRelations = relations(categoryTranslations, ({ one }) => ({
  category: one(categories, { fields: [categoryTranslations.categoryId], references: [categories.id] }),
}));

export const itemsRelations = relations(items, ({ one, many }) => ({
  category: one(categories, { fields: [items.categoryId], references: [categories.id] }),
  translations: many(itemTranslations),
  techData: many(itemTechData),
  links: many(itemLinks, { relationName: 'itemLinks' }),
  image: one(files, { fields: [items.imageFileId], references: [files.id] }),
}));

export const itemTranslationsRelations = relations(itemTranslations, ({ one }) => ({
  item: one(items, { fields: [itemTranslations.itemId], references: [items.id] }),
}));

export const itemTechDataRelations = relations(itemTechData, ({ one }) => ({
  item: one(items, { fields: [itemTechData.itemId], references: [items.id] }),
  attribute: one(techAttributes, { fields: [itemTechData.attributeId], references: [techAttributes.id] }),
}));

export const itemLinksRelations = relations(itemLinks, ({ one }) => ({
  item: one(items, { fields: [itemLinks.itemId], references: [items.id], relationName: 'itemLinks' }),
  linkedItem: one(items, { fields: [itemLinks.linkedItemId], references: [items.id] }),
}));
