// A queued sync starts at once (decision 0027): "sync now" and a webhook's delta wake the process's sync worker
// instead of waiting for its next poll of the queue — the difference between a delta visible in seconds or not.
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import type { TestApp } from '../../../test/app.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import { loadSettings } from '../settings/index.ts';
import { queueSync, startErpSync } from './erp.jobs.ts';
import { startConnectedApp } from './erp.test-support.ts';

let fake: FakeBc;
let t: TestApp;
let boss: PgBoss;

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp());
  boss = await createJobs(t.database.url, () => {});
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 1000 });
  await t?.close();
  await fake?.close();
});

it('runs queued syncs, one after the other, without waiting for the worker’s next poll', async () => {
  // a worker that polls the queue once at its start and then only every ten minutes
  await startErpSync(boss, { config: t.deps.config, db: t.database.db, loadSettings, pollSeconds: 0 }, 600);
  // (its first poll has passed: nothing was queued)
  await new Promise((r) => setTimeout(r, 1500));
  // three entities: each starts when the one before it ends, not at a poll
  const entities = ['categories', 'categoryTranslations', 'technicalAttributes'] as const;
  expect(await queueSync(boss, entities)).toEqual(entities);
  await vi.waitFor(
    async () => {
      const r = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from erp_sync_state
          where entity in ('categories', 'categoryTranslations', 'technicalAttributes') and run_finished_at is not null`,
      );
      expect(r.rows[0]?.n).toBe(3);
    },
    { timeout: 30_000, interval: 200 },
  );
});
