import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { items } from './catalogue.ts';
import { moment, timestamps } from './common.ts';
import { depots, plantLocations } from './locations.ts';
import { files } from './platform.ts';

export const plantStatus = pgEnum('plant_status', ['in_service', 'in_repair', 'retired']);
export const inspectionResult = pgEnum('inspection_result', [
  'approved',
  'approved_with_remarks',
  'rejected',
]);

/**
 * A numbered plant (materieelstuk) of an item. Where it is now (a location or a depot, never both)
 * mirrors its inventory row; the ledger holds where it was.
 */
export const plants = pgTable(
  'plants',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** materieelnummer, e.g. 'AG-1004-0003'. */
    plantNo: text().notNull(),
    itemId: uuid()
      .notNull()
      .references(() => items.id, { onDelete: 'restrict' }),
    locationId: uuid().references(() => plantLocations.id, { onDelete: 'restrict' }),
    depotId: uuid().references(() => depots.id, { onDelete: 'restrict' }),
    serialNo: text(),
    buildYear: integer(),
    status: plantStatus().notNull().default('in_service'),
    /**
     * Hired in from another rental company (extern materieel): its inspections are the owner's, so the stock
     * screens show its next inspection only with MaterieelVoorraad_ToonExternMaterieelKeuringsDatum.
     */
    external: boolean().notNull().default(false),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('plants_plant_no_uq').on(t.plantNo),
    uniqueIndex('plants_erp_id_uq').on(t.erpId),
    index('plants_item_idx').on(t.itemId),
    index('plants_location_idx').on(t.locationId, t.itemId),
    index('plants_depot_idx').on(t.depotId, t.itemId),
    check('plants_one_place_ck', sql`num_nonnulls(${t.locationId}, ${t.depotId}) <= 1`),
  ],
);

/** An inspection (keuring) of a plant; the latest row's nextDueDate drives info/warning/danger. */
export const inspections = pgTable(
  'inspections',
  {
    id: uuid().primaryKey().defaultRandom(),
    plantId: uuid()
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    inspectedOn: date().notNull(),
    result: inspectionResult().notNull(),
    nextDueDate: date().notNull(),
    inspector: text(),
    remarks: text(),
    certificateFileId: uuid().references(() => files.id, { onDelete: 'set null' }),
    /** The ERP's key of the row (Business Central's systemId) once the sync has read it (decision 0027). */
    erpId: uuid(),
    createdAt: moment().notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inspections_erp_id_uq').on(t.erpId),
    index('inspections_plant_date_idx').on(t.plantId, t.inspectedOn),
    index('inspections_next_due_idx').on(t.nextDueDate),
    index('inspections_certificate_idx').on(t.certificateFileId),
  ],
);

export const plantsRelations = relations(plants, ({ one, many }) => ({
  item: one(items, { fields: [plants.itemId], references: [items.id] }),
  location: one(plantLocations, { fields: [plants.locationId], references: [plantLocations.id] }),
  depot: one(depots, { fields: [plants.depotId], references: [depots.id] }),
  inspections: many(inspections),
}));

export const inspectionsRelations = relations(inspections, ({ one }) => ({
  plant: one(plants, { fields: [inspections.plantId], references: [plants.id] }),
  certificate: one(files, { fields: [inspections.certificateFileId], references: [files.id] }),
}));
