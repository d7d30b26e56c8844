// The fake's injected faults, each on a path pattern and counted: slow answers, N× 500 / 503 / 429, a connection
// dropped halfway through a page, and a webhook notification delivered twice.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, startReceiver } from './test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ webhooks: { delayMs: 60_000 } });
});
afterAll(() => h.close());
afterEach(() => h.ctl('DELETE', 'faults'));

type Fault = { id: number; hits: number; remaining: number | null };
const addFault = (spec: Record<string, unknown>) => h.ctl<Fault>('POST', 'faults', spec);
const faults = () => h.ctl<{ value: Fault[] }>('GET', 'faults').then((r) => r.value);

describe('faults', () => {
  it('slow: answers after the delay, counted per hit', async () => {
    await addFault({ kind: 'slow', path: '/customers', ms: 30, times: 2 });
    for (let i = 0; i < 3; i++) expect((await h.api('customers')).status).toBe(200);
    expect(await faults()).toEqual([expect.objectContaining({ hits: 2, remaining: 0 })]);
  });

  it('status: N× 500 on the matching path only, then answers again', async () => {
    await addFault({ kind: 'status', path: '*/items*', status: 500, times: 2 });
    expect((await h.api('customers')).status).toBe(200);
    const first = await h.api('items?$top=1');
    expect(first.status).toBe(500);
    expect(((await first.json()) as { error: { code: string } }).error.code).toBe('InternalServerError');
    expect((await h.api('items?$top=1')).status).toBe(500);
    expect((await h.api('items?$top=1')).status).toBe(200);
    expect((await faults())[0].hits).toBe(2);
  });

  it('status: 503 and 429 carry Retry-After, also before the token is looked at', async () => {
    await addFault({ kind: 'status', path: 'salesInvoices', status: 503, retryAfter: 7, times: 1 });
    const down = await fetch(`${h.bc.apiUrl}/companies(${h.bc.companyId})/salesInvoices`);
    expect(down.status).toBe(503);
    expect(down.headers.get('retry-after')).toBe('7');
    await addFault({ kind: 'status', path: '/^.*\\/plants$/', status: 429, times: 1 });
    const busy = await h.rental('plants');
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('1');
    expect(((await busy.json()) as { error: { code: string } }).error.code).toBe(
      'Application_TooManyRequests',
    );
    expect((await h.rental('plants')).status).toBe(200);
  });

  it('drop: cuts the connection halfway through a page; the next request reads the page whole', async () => {
    await addFault({ kind: 'drop', path: '/itemTranslations', afterRecords: 20, times: 1 });
    const res = await h.rental('itemTranslations', { headers: { prefer: 'odata.maxpagesize=50' } });
    expect(res.status).toBe(200);
    await expect(res.json()).rejects.toThrow();
    const again = await h.rental('itemTranslations', { headers: { prefer: 'odata.maxpagesize=50' } });
    expect(((await again.json()) as { value: unknown[] }).value).toHaveLength(50);
  });

  it('drop: also cuts an answer that is not a page', async () => {
    await addFault({ kind: 'drop', path: 'companies', method: 'GET', times: 1 });
    const res = await fetch(`${h.bc.apiUrl}/companies`, { headers: { authorization: `Bearer ${h.token}` } });
    await expect(res.text()).rejects.toThrow();
  });

  it('duplicate-delivery: posts a webhook notification twice', async () => {
    const receiver = await startReceiver();
    try {
      const created = await fetch(`${h.bc.apiUrl}/subscriptions`, {
        method: 'POST',
        headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          notificationUrl: receiver.url,
          resource: `api/v2.0/companies(${h.bc.companyId})/customers`,
          clientState: 's',
        }),
      });
      expect(created.status).toBe(201);
      await addFault({ kind: 'duplicate-delivery', path: '/notify', times: 1 });
      await h.ctl('POST', 'touch/customers', { count: 1 });
      await h.ctl('POST', 'notifications/flush');
      expect(receiver.notifications).toHaveLength(2);
      expect(receiver.notifications[1]).toEqual(receiver.notifications[0]);
      await h.ctl('POST', 'touch/customers', { count: 1 });
      await h.ctl('POST', 'notifications/flush');
      expect(receiver.notifications).toHaveLength(3);
    } finally {
      await receiver.close();
    }
  });

  it('refuses an unknown fault kind', async () => {
    await expect(addFault({ kind: 'explode', path: '*' })).rejects.toThrow(/400/);
  });
});
