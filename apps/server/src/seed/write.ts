import { count, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as s from '../db/schema/index.ts';
import type { Db } from '../platform/db/database.ts';
import { type FileStorage, sha256 } from '../platform/files/storage.ts';
import { type CataloguePlan, catalogueRows } from './build-catalogue.ts';
import type { FileJob } from './file-jobs.ts';

/*
 * How the demo data reaches storage and the database (seedDemo makes it, this writes it): the files' bytes first, a
 * few at a time (fixed keys, so a retry overwrites), then every row in ONE transaction in the order of `tables`, the
 * items' rows made and written a chunk at a time where CATALOGUE_ROWS stands.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

// why: PostgreSQL allows at most 65535 bind parameters per statement.
const MAX_PARAMETERS = 60_000;

async function insertMany<T extends PgTable>(tx: Tx, table: T, rows: T['$inferInsert'][]): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(getTableColumns(table)).length;
  const size = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / columns)));
  for (let i = 0; i < rows.length; i += size) {
    await tx.insert(table).values(rows.slice(i, i + size));
  }
}

/** Marks where in the table order the items' rows go: they are made and written in chunks, not held. */
export const CATALOGUE_ROWS = Symbol('the items and their translations, technical data and links');
const ITEMS_PER_CHUNK = 10_000;

export type SeedTables = ([PgTable, unknown[]] | typeof CATALOGUE_ROWS)[];

async function runLimited<T>(jobs: T[], limit: number, run: (job: T) => Promise<void>): Promise<void> {
  let next = 0;
  const workers = Array.from({ length: Math.min(limit, jobs.length) }, async () => {
    while (next < jobs.length) await run(jobs[next++]);
  });
  await Promise.all(workers);
}

/** Makes each file's bytes and puts them in storage, eight at a time; answers their rows, sorted by key. */
export async function storeFiles(jobs: FileJob[], storage: FileStorage): Promise<Insert<typeof s.files>[]> {
  const fileRows: Insert<typeof s.files>[] = [];
  await runLimited(jobs, 8, async (job) => {
    const bytes = await job.make();
    await storage.put(job.storageKey, bytes, job.contentType);
    fileRows.push({
      id: job.id,
      storageKey: job.storageKey,
      fileName: job.fileName,
      contentType: job.contentType,
      size: bytes.length,
      sha256: sha256(bytes),
      uploadedBy: null,
      meta: job.meta ?? {},
    });
  });
  return fileRows.sort((a, b) => (a.storageKey < b.storageKey ? -1 : 1));
}

/**
 * Writes `tables` in one transaction, then `finish` in it; answers the rows per table, or null when the database
 * already had customers (another process seeded it meanwhile: nothing written).
 */
export async function writeTables(
  db: Db,
  tables: SeedTables,
  options: {
    catalogue: CataloguePlan;
    scale: number;
    finish: (tx: Tx) => Promise<void>;
    log: (line: string) => void;
  },
): Promise<Record<string, number> | null> {
  const counts: Record<string, number> = {};
  const seeded = await db.transaction(async (tx) => {
    // why: two servers starting on one empty database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727272001)`);
    const [{ n }] = await tx.select({ n: count() }).from(s.customers);
    if (n > 0) return false;
    options.log('seed: writing the rows (one transaction: an interrupted seed leaves no rows behind)');
    const write = async (table: PgTable, rows: unknown[]) => {
      await insertMany(tx, table, rows as Insert<typeof table>[]);
      const name = (table as unknown as Record<symbol, string>)[Symbol.for('drizzle:Name')];
      counts[name] = (counts[name] ?? 0) + rows.length;
    };
    const { catalogue, scale } = options;
    for (const entry of tables) {
      if (entry !== CATALOGUE_ROWS) {
        await write(...entry);
        continue;
      }
      // The items' rows (about 11 per item), made and written a chunk of copies at a time.
      const copiesPerChunk = Math.max(1, Math.floor(ITEMS_PER_CHUNK / (catalogue.demoItems.length / scale)));
      for (let from = 1; from <= scale; from += copiesPerChunk) {
        const rows = catalogueRows(catalogue, from, Math.min(scale, from + copiesPerChunk - 1));
        await write(s.items, rows.items);
        await write(s.itemTranslations, rows.itemTranslations);
        await write(s.itemTechData, rows.itemTechData);
        await write(s.itemLinks, rows.itemLinks);
      }
    }
    await options.finish(tx);
    return true;
  });
  return seeded ? counts : null;
}
