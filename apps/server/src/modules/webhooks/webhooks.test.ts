// Signed webhooks (issue #37 point 4, decision 0032) on the real app and database, with a local receiver: the
// signature as an independent implementation (the `standardwebhooks` package) verifies it, the secret's rotation
// overlap, retries with backoff and the give-up after 24 h, 410 Gone, the SSRF refusals, customer isolation, the
// event rolled back with its transaction, one delivery per event across two workers, and who may manage what.
// The worker's clock is moved instead of waiting.
import type { LookupAddress } from 'node:dns';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import { startChangeListener } from '../../platform/db/changes.ts';
import { type OutboxTest, order } from '../erp/outbox.test-support.ts';
import {
  ADMIN,
  COLLEAGUE,
  FOREIGN_LOC,
  LOC,
  locationId,
  USER,
} from '../order-lists/ordering.test-support.ts';
import { refusedAddress, refusedUrl } from './webhooks.address.ts';
import { notifyEndpointsChanged } from './webhooks.events.queries.ts';
import {
  emitWebhookEvent,
  forgetWebhookSubscriptions,
  subscribedTypes,
  WEBHOOKS_CHANNEL,
} from './webhooks.events.ts';
import { claimDue } from './webhooks.queries.ts';
import { sendWebhook } from './webhooks.send.ts';
import { type Receiver, startReceiver } from './webhooks.test-support.ts';
import { drainWebhooks } from './webhooks.worker.ts';

/** Key user of Infra Noord (customer of P-24008). */
const KEY_B = 'sleutel@infranoord.nl';
/** Made a key user of Van Dijk (customer of P-24001) here. */
const KEY_A = COLLEAGUE;
const base = '/api/v2.0/Webhooks/endpoints';

let t: TestApp;
let rx: Receiver;

beforeAll(async () => {
  t = await createTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: 'true' } });
  rx = await startReceiver();
  await t.database.db
    .update(users)
    .set({ permissions: ['keyuser'] })
    .where(eq(users.email, KEY_A));
});
afterAll(async () => {
  await rx?.close();
  await t?.close();
});
beforeEach(async () => {
  rx.received.length = 0;
  rx.answer = 200;
  await t.database.db.execute(sql`delete from webhook_endpoints`);
  await t.database.db.execute(sql`delete from webhook_events`);
});

const drain = (offsetS = 0) =>
  drainWebhooks({
    db: t.database.db,
    clock: () => new Date(Date.now() + offsetS * 1000),
    allowLoopback: true,
    random: () => 1,
  });

async function register(
  email: string,
  body: { url?: string; eventTypes?: string[]; customerId?: string | null; description?: string } = {},
) {
  const r = await t.app.inject({
    method: 'POST',
    url: base,
    payload: { url: rx.url, eventTypes: ['location.registered', 'request.submitted'], ...body },
    headers: await t.auth(email),
  });
  return r;
}

async function registered(email: string, body: Parameters<typeof register>[1] = {}) {
  const r = await register(email, body);
  expect(r.statusCode, r.body).toBe(201);
  return r.json() as { endpoint: { id: string; customerId: string | null }; secret: string };
}

/** The location.registered event of a location, on a transaction of its own. */
async function locationEvent(locationNo: string) {
  const id = await locationId(t, locationNo);
  await t.database.db.transaction((tx) => emitWebhookEvent(tx, 'location', 'location.registered', id));
}

async function customerOf(locationNo: string): Promise<string> {
  const r = await t.database.db.execute<{ customer_id: string }>(
    sql`select customer_id from plant_locations where location_no = ${locationNo}`,
  );
  return r.rows[0]!.customer_id;
}

const deliveries = async () =>
  (
    await t.database.db.execute<{
      status: string;
      attempts: number;
      next: Date;
      give_up: Date;
      endpoint: string;
    }>(
      sql`select status, attempts, next_attempt_at as next, give_up_at as give_up, endpoint_id as endpoint
        from webhook_deliveries order by created_at`,
    )
  ).rows;

describe('a delivery', () => {
  it('carries the Standard Webhooks headers, verified by an independent implementation', async () => {
    const { secret } = await registered(ADMIN, { customerId: await customerOf(LOC) });
    await locationEvent(LOC);
    expect(await drain()).toMatchObject({ delivered: 1, retried: 0, failed: 0 });
    expect(rx.received).toHaveLength(1);
    const [got] = rx.received;
    const payload = new Webhook(secret).verify(got!.body, got!.headers as Record<string, string>) as {
      type: string;
      timestamp: string;
      data: Record<string, unknown>;
    };
    expect(payload.type).toBe('location.registered');
    expect(payload.data).toMatchObject({ locationNo: LOC });
    expect(Number.isNaN(Date.parse(payload.timestamp))).toBe(false);
    // another secret does not verify it
    const other = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
    expect(() => new Webhook(other).verify(got!.body, got!.headers as Record<string, string>)).toThrow();
    // a tampered body neither
    expect(() =>
      new Webhook(secret).verify(got!.body.replace(LOC, 'P-99999'), got!.headers as Record<string, string>),
    ).toThrow();
    // delivered once: another drain sends nothing
    expect(await drain()).toMatchObject({ delivered: 0 });
  });

  it('of a request submitted through the API goes out with the request number', async () => {
    await registered(ADMIN, { customerId: await customerOf('P-24002'), eventTypes: ['request.submitted'] });
    // the order's dates are those of the outbox's tests: submitted on their day
    t.setNow(new Date('2026-11-23T08:00:00Z'));
    const r = await order({ t } as OutboxTest).finally(() => t.setNow(new Date()));
    await drain();
    expect(rx.received).toHaveLength(1);
    expect(JSON.parse(rx.received[0]!.body)).toMatchObject({
      type: 'request.submitted',
      data: { requestNo: r.requestNo, status: 'submitted', locationNo: 'P-24002' },
    });
  });

  it('keeps the same webhook-id on a retry and on "send again", and the log shows each try', async () => {
    const { endpoint } = await registered(ADMIN);
    await locationEvent(LOC);
    rx.answer = 503;
    expect(await drain()).toMatchObject({ retried: 1 });
    rx.answer = 200;
    expect(await drain(3600)).toMatchObject({ delivered: 1 });
    const [a, b] = rx.received;
    expect(a!.headers['webhook-id']).toBe(b!.headers['webhook-id']);
    const log = await t.app.inject({
      url: `${base}/${endpoint.id}/deliveries`,
      headers: await t.auth(ADMIN),
    });
    const [d] = log.json().items;
    expect(d).toMatchObject({ status: 'delivered', attempts: 2, eventType: 'location.registered' });
    expect(d.log.map((x: { statusCode: number }) => x.statusCode)).toEqual([200, 503]);
    expect(d.log[1].error.code).toBe('webhooks.fout.status');
    const again = await t.app.inject({
      method: 'POST',
      url: `${base}/${endpoint.id}/deliveries/${d.id}/resend`,
      headers: await t.auth(ADMIN),
    });
    expect(again.statusCode, again.body).toBe(204);
    expect(await drain()).toMatchObject({ delivered: 1 });
    expect(rx.received[2]!.headers['webhook-id']).toBe(a!.headers['webhook-id']);
  });
});

describe('retries', () => {
  it('back off exponentially (with jitter) and give up 24 h after the event', async () => {
    await registered(ADMIN);
    await locationEvent(LOC);
    rx.answer = 500;
    const waits: number[] = [];
    let offset = 0;
    for (let i = 0; i < 40; i++) {
      const before = Date.now() + offset * 1000;
      const r = await drain(offset);
      const [d] = await deliveries();
      if (d!.status === 'failed') {
        expect(r.failed).toBe(1);
        break;
      }
      waits.push((new Date(d!.next).getTime() - before) / 1000);
      offset = (new Date(d!.next).getTime() - Date.now()) / 1000 + 1;
    }
    const [d] = await deliveries();
    expect(d!.status).toBe('failed');
    // 30 s doubling, capped at 2 h (random 1: the full wait)
    expect(waits.slice(0, 4).map((w) => Math.round(w))).toEqual([30, 60, 120, 240]);
    expect(Math.max(...waits)).toBeLessThanOrEqual(7201);
    // it failed only once the next try would have been past the 24 h
    expect(Date.now() + offset * 1000).toBeGreaterThan(new Date(d!.give_up).getTime() - 7201_000);
    expect(rx.received.length).toBe(d!.attempts);
    expect(d!.attempts).toBeGreaterThan(10);
  });

  it('jitter takes up to a quarter off the wait', async () => {
    await registered(ADMIN);
    await locationEvent(LOC);
    rx.answer = 500;
    await drainWebhooks({ db: t.database.db, clock: () => new Date(), allowLoopback: true, random: () => 0 });
    const [d] = await deliveries();
    const wait = (new Date(d!.next).getTime() - Date.now()) / 1000;
    expect(wait).toBeGreaterThan(20);
    expect(wait).toBeLessThanOrEqual(22.5);
  });

  it('stop at 410 Gone, which disables the endpoint', async () => {
    const { endpoint } = await registered(ADMIN);
    await locationEvent(LOC);
    rx.answer = 410;
    expect(await drain()).toMatchObject({ failed: 1 });
    const e = await t.app.inject({ url: `${base}/${endpoint.id}`, headers: await t.auth(ADMIN) });
    expect(e.json()).toMatchObject({ enabled: false, disabledReason: 'gone' });
    // a disabled endpoint gets no new deliveries
    await locationEvent(LOC);
    expect(await deliveries()).toHaveLength(1);
  });

  it('do not follow a redirect', async () => {
    await registered(ADMIN);
    await locationEvent(LOC);
    rx.answer = 302;
    expect(await drain()).toMatchObject({ retried: 1 });
    expect(rx.received).toHaveLength(1);
    const r = await t.database.db.execute<{ error_code: string; status_code: number }>(
      sql`select error_code, status_code from webhook_attempts`,
    );
    expect(r.rows[0]).toMatchObject({ error_code: 'webhooks.fout.doorverwijzing', status_code: 302 });
  });
});

describe('SSRF', () => {
  it.each([
    '127.0.0.1',
    '::1',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '100.64.0.1',
    '224.0.0.1',
    '0.0.0.0',
    '::ffff:10.0.0.1',
    '::ffff:127.0.0.1',
  ])('refuses %s', (address) => {
    expect(refusedAddress(address, false)).toBe('webhooks.fout.adres_niet_publiek');
  });

  it('admits public addresses, and loopback only with the setting', () => {
    expect(refusedAddress('93.184.216.34', false)).toBeNull();
    expect(refusedAddress('2606:2800:220:1::1', false)).toBeNull();
    expect(refusedAddress('127.0.0.1', true)).toBeNull();
    expect(refusedAddress('::1', true)).toBeNull();
    // the setting admits loopback, nothing else
    expect(refusedAddress('10.0.0.1', true)).toBe('webhooks.fout.adres_niet_publiek');
    expect(refusedAddress('192.168.0.1', true)).toBe('webhooks.fout.adres_niet_publiek');
  });

  it('refuses http (unless loopback is allowed) and private hosts in the URL', () => {
    expect(refusedUrl('http://hooks.example.com/x', false)).toBe('webhooks.fout.alleen_https');
    expect(refusedUrl('https://hooks.example.com/x', false)).toBeNull();
    expect(refusedUrl('https://127.0.0.1/x', false)).toBe('webhooks.fout.adres_niet_publiek');
    expect(refusedUrl('https://[::1]/x', false)).toBe('webhooks.fout.adres_niet_publiek');
    expect(refusedUrl('https://localhost/x', false)).toBe('webhooks.fout.adres_niet_publiek');
    expect(refusedUrl('https://10.0.0.8/x', true)).toBe('webhooks.fout.adres_niet_publiek');
    expect(refusedUrl('http://127.0.0.1:8080/x', true)).toBeNull();
    expect(refusedUrl('ftp://hooks.example.com/x', true)).toBe('webhooks.fout.alleen_https');
    expect(refusedUrl('https://user:pw@hooks.example.com/x', false)).toBe('webhooks.fout.url_ongeldig');
  });

  it('checks the resolved address when sending: a name that resolves to loopback is never called', async () => {
    // a DNS that answers 127.0.0.1 for a public-looking name (rebinding)
    const rebinding = ((_host: string, _o: unknown, cb: (e: null, a: LookupAddress[]) => void) =>
      cb(null, [{ address: '127.0.0.1', family: 4 }])) as never;
    const port = new URL(rx.url).port;
    const r = await sendWebhook({
      url: `https://hooks.example.com:${port}/hook`,
      body: '{}',
      headers: {},
      timeoutMs: 5000,
      allowLoopback: false,
      resolve: rebinding,
    });
    expect(r).toMatchObject({ statusCode: null, errorCode: 'webhooks.fout.adres_niet_publiek' });
    expect(rx.received).toHaveLength(0);
    // the same with the loopback setting: it goes (http to the local receiver)
    const ok = await sendWebhook({
      url: `http://hooks.example.com:${port}/hook`,
      body: '{}',
      headers: {},
      timeoutMs: 5000,
      allowLoopback: true,
      resolve: rebinding,
    });
    expect(ok.statusCode).toBe(200);
    expect(rx.received).toHaveLength(1);
  });

  it('refuses to register a private address even with the loopback setting (400 on url)', async () => {
    const r = await register(ADMIN, { url: 'https://192.168.10.10/hook' });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields.url.code).toBe('webhooks.fout.adres_niet_publiek');
  });
});

describe('customer isolation', () => {
  it('never delivers an event of customer A to an endpoint of customer B; all-customer endpoints get it', async () => {
    const b = await registered(KEY_B);
    expect(b.endpoint.customerId).toBe(await customerOf(FOREIGN_LOC));
    const all = await registered(ADMIN, { customerId: null });
    await locationEvent(LOC);
    const rows = await deliveries();
    expect(rows.map((r) => r.endpoint)).toEqual([all.endpoint.id]);
    await drain();
    expect(rx.received).toHaveLength(1);
    // B's own event reaches B (and the all-customer endpoint)
    await locationEvent(FOREIGN_LOC);
    expect((await deliveries()).map((r) => r.endpoint).sort()).toEqual(
      [all.endpoint.id, all.endpoint.id, b.endpoint.id].sort(),
    );
  });

  it('writes the event in the transaction of the change: rolled back with it', async () => {
    await registered(ADMIN);
    const id = await locationId(t, LOC);
    await expect(
      t.database.db.transaction(async (tx) => {
        await emitWebhookEvent(tx, 'location', 'location.registered', id);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const n = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events`);
    expect(n.rows[0]!.n).toBe(0);
    expect(await deliveries()).toHaveLength(0);
  });

  it('writes no event nobody subscribed to', async () => {
    await registered(ADMIN, { eventTypes: ['invoice.posted'] });
    await locationEvent(LOC);
    const n = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from webhook_events`);
    expect(n.rows[0]!.n).toBe(0);
  });
});

describe('two workers', () => {
  it('skip what the other holds instead of waiting for it or taking it too', async () => {
    await registered(ADMIN);
    for (let i = 0; i < 10; i++) await locationEvent(LOC);
    const now = new Date();
    const leaseUntil = new Date(now.getTime() + 60_000);
    // the first worker's claim not committed yet: its rows are locked
    await t.database.db.transaction(async (tx) => {
      const first = await claimDue(tx, { now, leaseUntil, limit: 4 });
      const second = await claimDue(t.database.db, { now, leaseUntil, limit: 100 });
      expect(first).toHaveLength(4);
      // the rest, less what the test app's own worker may have claimed meanwhile (it runs too): never one of the
      // first's, and not waiting for them (waiting would hang here, inside the first's transaction)
      expect(second.length).toBeGreaterThan(0);
      expect(first.length + second.length).toBeLessThanOrEqual(10);
      const mine = new Set(first.map((d) => d.id));
      expect(second.filter((d) => mine.has(d.id))).toEqual([]);
    });
  });

  it('deliver each event once', async () => {
    await registered(ADMIN);
    for (let i = 0; i < 40; i++) await locationEvent(i % 2 ? LOC : FOREIGN_LOC);
    const [one, two] = await Promise.all([drain(), drain()]);
    expect(one.delivered + two.delivered).toBe(40);
    const ids = rx.received.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(40);
    expect(new Set(ids).size).toBe(40);
  });
});

describe('secret rotation', () => {
  it('signs with the new and the previous secret for 24 h, then with the new one only', async () => {
    const { endpoint, secret: old } = await registered(ADMIN);
    const rotated = await t.app.inject({
      method: 'POST',
      url: `${base}/${endpoint.id}/rotate-secret`,
      headers: await t.auth(ADMIN),
    });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json().secret as string;
    expect(fresh).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(fresh).not.toBe(old);
    expect(rotated.json().endpoint.previousSecretUntil).toBeTruthy();
    await locationEvent(LOC);
    await drain();
    const [got] = rx.received;
    expect(String(got!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => new Webhook(old).verify(got!.body, got!.headers as Record<string, string>)).not.toThrow();
    expect(() => new Webhook(fresh).verify(got!.body, got!.headers as Record<string, string>)).not.toThrow();
    // 25 h later only the new one signs
    await locationEvent(LOC);
    await drain(25 * 3600);
    const later = rx.received[1]!;
    expect(String(later.headers['webhook-signature']).split(' ')).toHaveLength(1);
    // (the receiver checks the timestamp against its own clock: verify as of the worker's)
    const h = later.headers as Record<string, string>;
    const sig = h['webhook-signature']!;
    const { sign } = await import('./webhooks.signature.ts');
    expect(sig).toBe(sign(fresh, h['webhook-id']!, Number(h['webhook-timestamp']), later.body));
    expect(sig).not.toBe(sign(old, h['webhook-id']!, Number(h['webhook-timestamp']), later.body));
  });
});

describe('access', () => {
  it('refuses users who are neither admin nor key user (403)', async () => {
    const r = await t.app.inject({ url: base, headers: await t.auth(USER) });
    expect(r.statusCode).toBe(403);
    expect((await register(USER)).statusCode).toBe(403);
  });

  it("lets a key user manage its own customer's endpoints only: another's is 404", async () => {
    const b = await registered(KEY_B);
    const a = await registered(KEY_A);
    expect(a.endpoint.customerId).toBe(await customerOf(LOC));
    const listA = await t.app.inject({ url: base, headers: await t.auth(KEY_A) });
    expect(listA.json().items.map((e: { id: string }) => e.id)).toEqual([a.endpoint.id]);
    const headers = await t.auth(KEY_A);
    for (const [method, url] of [
      ['GET', `${base}/${b.endpoint.id}`],
      ['PATCH', `${base}/${b.endpoint.id}`],
      ['DELETE', `${base}/${b.endpoint.id}`],
      ['POST', `${base}/${b.endpoint.id}/rotate-secret`],
      ['POST', `${base}/${b.endpoint.id}/test`],
      ['GET', `${base}/${b.endpoint.id}/deliveries`],
    ] as const) {
      const r = await t.app.inject({
        method,
        url,
        headers,
        ...(method === 'PATCH' ? { payload: { enabled: false } } : {}),
      });
      expect(r.statusCode, `${method} ${url}`).toBe(404);
      expect(r.json().code).toBe('webhooks.onbekend');
    }
    // registering for another customer, or for all, is refused
    expect((await register(KEY_A, { customerId: b.endpoint.customerId })).statusCode).toBe(403);
    expect((await register(KEY_A, { customerId: null })).statusCode).toBe(403);
    // the admin sees both
    const all = await t.app.inject({ url: base, headers: await t.auth(ADMIN) });
    expect(all.json().items).toHaveLength(2);
  });

  it('disables, enables, sends a test event and deletes', async () => {
    const { endpoint, secret } = await registered(KEY_B);
    const headers = await t.auth(KEY_B);
    const off = await t.app.inject({
      method: 'PATCH',
      url: `${base}/${endpoint.id}`,
      payload: { enabled: false, description: 'ERP Infra Noord' },
      headers,
    });
    expect(off.json()).toMatchObject({
      enabled: false,
      disabledReason: 'manual',
      description: 'ERP Infra Noord',
    });
    const test = await t.app.inject({ method: 'POST', url: `${base}/${endpoint.id}/test`, headers });
    expect(test.statusCode).toBe(202);
    expect(await drain()).toMatchObject({ delivered: 0 });
    await t.app.inject({
      method: 'PATCH',
      url: `${base}/${endpoint.id}`,
      payload: { enabled: true },
      headers,
    });
    expect(await drain()).toMatchObject({ delivered: 1 });
    const got = rx.received[0]!;
    expect(new Webhook(secret).verify(got.body, got.headers as Record<string, string>)).toMatchObject({
      type: 'webhook.test',
    });
    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${endpoint.id}`, headers });
    expect(del.statusCode).toBe(204);
    expect(await deliveries()).toHaveLength(0);
  });
});

describe('every kind of event', () => {
  it.each([
    ['order', 'order.delivered', 'plant_orders', 'orderNo'],
    ['invoice', 'invoice.posted', 'sales_invoices', 'documentNo'],
    ['complaint', 'complaint.status_changed', 'complaints', 'complaintNo'],
    ['request', 'request.executed', 'plant_requests', 'requestNo'],
    ['location', 'location.deregistered', 'plant_locations', 'locationNo'],
  ] as const)('%s: %s carries its numbers and the location', async (source, type, table, numberField) => {
    await registered(ADMIN, { customerId: null, eventTypes: [type] });
    const r = await t.database.db.execute<{ id: string }>(sql`select id from ${sql.raw(table)} limit 1`);
    const id = r.rows[0]!.id;
    await t.database.db.transaction((tx) => emitWebhookEvent(tx, source, type, id));
    await drain();
    expect(rx.received).toHaveLength(1);
    const body = JSON.parse(rx.received[0]!.body);
    expect(body.type).toBe(type);
    expect(body.data[numberField]).toBeTruthy();
    expect(body.data.locationNo).toMatch(/^P-\d{5}$/);
    // nobody's name, e-mail or phone
    expect(rx.received[0]!.body).not.toMatch(/@|contactPerson|"phone"|"name"/);
  });
});

describe('the subscribed event types a process keeps', () => {
  it('are dropped in every process on the NOTIFY of an endpoint written elsewhere', async () => {
    const listener = await startChangeListener({
      url: t.database.url,
      on: { [WEBHOOKS_CHANNEL]: forgetWebhookSubscriptions },
    });
    try {
      forgetWebhookSubscriptions();
      expect([...(await subscribedTypes(t.database.db))]).toEqual([]);
      // another process registers an endpoint: its row and its NOTIFY, not this process's own forget
      await t.database.db.execute(
        sql`insert into webhook_endpoints (url, event_types, secret)
          values ('https://hooks.example.com/x', '{location.registered}', 'whsec_eA==')`,
      );
      expect([...(await subscribedTypes(t.database.db))]).toEqual([]);
      await notifyEndpointsChanged(t.database.db);
      await listener.barrier();
      expect([...(await subscribedTypes(t.database.db))]).toEqual(['location.registered']);
    } finally {
      await listener.close();
    }
  });
});
