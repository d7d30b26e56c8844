import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { connect } from '../../platform/db/database.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('platform endpoints', () => {
  it('answers liveness without touching the database and readiness with it', async () => {
    expect((await t.app.inject({ url: '/health/live' })).json()).toEqual({ status: 'ok' });
    const ready = await t.app.inject({ url: '/health/ready' });
    expect(ready.statusCode).toBe(200);
    t.deps.lifecycle.shuttingDown = true;
    try {
      const during = await t.app.inject({ url: '/health/ready' });
      expect(during.statusCode).toBe(503);
      const live = await t.app.inject({ url: '/health/live' });
      expect(live.statusCode).toBe(200);
    } finally {
      t.deps.lifecycle.shuttingDown = false;
    }
  });

  it('serves AppConfig with angularEnabled', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/AppConfig' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ angularEnabled: false });
  });

  it('says in AppConfig whether external login is configured, so the sign-in page asks for it only then', async () => {
    expect((await t.app.inject({ url: '/api/v2.0/AppConfig' })).json().externalLogin).toBe(false);
    expect((await t.app.inject({ url: '/api/v2.0/Auth/external-login-url' })).statusCode).toBe(404);
    const oidc = await createTestApp({
      env: {
        OIDC_ISSUER: 'https://login.example.com',
        OIDC_CLIENT_ID: 'materieelportaal',
        OIDC_REDIRECT_URI: 'http://localhost:3000/external-login',
      },
    });
    try {
      expect((await oidc.app.inject({ url: '/api/v2.0/AppConfig' })).json().externalLogin).toBe(true);
    } finally {
      await oidc.close();
    }
  });

  it('answers unknown /api paths with 404 JSON in the error shape', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/DoesNotExist', headers: { 'accept-language': 'en-US' } });
    expect(r.statusCode).toBe(404);
    const body = r.json();
    expect(body.code).toBe('error.niet_gevonden');
    expect(typeof body.message).toBe('string');
    expect(body.message.length).toBeGreaterThan(0);
  });

  it('puts the security headers on every answer, 404 included', async () => {
    for (const url of ['/api/v2.0/AppConfig', '/api/nope', '/health/live']) {
      const r = await t.app.inject({ url });
      const csp = String(r.headers['content-security-policy']);
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['strict-transport-security']).toContain('max-age=');
      expect(r.headers['referrer-policy']).toBeDefined();
    }
    const api = await t.app.inject({ url: '/api/v2.0/AppConfig' });
    expect(api.headers['cache-control']).toBe('no-store');
  });

  it('refuses prototype poisoning with 400 (after the login check: 401 without one)', async () => {
    const admin = await t.auth('admin@materieelportaal.nl');
    for (const payload of ['{"__proto__":{"x":1}}', '{"constructor":{"prototype":{"x":1}}}']) {
      const send = (headers: Record<string, string>) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v2.0/Settings',
          headers: { ...headers, 'content-type': 'application/json' },
          payload,
        });
      const r = await send(admin);
      expect(r.statusCode).toBe(400);
      expect(r.json().code).toBe('error.ongeldige_invoer');
      expect((await send({})).statusCode).toBe(401);
    }
  });

  it('answers malformed JSON with 400 (401 without a login, issue #31 item 21) and a form body with 415', async () => {
    const send = async (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        headers: { ...headers, 'content-type': 'application/json' },
        payload: '{"key":',
      });
    expect((await send(await t.auth('admin@materieelportaal.nl'))).statusCode).toBe(400);
    expect((await send({})).statusCode).toBe(401);
    const form = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'key=a',
    });
    expect(form.statusCode).toBe(415);
  });

  it('publishes an OpenAPI 3.1 document and Swagger UI at /api/docs', async () => {
    const doc = await t.app.inject({ url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toBe('3.1.0');
    expect(Object.keys(spec.paths)).toContain('/api/v2.0/Settings/{groupingType}');
    const ui = await t.app.inject({ url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    // The documentation pages are no weaker than the app: same policy as an API answer.
    const appPolicy = (await t.app.inject({ url: '/api/v2.0/AppConfig' })).headers['content-security-policy'];
    expect(ui.headers['content-security-policy']).toBe(appPolicy);
    expect(String(appPolicy)).toMatch(/frame-ancestors 'none'/);
    expect(String(appPolicy)).toMatch(/base-uri 'none'/);
  });

  it('exposes Prometheus metrics only to the scraper holding METRICS_TOKEN', async () => {
    const token = 'metrics-scraper-token-7f3a9c2e1b';
    const withToken = await createTestApp({ env: { METRICS_TOKEN: token } });
    try {
      const anonymous = await withToken.app.inject({ url: '/metrics' });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.body).not.toContain('nodejs_version_info');
      const user = await withToken.app.inject({
        url: '/metrics',
        headers: await withToken.auth('admin@materieelportaal.nl'),
      });
      expect(user.statusCode).toBe(401);
      const wrong = await withToken.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}x` },
      });
      expect(wrong.statusCode).toBe(401);
      const r = await withToken.app.inject({
        url: '/metrics',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain('http_request_duration_seconds');
    } finally {
      await withToken.close();
    }
    // Without a configured token nothing is served.
    const none = await t.app.inject({ url: '/metrics' });
    expect(none.statusCode).toBe(404);
    expect(none.body).not.toContain('nodejs_version_info');
  });

  it('issues an anti-forgery token and refuses a state change whose header does not match its cookie', async () => {
    const tokenRes = await t.app.inject({ url: '/api/v2.0/AntiForgery/token' });
    const { token } = tokenRes.json();
    expect(token).toMatch(/\./);
    const cookie = `mp-xsrf=${token}`;
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      headers: { cookie, 'x-xsrf-token': 'forged' },
      payload: { key: 'AllowAnonymousUsers', value: true },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('error.antiforgery');
  });
});

describe('validation errors', () => {
  it('names an unknown field itself (mass assignment refused)', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'PubliekePrijzen', value: true, role: 'admin' },
      headers: await t.auth('admin@materieelportaal.nl'),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields).toHaveProperty('role');
    expect(r.json().details.fields.role.code).toBe('validation.onbekend_veld');
  });
});

describe('database outage', () => {
  it('answers 503 with Retry-After when the Unix socket of the database is gone (issue #31 item 10)', async () => {
    // why: the embedded PostgreSQL listens on a socket in its data directory; stopped, the socket file is gone and
    // connecting fails with ENOENT, which was not recognised as an outage (500).
    const gone = mkdtempSync(path.join(tmpdir(), 'mp-no-socket-'));
    const down = connect(`postgres://postgres@localhost/none?host=${gone}`, { max: 1 });
    const outage = await createTestApp({ deps: { db: down.db, pool: down.pool } });
    try {
      for (const url of ['/api/v2.0/Settings/all', '/api/v2.0/Categories', '/health/ready']) {
        const r = await outage.app.inject({ url });
        expect(r.statusCode, url).toBe(503);
        if (url.startsWith('/api/')) {
          expect(r.headers['retry-after']).toMatch(/^\d+$/);
          expect(r.json().code).toBe('error.niet_beschikbaar');
        }
      }
    } finally {
      await outage.close();
      await down.close().catch(() => {});
      rmSync(gone, { recursive: true, force: true });
    }
  });

  it('answers API calls 503 with Retry-After while the database cannot be reached', async () => {
    // why: a pool pointed at a closed port behaves like PostgreSQL being down (connection refused).
    const down = connect('postgres://postgres@127.0.0.1:1/none', { max: 1 });
    const outage = await createTestApp({ deps: { db: down.db, pool: down.pool } });
    try {
      for (const url of ['/api/v2.0/Settings/all', '/api/v2.0/Categories']) {
        const r = await outage.app.inject({ url });
        expect(r.statusCode).toBe(503);
        expect(r.headers['retry-after']).toMatch(/^\d+$/);
        expect(r.json().code).toBe('error.niet_beschikbaar');
      }
    } finally {
      await outage.close();
      await down.close().catch(() => {});
    }
  });
});

describe('anti-forgery cookie on an https portal', () => {
  it('is __Host- prefixed, Secure, HttpOnly, SameSite=Strict, Path=/ without Domain, and still checked', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://materieel.example.com' } });
    try {
      const res = await https.app.inject({ url: '/api/v2.0/AntiForgery/token' });
      const setCookie = String(res.headers['set-cookie']);
      expect(setCookie).toMatch(/^__Host-mp-xsrf=/);
      expect(setCookie).toMatch(/; Secure/);
      expect(setCookie).toMatch(/; HttpOnly/);
      expect(setCookie).toMatch(/; SameSite=Strict/);
      expect(setCookie).toMatch(/; Path=\//);
      expect(setCookie).not.toMatch(/Domain=/i);
      const { token } = res.json();
      const refused = await https.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        headers: { cookie: `__Host-mp-xsrf=${token}`, 'x-xsrf-token': 'forged' },
        payload: { key: 'AllowAnonymousUsers', value: true },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('error.antiforgery');
    } finally {
      await https.close();
    }
  });
});

describe('authentication before validation (issue #16 part 3)', () => {
  it('answers an anonymous caller 401 on a protected operation whatever the input', async () => {
    const bad = await t.app.inject({ url: '/api/v2.0/Search?query=x&bool=0' });
    expect(bad.statusCode).toBe(401);
    expect(bad.json().code).toBe('error.niet_ingelogd');
    const body = await t.app.inject({ method: 'POST', url: '/api/v2.0/FavoriteLists', payload: { nope: 1 } });
    expect(body.statusCode).toBe(401);
  });

  it('answers a refused token 401 before looking at the input; a signed-in caller gets the 400', async () => {
    const forged = await t.app.inject({
      url: '/api/v2.0/Search?query=x&bool=0',
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(forged.statusCode).toBe(401);
    const signedIn = await t.app.inject({
      url: '/api/v2.0/Search?query=x&bool=0',
      headers: await t.auth('uitvoerder@vandijk.nl'),
    });
    expect(signedIn.statusCode).toBe(400);
  });
});

describe('control characters (issue #16 part 2)', () => {
  it('refuses a NUL or another control character at validation, naming the field', async () => {
    const headers = await t.auth('uitvoerder@vandijk.nl');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/FavoriteLists',
      payload: { name: 'Kraan\u0000lijst' },
      headers,
    });
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields.name.code).toBe('validation.ongeldige_tekens');
    const q = await t.app.inject({ url: '/api/v2.0/Search?query=a%01b', headers });
    expect(q.statusCode).toBe(400);
    expect(q.json().details.fields.query.code).toBe('validation.ongeldige_tekens');
    // line breaks and tabs are text
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/FavoriteLists',
      payload: { name: 'Kraan\tlijst' },
      headers,
    });
    expect(ok.statusCode).toBe(201);
  });
});
