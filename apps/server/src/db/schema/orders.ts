import { relations, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
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
import { moment, timestamps } from './common.ts';
import { depots, plantLocations, workAddresses } from './locations.ts';
import { plants } from './plants.ts';
import { plantRequests, requestLines } from './requests.ts';

/**
 * materieelorder aanvoer / afvoer / verplaatsing van / naar, plus the transport order a transport
 * request becomes (DOMAIN-FLOWS; no stock effect unless it is a relocation).
 */
export const orderKind = pgEnum('order_kind', ['delivery', 'removal', 'move_from', 'move_to', 'transport']);
export const orderStatus = pgEnum('order_status', ['planned', 'in_transit', 'done', 'cancelled']);
export const orderCostKind = pgEnum('order_cost_kind', ['transport', 'handling', 'rush', 'other']);

export const plantOrderNoSeq = pgSequence('plant_order_no_seq', { startWith: 1 });

/** A plant order: what the department executes for a request. Done orders have posted ledger entries. */
export const plantOrders = pgTable(
  'plant_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Human number 'O-2026-000123'. */
    orderNo: text()
      .notNull()
      .default(
        sql`'O-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('plant_order_no_seq')::text, 6, '0')`,
      ),
    kind: orderKind().notNull(),
    status: orderStatus().notNull().default('planned'),
    requestId: uuid().references(() => plantRequests.id, { onDelete: 'set null' }),
    /** The location this order is seen on (source for move_from, target for move_to). */
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'restrict' }),
    depotId: uuid().references(() => depots.id, { onDelete: 'set null' }),
    /** For moves: the other location. */
    counterpartLocationId: uuid().references(() => plantLocations.id, { onDelete: 'restrict' }),
    /** For moves: the paired move_from ↔ move_to order. */
    linkedOrderId: uuid().references((): AnyPgColumn => plantOrders.id, { onDelete: 'set null' }),
    orderDate: date().notNull(),
    plannedDate: date(),
    executedDate: date(),
    expectedReturnDate: date(),
    transportMeans: text(),
    workAddressId: uuid().references(() => workAddresses.id, { onDelete: 'set null' }),
    street: text(),
    postcode: text(),
    city: text(),
    contactPerson: text(),
    phone: text(),
    reference: text(),
    comment: text(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('plant_orders_no_uq').on(t.orderNo),
    index('plant_orders_location_kind_idx').on(t.locationId, t.kind, t.orderDate),
    index('plant_orders_request_idx').on(t.requestId),
    index('plant_orders_depot_idx').on(t.depotId),
    index('plant_orders_counterpart_idx').on(t.counterpartLocationId),
    index('plant_orders_linked_idx').on(t.linkedOrderId),
    index('plant_orders_work_address_idx').on(t.workAddressId),
    index('plant_orders_status_idx').on(t.status, t.plannedDate),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => plantOrders.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    requestLineId: uuid().references(() => requestLines.id, { onDelete: 'set null' }),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    /** The numbered plant delivered / picked up (quantity 1), null for bulk quantities. */
    plantId: uuid().references(() => plants.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    comment: text(),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.orderId, t.lineNo),
    index('order_lines_request_line_idx').on(t.requestLineId),
    index('order_lines_item_idx').on(t.itemId),
    index('order_lines_plant_idx').on(t.plantId),
  ],
);

/** Costs of an order (GetOrderGeleverdKosten …): transport, handling, rush surcharge. */
export const orderCosts = pgTable(
  'order_costs',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderId: uuid()
      .notNull()
      .references(() => plantOrders.id, { onDelete: 'cascade' }),
    kind: orderCostKind().notNull(),
    description: text().notNull(),
    quantity: numeric({ precision: 12, scale: 3 }).notNull().default('1'),
    unitPrice: numeric({ precision: 12, scale: 2 }).notNull(),
    amount: numeric({ precision: 12, scale: 2 }).notNull(),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [index('order_costs_order_idx').on(t.orderId)],
);

export const plantOrdersRelations = relations(plantOrders, ({ one, many }) => ({
  request: one(plantRequests, { fields: [plantOrders.requestId], references: [plantRequests.id] }),
  location: one(plantLocations, {
    fields: [plantOrders.locationId],
    references: [plantLocations.id],
    relationName: 'orderLocation',
  }),
  counterpartLocation: one(plantLocations, {
    fields: [plantOrders.counterpartLocationId],
    references: [plantLocations.id],
    relationName: 'orderCounterpartLocation',
  }),
  linkedOrder: one(plantOrders, { fields: [plantOrders.linkedOrderId], references: [plantOrders.id] }),
  depot: one(depots, { fields: [plantOrders.depotId], references: [depots.id] }),
  workAddress: one(workAddresses, { fields: [plantOrders.workAddressId], references: [workAddresses.id] }),
  lines: many(orderLines),
  costs: many(orderCosts),
}));

export const orderLinesRelations = relations(orderLines, ({ one }) => ({
  order: one(plantOrders, { fields: [orderLines.orderId], references: [plantOrders.id] }),
  requestLine: one(requestLines, { fields: [orderLines.requestLineId], references: [requestLines.id] }),
  item: one(items, { fields: [orderLines.itemId], references: [items.id] }),
  plant: one(plants, { fields: [orderLines.plantId], references: [plants.id] }),
}));

export const orderCostsRelations = relations(orderCosts, ({ one }) => ({
  order: one(plantOrders, { fields: [orderCosts.orderId], references: [plantOrders.id] }),
}));
