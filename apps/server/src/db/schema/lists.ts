import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { moment, timestamps } from './common.ts';
import { users } from './identity.ts';
import { plantLocations } from './locations.ts';
import { plants } from './plants.ts';
import { sets } from './sets.ts';

/** An order-list line is an item, or a set whose items hang under it as child lines. */
export const listLineKind = pgEnum('list_line_kind', ['item', 'set']);

/** A user's favourite list (favorieten); locationId null = the list is for all the user's locations. */
export const favouriteLists = pgTable(
  'favourite_lists',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid().references(() => plantLocations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    ...timestamps(),
  },
  (t) => [
    index('favourite_lists_user_location_idx').on(t.userId, t.locationId),
    index('favourite_lists_location_idx').on(t.locationId),
  ],
);

export const favouriteListItems = pgTable(
  'favourite_list_items',
  {
    listId: uuid()
      .notNull()
      .references(() => favouriteLists.id, { onDelete: 'cascade' }),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    sort: integer().notNull().default(0),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.listId, t.itemId] }), index('favourite_list_items_item_idx').on(t.itemId)],
);

/** An order list (bestellijst) of a user on a location; several named ones when enabled. */
export const orderLists = pgTable(
  'order_lists',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The order wizard's saved draft (savedAanvraagDTO): restored after a reload, cleared on submit. */
    draft: jsonb().$type<Record<string, unknown>>(),
    draftUpdatedAt: moment(),
    ...timestamps(),
  },
  (t) => [
    index('order_lists_user_location_idx').on(t.userId, t.locationId),
    index('order_lists_location_idx').on(t.locationId),
  ],
);

export const orderListLines = pgTable(
  'order_list_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderListId: uuid()
      .notNull()
      .references(() => orderLists.id, { onDelete: 'cascade' }),
    /** The set line this line belongs to (childLinesIncluded). */
    parentLineId: uuid().references((): AnyPgColumn => orderListLines.id, { onDelete: 'cascade' }),
    kind: listLineKind().notNull().default('item'),
    itemId: uuid().references(() => items.id, { onDelete: 'cascade' }),
    setId: uuid().references(() => sets.id, { onDelete: 'cascade' }),
    /** aantal; 0 is allowed while editing, but blocks processing (product §5). */
    amount: integer().notNull().default(1),
    comment: text(),
    sort: integer().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('order_list_lines_list_idx').on(t.orderListId, t.sort),
    // why: partial, so a line without a parent / item / set adds no entry (docs/decisions/0011); the
    // foreign-key lookups (`= id`) still use them.
    index('order_list_lines_parent_idx').on(t.parentLineId).where(sql`${t.parentLineId} is not null`),
    index('order_list_lines_item_idx').on(t.itemId).where(sql`${t.itemId} is not null`),
    index('order_list_lines_set_idx').on(t.setId).where(sql`${t.setId} is not null`),
    check(
      'order_list_lines_target_ck',
      sql`(${t.kind} = 'item' and ${t.itemId} is not null and ${t.setId} is null) or (${t.kind} = 'set' and ${t.setId} is not null and ${t.itemId} is null)`,
    ),
    check('order_list_lines_amount_ck', sql`${t.amount} >= 0`),
  ],
);

/** A removal list (afvoerlijst): one per user per location. */
export const removalLists = pgTable(
  'removal_lists',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'cascade' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('removal_lists_user_location_uq').on(t.userId, t.locationId),
    index('removal_lists_location_idx').on(t.locationId),
  ],
);

/** A removal-list line, keyed by item (soort), plant (nummer) and the location the stock is on. */
export const removalListLines = pgTable(
  'removal_list_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    removalListId: uuid()
      .notNull()
      .references(() => removalLists.id, { onDelete: 'cascade' }),
    /** materieelLocatie: where the stock is (the list's location, or another one on GetAfvoerlijstProject). */
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'cascade' }),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'cascade' }),
    /** retourAantal; 0 blocks processing (product §5). */
    returnAmount: integer().notNull().default(1),
    comment: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('removal_list_lines_key_uq').on(
      t.removalListId,
      t.locationId,
      t.itemId,
      sql`coalesce(${t.plantId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
    ),
    // why: the availability check sums what every user already put on removal lists per (location, item).
    index('removal_list_lines_location_item_idx').on(t.locationId, t.itemId),
    index('removal_list_lines_item_idx').on(t.itemId),
    index('removal_list_lines_plant_idx').on(t.plantId),
    check('removal_list_lines_amount_ck', sql`${t.returnAmount} >= 0`),
  ],
);

export const favouriteListsRelations = relations(favouriteLists, ({ one, many }) => ({
  user: one(users, { fields: [favouriteLists.userId], references: [users.id] }),
  location: one(plantLocations, { fields: [favouriteLists.locationId], references: [plantLocations.id] }),
  items: many(favouriteListItems),
}));

export const favouriteListItemsRelations = relations(favouriteListItems, ({ one }) => ({
  list: one(favouriteLists, { fields: [favouriteListItems.listId], references: [favouriteLists.id] }),
  item: one(items, { fields: [favouriteListItems.itemId], references: [items.id] }),
}));

export const orderListsRelations = relations(orderLists, ({ one, many }) => ({
  user: one(users, { fields: [orderLists.userId], references: [users.id] }),
  location: one(plantLocations, { fields: [orderLists.locationId], references: [plantLocations.id] }),
  lines: many(orderListLines, { relationName: 'orderListLines' }),
}));

export const orderListLinesRelations = relations(orderListLines, ({ one }) => ({
  orderList: one(orderLists, {
    fields: [orderListLines.orderListId],
    references: [orderLists.id],
    relationName: 'orderListLines',
  }),
  parentLine: one(orderListLines, { fields: [orderListLines.parentLineId], references: [orderListLines.id] }),
  item: one(items, { fields: [orderListLines.itemId], references: [items.id] }),
  set: one(sets, { fields: [orderListLines.setId], references: [sets.id] }),
}));

export const removalListsRelations = relations(removalLists, ({ one, many }) => ({
  user: one(users, { fields: [removalLists.userId], references: [users.id] }),
  location: one(plantLocations, { fields: [removalLists.locationId], references: [plantLocations.id] }),
  lines: many(removalListLines),
}));

export const removalListLinesRelations = relations(removalListLines, ({ one }) => ({
  removalList: one(removalLists, { fields: [removalListLines.removalListId], references: [removalLists.id] }),
  location: one(plantLocations, { fields: [removalListLines.locationId], references: [plantLocations.id] }),
  item: one(items, { fields: [removalListLines.itemId], references: [items.id] }),
  plant: one(plants, { fields: [removalListLines.plantId], references: [plants.id] }),
}));
