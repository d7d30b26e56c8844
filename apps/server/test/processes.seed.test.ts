import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Database } from '../src/platform/db/database.ts';
import { LocalDiskStorage } from '../src/platform/files/storage.ts';
import { seedDemo } from '../src/seed/index.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

// Several replicas with SEED=demo starting at once on one new database (issue #34 point 2, docs/decisions/0029):
// each process asks for the demo data; it must be written once, and every process must start. The seed's transaction
// takes an advisory lock and checks for data under it (seed/write.ts seedTransaction), so the later ones find the
// data there and write nothing.

let database: TestDatabase;
let filesDir: string;
beforeAll(async () => {
  database = await createTestDatabase('empty');
  filesDir = mkdtempSync(path.join(tmpdir(), 'mp-seed-once-'));
});
afterAll(async () => {
  await database?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

describe('the demo seed started by several processes at once', () => {
  it('is written once, and no process fails', async () => {
    // three processes: a pool each over the one database, one files directory (as the replicas share)
    const processes: Database[] = [0, 1, 2].map(() => connect(database.url, { max: 3 }));
    try {
      const storage = new LocalDiskStorage(filesDir);
      const results = await Promise.allSettled(processes.map((p) => seedDemo(p.db, { storage })));
      expect(results.map((r) => (r.status === 'rejected' ? String(r.reason).slice(0, 200) : 'ok'))).toEqual([
        'ok',
        'ok',
        'ok',
      ]);
      // one of them seeded; the others found the data there
      expect(results.filter((r) => r.status === 'fulfilled' && r.value !== null)).toHaveLength(1);
      const customers = await database.pool.query(
        'select count(*)::int as n, count(distinct id)::int as d from customers',
      );
      expect(customers.rows[0].n).toBeGreaterThan(0);
      expect(customers.rows[0].n).toBe(customers.rows[0].d);
    } finally {
      await Promise.all(processes.map((p) => p.close()));
    }
  }, 300_000);
});
