import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import * as s from '../db/schema/index.ts';
import type { Db } from '../platform/db/database.ts';
import { type FileStorage, sha256 } from '../platform/files/storage.ts';
import type { FileJob } from './file-jobs.ts';

/*
 * Where the demo generator puts its rows. The generator pushes each row once it can no longer change; the seed's
 * DbSink writes them to the database whenever the generator pauses (between simulated days, between chunks of
 * items), so memory holds a few thousand rows instead of millions. The fake Business Central and the small
 * callers use an ArraySink, which keeps every row.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type Insert<T extends { $inferInsert: unknown }> = T['$inferInsert'];

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

export interface RowSink {
  push<T extends PgTable>(table: T, row: Insert<T>): void;
  /** A file to store; its row goes into files before any row that names it. */
  file(job: FileJob): void;
}

export class ArraySink implements RowSink {
  readonly tables = new Map<PgTable, unknown[]>();
  readonly files: FileJob[] = [];
  push<T extends PgTable>(table: T, row: Insert<T>): void {
    const rows = this.tables.get(table);
    if (rows) rows.push(row);
    else this.tables.set(table, [row]);
  }
  file(job: FileJob): void {
    this.files.push(job);
  }
  rows<T extends PgTable>(table: T): Insert<T>[] {
    return (this.tables.get(table) as Insert<T>[] | undefined) ?? [];
  }
}

/** Rows held before the generator is asked to pause and let them be written. */
export const SINK_ROWS = 20_000;

export class DbSink implements RowSink {
  private readonly buffers = new Map<PgTable, unknown[]>();
  private files: FileJob[] = [];
  /** Rows waiting to be written. */
  size = 0;
  /** Rows written per table (its SQL name). */
  readonly counts: Record<string, number> = {};

  private readonly tx: Tx;
  private readonly storage: FileStorage;
  private readonly order: readonly PgTable[];
  private readonly flushAt: number;
  /** The write under way (maybeFlush), awaited before the next. */
  private pending: Promise<void> | null = null;

  /**
   * `order`: the tables in an order in which every row's references are written before it; `flushAt`: rows held
   * before maybeFlush writes them (default SINK_ROWS; 1 writes at every pause).
   */
  constructor(tx: Tx, storage: FileStorage, order: readonly PgTable[], flushAt = SINK_ROWS) {
    this.tx = tx;
    this.storage = storage;
    this.order = order;
    this.flushAt = flushAt;
    for (const table of order) this.buffers.set(table, []);
  }

  push<T extends PgTable>(table: T, row: Insert<T>): void {
    const rows = this.buffers.get(table);
    if (!rows) throw new Error(`seed: no place for ${getTableName(table)} in the write order`);
    rows.push(row);
    this.size++;
  }

  file(job: FileJob): void {
    this.files.push(job);
    this.size++;
  }

  /** Writes what is held (after the write under way, if any): the files (bytes to storage, then rows), the tables. */
  async flush(): Promise<void> {
    await this.settle();
    await this.writeHeld();
  }

  /**
   * At a pause: once enough is held, starts writing it and returns at once, so the generator makes the next rows
   * while PostgreSQL stores these (one write at a time, in order: it first waits for the one under way).
   */
  async maybeFlush(): Promise<void> {
    if (this.size < this.flushAt) {
      // why: lets the write under way send its next statement (its replies are I/O, not microtasks).
      if (this.pending) await new Promise((resolve) => setImmediate(resolve));
      return;
    }
    await this.settle();
    const writing = this.writeHeld();
    writing.catch(() => {}); // awaited (and thrown) by the next settle
    this.pending = writing;
  }

  private async settle(): Promise<void> {
    const pending = this.pending;
    this.pending = null;
    if (pending) await pending;
  }

  /** Takes everything held at once (the generator fills new buffers meanwhile), then writes it in order. */
  private async writeHeld(): Promise<void> {
    const jobs = this.files;
    this.files = [];
    const held: [PgTable, unknown[]][] = [];
    for (const table of this.order) {
      const rows = this.buffers.get(table)!;
      if (rows.length === 0) continue;
      held.push([table, rows]);
      this.buffers.set(table, []);
    }
    this.size = 0;
    if (jobs.length > 0) await this.write(s.files, await storeFiles(jobs, this.storage));
    for (const [table, rows] of held) await this.write(table, rows);
  }

  private async write(table: PgTable, rows: unknown[]): Promise<void> {
    await insertRows(this.tx, table, rows as Record<string, unknown>[]);
    const name = getTableName(table);
    this.counts[name] = (this.counts[name] ?? 0) + rows.length;
  }
}

// why: PostgreSQL allows at most 65535 bind parameters per statement (the multi-row INSERT fallback).
const MAX_PARAMETERS = 60_000;
/** Rows per INSERT … SELECT FROM unnest(…): one array parameter per column, however many rows. */
const UNNEST_ROWS = 5_000;

/**
 * Inserts rows, in their order. Mostly as `INSERT … SELECT * FROM unnest($1::type[], …)` — one parameter per
 * column, so PostgreSQL parses one short statement per 5,000 rows instead of a statement with 60,000 parameters —
 * with each value as Drizzle maps it for the driver. A column given by some rows and not by others gets NULL where
 * it is missing, unless it has a default: then (and for array columns, which unnest would flatten) the batch goes
 * through Drizzle's multi-row insert, which applies defaults row by row.
 */
export async function insertRows(tx: Tx, table: PgTable, rows: Record<string, unknown>[]): Promise<void> {
  const columns = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  for (let from = 0; from < rows.length; from += UNNEST_ROWS) {
    const batch = rows.slice(from, from + UNNEST_ROWS);
    const used = columns.filter(([key]) => batch.some((r) => r[key] !== undefined));
    const simple = used.every(
      ([key, c]) =>
        !c.getSQLType().endsWith(']') &&
        (batch.every((r) => r[key] !== undefined) || !(c.hasDefault || c.defaultFn || c.onUpdateFn)),
    );
    const omittedNeedJs = columns.some(
      ([key, c]) => (c.defaultFn || c.onUpdateFn) && !used.some(([k]) => k === key),
    );
    if (!simple || omittedNeedJs || used.length === 0) {
      const size = Math.max(1, Math.min(1000, Math.floor(MAX_PARAMETERS / columns.length)));
      for (let i = 0; i < batch.length; i += size)
        await tx.insert(table).values(batch.slice(i, i + size) as Insert<typeof table>[]);
      continue;
    }
    // why: the database is opened with casing 'snake_case' (platform/db/database.ts): a column named after its key.
    const names = used.map(([, c]) => `"${c.keyAsName ? toSnakeCase(c.name) : c.name}"`).join(', ');
    const arrays = used.map(
      ([key, c]) =>
        sql`${sql.param(
          batch.map((r) => {
            const v = r[key];
            return v === undefined || v === null ? null : c.mapToDriverValue(v);
          }),
        )}::${sql.raw(c.getSQLType())}[]`,
    );
    await tx.execute(
      sql`${sql.raw(`insert into "${getTableName(table)}" (${names}) select * from unnest(`)}${sql.join(arrays, sql`, `)})`,
    );
  }
}
