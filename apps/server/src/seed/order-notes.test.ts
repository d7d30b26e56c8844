import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import { connect, type Database } from '../platform/db/database.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { seedOrderNotes } from './order-notes.ts';
import type { OrderInfo } from './simulate-types.ts';

// The seed's delivery and removal notes come after its transaction committed, on the worker's pool (max 4). At
// --scale 1000 they failed once with 'timeout exceeded when trying to connect' (decision 0010): four notes at a time,
// each reading its lines, costs and returns at once, asked the pool for up to 12 connections, and a request that
// waited longer than the pool's connectionTimeoutMillis (5 s) for a busy one failed the seed. Here that wait limit
// is lowered to 1 ms (after the pool's connections are open): the notes must never wait for a connection.

let demo: TestDatabase;
let pool: Database;
let filesDir: string;

beforeAll(async () => {
  demo = await createTestDatabase('demo');
  pool = connect(demo.url, { max: 4 });
  // The pool's four connections opened (with the usual limit), idle.
  const clients = await Promise.all([1, 2, 3, 4].map(() => pool.pool.connect()));
  for (const c of clients) c.release();
  pool.pool.options.connectionTimeoutMillis = 1;
  filesDir = mkdtempSync(path.join(tmpdir(), 'mp-seed-notes-'));
}, 120_000);

afterAll(async () => {
  await pool?.close();
  await demo?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

describe('seedOrderNotes', () => {
  it('makes every note without waiting for a free connection of the pool', async () => {
    const orders = await demo.pool.query<{
      id: string;
      kind: OrderInfo['kind'];
      location_id: string;
      executed_date: string;
    }>(
      `select id, kind, location_id, executed_date::text as executed_date from plant_orders
       where status = 'done' order by id`,
    );
    const locationIndex = new Map<string, number>();
    const infos = orders.rows.map(
      (o) =>
        ({
          id: o.id,
          kind: o.kind,
          status: 'done',
          locationIndex:
            locationIndex.get(o.location_id) ?? locationIndex.set(o.location_id, locationIndex.size).size - 1,
          executedDate: o.executed_date,
        }) as OrderInfo,
    );
    // each note maker holds one connection: it must send one statement at a time (pg warns of a second one sent
    // while the first runs, and pg 9 refuses it)
    const running = new WeakMap<object, number>();
    let most = 0;
    const query = pg.Client.prototype.query;
    const spy = vi.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client,
      ...args
    ) {
      const now = (running.get(this) ?? 0) + 1;
      running.set(this, now);
      most = Math.max(most, now);
      const done = () => running.set(this, (running.get(this) ?? 1) - 1);
      const result = (query as (...a: unknown[]) => unknown).apply(this, args);
      if (result instanceof Promise) result.then(done, done);
      else done();
      return result as never;
    });
    let made: number;
    try {
      made = await seedOrderNotes(pool.db, new LocalDiskStorage(filesDir), infos);
    } finally {
      spy.mockRestore();
    }
    expect(most).toBe(1);
    expect(made).toBeGreaterThan(20);
    const stored = await demo.pool.query<{ n: number }>(
      `select count(*)::int as n from documents d join files f on f.id = d.file_id
       where f.meta->>'purpose' = 'order-note' and f.storage_key like 'documents/%'`,
    );
    expect(stored.rows[0].n).toBeGreaterThanOrEqual(made);
  }, 120_000);
});
