// Webhooks from the ERP (issue #33 point 2, decision 0027) against the fake BC, which really calls the portal's HTTP
// server: the job subscribes every target (the handshake), a change in the ERP is notified and its delta shows in the
// portal, a wrong clientState changes nothing and is answered 2xx, a duplicate notification queues one delta, a
// deletion queues the deletions, a subscription due is renewed and an expired one made again, and the endpoint
// reveals nothing, admits no session-less admin action and logs no clientState.
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBc, startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import { createLogger } from '../../platform/logger.ts';
import { loadSettings } from '../settings/index.ts';
import { webhookTargets } from './business-central/subscriptions.ts';
import { ERP_SYNC_QUEUE, startErpSync } from './erp.jobs.ts';
import { connectToFakeBc } from './erp.test-support.ts';
import { startErpWebhooks } from './erp.webhooks.jobs.ts';
import { beginHandshake, selectSubscriptions } from './erp.webhooks.queries.ts';
import {
  ensureSubscriptions,
  erpSubscriptions,
  notificationUrlOf,
  type WebhookDeps,
  webhooksEnabled,
} from './erp.webhooks.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const DAY = 86_400_000;
const NOTIFICATIONS = '/api/v2.0/Erp/notifications';

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let fake: FakeBc;
let t: TestApp;
let boss: PgBoss;
let deps: WebhookDeps;

beforeAll(async () => {
  // a long delay: the tests send what the fake queued with its flush, never by waiting for the timer
  fake = await startFakeBc({
    rateLimit: null,
    tokenLifetimeSeconds: 30 * 86_400,
    webhooks: { delayMs: 600_000, retries: 0 },
  });
  t = await createTestApp({
    env: { ERP: 'business-central', BC_AUTHORITY_URL: fake.authorityUrl, ERP_WEBHOOKS: 'on' },
    logger: createLogger('debug', sink),
  });
  // the fake calls the portal back: the app listens, and its public address is where it listens
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  t.deps.config.publicUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  boss = await createJobs(t.database.url, () => {});
  t.deps.jobs = boss;
  deps = {
    config: t.deps.config,
    db: t.database.db,
    loadSettings,
    jobs: boss,
    log: (entry) => lines.push(JSON.stringify(entry)),
  };
  await connectToFakeBc(t, fake);
  // the sync's queue, without a worker until the end-to-end test: what a notification queued stays countable
  await boss.createQueue(ERP_SYNC_QUEUE, { policy: 'stately' });
});
afterAll(async () => {
  await boss?.stop({ graceful: false, timeout: 1000 });
  await t?.close();
  await fake?.close();
});

const rows = () => selectSubscriptions(t.database.db);
const rowOf = async (target: string) => (await rows()).find((r) => r.target === target)!;
const flush = () => fake.control.flushNotifications();
/** Delta jobs of an entity queued since a moment (waiting or taken). */
const jobsSince = async (entity: string, since: Date) =>
  Number(
    (
      await t.database.db.execute<{ n: number }>(sql`
        select count(*)::int as n from pgboss.job
        where name = ${ERP_SYNC_QUEUE} and singleton_key = ${entity} and created_on > ${since}`)
    ).rows[0].n,
  );
const notify = (value: object[]) => t.app.inject({ method: 'POST', url: NOTIFICATIONS, payload: { value } });
const itemCard = async (itemNo: string) =>
  JSON.stringify(
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2.0/Items?itemNos=${itemNo}`,
        headers: await t.auth(USER),
      })
    ).json(),
  );

describe('subscriptions', () => {
  it('the job subscribes every target through its own API root, each after the portal echoed the handshake', async () => {
    await startErpWebhooks(boss, deps, 0.5);
    const targets = webhookTargets();
    await expect
      .poll(async () => (await rows()).filter((r) => r.subscriptionId).length, {
        timeout: 60_000,
        interval: 200,
      })
      .toBe(targets.length);
    expect(targets.map((x) => x.key)).toEqual(
      expect.arrayContaining([
        'standard:items',
        'standard:customers',
        'rental:rentalItems',
        'rental:deletedRecords',
      ]),
    );
    // the fake creates a subscription only after its validation request got the token back
    const atFake = fake.control.subscriptions() as {
      subscriptionId: string;
      route: string;
      resource: string;
    }[];
    expect(atFake).toHaveLength(targets.length);
    for (const row of await rows()) {
      const sub = atFake.find((s) => s.subscriptionId === row.subscriptionId)!;
      expect(sub.route).toBe(row.target.split(':')[0]);
      expect(row.clientState.length).toBeGreaterThanOrEqual(40);
      expect(row.lastErrorCode).toBeNull();
    }
    expect(new Set((await rows()).map((r) => r.clientState)).size).toBe(targets.length);
    // no subscribe is waiting now: a validation request is not echoed
    const probe = await t.app.inject({ method: 'POST', url: `${NOTIFICATIONS}?validationToken=abc123` });
    expect(probe.statusCode).toBe(404);
    expect(probe.body).not.toContain('abc123');
  });

  it('a notification with a wrong clientState, or of an unknown subscription, changes nothing and answers 202', async () => {
    const items = await rowOf('standard:items');
    const since = new Date();
    const entry = { resource: 'api/v2.0/companies(x)/items(y)', changeType: 'updated' };
    for (const r of [
      await notify([{ ...entry, subscriptionId: items.subscriptionId, clientState: 'not-the-secret' }]),
      await notify([{ ...entry, subscriptionId: items.subscriptionId }]),
      await notify([{ ...entry, subscriptionId: 'f'.repeat(32), clientState: items.clientState }]),
    ]) {
      expect(r.statusCode).toBe(202);
      expect(r.body).toBe('');
    }
    expect(await jobsSince('items', since)).toBe(0);
    expect((await rowOf('standard:items')).notificationCount).toBe(0);
  });

  it('a duplicate notification queues one delta; a deletion queues the deletions too', async () => {
    const since = new Date();
    fake.control.addFault({ kind: 'duplicate-delivery', path: '/Erp/notifications', times: 1 });
    const [item] = fake.control.list('rentalItems', { top: 1, filter: "itemNumber eq 'AG-1002'" });
    fake.control.update('rentalItems', String(item.id), { weekPrice: 77 });
    const deliveries = await flush();
    expect(deliveries.map((d) => [d.duplicate, d.status])).toEqual([
      [false, 202],
      [true, 202],
    ]);
    expect(await jobsSince('rentalItems', since)).toBe(1);
    expect((await rowOf('rental:rentalItems')).notificationCount).toBe(2);

    const created = fake.control.create('items', { number: 'WH-0001', displayName: 'Weg' });
    await flush();
    fake.control.remove('items', String(created.id));
    await flush();
    expect(await jobsSince('items', since)).toBe(1);
    expect(await jobsSince('itemImages', since)).toBe(1);
    expect(await jobsSince('deletions', since)).toBe(1);
    // dropped: the next test runs only what its own notification queues
    await t.database.db.execute(sql`delete from pgboss.job where name = ${ERP_SYNC_QUEUE}`);
  });

  it('a change in the ERP shows in the portal: notification → delta job → GET Items', async () => {
    await startErpSync(boss, { ...deps, pollSeconds: 0 }, 0.5);
    fake.control.advanceClock(60_000);
    const [item] = fake.control.list('items', { top: 1, filter: "number eq 'AG-1001'" });
    fake.control.update('rentalItems', String(item.id), { dayPrice: 123.45 });
    expect(await itemCard('AG-1001')).not.toContain('123.45');
    const [delivery] = await flush();
    expect(delivery.status).toBe(202);
    expect(delivery.value).toEqual([expect.objectContaining({ changeType: 'updated' })]);
    await expect.poll(() => itemCard('AG-1001'), { timeout: 60_000, interval: 250 }).toContain('123.45');
  });

  it('renews a subscription due within a day (a stale ETag read again), and makes again one the ERP let expire', async () => {
    const before = await rows();
    const renewed = await ensureSubscriptions(deps, { now: new Date(Date.now() + 2.5 * DAY) });
    expect(renewed.renewed.sort()).toEqual(before.map((r) => r.target).sort());
    expect(renewed.made).toEqual([]);
    const after = await rows();
    for (const row of after) {
      const old = before.find((r) => r.target === row.target)!;
      expect([row.subscriptionId, row.clientState]).toEqual([old.subscriptionId, old.clientState]);
      expect(row.etag).not.toBe(old.etag);
      expect(row.renewedAt).not.toBeNull();
    }
    // a renewal with an ETag that is no longer BC's reads it again and succeeds
    const subs = (await erpSubscriptions(deps))!;
    const [live] = await subs.list();
    const row = after.find((r) => r.subscriptionId === live.id)!;
    // (the portal echoes BC's validation request only while it waits for one)
    await beginHandshake(t.database.db, row.target, row.entities, row.clientState, 60);
    const secret = row.clientState;
    const again = await subs.renew({ ...live, etag: 'W/"stale"' }, live.notificationUrl, secret);
    expect(again.etag).not.toBe(live.etag);

    // three days on the ERP's clock: every subscription expired and is gone there
    fake.control.advanceClock(3 * DAY + 1000);
    expect(fake.control.subscriptions()).toEqual([]);
    const made = await ensureSubscriptions(deps);
    expect(made.made.sort()).toEqual(before.map((r) => r.target).sort());
    const remade = await rowOf('rental:rentalItems');
    expect(remade.subscriptionId).not.toBe(
      before.find((r) => r.target === 'rental:rentalItems')!.subscriptionId,
    );
    // and it notifies again
    const [item] = fake.control.list('items', { top: 1, filter: "number eq 'AG-1001'" });
    fake.control.update('rentalItems', String(item.id), { dayPrice: 234.5 });
    expect((await flush()).map((d) => d.status)).toEqual([202]);
    await expect.poll(() => itemCard('AG-1001'), { timeout: 60_000, interval: 250 }).toContain('234.5');
    // a second run finds everything in place
    expect(await ensureSubscriptions(deps)).toEqual({ made: [], renewed: [], ended: [], failed: [] });
  });
});

describe('housekeeping', () => {
  it('ends a subscription to the portal that no row knows (a crash between the answer and the row); entities kept current', async () => {
    const subs = (await erpSubscriptions(deps))!;
    const customers = await rowOf('standard:customers');
    await beginHandshake(t.database.db, customers.target, customers.entities, customers.clientState, 60);
    const orphan = await subs.subscribe('standard:customers', notificationUrlOf(deps.config), 'y'.repeat(43));
    expect(fake.control.subscriptions()).toHaveLength(webhookTargets().length + 1);
    // and a row whose entities the code no longer names gets the target's entities now
    await t.database.db.execute(
      sql`update erp_subscriptions set entities = '{}' where target = 'standard:items'`,
    );
    expect(await ensureSubscriptions(deps)).toEqual({ made: [], renewed: [], ended: [], failed: [] });
    expect((await rowOf('standard:items')).entities).toEqual(['items', 'itemImages']);
    const left = fake.control.subscriptions() as { subscriptionId: string }[];
    expect(left).toHaveLength(webhookTargets().length);
    expect(left.map((s) => s.subscriptionId)).not.toContain(orphan.id);
  });

  it('ERP_WEBHOOKS: auto is on with an https PUBLIC_URL or the fake; off ends what the portal holds', async () => {
    const on = (
      ERP: 'business-central' | 'fake-bc',
      ERP_WEBHOOKS: 'on' | 'off' | 'auto',
      publicUrl: string,
    ) => webhooksEnabled({ ERP, ERP_WEBHOOKS, publicUrl });
    expect([
      on('business-central', 'auto', 'https://portal.example'),
      on('business-central', 'auto', 'http://localhost:3000'),
      on('fake-bc', 'auto', 'http://localhost:3000'),
      on('fake-bc', 'off', 'http://localhost:3000'),
      on('business-central', 'on', 'http://localhost:3000'),
    ]).toEqual([true, false, true, false, true]);
    expect(webhooksEnabled({ ERP: 'none', ERP_WEBHOOKS: 'on', publicUrl: 'https://portal.example' })).toBe(
      false,
    );
  });
});

describe('access', () => {
  it('reveals nothing and takes no session-less admin action', async () => {
    const since = new Date();
    // no read of it
    expect((await t.app.inject({ method: 'GET', url: NOTIFICATIONS })).statusCode).toBe(405);
    // what is not a batch of notifications is refused; one naming entities or settings does nothing
    expect(
      (await t.app.inject({ method: 'POST', url: NOTIFICATIONS, payload: { entities: ['items'] } }))
        .statusCode,
    ).toBe(400);
    const sneaky = await t.app.inject({
      method: 'POST',
      url: NOTIFICATIONS,
      payload: {
        value: [{ subscriptionId: 'x', clientState: 'y', changeType: 'deleted' }],
        entities: ['items'],
      },
    });
    expect([sneaky.statusCode, sneaky.body]).toEqual([202, '']);
    // an empty POST without a token: nothing to do, and no 4xx
    const empty = await t.app.inject({ method: 'POST', url: NOTIFICATIONS });
    expect([empty.statusCode, empty.body]).toEqual([202, '']);
    expect(await jobsSince('deletions', since)).toBe(0);
    // a token or markup is never echoed outside a handshake
    const markup = await t.app.inject({
      method: 'POST',
      url: `${NOTIFICATIONS}?validationToken=%3Cscript%3E`,
    });
    expect(markup.statusCode).toBe(404);
    expect(markup.body).not.toContain('<script>');
    // the sync and the subscriptions need a session with BusinessCentral
    expect((await t.app.inject({ method: 'POST', url: '/api/v2.0/Erp/sync', payload: {} })).statusCode).toBe(
      401,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/v2.0/Erp/subscriptions' })).statusCode).toBe(401);
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/v2.0/Erp/subscriptions',
      headers: await t.auth(USER),
    });
    expect(user.statusCode).toBe(403);
  });

  it('GET Erp/subscriptions shows where each stands, never a clientState; no log line holds one', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/v2.0/Erp/subscriptions',
      headers: { ...(await t.auth(ADMIN)), 'accept-language': 'en-US' },
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      erp: 'business-central',
      webhooks: true,
      notificationUrl: `${t.deps.config.publicUrl}${NOTIFICATIONS}`,
    });
    expect(body.subscriptions).toHaveLength(webhookTargets().length);
    expect(
      body.subscriptions.find((s: { target: string }) => s.target === 'rental:rentalItems'),
    ).toMatchObject({
      entities: ['rentalItems'],
      state: 'active',
      notificationCount: expect.any(Number),
      lastError: null,
    });
    const secrets = (await rows()).map((row) => row.clientState);
    for (const secret of secrets) {
      expect(r.body).not.toContain(secret);
      expect(lines.some((l) => l.includes(secret))).toBe(false);
    }
    expect(lines.some((l) => l.includes('erp.notifications'))).toBe(true);
  });
});

describe('webhooks off', () => {
  it('ends every subscription the portal holds, at the ERP and in its table', async () => {
    const off = { ...deps, config: { ...deps.config, ERP_WEBHOOKS: 'off' as const } };
    const result = await ensureSubscriptions(off);
    expect(result.ended.sort()).toEqual(
      webhookTargets()
        .map((x) => x.key)
        .sort(),
    );
    expect(fake.control.subscriptions()).toEqual([]);
    expect(await rows()).toEqual([]);
  });
});
