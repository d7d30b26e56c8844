import { createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { base64url, decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/app.ts';
import { refreshTokens, users } from '../../db/schema/index.ts';
import { ROLE_CLAIM } from '../../platform/auth/tokens.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { setDisabled } from '../users/users.service.ts';
import { toAuthUser } from './auth.common.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const EXTERNAL = 'projectleider@infranoord.nl';
const READONLY = 'administratie@vandijk.nl';
const DISABLED = 'k.kramer@vandijk.nl';

let t: TestApp;
let now = Date.now();
/** Moves the app's clock forward (throttle windows, token expiry); never back. */
function advance(ms: number) {
  now += ms;
  t.setNow(new Date(now));
}
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

let addressNo = 0;
/** A fresh client address per call unless given: keeps the per-address bucket out of tests about accounts. */
const nextAddress = () => `10.9.${Math.floor(addressNo / 250)}.${(addressNo++ % 250) + 1}`;

function login(
  email: string,
  password: string,
  opts: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2.0/Auth/login',
    payload: { email, password },
    remoteAddress: opts.remoteAddress ?? nextAddress(),
    headers: opts.headers,
  });
}

function refresh(refreshToken: string) {
  return t.app.inject({ method: 'POST', url: '/api/v2.0/Auth/refresh-login', payload: { refreshToken } });
}

function me(token: string) {
  return t.app.inject({ url: '/api/v2.0/Users/me', headers: { authorization: `Bearer ${token}` } });
}

async function signedIn(email: string, password = DEMO_PASSWORD) {
  const r = await login(email, password);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    accessToken: string;
    refreshToken: string;
    expiresAt: number;
    user: Record<string, unknown>;
  };
}

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(new Date(now));
});
afterAll(async () => {
  await t?.close();
});

describe('login', () => {
  it('signs in with the right password and answers tokens and the user', async () => {
    const body = await signedIn(ADMIN);
    expect(body.user).toMatchObject({
      email: ADMIN,
      isAdmin: true,
      internalExternal: 'Internal',
      language: 'nl-NL',
    });
    expect(typeof body.user.id).toBe('string');
    expect(body.refreshToken.length).toBeGreaterThanOrEqual(43);
    const claims = decodeJwt(body.accessToken);
    expect(claims).toMatchObject({
      sub: body.user.id,
      aud: 'materieelportaal',
      iss: t.deps.tokens.issuer,
      LoginType: 'password',
      upn: ADMIN,
      InternalExternal: 'Internal',
      [ROLE_CLAIM]: 'Admin',
    });
    expect(claims.exp).toBe(body.expiresAt);
    expect((claims.exp as number) - (claims.iat as number)).toBe(t.deps.config.ACCESS_TOKEN_TTL_SECONDS);

    const external = await signedIn(EXTERNAL);
    expect(external.user).toMatchObject({ isAdmin: false, internalExternal: 'External', language: 'en-US' });
    expect(decodeJwt(external.accessToken)[ROLE_CLAIM]).toBe('User');
  });

  it('shows the signed-in user with locations and areas at Users/me', async () => {
    const { accessToken } = await signedIn(READONLY);
    const r = await me(accessToken);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.email).toBe(READONLY);
    expect(body.locations).toEqual([
      expect.objectContaining({ locationNo: 'P-24001', role: 'administration' }),
    ]);
    expect(body.areas.AppBestellen).toEqual(['read', 'write']);
    expect(body.areas.AppCorporateIdentity).toBeUndefined();
    expect((await t.app.inject({ url: '/api/v2.0/Users/me' })).statusCode).toBe(401);
  });

  it('answers a wrong password and an unknown e-mail the same way', async () => {
    const bodies = new Set<string>();
    for (let i = 0; i < 50; i++) {
      if (i % 8 === 0) advance(16 * MINUTE); // stay under the per-account limit: this test is about the answer
      for (const email of [USER, `niemand${i}@vandijk.nl`]) {
        const r = await login(email, 'Verkeerd-wachtwoord-1');
        expect(r.statusCode).toBe(401);
        bodies.add(r.body);
      }
    }
    expect([...bodies]).toHaveLength(1);
    expect(JSON.parse([...bodies][0])).toMatchObject({ code: 'Inloggen.onjuiste_gegevens' });
    // Timing (both paths run one argon2id verification) is measured by `npm run bench:auth`, not here.
  }, 120_000);

  it('refuses a disabled account, telling only someone who knows its password', async () => {
    const wrong = await login(DISABLED, 'Verkeerd-wachtwoord-1');
    expect(wrong.statusCode).toBe(401);
    const right = await login(DISABLED, DEMO_PASSWORD);
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('error.account_geblokkeerd');
  });

  it('answers a malformed body with 400 naming the field', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email: 'geen-e-mail', password: 'x' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.email.code).toBe('validation.email_ongeldig');
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email: USER },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().details.fields)).toEqual(['password']);
    const extra = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email: USER, password: DEMO_PASSWORD, role: 'admin' },
    });
    expect(extra.statusCode).toBe(400);
    const notJson = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":"${USER}","password":"x","__proto__":{"isAdmin":true}}`,
    });
    expect(poisoned.statusCode).toBe(400);
  });

  it('stores argon2id hashes with m >= 19456, t >= 2, p = 1', async () => {
    const [{ hash: demoHash }] = await t.deps.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, USER));
    const { accessToken } = await signedIn(USER);
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/change-password',
      headers: { authorization: `Bearer ${accessToken}` },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Kiepwagen-op-P24001' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [row] = await t.deps.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.email, USER));
    const m = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(row.hash ?? '');
    expect(m).not.toBeNull();
    expect(Number(m?.[1])).toBeGreaterThanOrEqual(19456);
    expect(Number(m?.[2])).toBeGreaterThanOrEqual(2);
    expect(Number(m?.[3])).toBe(1);
    // The demo password is refused as a new password (a published one): put its hash back for the other tests.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/change-password',
      headers: { authorization: `Bearer ${changed.json().accessToken}` },
      payload: { currentPassword: 'Kiepwagen-op-P24001', newPassword: DEMO_PASSWORD },
    });
    expect(refused.statusCode).toBe(400);
    await t.deps.db.update(users).set({ passwordHash: demoHash }).where(eq(users.email, USER));
  });
});

describe('throttling', () => {
  it('an outsider cannot lock the user out: the browser that signed in before keeps signing in', async () => {
    advance(16 * MINUTE);
    // The user's own browser signs in once and keeps its device cookie.
    const first = await login(EXTERNAL, DEMO_PASSWORD);
    expect(first.statusCode).toBe(200);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(/^mp-device=[^;]+; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Strict/);
    const device = /^mp-device=([^;]+)/.exec(setCookie)?.[1] ?? '';
    // An outsider types wrong passwords from many addresses until the untrusted clients are locked out.
    let locked = false;
    for (let i = 0; i < 12 && !locked; i++) {
      locked = (await login(EXTERNAL, `Raden-${i}-raden`)).statusCode === 429;
    }
    expect(locked).toBe(true);
    expect((await login(EXTERNAL, DEMO_PASSWORD)).statusCode).toBe(429);
    // The user's own browser is not locked out, and its answer keeps the same device cookie.
    const mine = await login(EXTERNAL, DEMO_PASSWORD, { headers: { cookie: `mp-device=${device}` } });
    expect(mine.statusCode).toBe(200);
    // A forged cookie or one made for another account is an untrusted client.
    const other = /^mp-device=([^;]+)/.exec(
      String((await login(USER, DEMO_PASSWORD)).headers['set-cookie']),
    )?.[1];
    expect(
      (await login(EXTERNAL, DEMO_PASSWORD, { headers: { cookie: `mp-device=${other}` } })).statusCode,
    ).toBe(429);
    const [nonce] = device.split('.');
    const forged = `${nonce}.${'A'.repeat(43)}`;
    expect(
      (await login(EXTERNAL, DEMO_PASSWORD, { headers: { cookie: `mp-device=${forged}` } })).statusCode,
    ).toBe(429);
    // Guessing from the trusted device locks that device only (after ten failures), not the others.
    let deviceLocked = false;
    for (let i = 0; i < 12 && !deviceLocked; i++) {
      const r = await login(EXTERNAL, `Raden-${i}-opnieuw`, { headers: { cookie: `mp-device=${device}` } });
      deviceLocked = r.statusCode === 429;
    }
    expect(deviceLocked).toBe(true);
    advance(16 * MINUTE);
    expect((await login(EXTERNAL, DEMO_PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it('locks an account after 10 failures, whatever X-Forwarded-For says, with Retry-After', async () => {
    advance(16 * MINUTE);
    const statuses: number[] = [];
    let firstTooMany: { headers: Record<string, unknown>; body: string } | null = null;
    for (let i = 0; i < 120; i++) {
      const r = await login(ADMIN, `Fout-${i}-wachtwoord`, {
        remoteAddress: '192.0.2.10',
        headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
      });
      statuses.push(r.statusCode);
      if (r.statusCode === 429 && !firstTooMany) firstTooMany = { headers: r.headers, body: r.body };
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(10);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    const retryAfter = Number(firstTooMany?.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(JSON.parse(firstTooMany?.body ?? '{}').code).toBe('error.te_veel_verzoeken');
    // The right password does not get through while locked either (no oracle), from any address.
    expect((await login(ADMIN, DEMO_PASSWORD)).statusCode).toBe(429);
    advance(retryAfter * 1000 + 1000);
    expect((await login(ADMIN, DEMO_PASSWORD)).statusCode).toBe(200);
  }, 120_000);

  it('limits one address over many accounts to 30 failures, well before 100', async () => {
    advance(16 * MINUTE);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await login(`gok${i}@example.com`, 'Raden-raden-1', {
        remoteAddress: '192.0.2.20',
        headers: { 'x-forwarded-for': `203.0.113.${i % 250}`, 'x-real-ip': `203.0.113.${i % 250}` },
      });
      statuses.push(r.statusCode);
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(30);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    // another address is not affected
    expect((await login(EXTERNAL, DEMO_PASSWORD, { remoteAddress: '192.0.2.21' })).statusCode).toBe(200);
  }, 120_000);

  it('counts an IPv6 /64 as one address: rotating inside it opens no new bucket (issue #31 item 6)', async () => {
    advance(16 * MINUTE);
    const statuses: number[] = [];
    for (let i = 0; i < 120; i++) {
      const r = await login(`v6gok${i}@example.com`, 'Raden-raden-1', {
        remoteAddress: `2001:db8:77:1:${((i * 7919) % 65536).toString(16)}:${i.toString(16)}::${(i + 1).toString(16)}`,
      });
      statuses.push(r.statusCode);
    }
    const first = statuses.indexOf(429);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(30);
    expect(statuses.slice(first).every((s) => s === 429)).toBe(true);
    // the neighbouring /64 is another client
    expect((await login(EXTERNAL, DEMO_PASSWORD, { remoteAddress: '2001:db8:77:2::1' })).statusCode).toBe(
      200,
    );
  }, 120_000);

  it('clears the account counter on a successful login', async () => {
    advance(16 * MINUTE);
    for (let i = 0; i < 9; i++) expect((await login(READONLY, `Fout-${i}-ww`)).statusCode).toBe(401);
    expect((await login(READONLY, DEMO_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 9; i++) expect((await login(READONLY, `Fout-${i}-ww`)).statusCode).toBe(401);
    expect((await login(READONLY, DEMO_PASSWORD)).statusCode).toBe(200);
  }, 60_000);
});

describe('access tokens', () => {
  const secret = () => t.deps.tokens.secret;
  const iat = () => Math.floor(now / 1000);
  const good = (user: Record<string, unknown>) => ({
    email: USER,
    name: 'x',
    LoginType: 'password',
    upn: USER,
    InternalExternal: 'Internal',
    [ROLE_CLAIM]: 'Admin',
    sub: user.id as string,
  });

  function sign(
    payload: Record<string, unknown>,
    header: Record<string, unknown>,
    opts: { iss?: string; aud?: string; exp?: number } = {},
  ) {
    return new SignJWT(payload)
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt', ...header } as never)
      .setIssuer(opts.iss ?? t.deps.tokens.issuer)
      .setAudience(opts.aud ?? t.deps.tokens.audience)
      .setIssuedAt(iat())
      .setExpirationTime(opts.exp ?? iat() + 300)
      .sign(secret());
  }

  /** A compact JWS made by hand, for headers jose refuses to write (alg none, a forged alg label). */
  function handmade(
    header: Record<string, unknown>,
    payload: Record<string, unknown>,
    signature: (input: string) => string,
  ) {
    const input = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}`;
    return `${input}.${signature(input)}`;
  }

  async function expect401(token: string, code = 'error.token_ongeldig') {
    const r = await me(token);
    expect(r.statusCode, token).toBe(401);
    expect(r.json().code).toBe(code);
  }

  it('accepts its own token and refuses every forgery', async () => {
    const session = await signedIn(USER);
    const user = session.user;
    expect((await me(session.accessToken)).statusCode).toBe(200);
    // why: a token is only good for the user's current session generation (bumped by password changes).
    const [{ gen }] = await t.deps.db
      .select({ gen: users.sessionGeneration })
      .from(users)
      .where(eq(users.email, USER));
    const claims = {
      ...good(user),
      gen,
      aud: t.deps.tokens.audience,
      iss: t.deps.tokens.issuer,
      iat: iat(),
      exp: iat() + 300,
    };

    // tampered payload, original signature
    const [h, , s] = session.accessToken.split('.');
    const tampered = `${h}.${base64url.encode(JSON.stringify({ ...decodeJwt(session.accessToken), [ROLE_CLAIM]: 'Admin' }))}.${s}`;
    await expect401(tampered);

    // alg none, with and without a signature part
    await expect401(handmade({ alg: 'none', typ: 'at+jwt' }, claims, () => ''));
    await expect401(handmade({ alg: 'none', typ: 'at+jwt' }, claims, () => 'AAAA'));

    // HS/RS confusion: an RS256 label with an HMAC made of our own secret, and a real RS256 token
    const hmac = (input: string) =>
      createHmac('sha256', Buffer.from(secret())).update(input).digest('base64url');
    await expect401(handmade({ alg: 'RS256', typ: 'at+jwt' }, claims, hmac));
    const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
    const rs = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt' }).sign(privateKey);
    await expect401(rs);

    // injected keys: the attacker's key in jwk, and jku / x5u pointing elsewhere, even on a token we signed
    const jwk = await exportJWK(publicKey);
    await expect401(
      await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', typ: 'at+jwt', jwk }).sign(privateKey),
    );
    await expect401(await sign(good(user), { jwk: { kty: 'oct', k: base64url.encode(secret()) } }));
    await expect401(await sign(good(user), { jku: 'https://evil.example/jwks.json' }));
    await expect401(await sign(good(user), { x5u: 'https://evil.example/cert.pem' }));
    await expect401(await sign(good(user), { kid: '../../dev/null' }));

    // another secret
    await expect401(
      await new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
        .sign(new TextEncoder().encode('another-secret-that-is-long-enough-000000000')),
    );

    // wrong audience, wrong issuer
    await expect401(await sign(good(user), {}, { aud: 'another-app' }));
    await expect401(await sign(good(user), {}, { iss: 'https://evil.example' }));

    // an id token (typ JWT, nonce) signed with the right key is still not an access token; nor is one without typ
    await expect401(await sign({ ...good(user), nonce: 'n', auth_time: iat() }, { typ: 'JWT' }));
    await expect401(handmade({ alg: 'HS256' }, claims, hmac));

    // the unmodified handmade token is accepted, so the refusals above are about the change made
    expect((await me(handmade({ alg: 'HS256', typ: 'at+jwt' }, claims, hmac))).statusCode).toBe(200);
  });

  it('refuses an expired token with error.token_verlopen', async () => {
    const session = await signedIn(USER);
    // used once first: the verification is remembered, and still ends at the token's expiry
    expect((await me(session.accessToken)).statusCode).toBe(200);
    advance((t.deps.config.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000);
    await expect401(session.accessToken, 'error.token_verlopen');
  });
});

describe('refresh tokens', () => {
  it('rotates: the new token works, the old one is refused, and its replay revokes the family', async () => {
    const s = await signedIn(EXTERNAL);
    const other = await signedIn(EXTERNAL);
    const r2 = await refresh(s.refreshToken);
    expect(r2.statusCode).toBe(200);
    const second = r2.json();
    expect(second.refreshToken).not.toBe(s.refreshToken);
    expect((await me(second.accessToken)).statusCode).toBe(200);
    expect(decodeJwt(second.accessToken).sid).toBe(decodeJwt(s.accessToken).sid);

    const replay = await refresh(s.refreshToken);
    expect(replay.statusCode).toBe(401);
    const afterReplay = await refresh(second.refreshToken);
    expect(afterReplay.statusCode).toBe(401);
    // another session of the same user lives on
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('stores only a hash of the refresh token', async () => {
    const s = await signedIn(EXTERNAL);
    const rows = await t.deps.db.execute(sql`select * from refresh_tokens`);
    expect(JSON.stringify(rows.rows)).not.toContain(s.refreshToken);
  });

  it('ends a family at its absolute expiry however often it is refreshed', async () => {
    let s = await signedIn(EXTERNAL);
    const absolute = t.deps.config.REFRESH_TOKEN_ABSOLUTE_SECONDS * 1000;
    const step = Math.min(t.deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000 - MINUTE, absolute / 3);
    let elapsed = 0;
    while (elapsed + step < absolute) {
      advance(step);
      elapsed += step;
      const r = await refresh(s.refreshToken);
      expect(r.statusCode, `after ${elapsed / DAY} days`).toBe(200);
      s = r.json();
    }
    advance(absolute - elapsed + 1000);
    const late = await refresh(s.refreshToken);
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe('error.token_verlopen');
  });

  it('refuses a refresh token after its own lifetime', async () => {
    const s = await signedIn(EXTERNAL);
    advance(t.deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000 + 1000);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
  });

  it('refuses garbage', async () => {
    expect((await refresh('x'.repeat(43))).statusCode).toBe(401);
    expect((await refresh('kort')).statusCode).toBe(400);
  });
});

describe('ending sessions', () => {
  it('logout revokes the session of the bearer token and of a refresh token sent along', async () => {
    const a = await signedIn(EXTERNAL);
    const b = await signedIn(EXTERNAL);
    const c = await signedIn(EXTERNAL);
    const r = await t.app.inject({
      url: '/api/v2.0/Auth/logout',
      headers: { authorization: `Bearer ${a.accessToken}`, 'x-refresh-token': b.refreshToken },
    });
    expect(r.statusCode).toBe(204);
    expect((await refresh(a.refreshToken)).statusCode).toBe(401);
    expect((await refresh(b.refreshToken)).statusCode).toBe(401);
    expect((await refresh(c.refreshToken)).statusCode).toBe(200);

    const d = await signedIn(EXTERNAL);
    const q = await t.app.inject({
      url: `/api/v2.0/Auth/logout?refreshToken=${encodeURIComponent(d.refreshToken)}`,
      headers: { authorization: `Bearer ${c.accessToken}` },
    });
    expect(q.statusCode).toBe(204);
    expect((await refresh(d.refreshToken)).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v2.0/Auth/logout' })).statusCode).toBe(401);
  });

  it('disabling a user ends their refresh tokens', async () => {
    const s = await signedIn('m.hendriks@vandijk.nl');
    const [adminRow] = await t.deps.db.select().from(users).where(eq(users.email, ADMIN));
    const ctx: Ctx = {
      user: toAuthUser(adminRow),
      locale: 'nl-NL',
      db: t.deps.db,
      now: new Date(now),
      ip: '127.0.0.1',
      settings: () => t.deps.loadSettings(t.deps.db),
    };
    await setDisabled(ctx, s.user.id as string, true);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    const rows = await t.deps.db
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, s.user.id as string));
    expect(rows.every((r) => r.revokedAt !== null)).toBe(true);
    await setDisabled(ctx, s.user.id as string, false);
    expect((await refresh(s.refreshToken)).statusCode).toBe(401);
    expect((await login('m.hendriks@vandijk.nl', DEMO_PASSWORD)).statusCode).toBe(200);
  });

  it('a password change ends the other sessions and keeps this one going', async () => {
    const other = await signedIn(EXTERNAL);
    const mine = await signedIn(EXTERNAL);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/change-password',
      headers: { authorization: `Bearer ${mine.accessToken}` },
      payload: { currentPassword: DEMO_PASSWORD, newPassword: 'Betonmixer op de Zuidas 7' },
    });
    expect(r.statusCode).toBe(200);
    expect((await refresh(other.refreshToken)).statusCode).toBe(401);
    expect((await refresh(mine.refreshToken)).statusCode).toBe(401);
    expect((await refresh(r.json().refreshToken)).statusCode).toBe(200);
  });
});

describe('legacy calls', () => {
  it('LegacyLogin and LegacyRefreshLogin map onto the same service', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/LegacyAuth/LegacyLogin',
      payload: { gebruikersnaam: READONLY, wachtwoord: DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ success: true, user: { email: READONLY } });
    expect((await me(body.token)).statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/LegacyAuth/LegacyRefreshLogin',
      payload: { refreshToken: body.refreshToken },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      success: true,
      token: expect.any(String),
      refreshToken: expect.any(String),
    });

    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/LegacyAuth/LegacyLogin',
      payload: { email: READONLY, password: 'Verkeerd-wachtwoord-1' },
      remoteAddress: nextAddress(),
    });
    const wrongV2 = await login(READONLY, 'Verkeerd-wachtwoord-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toBe(wrongV2.body);
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/LegacyAuth/LegacyLogin',
      payload: { email: READONLY },
    });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().details.fields)).toEqual(['password']);
  });
});

describe('the browser session cookie (issue #9 item 1: no refresh token where scripts can read it)', () => {
  const cookieOf = (r: { headers: Record<string, unknown> }) => {
    const raw = r.headers['set-cookie'];
    const all = (Array.isArray(raw) ? raw : [raw]).filter(Boolean) as string[];
    return all.find((c) => c.startsWith('mp-refresh='));
  };
  const cookieValue = (setCookie: string) => setCookie.slice('mp-refresh='.length, setCookie.indexOf(';'));

  it('sets the refresh token as an HttpOnly SameSite=Strict cookie and leaves it out of the answer', async () => {
    const r = await login(USER, DEMO_PASSWORD, { headers: { 'x-session-cookie': '1' } });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().refreshToken).toBeUndefined();
    expect(r.json().accessToken).toBeTruthy();
    const set = cookieOf(r);
    expect(set).toMatch(/HttpOnly/i);
    expect(set).toMatch(/SameSite=Strict/i);
    expect(set).toMatch(/Path=\//);
    // API clients that do not ask still get it in the body
    expect((await login(USER, DEMO_PASSWORD)).json().refreshToken).toBeTruthy();
  });

  it('renews from the cookie alone (rotating it), refuses a replayed cookie, and logout clears it', async () => {
    const first = cookieOf(
      await login(USER, DEMO_PASSWORD, { headers: { 'x-session-cookie': '1' } }),
    ) as string;
    const renew = async (value: string) => {
      const { token } = (await t.app.inject({ url: '/api/v2.0/AntiForgery/token' })).json();
      return t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Auth/refresh-login',
        payload: {},
        headers: { 'x-session-cookie': '1', 'x-xsrf-token': token },
        cookies: { 'mp-refresh': value, 'mp-xsrf': token },
      });
    };
    const r1 = await renew(cookieValue(first));
    expect(r1.statusCode, r1.body).toBe(200);
    expect(r1.json().refreshToken).toBeUndefined();
    const second = cookieOf(r1) as string;
    expect(cookieValue(second)).not.toBe(cookieValue(first));
    expect((await me(r1.json().accessToken)).statusCode).toBe(200);
    // the used cookie coming back is a replay: the whole session ends
    expect((await renew(cookieValue(first))).statusCode).toBe(401);
    expect((await renew(cookieValue(second))).statusCode).toBe(401);

    const signIn2 = await login(USER, DEMO_PASSWORD, { headers: { 'x-session-cookie': '1' } });
    const r2 = cookieOf(signIn2) as string;
    const out = await t.app.inject({
      url: '/api/v2.0/Auth/logout',
      headers: { authorization: `Bearer ${signIn2.json().accessToken}` },
      cookies: { 'mp-refresh': cookieValue(r2) },
    });
    expect(out.statusCode).toBe(204);
    expect(cookieOf(out)).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/i);
    expect((await renew(cookieValue(r2))).statusCode).toBe(401);
    // no body token and no cookie: 401, not 400
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v2.0/Auth/refresh-login', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('refuses a renewal with the refresh cookie but without the anti-forgery token: 403, nothing rotated (issue #31 item 8)', async () => {
    const set = cookieOf(
      await login(USER, DEMO_PASSWORD, { headers: { 'x-session-cookie': '1' } }),
    ) as string;
    const refreshValue = cookieValue(set);
    const post = (headers: Record<string, string>, cookies: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Auth/refresh-login',
        payload: {},
        headers: { 'x-session-cookie': '1', ...headers },
        cookies: { 'mp-refresh': refreshValue, ...cookies },
      });
    const bare = await post({}, {});
    expect(bare.statusCode).toBe(403);
    expect(bare.json().code).toBe('error.antiforgery');
    expect(cookieOf(bare)).toBeUndefined();
    const { token } = (await t.app.inject({ url: '/api/v2.0/AntiForgery/token' })).json();
    expect((await post({ 'x-xsrf-token': 'forged' }, { 'mp-xsrf': token })).statusCode).toBe(403);
    expect((await post({}, { 'mp-xsrf': token })).statusCode).toBe(403);
    // the refused attempts used nothing up: the real page still renews with this cookie
    const ok = await post({ 'x-xsrf-token': token }, { 'mp-xsrf': token });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
