// The fake's limits: the rate limit (429 with Retry-After, per client, over a sliding window on the fake's clock),
// JSON $batch (answers per request; Isolation: snapshot all or nothing; at most N operations) and the maximum
// request size (413).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, json, startHarness } from './test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    rateLimit: { requests: 5, windowMs: 60_000 },
    maxRequestBytes: 4000,
    maxBatchOperations: 4,
  });
});
afterAll(() => h.close());

type Err = { error: { code: string; message: string } };
type BatchAnswer = { responses: { id: string; status: number; body: Record<string, unknown> }[] };

describe('rate limit', () => {
  it('answers 429 with Retry-After past N requests in the window, and lets requests through once it has passed', async () => {
    await h.ctl('POST', 'clock', { advanceMs: 61_000 });
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push((await h.api('customers')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200]);
    const limited = await h.api('customers');
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited.json()) as Err).error.code).toBe('Application_TooManyRequests');
    await h.ctl('POST', 'clock', { advanceMs: retryAfter * 1000 });
    expect((await h.api('customers')).status).toBe(200);
  });
});

describe('$batch', () => {
  const batch = (body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${h.bc.apiUrl}/$batch`, {
      method: 'POST',
      headers: { authorization: `Bearer ${h.token}`, 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const company = () => `companies(${h.bc.companyId})`;

  it('answers each request of a batch as if sent alone', async () => {
    await h.ctl('POST', 'clock', { advanceMs: 61_000 });
    const res = await batch({
      requests: [
        { id: 'a', method: 'GET', url: `${company()}/customers?$select=number` },
        {
          id: 'b',
          method: 'POST',
          url: `${company()}/itemCategories`,
          body: { code: 'BATCH-1', displayName: 'B1' },
        },
        { id: 'c', method: 'GET', url: `${company()}/items(00000000-0000-0000-0000-00000000000f)` },
      ],
    });
    expect(res.status).toBe(200);
    const { responses } = (await res.json()) as BatchAnswer;
    expect(responses.map((r) => [r.id, r.status])).toEqual([
      ['a', 200],
      ['b', 201],
      ['c', 404],
    ]);
    expect((responses[0].body.value as unknown[]).length).toBe(2);
    expect(responses[1].body.code).toBe('BATCH-1');
  });

  it('with Isolation: snapshot undoes the whole batch when one request fails', async () => {
    await h.ctl('POST', 'clock', { advanceMs: 61_000 });
    const res = await batch(
      {
        requests: [
          { id: '1', method: 'POST', url: `${company()}/itemCategories`, body: { code: 'ATOMIC-1' } },
          { id: '2', method: 'POST', url: `${company()}/itemCategories`, body: { code: 'ATOMIC-1' } },
          { id: '3', method: 'POST', url: `${company()}/itemCategories`, body: { code: 'ATOMIC-3' } },
        ],
      },
      { isolation: 'snapshot' },
    );
    const { responses } = (await res.json()) as BatchAnswer;
    expect(responses.map((r) => r.status)).toEqual([424, 409, 424]);
    const left = await h.ctl<{ value: unknown[] }>(
      'GET',
      "records/itemCategories?$filter=startswith(code,'ATOMIC')",
    );
    expect(left.value).toHaveLength(0);
  });

  it('refuses more operations than the maximum', async () => {
    await h.ctl('POST', 'clock', { advanceMs: 61_000 });
    const requests = Array.from({ length: 5 }, (_, i) => ({
      id: String(i),
      method: 'GET',
      url: `${company()}/customers`,
    }));
    const res = await batch({ requests });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Err).error.message).toMatch(/5 operations; the maximum is 4/);
  });

  it('answers 413 to a request above the maximum size', async () => {
    await h.ctl('POST', 'clock', { advanceMs: 61_000 });
    const requests = [
      {
        id: '1',
        method: 'POST',
        url: `${company()}/itemCategories`,
        body: { code: 'BIG', displayName: 'x'.repeat(5000) },
      },
    ];
    const res = await batch({ requests });
    expect(res.status).toBe(413);
    expect(((await res.json()) as Err).error.code).toBe('RequestEntityTooLarge');
    const small = await h.api('itemCategories', {
      method: 'POST',
      body: json({ code: 'SMALL', displayName: 'x' }),
    });
    expect(small.status).toBe(201);
  });
});
