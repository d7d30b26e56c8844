import { index, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { moment } from './common.ts';
import { users } from './identity.ts';
import { plantLocations } from './locations.ts';
import { plants } from './plants.ts';

/**
 * A numbered plant scanned on a location (GET PlantInventoryItems/scan, decision 0015): a movement for the idle
 * rule (decision 0034) — somebody had it in hand. Raises the location's stock revision (migration 0034).
 */
export const plantScans = pgTable(
  'plant_scans',
  {
    id: uuid().primaryKey().defaultRandom(),
    plantId: uuid()
      .notNull()
      .references(() => plants.id, { onDelete: 'cascade' }),
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'cascade' }),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    scannedAt: moment().notNull().defaultNow(),
  },
  (t) => [
    index('plant_scans_location_plant_idx').on(t.locationId, t.plantId, t.scannedAt),
    index('plant_scans_plant_idx').on(t.plantId),
    index('plant_scans_user_idx').on(t.userId),
  ],
);

/**
 * The weekly idle digest sent for a location (decision 0034): one row per location and ISO week, taken before
 * the mails are queued, so two processes (or a retried job) never send the same week twice.
 */
export const idleDigestRuns = pgTable(
  'idle_digest_runs',
  {
    locationId: uuid()
      .notNull()
      .references(() => plantLocations.id, { onDelete: 'cascade' }),
    /** ISO week, e.g. 2026-W48. */
    week: text().notNull(),
    sentAt: moment().notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.locationId, t.week] })],
);
