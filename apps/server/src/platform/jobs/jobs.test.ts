import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/db.ts';
import { deleteExpiredIdempotencyKeys } from '../http/idempotency.ts';
import { createMailer } from '../mail/mailer.ts';
import { createJobs, MAINTENANCE_CRON, MAINTENANCE_QUEUE, startWorkers } from './jobs.ts';

let database: TestDatabase;
let boss: PgBoss;

beforeAll(async () => {
  database = await createTestDatabase('demo');
  boss = await createJobs(database.url, () => {});
});
afterAll(async () => {
  await boss.stop({ graceful: false, timeout: 1000 });
  await database.drop();
});

/** Stores a key row `hoursAgo` old for the admin user; answers its key. */
async function keyAged(hoursAgo: number): Promise<string> {
  const key = `test-${hoursAgo}-${Math.random().toString(36).slice(2)}`;
  await database.db.execute(sql`
    insert into idempotency_keys (user_id, key, scope, request_hash, created_at)
    select id, ${key}, 'test', 'hash', now() - make_interval(hours => ${hoursAgo})
    from users where email = 'admin@materieelportaal.nl'`);
  return key;
}

const exists = async (key: string) =>
  (await database.db.execute(sql`select 1 from idempotency_keys where key = ${key}`)).rows.length > 0;

describe('idempotency-key housekeeping', () => {
  it('is scheduled hourly', async () => {
    const schedules = await boss.getSchedules(MAINTENANCE_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual([MAINTENANCE_CRON]);
  });

  it('removes keys older than 24 hours and keeps younger ones', async () => {
    const old = await keyAged(25);
    const young = await keyAged(23);
    expect(await deleteExpiredIdempotencyKeys(database.db)).toBeGreaterThanOrEqual(1);
    expect(await exists(old)).toBe(false);
    expect(await exists(young)).toBe(true);
  });

  it('runs as a job in the workers', async () => {
    const old = await keyAged(48);
    await startWorkers(
      boss,
      { mailer: createMailer({ db: database.db, from: 'x@test.local', boss }), db: database.db },
      0.5,
    );
    await boss.send(MAINTENANCE_QUEUE, {});
    await expect.poll(() => exists(old), { timeout: 10_000, interval: 200 }).toBe(false);
  });
});
