import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { customers, users } from '../../db/schema/index.ts';
import {
  ADMIN,
  EXTERNAL,
  FOREIGN_LOC,
  LOC,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #14 part 4 (decision 0023): a location's data — facts, members and the traffic light — and who may change
// what: members read, the write role, admins and the customer's key user change the facts, admins and that key user
// the members (each target through canManageUser); anything out of reach answers 404 and nothing changes.

const KEY_VANDIJK = 'sleutel@vandijk.test';
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const [vanDijk] = await t.deps.db.select().from(customers).where(eq(customers.customerNo, 'K-10045'));
  await t.deps.db.insert(users).values({
    email: KEY_VANDIJK,
    name: 'Sleutel Van Dijk',
    kind: 'internal',
    role: 'user',
    customerId: vanDijk?.id,
    permissions: ['keyuser'],
  });
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'PUT' | 'DELETE', url: string, email: string, payload?: object) {
  return t.app.inject({ method, url, headers: await t.auth(email), payload });
}
const details = (loc: string, email: string) => call('GET', `/api/v2.0/PlantLocations/${loc}/details`, email);
async function idOf(email: string): Promise<string> {
  const [u] = await t.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return u?.id as string;
}
async function memberRole(loc: string, email: string) {
  const r = await t.database.db.execute<{ role: string }>(sql`
    select m.role::text from location_memberships m join plant_locations l on l.id = m.location_id
    join users u on u.id = m.user_id where l.location_no = ${loc} and u.email = ${email}`);
  return r.rows[0]?.role ?? null;
}

describe('GET PlantLocations/{plantLocation}/details', () => {
  it('shows a member the facts, the members and what it may change', async () => {
    const r = await details(LOC, USER);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({ locationNo: LOC, canEdit: true, canManageMembers: false });
    expect(body.members.map((m: { email: string }) => m.email)).toContain(USER);
    expect(body.members.every((m: { manageable: boolean }) => !m.manageable)).toBe(true);
    const ro = (await details(LOC, READONLY)).json();
    expect(ro).toMatchObject({ canEdit: false, canManageMembers: false });
  });

  it("answers another customer's user 404, the same as an unknown location", async () => {
    const foreign = await details(LOC, EXTERNAL);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'error.locatie_onbekend']);
    expect((await details('P-99999', USER)).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v2.0/PlantLocations/${LOC}/details` })).statusCode).toBe(401);
  });

  it('lights the oldest stock line against the settings', async () => {
    const r = await t.database.db.execute<{ days: number }>(sql`
      select (${calendarDayIn(new Date())}::date - min(i.last_movement_date))::int as days
      from inventory i join plant_locations l on l.id = i.location_id
      where l.location_no = ${LOC} and i.quantity > 0`);
    const days = r.rows[0]?.days ?? 0;
    expect(days).toBeGreaterThan(0);
    await setSetting(t, 'Locatie_IndicatorWarning', days + 1);
    await setSetting(t, 'Locatie_IndicatorDanger', days + 2);
    expect((await details(LOC, USER)).json().indicator).toMatchObject({
      level: 'safe',
      days,
      hasStock: true,
    });
    await setSetting(t, 'Locatie_IndicatorWarning', days);
    expect((await details(LOC, USER)).json().indicator.level).toBe('warning');
    await setSetting(t, 'Locatie_IndicatorDanger', days);
    expect((await details(LOC, USER)).json().indicator.level).toBe('danger');
  });

  it('says a location without stock has none (not "0 days")', async () => {
    const r = await t.database.db.execute<{ no: string }>(sql`
      select l.location_no as no from plant_locations l
      where l.deregistered_at is null
        and not exists (select 1 from inventory i where i.location_id = l.id and i.quantity > 0)
      order by l.location_no limit 1`);
    const empty = r.rows[0]?.no;
    expect(empty).toBeTruthy();
    const body = (await details(empty as string, ADMIN)).json();
    expect(body.indicator).toMatchObject({ level: 'safe', days: 0, hasStock: false });
  });
});

describe('PUT PlantLocations/{plantLocation}', () => {
  const facts = {
    description: 'Nieuwbouw 48 woningen (fase 2)',
    description2: 'Utrecht, Langerakbaan 220',
    projectNumber: 'PRJ-2026-77',
    startDate: '2026-01-05',
    endDate: '2027-03-31',
  };
  it('lets a member with role user change the facts, and reads them back', async () => {
    const r = await call('PUT', `/api/v2.0/PlantLocations/${LOC}`, USER, facts);
    expect(r.statusCode, r.body).toBe(204);
    expect((await details(LOC, USER)).json()).toMatchObject(facts);
  });

  it('refuses an end before the start at endDate, the read-only role and another customer, changing nothing', async () => {
    const before = (await details(LOC, USER)).json();
    const bad = await call('PUT', `/api/v2.0/PlantLocations/${LOC}`, USER, {
      ...facts,
      endDate: '2025-12-31',
    });
    expect([bad.statusCode, bad.json().code]).toEqual([422, 'validation.einde_na_begin']);
    expect(bad.json().details.fields).toHaveProperty('endDate');
    const ro = await call('PUT', `/api/v2.0/PlantLocations/${LOC}`, READONLY, { ...facts, description: 'x' });
    expect([ro.statusCode, ro.json().code]).toEqual([403, 'error.alleen_lezen']);
    const foreign = await call('PUT', `/api/v2.0/PlantLocations/${LOC}`, EXTERNAL, {
      ...facts,
      description: 'x',
    });
    expect(foreign.statusCode).toBe(404);
    const key = await call('PUT', `/api/v2.0/PlantLocations/${FOREIGN_LOC}`, KEY_VANDIJK, {
      ...facts,
      description: 'x',
    });
    expect(key.statusCode).toBe(404);
    expect((await details(LOC, USER)).json()).toEqual(before);
  });
});

describe('members', () => {
  it("lets the customer's key user add, change and remove its own customer's users", async () => {
    const body = (await details(LOC, KEY_VANDIJK)).json();
    expect(body).toMatchObject({ canManageMembers: true });
    const target = await idOf('m.hendriks@vandijk.nl');
    const url = `/api/v2.0/PlantLocations/${LOC}/members/${target}`;
    const previous = await memberRole(LOC, 'm.hendriks@vandijk.nl');
    expect((await call('PUT', url, KEY_VANDIJK, { role: 'administration' })).statusCode).toBe(204);
    expect(await memberRole(LOC, 'm.hendriks@vandijk.nl')).toBe('administration');
    expect((await call('DELETE', url, KEY_VANDIJK)).statusCode).toBe(204);
    expect(await memberRole(LOC, 'm.hendriks@vandijk.nl')).toBeNull();
    expect((await call('DELETE', url, KEY_VANDIJK)).statusCode).toBe(404);
    if (previous) await call('PUT', url, ADMIN, { role: previous });
  });

  it("refuses another customer's user, an admin as target and plain members, changing nothing", async () => {
    const foreignUser = await idOf(EXTERNAL);
    const url = (id: string) => `/api/v2.0/PlantLocations/${LOC}/members/${id}`;
    const other = await call('PUT', url(foreignUser), KEY_VANDIJK, { role: 'user' });
    expect(other.statusCode).toBe(404);
    expect(await memberRole(LOC, EXTERNAL)).toBeNull();
    expect((await call('PUT', url(await idOf(ADMIN)), KEY_VANDIJK, { role: 'user' })).statusCode).toBe(404);
    expect((await call('PUT', url('not-a-user'), KEY_VANDIJK, { role: 'user' })).statusCode).toBe(404);
    const plain = await call('PUT', url(await idOf('m.hendriks@vandijk.nl')), USER, { role: 'user' });
    expect([plain.statusCode, plain.json().code]).toEqual([403, 'error.geen_toegang']);
    // the key user of Van Dijk on a location of Infra Noord
    const foreignLoc = await call(
      'PUT',
      `/api/v2.0/PlantLocations/${FOREIGN_LOC}/members/${await idOf(USER)}`,
      KEY_VANDIJK,
      {
        role: 'user',
      },
    );
    expect(foreignLoc.statusCode).toBe(404);
    expect(await memberRole(FOREIGN_LOC, USER)).toBeNull();
  });

  it('lets an admin add anyone', async () => {
    const url = `/api/v2.0/PlantLocations/${FOREIGN_LOC}/members/${await idOf(USER)}`;
    expect((await call('PUT', url, ADMIN, { role: 'administration' })).statusCode).toBe(204);
    expect(await memberRole(FOREIGN_LOC, USER)).toBe('administration');
    expect((await call('DELETE', url, ADMIN)).statusCode).toBe(204);
  });
});
