import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PgBoss } from 'pg-boss';
import client from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { registerStateGauges } from './metrics.gauges.ts';

// Issue #35 point 3: /metrics tells the pool's saturation, pg-boss's queue depths, the outboxes' backlog and age,
// and the ERP sync's lag per entity.

const TOKEN = 'metrics-token-that-is-long-enough-0123456789';
let t: TestApp;
let boss: PgBoss;

beforeAll(async () => {
  t = await createTestApp({ seed: 'empty', env: { METRICS_TOKEN: TOKEN } });
  // pg-boss's monitor counts each queue every second here (every 60 s in the server)
  boss = new PgBoss({
    connectionString: t.database.url,
    schema: 'pgboss',
    max: 2,
    superviseIntervalSeconds: 1,
    monitorIntervalSeconds: 1,
  });
  boss.on('error', () => {});
  await boss.start();
  await writeState();
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 1000 });
  await t?.close();
});

async function scrape(): Promise<string> {
  const res = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.statusCode).toBe(200);
  return res.body;
}

/** The value of one series, e.g. value(text, 'outbox_messages{outbox="erp",status="dead"}'); undefined if absent. */
function value(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

async function writeState() {
  const db = t.database.db;
  await db.execute(sql`
    insert into erp_outbox (kind, document_no, aggregate_kind, aggregate_id, payload, status, created_at) values
      ('request', 'A-1', 'plant_request', ${randomUUID()}, '{}', 'waiting', now() - interval '120 seconds'),
      ('request', 'A-2', 'plant_request', ${randomUUID()}, '{}', 'waiting', now() - interval '30 seconds'),
      ('request', 'A-3', 'plant_request', ${randomUUID()}, '{}', 'dead', now() - interval '1 day'),
      ('request', 'A-4', 'plant_request', ${randomUUID()}, '{}', 'sent', now() - interval '2 days')`);
  await db.execute(sql`
    insert into mail_outbox (type, locale, "to", subject, html, text, status) values
      ('T', 'nl-NL', 'a@example.nl', 's', 'h', 't', 'queued'),
      ('T', 'nl-NL', 'b@example.nl', 's', 'h', 't', 'sent')`);
  await db.execute(sql`
    insert into erp_sync_state (entity, delta_completed_at, full_completed_at) values
      ('customers', now() - interval '90 seconds', now() - interval '1 day'),
      ('items', null, now() - interval '600 seconds'),
      ('plants', null, null)`);
  await boss.createQueue('metrics-test');
  await boss.send('metrics-test', {});
  await boss.send('metrics-test', {});
}

describe('the state gauges of /metrics', () => {
  it('tell the pool, the queue depths, the outboxes and the sync lag', async () => {
    await expect
      .poll(async () => value(await scrape(), 'jobs_queue_depth{queue="metrics-test",state="ready"}'), {
        timeout: 30_000,
        interval: 500,
      })
      .toBe(2);
    const text = await scrape();
    expect(value(text, 'jobs_queue_depth{queue="metrics-test",state="active"}')).toBe(0);
    // the ERP outbox: waiting and dead counted (sent rows are not), its oldest waiting one 120 s old
    expect(value(text, 'outbox_messages{outbox="erp",status="waiting"}')).toBe(2);
    expect(value(text, 'outbox_messages{outbox="erp",status="sending"}')).toBe(0);
    expect(value(text, 'outbox_messages{outbox="erp",status="dead"}')).toBe(1);
    expect(value(text, 'outbox_messages{outbox="mail",status="queued"}')).toBe(1);
    expect(value(text, 'outbox_messages{outbox="mail",status="failed"}')).toBe(0);
    expect(value(text, 'outbox_oldest_age_seconds{outbox="erp"}')).toBeGreaterThanOrEqual(120);
    expect(value(text, 'outbox_oldest_age_seconds{outbox="erp"}')).toBeLessThan(3600);
    expect(value(text, 'outbox_oldest_age_seconds{outbox="mail"}')).toBeGreaterThanOrEqual(0);
    // the lag: since the later of the last delta and the last full run; an entity never run has none
    expect(value(text, 'erp_sync_lag_seconds{entity="customers"}')).toBeGreaterThanOrEqual(90);
    expect(value(text, 'erp_sync_lag_seconds{entity="customers"}')).toBeLessThan(3600);
    expect(value(text, 'erp_sync_lag_seconds{entity="items"}')).toBeGreaterThanOrEqual(600);
    expect(value(text, 'erp_sync_lag_seconds{entity="plants"}')).toBeUndefined();
    // the pool of this process: what pg says, and its size
    expect(value(text, 'db_pool_connections{state="total"}')).toBe(t.deps.pool.totalCount);
    expect(value(text, 'db_pool_connections{state="waiting"}')).toBe(0);
    expect(value(text, 'db_pool_max')).toBe(t.deps.pool.options.max);
  });

  it('add up across cluster workers as they should: the pool summed, the database state counted once', async () => {
    // two workers' registries, as the cluster's primary adds them (prom-client's AggregatorRegistry, decision 0029)
    const workers = [new client.Registry(), new client.Registry()];
    for (const r of workers) registerStateGauges(r, { db: t.database.db, pool: t.deps.pool });
    const one = await workers[0].metrics();
    const all = await client.AggregatorRegistry.aggregate(
      await Promise.all(workers.map((r) => r.getMetricsAsJSON())),
    ).metrics();
    expect(value(all, 'outbox_messages{outbox="erp",status="waiting"}')).toBe(2);
    expect(value(all, 'jobs_queue_depth{queue="metrics-test",state="ready"}')).toBe(
      value(one, 'jobs_queue_depth{queue="metrics-test",state="ready"}'),
    );
    expect(value(all, 'erp_sync_lag_seconds{entity="items"}')).toBeLessThan(1200);
    expect(value(all, 'db_pool_max')).toBe(2 * (t.deps.pool.options.max ?? 0));
  });
});
