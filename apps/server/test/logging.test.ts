import { Writable } from 'node:stream';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mailOutbox } from '../src/db/schema/index.ts';
import { createLogger, redactUrl } from '../src/platform/logger.ts';
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

describe('secrets in URLs', () => {
  it('never logs a reset token, refresh token or OIDC answer sent in a query string', async () => {
    const email = 'projectleider@infranoord.nl';
    const forgot = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/forgot-password',
      payload: { email },
    });
    expect(forgot.statusCode).toBe(202);
    // why: the reset mail is written after the answer (same time for known and unknown addresses).
    const mail = await vi.waitFor(
      async () => {
        const [row] = await t.database.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.to, email))
          .orderBy(desc(mailOutbox.createdAt))
          .limit(1);
        if (!row) throw new Error('no mail yet');
        return row;
      },
      { timeout: 10_000, interval: 100 },
    );
    const link = /\/wachtwoord-resetten\?token=([A-Za-z0-9_%-]+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const resetToken = decodeURIComponent(link?.[1] ?? '');
    expect(resetToken.length).toBeGreaterThan(20);
    // Opening the mailed link (the web page), then a refresh token and an OIDC answer in query strings.
    await t.app.inject({
      method: 'GET',
      url: `/wachtwoord-resetten?token=${encodeURIComponent(resetToken)}`,
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email, password: DEMO_PASSWORD },
    });
    const { refreshToken } = login.json();
    await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Auth/refresh-login?refreshToken=${encodeURIComponent(refreshToken)}&Token=${refreshToken}`,
      payload: {},
    });
    await t.app.inject({
      method: 'GET',
      url: '/api/v2.0/Auth/external-login?code=OIDC-CODE-123456&state=STATE-98765',
    });

    const log = lines.join('');
    expect(log).toContain('/wachtwoord-resetten?token=[redacted]');
    for (const secret of [
      resetToken,
      encodeURIComponent(resetToken),
      refreshToken,
      'OIDC-CODE-123456',
      'STATE-98765',
    ]) {
      expect(log).not.toContain(secret);
    }
  });

  it('redacts secret parameters whatever their case and keeps the rest', () => {
    expect(redactUrl('/x?token=abc&page=2')).toBe('/x?token=[redacted]&page=2');
    expect(redactUrl('/x?RefreshToken=abc')).toBe('/x?RefreshToken=[redacted]');
    expect(redactUrl('/x?a=1')).toBe('/x?a=1');
    expect(redactUrl('/x')).toBe('/x');
  });
});
