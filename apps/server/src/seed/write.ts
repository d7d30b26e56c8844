import { count, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import * as s from '../db/schema/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { FileStorage } from '../platform/files/storage.ts';
import { type CataloguePlan, catalogueRows } from './build-catalogue.ts';
import type { SimulationSummary } from './simulate-types.ts';
import { DbSink, type Tx } from './sink.ts';

/*
 * How the demo data reaches storage and the database (seedDemo makes it, this writes it): every row in ONE
 * transaction, through a DbSink (sink.ts) that writes whenever the generator pauses; each file's bytes go to
 * storage (fixed keys, so a retry overwrites) just before its row.
 */

const ITEMS_PER_CHUNK = 10_000;

/**
 * Runs `body` in ONE transaction with a DbSink over it (rows written in `order` whenever the generator pauses),
 * then writes what the sink still holds; answers the rows per table, or null when the database already had
 * customers (another process seeded it meanwhile: nothing written).
 */
export async function seedTransaction(
  db: Db,
  options: {
    storage: FileStorage;
    order: readonly PgTable[];
    /** Rows held before they are written at a pause (DbSink). */
    flushAt?: number;
    log: (line: string) => void;
    body: (sink: DbSink, tx: Tx) => Promise<void>;
  },
): Promise<Record<string, number> | null> {
  return db.transaction(async (tx) => {
    // why: two servers starting on one empty database must not both seed.
    await tx.execute(sql`select pg_advisory_xact_lock(727272001)`);
    const [{ n }] = await tx.select({ n: count() }).from(s.customers);
    if (n > 0) return null;
    options.log('seed: writing the rows (one transaction: an interrupted seed leaves no rows behind)');
    const indexes = await dropPlainIndexes(tx, options.order.map(getTableName));
    const sink = new DbSink(tx, options.storage, options.order, options.flushAt);
    await options.body(sink, tx);
    await sink.flush();
    const started = Date.now();
    // why: building an index takes its sort memory from here (default 64 MB); this transaction only.
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    for (const definition of indexes) await tx.execute(sql.raw(definition));
    options.log(
      `seed: made the ${indexes.length} plain indexes again (${((Date.now() - started) / 1000).toFixed(1)} s)`,
    );
    return sink.counts;
  });
}

/**
 * Drops the plain (not unique) indexes of `tables` inside the seed's transaction and answers their definitions, to be
 * run again before the commit. why: keeping an index up to date row by row costs PostgreSQL 3–5 times the rows
 * themselves (item_translations' trigram indexes; measured at scale 100, decision 0010), building it once after the
 * load a fraction of that. Primary keys and unique indexes stay: they check the rows, and the seed's updates find
 * rows by them. Nothing of this is seen outside the transaction: interrupted, the indexes are simply still there.
 */
async function dropPlainIndexes(tx: Tx, tables: string[]): Promise<string[]> {
  const found = await tx.execute<{ name: string; definition: string }>(sql`
    select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as definition
    from pg_index i
    join pg_class c on c.oid = i.indrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = current_schema() and c.relname = any(${sql.param(tables)}::text[])
      and not i.indisunique and not i.indisprimary and not i.indisexclusion
      and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
    order by c.relname, 1`);
  for (const { name } of found.rows) await tx.execute(sql.raw(`drop index ${name}`));
  return found.rows.map((r) => r.definition);
}

/** The items' rows (about 11 per item), made and written a chunk of copies at a time. */
export async function writeCatalogueRows(
  sink: DbSink,
  catalogue: CataloguePlan,
  scale: number,
): Promise<void> {
  const copiesPerChunk = Math.max(1, Math.floor(ITEMS_PER_CHUNK / (catalogue.demoItems.length / scale)));
  for (let from = 1; from <= scale; from += copiesPerChunk) {
    const rows = catalogueRows(catalogue, from, Math.min(scale, from + copiesPerChunk - 1));
    for (const row of rows.items) sink.push(s.items, row);
    for (const row of rows.itemTranslations) sink.push(s.itemTranslations, row);
    for (const row of rows.itemTechData) sink.push(s.itemTechData, row);
    for (const row of rows.itemLinks) sink.push(s.itemLinks, row);
    await sink.maybeFlush();
  }
}

/** Runs a generator to its end, letting the sink write what it holds at each pause; answers its result. */
export async function drive<R>(steps: Generator<unknown, R>, sink: DbSink): Promise<R> {
  let step = steps.next();
  while (!step.done) {
    await sink.maybeFlush();
    step = steps.next();
  }
  return step.value;
}

/**
 * What the simulation could only tell at its end, written over the rows it pushed: each moved plant's final place,
 * and the human numbers of requests and orders (pushed as '#<index>').
 */
export async function finishSimulation(
  tx: Tx,
  summary: SimulationSummary,
  places: { locations: { id: string }[]; depotIds: string[] },
): Promise<void> {
  const moved = summary.plants.filter((p) => p.locationIndex !== null || p.depotIndex !== p.home);
  for (let i = 0; i < moved.length; i += UPDATE_ROWS) {
    const batch = moved.slice(i, i + UPDATE_ROWS);
    await tx.execute(sql`
      update plants p set location_id = x.location_id, depot_id = x.depot_id
      from unnest(
        ${sql.param(batch.map((b) => b.id))}::uuid[],
        ${sql.param(batch.map((b) => (b.locationIndex === null ? null : places.locations[b.locationIndex].id)))}::uuid[],
        ${sql.param(batch.map((b) => (b.depotIndex === null ? null : places.depotIds[b.depotIndex])))}::uuid[]
      ) as x(id, location_id, depot_id)
      where p.id = x.id`);
  }
  for (const [table, column, numbers] of [
    ['plant_requests', 'request_no', summary.requestNos],
    ['plant_orders', 'order_no', summary.orderNos],
  ] as const) {
    for (let i = 0; i < numbers.length; i += UPDATE_ROWS) {
      const batch = numbers.slice(i, i + UPDATE_ROWS);
      await tx.execute(sql`
        update ${sql.identifier(table)} t set ${sql.identifier(column)} = x.no
        from unnest(${sql.param(batch.map((_, j) => `#${i + j}`))}::text[], ${sql.param(batch)}::text[]) as x(tmp, no)
        where t.${sql.identifier(column)} = x.tmp`);
    }
  }
}

const UPDATE_ROWS = 20_000;
