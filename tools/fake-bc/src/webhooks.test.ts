// The fake's webhooks: the validation-token handshake, notifications of created / updated / deleted records and
// of many changes as one `collection`, renewal with If-Match, expiry after three days, retries of a failed delivery
// and the end of a subscription whose endpoint refuses, custom-API subscriptions through their own route.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, json, type Receiver, startHarness, startReceiver, until } from './test-support.ts';

let h: Harness;
let receiver: Receiver;
beforeAll(async () => {
  // A long delay: the tests send what is queued with the control API's flush, never by waiting for the timer.
  // Tokens outlive the days the clock is moved on.
  h = await startHarness({
    tokenLifetimeSeconds: 30 * 86_400,
    webhooks: { delayMs: 60_000, collectionThreshold: 3, retries: 2, retryDelayMs: 10 },
  });
});
afterAll(() => h.close());
beforeEach(async () => {
  receiver = await startReceiver();
});
afterEach(async () => {
  for (const s of (
    await h.ctl<{ value: { subscriptionId: string; route: string }[] }>('GET', 'subscriptions')
  ).value) {
    const root = s.route === 'standard' ? h.bc.apiUrl : h.bc.rentalApiUrl;
    await fetch(`${root}/subscriptions('${s.subscriptionId}')`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${h.token}`, 'if-match': '*' },
    });
  }
  await receiver.close();
});

type Sub = Record<string, string>;
const subscribe = (resource: string, root = h.bc.apiUrl, clientState = 'geheim-123') =>
  fetch(`${root}/subscriptions`, {
    method: 'POST',
    headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ notificationUrl: receiver.url, resource, clientState }),
  });
const items = () => `/api/v2.0/companies(${h.bc.companyId})/items`;
const flush = () => h.ctl<{ value: { status: number }[] }>('POST', 'notifications/flush');
const firstItem = async () =>
  ((await (await h.api('items?$top=1')).json()) as { value: { id: string; '@odata.etag': string }[] })
    .value[0];

describe('handshake', () => {
  it('creates a subscription after the endpoint echoes the validation token, expiring in three days', async () => {
    const now = Date.parse((await h.ctl<{ now: string }>('GET', '')).now);
    const res = await subscribe(items());
    expect(res.status).toBe(201);
    const sub = (await res.json()) as Sub;
    expect(receiver.handshakes).toHaveLength(1);
    expect(sub.subscriptionId).toMatch(/^[0-9a-f]{32}$/);
    expect(sub.clientState).toBe('geheim-123');
    const days = (Date.parse(sub.expirationDateTime) - now) / 86_400_000;
    expect(days).toBeGreaterThan(2.99);
    expect(days).toBeLessThan(3.01);
    const list = (await (
      await fetch(`${h.bc.apiUrl}/subscriptions`, { headers: { authorization: `Bearer ${h.token}` } })
    ).json()) as {
      value: Sub[];
    };
    expect(list.value.map((s) => s.subscriptionId)).toEqual([sub.subscriptionId]);
  });

  it('refuses the subscription (400) when the endpoint does not echo the token', async () => {
    receiver.answer = () => ({ status: 200, body: 'something else' });
    const res = await subscribe(items());
    expect(res.status).toBe(400);
    receiver.answer = () => ({ status: 500 });
    expect((await subscribe(items())).status).toBe(400);
    expect((await h.ctl<{ value: unknown[] }>('GET', 'subscriptions')).value).toHaveLength(0);
  });

  it('subscribes to a custom API page only through that API’s route', async () => {
    const plants = `/api/materieelportaal/rental/v1.0/companies(${h.bc.companyId})/plants`;
    expect((await subscribe(plants)).status).toBe(400);
    expect((await subscribe(plants, h.bc.rentalApiUrl)).status).toBe(201);
    expect((await subscribe(`/api/v2.0/companies(${h.bc.companyId})/nothing`)).status).toBe(400);
  });
});

describe('notifications', () => {
  it('notifies a change of a subscribed collection with the subscription’s clientState', async () => {
    const sub = (await (await subscribe(items())).json()) as Sub;
    const item = await firstItem();
    await h.ctl('PATCH', `records/items/${item.id}`, { displayName: 'Gewijzigd in het ERP' });
    const created = await h.ctl<{ id: string }>('POST', 'records/items', {
      number: 'NEW-0001',
      displayName: 'Nieuw',
    });
    await h.ctl('DELETE', `records/items/${created.id}`);
    // A change to another set is not notified here.
    await h.ctl('POST', 'touch/customers', { count: 1 });
    await flush();
    expect(receiver.notifications).toHaveLength(1);
    const value = receiver.notifications[0].value;
    expect(value).toEqual([
      expect.objectContaining({
        subscriptionId: sub.subscriptionId,
        clientState: 'geheim-123',
        expirationDateTime: sub.expirationDateTime,
        resource: `api/v2.0/companies(${h.bc.companyId})/items(${item.id})`,
        changeType: 'updated',
      }),
      expect.objectContaining({ resource: expect.stringContaining(created.id), changeType: 'deleted' }),
    ]);
    expect(typeof value[0].lastModifiedDateTime).toBe('string');
  });

  it('sends one `collection` entry with a lastModifiedDateTime filter when many records changed', async () => {
    await subscribe(items());
    await h.ctl('POST', 'touch/items', { count: 5 });
    await flush();
    const value = receiver.notifications[0].value;
    expect(value).toHaveLength(1);
    expect(value[0].changeType).toBe('collection');
    expect(value[0].resource).toMatch(/items\?\$filter=lastModifiedDateTime%20gt%20\d{4}-/);
    // The filter it names finds exactly the changed records.
    const filter = decodeURIComponent(String(value[0].resource).split('$filter=')[1]);
    const found = (await (await h.api(`items?$filter=${encodeURIComponent(filter)}`)).json()) as {
      value: unknown[];
    };
    expect(found.value).toHaveLength(5);
  });

  it('notifies the header of a document when one of its lines changes', async () => {
    await subscribe(`/api/v2.0/companies(${h.bc.companyId})/salesInvoices`);
    const posted = await h.ctl<{ id: string }>('POST', 'post-invoice', {
      customerNumber: 'K-10045',
      lines: [{ itemNumber: 'BH-1001', quantity: 1, unitPrice: 1 }],
    });
    await flush();
    expect(receiver.notifications[0].value).toEqual([
      expect.objectContaining({
        resource: expect.stringContaining(`salesInvoices(${posted.id})`),
        changeType: 'created',
      }),
    ]);
  });
});

describe('renewal and expiry', () => {
  it('renews with PATCH and If-Match (another handshake); a stale ETag is 412', async () => {
    const sub = (await (await subscribe(items())).json()) as Sub;
    await h.ctl('POST', 'clock', { advanceMs: 2 * 86_400_000 });
    const url = `${h.bc.apiUrl}/subscriptions('${sub.subscriptionId}')`;
    const headers = { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' };
    expect(
      (await fetch(url, { method: 'PATCH', headers, body: json({ clientState: 'geheim-123' }) })).status,
    ).toBe(400);
    const renewed = await fetch(url, {
      method: 'PATCH',
      headers: { ...headers, 'if-match': sub['@odata.etag'] },
      body: json({ clientState: 'geheim-123' }),
    });
    expect(renewed.status).toBe(200);
    const body = (await renewed.json()) as Sub;
    expect(Date.parse(body.expirationDateTime) - Date.parse(sub.expirationDateTime)).toBeGreaterThan(
      86_400_000,
    );
    expect(receiver.handshakes).toHaveLength(2);
    const stale = await fetch(url, {
      method: 'PATCH',
      headers: { ...headers, 'if-match': sub['@odata.etag'] },
      body: json({}),
    });
    expect(stale.status).toBe(412);
    // Renewed: still notified past the first expiry.
    await h.ctl('POST', 'clock', { advanceMs: 1.5 * 86_400_000 });
    await h.ctl('POST', 'touch/items', { count: 1 });
    await flush();
    expect(receiver.notifications).toHaveLength(1);
  });

  it('stops notifying an expired subscription, which is gone', async () => {
    await subscribe(items());
    await h.ctl('POST', 'clock', { advanceMs: 3 * 86_400_000 + 1000 });
    await h.ctl('POST', 'touch/items', { count: 1 });
    await flush();
    expect(receiver.notifications).toHaveLength(0);
    expect((await h.ctl<{ value: unknown[] }>('GET', 'subscriptions')).value).toHaveLength(0);
  });
});

describe('delivery failures', () => {
  it('tries a delivery answered 503 again, and delivers it', async () => {
    await subscribe(items());
    let refusals = 1;
    receiver.answer = (_req, token) => (token === null && refusals-- > 0 ? { status: 503 } : null);
    await h.ctl('POST', 'touch/items', { count: 1 });
    const [first] = (await flush()).value;
    expect(first.status).toBe(503);
    await until(() => receiver.notifications.length === 1);
    const attempts = (await h.ctl<{ value: { attempt: number; status: number }[] }>('GET', 'notifications'))
      .value;
    expect(attempts.slice(-2).map((d) => [d.attempt, d.status])).toEqual([
      [1, 503],
      [2, 200],
    ]);
  });

  it('ends the subscription when its endpoint refuses with a 4xx that is not 408 or 429', async () => {
    await subscribe(items());
    receiver.answer = (_req, token) => (token === null ? { status: 404 } : null);
    await h.ctl('POST', 'touch/items', { count: 1 });
    await flush();
    expect((await h.ctl<{ value: unknown[] }>('GET', 'subscriptions')).value).toHaveLength(0);
  });
});
