// The sync of the ERP's portal users (issue #33 point 2, decision 0027) against the fake BC: a full sync equals the
// fake's users and their locations (the demo's users adopted by e-mail), a change and a deletion reach the portal, a
// user the ERP blocks loses their session at once, what the ERP never touches (an admin, the password, the language
// chosen, the role), a new user made without a password, and the legacy calls Users/syncusers and SyncGebruikers.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/app.ts';
import { startConnectedApp } from './erp.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const OTHER = 'm.hendriks@vandijk.nl';
const GONE = 'a.postma@infranoord.nl';

let fake: FakeBc;
let t: TestApp;
let none: TestApp;

const one = async <T>(query: ReturnType<typeof sql>) =>
  (await t.database.db.execute<T & Record<string, unknown>>(query)).rows[0] as T | undefined;
const count = async (query: ReturnType<typeof sql>) => Number((await one<{ n: number }>(query))?.n);
const erpUser = (email: string) => fake.control.list('portalUsers', { filter: `email eq '${email}'` })[0];

async function call(app: TestApp, method: 'GET' | 'POST', url: string, email: string, payload?: object) {
  return app.app.inject({
    method,
    url,
    headers: { ...(await app.auth(email)), 'accept-language': 'nl-NL' },
    ...(payload === undefined ? {} : { payload }),
  });
}
const syncUsers = async () => {
  const r = await call(t, 'POST', '/api/v2.0/Erp/sync', ADMIN, { entities: ['users'] });
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};
const me = (authorization: { authorization: string }) =>
  t.app.inject({ url: '/api/v2.0/Users/me', headers: authorization });

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp());
  none = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await none?.close();
  await fake?.close();
});

describe('the sync of the ERP’s users', () => {
  it('Users/syncusers runs it: the portal holds the ERP’s users and their locations, the demo’s adopted', async () => {
    const before = await count(sql`select count(*)::int as n from users`);
    const r = await call(t, 'GET', '/api/v2.0/Users/syncusers', ADMIN);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      code: 'erp.sync.klaar',
      relinked: [],
      results: [{ entity: 'users', state: 'done', errorCode: null }],
    });
    const erp = fake.control.counts();
    expect(await count(sql`select count(*)::int as n from users`)).toBe(before);
    expect(await count(sql`select count(*)::int as n from users where erp_id is not null`)).toBe(
      erp.portalUsers,
    );
    expect(r.json().checked).toBe(before);
    expect(await count(sql`select count(*)::int as n from location_memberships`)).toBe(
      erp.portalUserLocations,
    );
    // the ids are the demo's: adopted in place, not doubled
    const u = await one<{ erp_id: string; id: string }>(
      sql`select id, erp_id from users where email = ${USER}`,
    );
    expect(u?.erp_id).toBe(erpUser(USER)?.id);
  });

  it('a change in the ERP reaches the portal: name, phone, locations; not the language, role or password', async () => {
    fake.control.advanceClock(60_000);
    const u = erpUser(OTHER);
    const hash = await one<{ h: string }>(sql`select password_hash as h from users where email = ${OTHER}`);
    await t.database.db.execute(sql`update users set language = 'de-DE' where email = ${OTHER}`);
    fake.control.update('portalUsers', String(u.id), {
      name: 'Marieke Hendriks-de Vries',
      phoneNumber: '06 1234 5678',
      languageCode: 'FRA',
    });
    const [lost] = fake.control.list('portalUserLocations', {
      filter: `userId eq ${u.id} and projectLocationNumber eq 'P-24006'`,
    });
    fake.control.remove('portalUserLocations', String(lost.id));
    fake.control.create('portalUserLocations', {
      userId: u.id,
      projectLocationNumber: 'P-24001',
      role: 'Administration',
    });
    const answer = await syncUsers();
    expect(answer.results[0]).toMatchObject({ entity: 'users', state: 'done', upserted: 1 });
    const row = await one<{ name: string; phone: string; language: string; h: string; role: string }>(sql`
      select name, phone, language, password_hash as h, role from users where email = ${OTHER}`);
    expect(row).toEqual({
      name: 'Marieke Hendriks-de Vries',
      phone: '06 1234 5678',
      language: 'de-DE',
      h: hash?.h,
      role: 'user',
    });
    const locations = await t.database.db.execute<{ no: string; role: string }>(sql`
      select l.location_no as no, m.role from location_memberships m join plant_locations l on l.id = m.location_id
      join users u on u.id = m.user_id where u.email = ${OTHER} order by 1`);
    expect(locations.rows).toEqual([
      { no: 'P-24001', role: 'administration' },
      { no: 'P-24003', role: 'user' },
      { no: 'P-24004', role: 'user' },
      { no: 'P-24005', role: 'user' },
    ]);
    // the user's next page shows the new location
    const mine = await call(t, 'GET', '/api/v2.0/Users/me', OTHER);
    expect(mine.json().name).toBe('Marieke Hendriks-de Vries');
  });

  it('an admin’s account stays the portal’s', async () => {
    fake.control.advanceClock(60_000);
    fake.control.update('portalUsers', String(erpUser(ADMIN).id), { name: 'Iemand Anders', blocked: true });
    expect((await syncUsers()).results[0]).toMatchObject({ state: 'done', upserted: 0 });
    expect(await one(sql`select name, disabled from users where email = ${ADMIN}`)).toEqual({
      name: 'Annemiek Beheerder',
      disabled: false,
    });
  });

  it('a user the ERP blocks loses their session at once, for good', async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Auth/login',
      payload: { email: USER, password: DEMO_PASSWORD },
    });
    expect(login.statusCode, login.body).toBe(200);
    const { accessToken, refreshToken } = login.json();
    const session = { authorization: `Bearer ${accessToken}` };
    const refresh = () =>
      t.app.inject({ method: 'POST', url: '/api/v2.0/Auth/refresh-login', payload: { refreshToken } });
    expect((await me(session)).statusCode).toBe(200);
    fake.control.advanceClock(60_000);
    fake.control.update('portalUsers', String(erpUser(USER).id), { blocked: true });
    expect((await syncUsers()).results[0]).toMatchObject({ state: 'done', upserted: 1 });
    expect((await me(session)).statusCode).toBe(401);
    expect(await one(sql`select disabled from users where email = ${USER}`)).toEqual({ disabled: true });
    // unblocked in the ERP: the user signs in again; the ended session (its refresh token) stays ended
    fake.control.advanceClock(60_000);
    fake.control.update('portalUsers', String(erpUser(USER).id), { blocked: false });
    await syncUsers();
    expect((await refresh()).statusCode).toBe(401);
    expect((await me(session)).statusCode).toBe(401);
    expect((await me(await t.auth(USER))).statusCode).toBe(200);
  });

  it('a user new in the ERP is made without a password, to be invited; one deleted there is gone', async () => {
    fake.control.advanceClock(60_000);
    fake.control.create('portalUsers', {
      email: 'nieuw@vandijk.nl',
      name: 'Nieuwe Uitvoerder',
      kind: 'External',
      customerNumber: 'K-10045',
      languageCode: 'ENU',
      locations: [{ projectLocationNumber: 'P-24002', role: 'User' }],
    });
    const gone = await t.auth(GONE);
    fake.control.remove('portalUsers', String(erpUser(GONE).id));
    await syncUsers();
    const made = await one<Record<string, unknown>>(sql`
      select u.name, u.kind, u.role, u.language, u.password_hash is null as "noPassword", c.customer_no as customer,
        u.approved_at is not null as approved, u.disabled
      from users u join customers c on c.id = u.customer_id where u.email = 'nieuw@vandijk.nl'`);
    expect(made).toEqual({
      name: 'Nieuwe Uitvoerder',
      kind: 'external',
      role: 'user',
      language: 'en-US',
      noPassword: true,
      customer: 'K-10045',
      approved: true,
      disabled: false,
    });
    // the users page shows them invited: an admin or key user sends the invitation
    const list = await call(t, 'GET', '/api/v2.0/Users?query=nieuw', ADMIN);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().items).toMatchObject([{ email: 'nieuw@vandijk.nl', invited: true }]);

    const deletions = await call(t, 'POST', '/api/v2.0/Erp/sync', ADMIN, { entities: ['deletions'] });
    expect(deletions.json().results[0]).toMatchObject({ entity: 'deletions', state: 'done' });
    expect(await count(sql`select count(*)::int as n from users where email = ${GONE}`)).toBe(0);
    expect((await me(gone)).statusCode).toBe(401);
  });

  it('waits for a customer the portal does not have yet instead of dropping the user', async () => {
    fake.control.advanceClock(60_000);
    fake.control.create('customers', { number: 'K-99001', displayName: 'Nieuwe Klant B.V.' });
    fake.control.create('portalUsers', {
      email: 'inkoop@nieuweklant.nl',
      name: 'Inkoop Nieuwe Klant',
      customerNumber: 'K-99001',
    });
    const waiting = await syncUsers();
    expect(waiting.results[0]).toMatchObject({ state: 'failed', errorCode: 'erp.sync.wacht_op' });
    expect(waiting.results[0].errorMessage).toContain('K-99001');
    await call(t, 'POST', '/api/v2.0/Erp/sync', ADMIN, { entities: ['customers'] });
    expect((await syncUsers()).results[0]).toMatchObject({ state: 'done', upserted: 1 });
    expect(await count(sql`select count(*)::int as n from users where email = 'inkoop@nieuweklant.nl'`)).toBe(
      1,
    );
  });

  it('the legacy SyncGebruikers answers the same way; without an ERP both calls do what they did', async () => {
    const legacy = await call(t, 'POST', '/api/Gebruiker/SyncGebruikers', ADMIN, {});
    expect(legacy.statusCode, legacy.body).toBe(200);
    expect(legacy.json()).toMatchObject({ code: 'erp.sync.klaar', results: [{ entity: 'users' }] });
    for (const [method, url] of [
      ['GET', '/api/v2.0/Users/syncusers'],
      ['POST', '/api/Gebruiker/SyncGebruikers'],
    ] as const) {
      const r = await call(none, method, url, ADMIN, method === 'POST' ? {} : undefined);
      expect(r.statusCode).toBe(200);
      expect(r.json().code).toBe('Gebruikers.sync_geen_erp');
      expect(r.json().results).toBeUndefined();
    }
    expect((await call(t, 'GET', '/api/v2.0/Users/syncusers', 'directie@vandijk.nl')).statusCode).toBe(403);
  });
});
