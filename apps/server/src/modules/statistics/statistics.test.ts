import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { pageViews, users } from '../../db/schema/index.ts';
import { normalizePage } from './statistics.service.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const REPORTS = 'directie@vandijk.nl';
const OTHER_CUSTOMER = 'projectleider@infranoord.nl';

async function userIdOf(email: string): Promise<string> {
  const [u] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u.id;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.deps.db.delete(pageViews);
});
afterAll(async () => {
  await t.close();
});

async function track(page: unknown, email?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2.0/statistics',
    payload: { page },
    headers: email ? await t.auth(email) : {},
  });
}

async function setTracking(on: boolean) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v2.0/Settings',
    payload: { key: 'EnablePageTracking', value: on },
    headers: await t.auth(ADMIN),
  });
  expect(r.statusCode).toBe(204);
}

describe('page tracking', () => {
  it('stores the path only, also for anonymous visitors', async () => {
    await setTracking(true);
    const anon = await track('/wachtwoord-resetten?token=geheim123#x');
    expect(anon.statusCode).toBe(204);
    expect(anon.body).toBe('');
    expect((await track('/materieel/hekwerk', USER)).statusCode).toBe(204);
    const rows = await t.deps.db.select().from(pageViews);
    expect(rows.map((r) => r.page).sort()).toEqual(['/materieel/hekwerk', '/wachtwoord-resetten']);
    expect(JSON.stringify(rows)).not.toContain('geheim123');
    expect(rows.find((r) => r.page === '/wachtwoord-resetten')?.userId).toBeNull();
    expect(rows.find((r) => r.page === '/materieel/hekwerk')?.userId).not.toBeNull();
  });

  it('stores nothing when EnablePageTracking is off (still 204)', async () => {
    await setTracking(false);
    const before = (await t.deps.db.select().from(pageViews)).length;
    expect((await track('/uit')).statusCode).toBe(204);
    expect(await t.deps.db.select().from(pageViews)).toHaveLength(before);
    await setTracking(true);
  });

  it('validates the page', async () => {
    const empty = await track('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields).toHaveProperty('page');
    expect((await track('x'.repeat(301))).statusCode).toBe(400);
    expect((await track(12)).statusCode).toBe(400);
  });

  it('normalizes URLs and strips markup', () => {
    expect(normalizePage('https://portal.example/zoeken/boor?x=1')).toBe('/zoeken/boor');
    expect(normalizePage('/a<script>b')).toBe('/a script b');
  });
});

describe('page statistics', () => {
  it('counts views per page per day for admins and AppRapportage', async () => {
    await t.deps.db.delete(pageViews);
    const day = (d: string) => new Date(`${d}T10:00:00Z`);
    const vanDijk = await userIdOf(USER);
    await t.deps.db.insert(pageViews).values([
      { page: '/', userId: vanDijk, viewedAt: day('2026-03-01') },
      { page: '/', userId: vanDijk, viewedAt: day('2026-03-01') },
      { page: '/materieel', userId: vanDijk, viewedAt: day('2026-03-01') },
      { page: '/', userId: vanDijk, viewedAt: day('2026-03-03') },
      { page: '/oud', userId: vanDijk, viewedAt: day('2026-01-01') },
      // 23:30 UTC on 4 March is 5 March in Amsterdam.
      { page: '/laat', userId: vanDijk, viewedAt: new Date('2026-03-04T23:30:00Z') },
    ]);
    t.setNow(new Date('2026-03-05T12:00:00Z'));
    try {
      const r = await t.app.inject({
        url: '/api/v2.0/statistics?daysInPast=7',
        headers: await t.auth(REPORTS),
      });
      expect(r.statusCode).toBe(200);
      const body = r.json();
      expect(body).toMatchObject({ daysInPast: 7, from: '2026-02-27', to: '2026-03-05' });
      expect(body.rows).toEqual([
        { date: '2026-03-01', page: '/', views: 2 },
        { date: '2026-03-01', page: '/materieel', views: 1 },
        { date: '2026-03-03', page: '/', views: 1 },
        { date: '2026-03-05', page: '/laat', views: 1 },
      ]);
      expect(body.totals[0]).toEqual({ page: '/', views: 3 });
      const admin = await t.app.inject({
        url: '/api/v2.0/statistics?daysInPast=1',
        headers: await t.auth(ADMIN),
      });
      expect(admin.json().rows).toEqual([{ date: '2026-03-05', page: '/laat', views: 1 }]);
      const legacy = await t.app.inject({
        method: 'POST',
        url: '/api/Logging/GetPaginaLogStats',
        payload: { daysInPast: 7 },
        headers: await t.auth(REPORTS),
      });
      expect(legacy.json().stats[0]).toEqual({ datum: '2026-03-01', pagina: '/', aantal: 2 });
      expect(legacy.json().totalen[0]).toEqual({ pagina: '/', aantal: 3 });
    } finally {
      t.setNow(new Date());
    }
  });

  it("shows management its own customer's usage only; the portal-wide figures are the admins' (issue #31 item 5)", async () => {
    await t.deps.db.delete(pageViews);
    const at = new Date();
    await t.deps.db.insert(pageViews).values([
      { page: '/aanvragen/vandijk', userId: await userIdOf(USER), viewedAt: at },
      { page: '/klachten/infranoord-geheim', userId: await userIdOf(OTHER_CUSTOMER), viewedAt: at },
      { page: '/materieeldienst', userId: await userIdOf(ADMIN), viewedAt: at },
      { page: '/anoniem', viewedAt: at },
    ]);
    const pages = async (email: string) =>
      (await t.app.inject({ url: '/api/v2.0/statistics?daysInPast=1', headers: await t.auth(email) }))
        .json()
        .totals.map((r: { page: string }) => r.page)
        .sort();
    expect(await pages(REPORTS)).toEqual(['/aanvragen/vandijk']);
    expect(await pages(ADMIN)).toEqual([
      '/aanvragen/vandijk',
      '/anoniem',
      '/klachten/infranoord-geheim',
      '/materieeldienst',
    ]);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/Logging/GetPaginaLogStats',
      payload: { daysInPast: 1 },
      headers: await t.auth(REPORTS),
    });
    expect(legacy.json().totalen.map((r: { pagina: string }) => r.pagina)).toEqual(['/aanvragen/vandijk']);
  });

  it('refuses users without AppRapportage (403) and anonymous callers (401)', async () => {
    expect(
      (await t.app.inject({ url: '/api/v2.0/statistics', headers: await t.auth(USER) })).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/v2.0/statistics' })).statusCode).toBe(401);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/Logging/GetPaginaLogStats',
      payload: { daysInPast: 7 },
      headers: await t.auth(USER),
    });
    expect(legacy.statusCode).toBe(403);
  });

  it('validates daysInPast and names it', async () => {
    for (const v of ['0', '367', 'abc', '1.5']) {
      const r = await t.app.inject({
        url: `/api/v2.0/statistics?daysInPast=${v}`,
        headers: await t.auth(ADMIN),
      });
      expect(r.statusCode).toBe(400);
      expect(r.json().details.fields).toHaveProperty('daysInPast');
    }
  });
});

describe('legacy LogPagina', () => {
  it('stores a page view from the Dutch field', async () => {
    await setTracking(true);
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/Logging/LogPagina',
      payload: { pagina: '/bestellijst?id=3' },
    });
    expect(r.statusCode).toBe(204);
    const rows = await t.deps.db.select().from(pageViews).where(eq(pageViews.page, '/bestellijst'));
    expect(rows).toHaveLength(1);
    const missing = await t.app.inject({ method: 'POST', url: '/api/Logging/LogPagina', payload: {} });
    expect(missing.statusCode).toBe(400);
  });
});
