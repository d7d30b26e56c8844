// The sync as pg-boss jobs (decision 0027): POST Erp/sync with the job runner queues a job per entity (stately, the
// entity as singleton key: asking again while one waits queues nothing new), the worker runs them, the state shows it.
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import type { TestApp } from '../../../test/app.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import { loadSettings } from '../settings/index.ts';
import { ERP_SYNC_QUEUE, pollCron, queueSync, startErpSync } from './erp.jobs.ts';
import { startConnectedApp } from './erp.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
let fake: FakeBc;
let t: TestApp;
let boss: PgBoss;

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp({ company: 'name' }));
  boss = await createJobs(t.database.url, () => {});
  t.deps.jobs = boss;
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 1000 });
  await t?.close();
  await fake?.close();
});

const finished = async (entity: string) =>
  (
    await t.database.db.execute<{ done: boolean }>(
      sql`select run_finished_at is not null and last_error_code is null as done from erp_sync_state where entity = ${entity}`,
    )
  ).rows[0]?.done ?? false;

describe('the sync as jobs', () => {
  it('queues a job per entity and asking again while they wait queues nothing new', async () => {
    // no worker yet: the jobs wait
    await boss.createQueue(ERP_SYNC_QUEUE, { policy: 'stately' });
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Erp/sync',
      headers: { ...(await t.auth(ADMIN)), 'accept-language': 'en-US' },
      payload: { entities: ['categories', 'categoryTranslations'] },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      code: 'erp.sync.gestart',
      message: 'Synchronization with the ERP started: categories, categoryTranslations.',
      results: [
        { entity: 'categories', state: 'queued' },
        { entity: 'categoryTranslations', state: 'queued' },
      ],
    });
    expect(await queueSync(boss, ['categories', 'categoryTranslations'])).toEqual([]);
  });

  it('the worker runs them: the portal holds what the ERP holds', async () => {
    await startErpSync(boss, { config: t.deps.config, db: t.database.db, loadSettings, pollSeconds: 0 }, 0.5);
    await expect.poll(() => finished('categoryTranslations'), { timeout: 60_000, interval: 200 }).toBe(true);
    expect(await finished('categories')).toBe(true);
    const n = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from category_translations where erp_id is not null`,
    );
    expect(n.rows[0].n).toBe(fake.control.counts().categoryTranslations);
  });

  it('polls at whole minutes', () => {
    expect([pollCron(30), pollCron(300), pollCron(7200)]).toEqual([
      '*/1 * * * *',
      '*/5 * * * *',
      '0 * * * *',
    ]);
  });
});
