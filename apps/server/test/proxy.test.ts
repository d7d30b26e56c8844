import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './app.ts';

// Behind a proxy (TRUST_PROXY=true, one hop) the client address is the entry the proxy added, at the right of
// X-Forwarded-For; a client rotating its own first entry stays one address for throttling.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

describe('throttling behind a proxy', () => {
  it('does not let a client rotate its own X-Forwarded-For entry to escape the per-address limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 60; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Auth/login',
        remoteAddress: '10.0.0.2', // the proxy
        headers: { 'x-forwarded-for': `203.0.113.${i}, 198.51.100.7` },
        payload: { email: `gok${i}@example.com`, password: 'Raden-raden-1' },
      });
      statuses.push(r.statusCode);
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(30);
    // Another client behind the same proxy is its own address.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.8' },
      payload: { email: 'projectleider@infranoord.nl', password: DEMO_PASSWORD },
    });
    expect(other.statusCode).toBe(200);
  }, 120_000);
});
