import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releasePorts, reservePort } from '../../../scripts/lib/ports.ts';
import { mailOutbox, users } from '../src/db/schema/index.ts';
import { setDisabled } from '../src/modules/users/users.service.ts';
import { startSessionGuard } from '../src/platform/auth/sessions.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './app.ts';

// An ended session ends at once on every server process: process A is this test's app, process B a real
// server (main.ts) on the same database with the same signing secret. After logout, password change, password
// reset, refresh-token replay and disabling, the old access token is refused by A straight away and by B as soon
// as the notification arrives (milliseconds; the test allows two seconds).

const SECRET = 'test-secret-that-is-long-enough-for-hs256-0123456789';
let t: TestApp;
let b: { proc: ChildProcess; base: string };
let dir: string;

beforeAll(async () => {
  t = await createTestApp();
  dir = mkdtempSync(path.join(tmpdir(), 'mp-sessions-'));
  chmodSync(dir, 0o755);
  const port = await reservePort();
  const proc = spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      DATABASE_URL: t.database.url,
      DATA_DIR: dir,
      JWT_SECRET: SECRET,
      PUBLIC_URL: t.deps.config.publicUrl,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const base = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  b = { proc, base };
}, 90_000);

afterAll(async () => {
  b?.proc.kill('SIGTERM');
  await new Promise((r) => b?.proc.once('exit', r));
  await t.close();
  rmSync(dir, { recursive: true, force: true });
  releasePorts();
});

const EMAIL = 'projectleider@infranoord.nl';

async function onA(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const r = await t.app.inject({
    method,
    url,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(payload ? { payload } : {}),
  });
  return { status: r.statusCode, json: () => r.json() };
}

async function onB(method: 'GET' | 'POST', url: string, token: string, payload?: object) {
  const r = await fetch(b.base + url, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(payload ? { 'content-type': 'application/json' } : {}) },
    body: payload ? JSON.stringify(payload) : undefined,
  });
  return r.status;
}

async function signIn(password = DEMO_PASSWORD) {
  const r = await onA('POST', '/api/v2.0/Auth/login', undefined, { email: EMAIL, password });
  expect(r.status).toBe(200);
  return r.json() as { accessToken: string; refreshToken: string };
}

/**
 * Both processes accept the token first, then refuse it after `end` — A at once, B as soon as its listener has
 * the notification (milliseconds on a quiet machine). why the long ceiling: beside a load test on 2 cores, B's
 * event loop was seen to take over 2 s; the ceiling only bounds a failure, a pass returns at the first refusal.
 */
async function expectEnded(token: string, end: () => Promise<void>) {
  expect((await onA('GET', '/api/v2.0/Users/me', token)).status).toBe(200);
  expect(await onB('GET', '/api/v2.0/Users/me', token)).toBe(200);
  await end();
  expect((await onA('GET', '/api/v2.0/Users/me', token)).status).toBe(401);
  await vi.waitFor(async () => expect(await onB('GET', '/api/v2.0/Users/me', token)).toBe(401), {
    timeout: 15_000,
    interval: 20,
  });
}

describe('an ended session ends at once on every process', () => {
  it('after logout', async () => {
    const { accessToken, refreshToken } = await signIn();
    await expectEnded(accessToken, async () => {
      const r = await t.app.inject({
        method: 'GET',
        url: '/api/v2.0/Auth/logout',
        headers: { authorization: `Bearer ${accessToken}`, 'x-refresh-token': refreshToken },
      });
      expect(r.statusCode).toBe(204);
    });
    // another session of the same user goes on
    const other = await signIn();
    expect(await onB('GET', '/api/v2.0/Users/me', other.accessToken)).toBe(200);
  });

  it('after a password change (the new tokens work)', async () => {
    const { accessToken } = await signIn();
    const bystander = await signIn();
    let fresh = '';
    await expectEnded(accessToken, async () => {
      const r = await onA('POST', '/api/v2.0/Auth/change-password', accessToken, {
        currentPassword: DEMO_PASSWORD,
        newPassword: 'Kiepwagen-op-de-Zuidas-9',
      });
      expect(r.status).toBe(200);
      fresh = r.json().accessToken;
    });
    expect(await onB('GET', '/api/v2.0/Users/me', bystander.accessToken)).toBe(401);
    expect(await onB('GET', '/api/v2.0/Users/me', fresh)).toBe(200);
  });

  it('after a password reset', async () => {
    const { accessToken } = await signIn('Kiepwagen-op-de-Zuidas-9');
    await expectEnded(accessToken, async () => {
      expect((await onA('POST', '/api/v2.0/Auth/forgot-password', undefined, { email: EMAIL })).status).toBe(
        202,
      );
      const mail = await vi.waitFor(
        async () => {
          const [row] = await t.database.db
            .select()
            .from(mailOutbox)
            .where(eq(mailOutbox.to, EMAIL))
            .orderBy(desc(mailOutbox.createdAt))
            .limit(1);
          if (!row) throw new Error('no mail yet');
          return row;
        },
        { timeout: 10_000, interval: 50 },
      );
      const token = decodeURIComponent(/token=([A-Za-z0-9_%-]+)/.exec(mail.text)?.[1] ?? '');
      const r = await onA('POST', '/api/v2.0/Auth/reset-password', undefined, {
        token,
        password: 'Steiger-op-de-Dam-2027',
      });
      expect(r.status).toBe(204);
    });
  });

  it('after a refresh-token replay (the whole session, new tokens included)', async () => {
    const first = await signIn('Steiger-op-de-Dam-2027');
    const rotated = await onA('POST', '/api/v2.0/Auth/refresh-login', undefined, {
      refreshToken: first.refreshToken,
    });
    expect(rotated.status).toBe(200);
    const second = rotated.json().accessToken as string;
    await expectEnded(second, async () => {
      const replay = await onA('POST', '/api/v2.0/Auth/refresh-login', undefined, {
        refreshToken: first.refreshToken,
      });
      expect(replay.status).toBe(401);
    });
    expect(await onB('GET', '/api/v2.0/Users/me', first.accessToken)).toBe(401);
  });

  it('after the account is disabled: no more writes', async () => {
    const { accessToken } = await signIn('Steiger-op-de-Dam-2027');
    const favourite = { name: 'Voor de kraan' };
    expect(await onB('POST', '/api/v2.0/FavoriteLists', accessToken, favourite)).toBe(201);
    const [admin] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@materieelportaal.nl'));
    const [user] = await t.database.db.select().from(users).where(eq(users.email, EMAIL));
    await setDisabled(
      {
        user: {
          id: admin.id,
          email: admin.email,
          name: admin.name,
          role: 'admin',
          kind: 'internal',
          permissions: [],
          customerId: null,
        },
        locale: 'nl-NL',
        db: t.database.db,
        now: new Date(),
        ip: '127.0.0.1',
        settings: () => t.deps.loadSettings(t.database.db),
      },
      user.id,
      true,
    );
    await vi.waitFor(
      async () => expect(await onB('POST', '/api/v2.0/FavoriteLists', accessToken, favourite)).toBe(401),
      { timeout: 15_000, interval: 20 },
    );
    expect((await onA('POST', '/api/v2.0/FavoriteLists', accessToken, favourite)).status).toBe(401);
  });
});

describe('a change of what a user may do takes effect at once on every process (issue #31 item 1)', () => {
  /** A fresh user with the demo password, signed in on A: its tokens, and its id. */
  async function freshUser(email: string, values: Partial<typeof users.$inferInsert>) {
    const [demo] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'admin@materieelportaal.nl'));
    const [row] = await t.database.db
      .insert(users)
      .values({ email, name: email, kind: 'internal', passwordHash: demo.passwordHash, ...values })
      .returning({ id: users.id });
    const r = await onA('POST', '/api/v2.0/Auth/login', undefined, { email, password: DEMO_PASSWORD });
    expect(r.status).toBe(200);
    return { id: row.id, ...(r.json() as { accessToken: string; refreshToken: string }) };
  }

  /**
   * The old token is refused on A and B. After a change through the API, A refuses it at once (the answer waited for
   * the notice: ENDS_SESSIONS); after a change by another statement, each process within moments of the commit.
   */
  async function expectRefusedEverywhere(
    url: string,
    token: string,
    method: 'GET' | 'POST' = 'GET',
    body?: object,
    { atOnceOnA = false } = {},
  ) {
    const refusedOnA = async () => {
      const a = await onA(method, url, token, body);
      expect(a.status).toBe(401);
      expect(a.json().code).toBe('error.token_verlopen');
    };
    if (atOnceOnA) await refusedOnA();
    else await vi.waitFor(refusedOnA, { timeout: 15_000, interval: 20 });
    await vi.waitFor(async () => expect(await onB(method, url, token, body)).toBe(401), {
      timeout: 15_000,
      interval: 20,
    });
  }

  it('a demoted admin can no longer list or create users with the old token; renewed, it gets 403', async () => {
    const demoted = await freshUser('gedegradeerd@sessions.test', { role: 'admin' });
    const newAdmin = {
      email: 'nieuwe-beheerder@sessions.test',
      name: 'Nieuw',
      language: 'nl-NL',
      kind: 'internal',
      isAdmin: true,
      customerId: null,
    };
    expect((await onA('GET', '/api/v2.0/Users', demoted.accessToken)).status).toBe(200);
    expect(await onB('GET', '/api/v2.0/Users', demoted.accessToken)).toBe(200);
    const admin = await t.auth('admin@materieelportaal.nl');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/v2.0/Users/${demoted.id}`,
      headers: admin,
      payload: { ...newAdmin, email: 'gedegradeerd@sessions.test', isAdmin: false },
    });
    expect(put.statusCode).toBe(204);
    await expectRefusedEverywhere('/api/v2.0/Users', demoted.accessToken, 'GET', undefined, {
      atOnceOnA: true,
    });
    await expectRefusedEverywhere('/api/v2.0/Users?sendEmail=false', demoted.accessToken, 'POST', newAdmin, {
      atOnceOnA: true,
    });
    const [made] = await t.database.db.select().from(users).where(eq(users.email, newAdmin.email));
    expect(made).toBeUndefined();
    // the session goes on: renewing gives a token with the rights as they are now
    const renewed = await onA('POST', '/api/v2.0/Auth/refresh-login', undefined, {
      refreshToken: demoted.refreshToken,
    });
    expect(renewed.status).toBe(200);
    const token = renewed.json().accessToken as string;
    expect((await onA('GET', '/api/v2.0/Users', token)).status).toBe(403);
    expect(await onB('GET', '/api/v2.0/Users', token)).toBe(403);
    expect(await onB('GET', '/api/v2.0/Users/me', token)).toBe(200);
  });

  it('a user whose department permission is taken away (by any statement) no longer reads the queue', async () => {
    const planner = await freshUser('planner@sessions.test', { permissions: ['department'] });
    expect((await onA('GET', '/api/v2.0/Department/requests', planner.accessToken)).status).toBe(200);
    // not through the API: the rule holds for every way the row changes (a trigger bumps access_version)
    await t.database.db.update(users).set({ permissions: [] }).where(eq(users.id, planner.id));
    await expectRefusedEverywhere('/api/v2.0/Department/requests', planner.accessToken);
  });

  it('a changed customer or kind ends the old rights too; a changed name or language does not', async () => {
    const u = await freshUser('wisselt@sessions.test', { kind: 'external' });
    await t.database.db
      .update(users)
      .set({ name: 'Andere naam', language: 'de-DE' })
      .where(eq(users.id, u.id));
    expect((await onA('GET', '/api/v2.0/Users/me', u.accessToken)).status).toBe(200);
    await t.database.db.update(users).set({ kind: 'internal' }).where(eq(users.id, u.id));
    await expectRefusedEverywhere('/api/v2.0/Users/me', u.accessToken);
  });

  it('a process started after the change refuses the old token as well', async () => {
    const u = await freshUser('later@sessions.test', { permissions: ['management'] });
    await t.database.db.update(users).set({ permissions: [] }).where(eq(users.id, u.id));
    const later = await startSessionGuard({ url: t.database.url, accessTtlSeconds: 900 });
    try {
      const claims = { userId: u.id, sessionId: null, generation: 0 };
      expect(later.isOutdated({ ...claims, accessVersion: 0 })).toBe(true);
      expect(later.isOutdated({ ...claims, accessVersion: 1 })).toBe(false);
      expect(later.hasEnded({ ...claims, accessVersion: 0 })).toBe(false);
    } finally {
      await later.close();
    }
  });
});

describe('a process started after a user was deleted', () => {
  it("still refuses that user's tokens (ended_users), and no one else's", async () => {
    const [gone, staying] = await t.database.db
      .insert(users)
      .values([
        { email: 'weg@sessions.test', name: 'Weg', kind: 'internal', role: 'user', permissions: [] },
        { email: 'blijft@sessions.test', name: 'Blijft', kind: 'internal', role: 'user', permissions: [] },
      ])
      .returning({ id: users.id });
    await t.database.db.delete(users).where(eq(users.id, gone.id));
    // a guard that was not listening when the user went: it knows only what the tables say
    const later = await startSessionGuard({ url: t.database.url, accessTtlSeconds: 900 });
    try {
      expect(later.hasEnded({ userId: gone.id, sessionId: null, generation: 0, accessVersion: 0 })).toBe(
        true,
      );
      expect(later.hasEnded({ userId: staying.id, sessionId: null, generation: 0, accessVersion: 0 })).toBe(
        false,
      );
    } finally {
      await later.close();
    }
  });
});
