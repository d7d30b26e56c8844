import { relations, sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { moment } from './common.ts';
import { users } from './identity.ts';
import { depots, plantLocations } from './locations.ts';
import { orderLines, plantOrders } from './orders.ts';
import { plants } from './plants.ts';

/** Why stock moved. initial = opening balance of a depot; sale = sold stock written off a location. */
export const ledgerKind = pgEnum('ledger_kind', [
  'initial',
  'delivery',
  'removal',
  'move_in',
  'move_out',
  'sale',
  'correction',
]);

/**
 * Current stock (voorraad): one row per (location or depot, item) for bulk quantities and one row
 * per numbered plant (quantity 1). Always equal to the ledger's sum; kept so stock screens read one
 * indexed table instead of summing history.
 */
export const inventory = pgTable(
  'inventory',
  {
    id: uuid().primaryKey().defaultRandom(),
    locationId: uuid().references(() => plantLocations.id, { onDelete: 'restrict' }),
    depotId: uuid().references(() => depots.id, { onDelete: 'restrict' }),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'cascade' }),
    quantity: integer().notNull(),
    /** Date of the last ledger entry that touched this row (in use since). */
    lastMovementDate: date().notNull(),
    /** The ERP's key of the stock-on-site row this row mirrors (decision 0027); never set on a depot's row. */
    erpId: uuid(),
    updatedAt: moment()
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [
    uniqueIndex('inventory_location_item_uq')
      .on(t.locationId, t.itemId)
      .where(sql`${t.plantId} is null and ${t.locationId} is not null`),
    uniqueIndex('inventory_depot_item_uq')
      .on(t.depotId, t.itemId)
      .where(sql`${t.plantId} is null and ${t.depotId} is not null`),
    uniqueIndex('inventory_plant_uq').on(t.plantId).where(sql`${t.plantId} is not null`),
    uniqueIndex('inventory_erp_id_uq').on(t.erpId),
    index('inventory_location_idx').on(t.locationId, t.itemId),
    index('inventory_depot_idx').on(t.depotId, t.itemId),
    index('inventory_item_idx').on(t.itemId),
    check('inventory_one_place_ck', sql`num_nonnulls(${t.locationId}, ${t.depotId}) = 1`),
    check('inventory_plant_quantity_ck', sql`${t.plantId} is null or ${t.quantity} in (0, 1)`),
  ],
);

/**
 * Append-only stock history (voorraadverloop): every movement is a signed quantity at one place.
 * A delivery posts +n at the location and −n at the depot; never updated or deleted.
 */
export const inventoryLedger = pgTable(
  'inventory_ledger',
  {
    id: uuid().primaryKey().defaultRandom(),
    entryDate: date().notNull(),
    locationId: uuid().references(() => plantLocations.id, { onDelete: 'restrict' }),
    depotId: uuid().references(() => depots.id, { onDelete: 'restrict' }),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'restrict' }),
    quantity: integer().notNull(),
    kind: ledgerKind().notNull(),
    orderId: uuid().references(() => plantOrders.id, { onDelete: 'restrict' }),
    orderLineId: uuid().references(() => orderLines.id, { onDelete: 'restrict' }),
    note: text(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('inventory_ledger_location_item_date_idx').on(t.locationId, t.itemId, t.entryDate),
    index('inventory_ledger_depot_item_date_idx').on(t.depotId, t.itemId, t.entryDate),
    index('inventory_ledger_plant_date_idx').on(t.plantId, t.entryDate),
    index('inventory_ledger_item_date_idx').on(t.itemId, t.entryDate),
    index('inventory_ledger_order_idx').on(t.orderId),
    index('inventory_ledger_order_line_idx').on(t.orderLineId),
    index('inventory_ledger_created_by_idx').on(t.createdBy),
    check('inventory_ledger_one_place_ck', sql`num_nonnulls(${t.locationId}, ${t.depotId}) = 1`),
    check('inventory_ledger_nonzero_ck', sql`${t.quantity} <> 0`),
  ],
);

/** Where stock revisions are drawn from: never reused, not even after a truncate (migration 0009). */
export const stockRevisionSeq = pgSequence('stock_revision_seq', { startWith: 1 });

/**
 * A number per location that changes whenever anything its stock screens show changes: its `inventory`,
 * `inventory_ledger` or `plants` rows, or the inspections of its plants (statement triggers, migration 0009).
 * A process may keep a location's stock read while the number stays the same (decision 0014).
 */
export const stockRevisions = pgTable('stock_revisions', {
  locationId: uuid()
    .primaryKey()
    .references(() => plantLocations.id, { onDelete: 'cascade' }),
  revision: bigint({ mode: 'number' }).notNull(),
});

export const inventoryRelations = relations(inventory, ({ one }) => ({
  location: one(plantLocations, { fields: [inventory.locationId], references: [plantLocations.id] }),
  depot: one(depots, { fields: [inventory.depotId], references: [depots.id] }),
  item: one(items, { fields: [inventory.itemId], references: [items.id] }),
  plant: one(plants, { fields: [inventory.plantId], references: [plants.id] }),
}));

export const inventoryLedgerRelations = relations(inventoryLedger, ({ one }) => ({
  location: one(plantLocations, { fields: [inventoryLedger.locationId], references: [plantLocations.id] }),
  depot: one(depots, { fields: [inventoryLedger.depotId], references: [depots.id] }),
  item: one(items, { fields: [inventoryLedger.itemId], references: [items.id] }),
  plant: one(plants, { fields: [inventoryLedger.plantId], references: [plants.id] }),
  order: one(plantOrders, { fields: [inventoryLedger.orderId], references: [plantOrders.id] }),
}));
