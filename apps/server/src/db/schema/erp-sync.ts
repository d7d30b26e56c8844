import { sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { moment } from './common.ts';

/**
 * Where the sync of each ERP entity stands (issue #33, decision 0027): the checkpoint written in the same
 * transaction as the page of rows it follows (a run in progress: the ERP's nextLink; between runs: the high-water
 * mark of lastModifiedDateTime the next delta starts after), the current or last run's counts, and its last error
 * as a translation key with its values. One row per entity (the port's ErpEntity).
 */
export const erpSyncState = pgTable('erp_sync_state', {
  entity: text().primaryKey(),
  /** The ERP's link to the next page of the run in progress; null: no run in progress. */
  nextLink: text(),
  /** The ERP's lastModifiedDateTime (ISO, as the ERP wrote it) the next delta asks what changed after. */
  modifiedSince: text(),
  /** When the run in progress (or the last one) started and ended. */
  runStartedAt: moment(),
  runFinishedAt: moment(),
  /** The last complete full run (from nothing) and the last complete delta run. */
  fullCompletedAt: moment(),
  deltaCompletedAt: moment(),
  /** The counts of the run in progress or the last one. */
  pages: integer().notNull().default(0),
  upserted: integer().notNull().default(0),
  deleted: integer().notNull().default(0),
  /** Records left out: their reference is unknown to the portal (a location of an unknown customer, …). */
  skipped: integer().notNull().default(0),
  /** The records the run in progress (or the last one) reads, as the ERP counted them ($count); null: unknown. */
  total: integer(),
  /** The records the run in progress (or the last one) has read so far, changed or not: its progress against total. */
  read: integer().notNull().default(0),
  /** Every record upserted since the first run. */
  upsertedTotal: bigint({ mode: 'number' }).notNull().default(0),
  lastErrorCode: text(),
  lastErrorParams: jsonb().$type<Record<string, string>>(),
  lastErrorAt: moment(),
  updatedAt: moment().notNull().default(sql`now()`),
});
