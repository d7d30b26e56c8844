import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../src/platform/logger.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './app.ts';

// Sign-ins, failures and access denials are logged; passwords and tokens never are (ASVS 16.x).

const lines: string[] = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    lines.push(String(chunk));
    done();
  },
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ logger: createLogger('info', sink) });
});
afterAll(async () => {
  await t.close();
});

describe('security logging', () => {
  it('records auth events and denials without any secret', async () => {
    const wrong = 'Wrong-Password-123!';
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email: 'uitvoerder@vandijk.nl', password: wrong },
    });
    expect(bad.statusCode).toBe(401);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email: 'uitvoerder@vandijk.nl', password: DEMO_PASSWORD },
    });
    expect(ok.statusCode).toBe(200);
    const { accessToken, refreshToken } = ok.json();
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/refresh-login',
      payload: { refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'PubliekePrijzen', value: true },
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(denied.statusCode).toBe(403);

    const log = lines.join('');
    expect(log).toMatch(/login failed/);
    expect(log).toMatch(/"event":"login"/);
    expect(log).toMatch(/access denied/);
    for (const secret of [DEMO_PASSWORD, wrong, accessToken, refreshToken, refreshed.json().refreshToken]) {
      expect(log).not.toContain(secret);
    }
  });
});
