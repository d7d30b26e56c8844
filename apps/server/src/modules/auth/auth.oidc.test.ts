import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { users } from '../../db/schema/index.ts';
import {
  OIDC_CLIENT,
  OIDC_REDIRECT,
  signInAtProvider,
  startProvider,
  type TestProvider,
} from './auth.test-support.ts';

let provider: TestProvider;
let t: TestApp;

const env = (issuer: string) => ({
  OIDC_ISSUER: issuer,
  OIDC_CLIENT_ID: OIDC_CLIENT.id,
  OIDC_CLIENT_SECRET: OIDC_CLIENT.secret,
  OIDC_REDIRECT_URI: OIDC_REDIRECT,
  OIDC_INTERNAL_DOMAINS: 'vandijk.nl, bouwgroep.nl',
});

beforeAll(async () => {
  provider = await startProvider({
    'sub-piet': {
      email: 'piet.nieuw@bouwgroep.nl',
      email_verified: true,
      name: 'Piet Nieuw',
      upn: 'PIET@bouwgroep.local',
    },
    'sub-extern': { email: 'ext@elders.nl', email_verified: true, name: 'Eva Extern' },
    'sub-jeroen': {
      email: 'uitvoerder@vandijk.nl',
      email_verified: true,
      name: 'Jeroen via IdP',
      upn: 'jeroen@vandijk.local',
    },
    'sub-unverified': {
      email: 'projectleider@infranoord.nl',
      email_verified: false,
      name: 'Niet geverifieerd',
    },
    'sub-other-idp': { email: 'a.postma@infranoord.nl', email_verified: true, name: 'Anouk' },
    'sub-disabled': { email: 'k.kramer@vandijk.nl', email_verified: true, name: 'Kees' },
  });
  t = await createTestApp({ env: env(provider.issuer) });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** GET external-login-url: the provider URL and the sealed-state cookie the browser would keep. */
async function start(app = t.app, redirectUrl = '/bestellijst') {
  const r = await app.inject({
    url: `/api/v2.0/Auth/external-login-url?redirectUrl=${encodeURIComponent(redirectUrl)}`,
  });
  expect(r.statusCode, r.body).toBe(200);
  const setCookie = String(r.headers['set-cookie']);
  expect(setCookie).toMatch(/HttpOnly/i);
  expect(setCookie).toMatch(/SameSite=Lax/i);
  const cookie = setCookie.split(';')[0];
  return { url: r.json().url as string, cookie };
}

function finish(payload: Record<string, string>, cookie?: string, url = '/api/v2.0/Auth/external-login') {
  return t.app.inject({ method: 'POST', url, payload, headers: cookie ? { cookie } : {} });
}

const paramsOf = (callback: URL) => Object.fromEntries(callback.searchParams) as Record<string, string>;

describe('external login (OpenID Connect) end to end', () => {
  it('sends the browser to the provider with state, nonce and PKCE (S256)', async () => {
    const { url } = await start();
    const u = new URL(url);
    expect(u.origin).toBe(provider.issuer);
    expect(u.searchParams.get('client_id')).toBe(OIDC_CLIENT.id);
    expect(u.searchParams.get('redirect_uri')).toBe(OIDC_REDIRECT);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    for (const p of ['state', 'nonce', 'code_challenge'])
      expect(u.searchParams.get(p)?.length).toBeGreaterThanOrEqual(32);
    expect(url).not.toContain('code_verifier');
  });

  it('signs a new person in, creates the account (internal by domain) and maps upn', async () => {
    const { url, cookie } = await start();
    const callback = await signInAtProvider(url, 'sub-piet');
    const r = await finish(paramsOf(callback), cookie);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body.redirectUrl).toBe('/bestellijst');
    expect(body.user).toMatchObject({
      email: 'piet.nieuw@bouwgroep.nl',
      name: 'Piet Nieuw',
      internalExternal: 'Internal',
      isAdmin: false,
    });
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      LoginType: 'external',
      upn: 'PIET@bouwgroep.local',
      InternalExternal: 'Internal',
    });
    expect(String(r.headers['set-cookie'])).toMatch(/mp-oidc=;/);

    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'piet.nieuw@bouwgroep.nl'));
    expect(row).toMatchObject({
      oidcIssuer: provider.issuer,
      oidcSubject: 'sub-piet',
      passwordHash: null,
      kind: 'internal',
    });

    // the token pair behaves like a password login's, and refresh keeps LoginType
    expect(
      (
        await t.app.inject({
          url: '/api/v2.0/Users/me',
          headers: { authorization: `Bearer ${body.accessToken}` },
        })
      ).statusCode,
    ).toBe(200);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/refresh-login',
      payload: { refreshToken: body.refreshToken },
    });
    expect(decodeJwt(refreshed.json().accessToken).LoginType).toBe('external');

    // second time: found by (issuer, subject), no second account
    const again = await start();
    const r2 = await finish(
      { callbackUrl: (await signInAtProvider(again.url, 'sub-piet')).href },
      again.cookie,
    );
    expect(r2.statusCode).toBe(200);
    expect(r2.json().user.id).toBe(body.user.id);
  });

  it('makes someone outside the internal domains external', async () => {
    const { url, cookie } = await start();
    const r = await finish(paramsOf(await signInAtProvider(url, 'sub-extern')), cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json().user.internalExternal).toBe('External');
  });

  it('links an existing account by verified e-mail once, and never merges across providers', async () => {
    const { url, cookie } = await start();
    const r = await finish(paramsOf(await signInAtProvider(url, 'sub-jeroen')), cookie);
    expect(r.statusCode, r.body).toBe(200);
    const [jeroen] = await t.deps.db.select().from(users).where(eq(users.email, 'uitvoerder@vandijk.nl'));
    expect(r.json().user.id).toBe(jeroen.id);
    expect(jeroen).toMatchObject({
      oidcIssuer: provider.issuer,
      oidcSubject: 'sub-jeroen',
      upn: 'jeroen@vandijk.local',
    });

    // an account already tied to another provider is not taken over by this one
    await t.deps.db
      .update(users)
      .set({ oidcIssuer: 'https://login.elders.example', oidcSubject: 'anouk-elders' })
      .where(eq(users.email, 'a.postma@infranoord.nl'));
    const other = await start();
    const refused = await finish(paramsOf(await signInAtProvider(other.url, 'sub-other-idp')), other.cookie);
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe('ExternalLogin.geen_account');
    const [anouk] = await t.deps.db.select().from(users).where(eq(users.email, 'a.postma@infranoord.nl'));
    expect(anouk.oidcIssuer).toBe('https://login.elders.example');
  });

  it('does not link an account by an unverified e-mail address, nor sign in a disabled one', async () => {
    const a = await start();
    const unverified = await finish(paramsOf(await signInAtProvider(a.url, 'sub-unverified')), a.cookie);
    expect(unverified.statusCode).toBe(401);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'projectleider@infranoord.nl'));
    expect(row.oidcSubject).toBeNull();

    const b = await start();
    const disabled = await finish(paramsOf(await signInAtProvider(b.url, 'sub-disabled')), b.cookie);
    expect(disabled.statusCode).toBe(401);
  });

  it('refuses a wrong state, a missing state cookie, and a replayed code', async () => {
    const { url, cookie } = await start();
    const callback = await signInAtProvider(url, 'sub-extern');
    const wrongState = await finish({ ...paramsOf(callback), state: 'a-state-an-attacker-chose' }, cookie);
    expect(wrongState.statusCode).toBe(401);
    expect(wrongState.json().code).toBe('ExternalLogin.mislukt');

    // the state of another browser's login (login CSRF): its cookie does not match this callback
    const other = await start();
    expect((await finish(paramsOf(callback), other.cookie)).statusCode).toBe(401);
    expect((await finish(paramsOf(callback))).statusCode).toBe(401);

    const fresh = await start();
    const good = await signInAtProvider(fresh.url, 'sub-extern');
    expect((await finish(paramsOf(good), fresh.cookie)).statusCode).toBe(200);
    expect((await finish(paramsOf(good), fresh.cookie)).statusCode).toBe(401);
  });

  it('refuses an id token with another nonce', async () => {
    const { url, cookie } = await start();
    const tampered = new URL(url);
    tampered.searchParams.set('nonce', 'a-nonce-the-attacker-knows-0123456789');
    const callback = await signInAtProvider(tampered.href, 'sub-extern');
    const r = await finish(paramsOf(callback), cookie);
    expect(r.statusCode).toBe(401);
    expect(r.json().code).toBe('ExternalLogin.mislukt');
  });

  it('refuses a response that names another issuer, and a provider whose metadata names another issuer', async () => {
    const { url, cookie } = await start();
    const callback = await signInAtProvider(url, 'sub-extern');
    const forged = await finish({ ...paramsOf(callback), iss: 'https://evil.example' }, cookie);
    expect(forged.statusCode).toBe(401);

    // OIDC_ISSUER spelled differently from what the provider says it is (exact issuer match)
    const mismatched = await createTestApp({ env: env(provider.issuer.replace('127.0.0.1', 'localhost')) });
    try {
      const r = await mismatched.app.inject({ url: '/api/v2.0/Auth/external-login-url' });
      expect(r.statusCode).toBeGreaterThanOrEqual(500);
      expect(r.json().code).toBe('ExternalLogin.mislukt');
      expect(r.json()).not.toHaveProperty('url');
    } finally {
      await mismatched.close();
    }
  });

  it('keeps the return path inside the portal', async () => {
    const { url, cookie } = await start(t.app, 'https://evil.example/steal');
    const r = await finish(paramsOf(await signInAtProvider(url, 'sub-extern')), cookie);
    expect(r.statusCode).toBe(200);
    expect(r.json().redirectUrl).toBeNull();
  });

  it('works through the legacy calls', async () => {
    const r = await t.app.inject({ method: 'POST', url: '/api/LegacyAuth/LegacyExternalUrl', payload: {} });
    expect(r.statusCode).toBe(200);
    const cookie = String(r.headers['set-cookie']).split(';')[0];
    const callback = await signInAtProvider(r.json().url, 'sub-extern');
    const done = await finish({ url: callback.href }, cookie, '/api/LegacyAuth/LegacyExternalLogin');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ success: true, token: expect.any(String) });
  });
});

describe('without a configured provider', () => {
  it('answers 404 for the URL and says it is off', async () => {
    const plain = await createTestApp({ seed: 'empty' });
    try {
      const r = await plain.app.inject({ url: '/api/v2.0/Auth/external-login-url' });
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toBe('error.niet_gevonden');
      const options = await plain.app.inject({ url: '/api/v2.0/Auth/external-login-options' });
      expect(options.json()).toEqual({ enabled: false });
      const login = await plain.app.inject({
        method: 'POST',
        url: '/api/v2.0/Auth/external-login',
        payload: { code: 'c', state: 's' },
      });
      expect(login.statusCode).toBe(404);
    } finally {
      await plain.close();
    }
  });
});
