import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/db.ts';
import * as s from '../db/schema/index.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { seedTransaction } from './write.ts';

// The seed loads millions of rows in one transaction (decision 0010). Keeping a table's plain indexes (trigram GIN,
// foreign-key btrees) up to date row by row costs PostgreSQL 3–5 times what loading the rows does (measured at
// scale 100: item_translations 27 s with its indexes, 4–8 s without + 1–1.6 s to build them afterwards), so the
// seed drops them for the load and builds them again, the same, before its commit. Primary keys and unique
// indexes stay (they check the rows, and the seed's updates find rows by them).

let database: TestDatabase;
let filesDir: string;

const TABLES = `array['items', 'item_translations', 'inventory_ledger']`;
const PLAIN_INDEXES = `
  select c.relname as table, i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
  from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relname = any(${TABLES}) and not i.indisunique
  order by 1, 2`;
const UNIQUE_INDEXES = `
  select count(*)::int as n from pg_index i join pg_class c on c.oid = i.indrelid
  where c.relname = any(${TABLES}) and i.indisunique`;
const ALL_INDEXES = `
  select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`;

beforeAll(async () => {
  database = await createTestDatabase('empty');
  filesDir = mkdtempSync(path.join(tmpdir(), 'mp-seed-indexes-'));
}, 60_000);

afterAll(async () => {
  await database?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

describe('the seed’s transaction', () => {
  it('loads without the plain indexes of its tables and makes them again, the same, before it commits', async () => {
    const before = await database.pool.query(ALL_INDEXES);
    const plainBefore = await database.pool.query(PLAIN_INDEXES);
    expect(plainBefore.rows.length).toBeGreaterThan(5);

    let during: { rows: unknown[] } | null = null;
    let uniqueDuring = 0;
    await seedTransaction(database.db, {
      storage: new LocalDiskStorage(filesDir),
      order: [s.items, s.itemTranslations, s.inventoryLedger],
      log: () => {},
      body: async (_sink, tx) => {
        during = await tx.execute(sql.raw(PLAIN_INDEXES));
        const unique = await tx.execute<{ n: number }>(sql.raw(UNIQUE_INDEXES));
        uniqueDuring = unique.rows[0].n;
      },
    });
    expect(during!.rows).toEqual([]);
    expect(uniqueDuring).toBeGreaterThanOrEqual(3); // the primary keys stay
    const after = await database.pool.query(ALL_INDEXES);
    expect(after.rows).toEqual(before.rows);
  });
});
