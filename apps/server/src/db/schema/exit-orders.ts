import { relations, sql } from 'drizzle-orm';
import {
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
import { users } from './identity.ts';
import { plantLocations } from './locations.ts';
import { plantOrders } from './orders.ts';
import { plants } from './plants.ts';
import { files } from './platform.ts';

export const exitOrderStatus = pgEnum('exit_order_status', ['draft', 'final']);
/** State the equipment came back in. */
export const exitCondition = pgEnum('exit_condition', ['good', 'dirty', 'damaged', 'missing']);
export const exitOrderFileKind = pgEnum('exit_order_file_kind', ['image', 'document']);

export const exitOrderNoSeq = pgSequence('exit_order_no_seq', { startWith: 1 });

/** An exit order: the department's record of what left a location for good, and in what state. */
export const exitOrders = pgTable(
  'exit_orders',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** 'X-2026-000004'. */
    exitOrderNo: text()
      .notNull()
      .default(
        sql`'X-' || to_char(current_date, 'YYYY') || '-' || lpad(nextval('exit_order_no_seq')::text, 6, '0')`,
      ),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'restrict' }),
    /** The removal order the equipment left with. */
    orderId: uuid().references(() => plantOrders.id, { onDelete: 'set null' }),
    exitDate: date().notNull(),
    status: exitOrderStatus().notNull().default('final'),
    remarks: text(),
    recordedBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('exit_orders_no_uq').on(t.exitOrderNo),
    index('exit_orders_location_date_idx').on(t.locationId, t.exitDate),
    index('exit_orders_order_idx').on(t.orderId),
    index('exit_orders_recorded_by_idx').on(t.recordedBy),
  ],
);

export const exitOrderLines = pgTable(
  'exit_order_lines',
  {
    id: uuid().primaryKey().defaultRandom(),
    exitOrderId: uuid()
      .notNull()
      .references(() => exitOrders.id, { onDelete: 'cascade' }),
    lineNo: integer().notNull(),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    plantId: uuid().references(() => plants.id, { onDelete: 'set null' }),
    quantity: integer().notNull(),
    condition: exitCondition().notNull().default('good'),
    remarks: text(),
    /** Cleaning / repair charged for this line. */
    damageAmount: numeric({ precision: 12, scale: 2 }),
  },
  (t) => [
    index('exit_order_lines_exit_order_idx').on(t.exitOrderId, t.lineNo),
    index('exit_order_lines_item_idx').on(t.itemId),
    index('exit_order_lines_plant_idx').on(t.plantId),
  ],
);

/** Photos (GetExitOrderImages) and documents (ExitOrdersDocs) of an exit order, optionally per line. */
export const exitOrderFiles = pgTable(
  'exit_order_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    exitOrderId: uuid()
      .notNull()
      .references(() => exitOrders.id, { onDelete: 'cascade' }),
    lineId: uuid().references(() => exitOrderLines.id, { onDelete: 'cascade' }),
    kind: exitOrderFileKind().notNull(),
    fileId: uuid()
      .notNull()
      .references(() => files.id, { onDelete: 'restrict' }),
    caption: text(),
    sort: integer().notNull().default(0),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('exit_order_files_exit_order_idx').on(t.exitOrderId, t.kind, t.sort),
    index('exit_order_files_line_idx').on(t.lineId),
    index('exit_order_files_file_idx').on(t.fileId),
  ],
);

export const exitOrdersRelations = relations(exitOrders, ({ one, many }) => ({
  location: one(plantLocations, { fields: [exitOrders.locationId], references: [plantLocations.id] }),
  order: one(plantOrders, { fields: [exitOrders.orderId], references: [plantOrders.id] }),
  lines: many(exitOrderLines),
  files: many(exitOrderFiles),
}));

export const exitOrderLinesRelations = relations(exitOrderLines, ({ one, many }) => ({
  exitOrder: one(exitOrders, { fields: [exitOrderLines.exitOrderId], references: [exitOrders.id] }),
  item: one(items, { fields: [exitOrderLines.itemId], references: [items.id] }),
  plant: one(plants, { fields: [exitOrderLines.plantId], references: [plants.id] }),
  files: many(exitOrderFiles),
}));

export const exitOrderFilesRelations = relations(exitOrderFiles, ({ one }) => ({
  exitOrder: one(exitOrders, { fields: [exitOrderFiles.exitOrderId], references: [exitOrders.id] }),
  line: one(exitOrderLines, { fields: [exitOrderFiles.lineId], references: [exitOrderLines.id] }),
  file: one(files, { fields: [exitOrderFiles.fileId], references: [files.id] }),
}));
