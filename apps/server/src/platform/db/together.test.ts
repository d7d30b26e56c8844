import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { connect, type Database } from './database.ts';
import { isOneConnection, readTogether } from './together.ts';

// readTogether: reads at once on a pool, in turn on one connection (a transaction, drizzle over one client), where
// pg would queue them and warns ("client.query() when the client is already executing a query"; pg 9 refuses).

let t: TestDatabase;
let database: Database;
beforeAll(async () => {
  t = await createTestDatabase('empty');
  database = connect(t.url, { max: 4 });
});
afterAll(async () => {
  await database?.close();
  await t?.drop();
});

/** The most statements any one client had in flight while `run` ran. */
async function mostInFlight(run: () => Promise<unknown>): Promise<number> {
  const running = new WeakMap<object, number>();
  let most = 0;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const now = (running.get(this) ?? 0) + 1;
    running.set(this, now);
    most = Math.max(most, now);
    const done = () => running.set(this, (running.get(this) ?? 1) - 1);
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) result.then(done, done);
    else done();
    return result;
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return most;
}

type Answer = { rows: { n: number }[] };
const reads = (db: { execute: typeof database.db.execute }) => {
  const read = (n: number) => async (): Promise<Answer> =>
    db.execute<{ n: number }>(sql`select pg_sleep(0.02), ${n}::int as n`);
  return [read(1), read(2), read(3)] as const;
};

describe('readTogether', () => {
  it('tells one connection from a pool', async () => {
    expect(isOneConnection(database.db)).toBe(false);
    await database.db.transaction(async (tx) => expect(isOneConnection(tx)).toBe(true));
    const client = await database.pool.connect();
    try {
      expect(isOneConnection(drizzle(client))).toBe(true);
    } finally {
      client.release();
    }
  });

  it('answers in order; in a transaction one statement at a time, on the pool at once', async () => {
    let inTx: number[] = [];
    const most = await mostInFlight(() =>
      database.db.transaction(async (tx) => {
        const answers = await readTogether(tx, reads(tx));
        inTx = answers.map((a) => a.rows[0].n);
      }),
    );
    expect(inTx).toEqual([1, 2, 3]);
    expect(most).toBe(1);
    let onPool: number[] = [];
    const clients = new Set<unknown>();
    database.pool.on('acquire', (c) => clients.add(c));
    await readTogether(database.db, reads(database.db)).then((a) => {
      onPool = a.map((x) => x.rows[0].n);
    });
    expect(onPool).toEqual([1, 2, 3]);
    expect(clients.size).toBeGreaterThan(1);
  });
});
