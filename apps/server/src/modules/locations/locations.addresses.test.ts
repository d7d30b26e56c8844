import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { customers, plantLocations, users, workAddresses } from '../../db/schema/index.ts';

const ADMIN = 'admin@materieelportaal.nl';
const MEMBER = 'uitvoerder@vandijk.nl'; // role user on P-24001
const READ_ONLY = 'administratie@vandijk.nl'; // administration on P-24001
const EXTERNAL = 'projectleider@infranoord.nl'; // K-10112, no member of P-24001
const KEY_VANDIJK = 'sleutel@vandijk.nl'; // made below: key user of K-10045, member of nothing
const KEY_NOORD = 'sleutel2@infranoord.nl'; // made below: key user of K-10112

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  const all = await t.deps.db.select().from(customers);
  const id = (no: string) => all.find((c) => c.customerNo === no)?.id as string;
  await t.deps.db.insert(users).values([
    {
      email: KEY_VANDIJK,
      name: 'Sleutel Van Dijk',
      kind: 'external',
      role: 'user',
      customerId: id('K-10045'),
      permissions: ['keyuser'],
    },
    {
      email: KEY_NOORD,
      name: 'Sleutel Noord',
      kind: 'external',
      role: 'user',
      customerId: id('K-10112'),
      permissions: ['keyuser'],
    },
  ]);
});
afterAll(async () => {
  await t.close();
});

async function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  email?: string,
  payload?: object,
) {
  return t.app.inject({ method, url, headers: email ? await t.auth(email) : {}, payload });
}
const base = '/api/v2.0/PlantLocations/P-24001/addresses';
const address = (over: Record<string, unknown> = {}) => ({
  name: 'Bouwkeet noord',
  street: 'Keetweg 2',
  postcode: '3511 AA',
  city: 'Utrecht',
  contactPerson: 'Piet',
  phone: '030-1234567',
  ...over,
});
const addressesOf = async (no: string) => {
  const [loc] = await t.deps.db.select().from(plantLocations).where(eq(plantLocations.locationNo, no));
  return t.deps.db.select().from(workAddresses).where(eq(workAddresses.locationId, loc.id));
};

describe('work addresses: create, change, delete', () => {
  it('a member creates one (next WA code), makes it the default, changes and deletes it; the wizards list it', async () => {
    const r = await call('POST', base, MEMBER, address({ isDefault: true }));
    expect(r.statusCode).toBe(201);
    const created = r.json();
    expect(created).toMatchObject({
      code: expect.stringMatching(/^WA-\d{2}$/),
      isDefault: true,
      kind: 'work_address',
    });
    const defaults = (await addressesOf('P-24001')).filter((a) => a.isDefault);
    expect(defaults.map((a) => a.id)).toEqual([created.id]);
    const listed = (await call('GET', base, MEMBER)).json().addresses;
    expect(listed[0]).toMatchObject({ id: created.id, isDefault: true });

    const put = await call(
      'PUT',
      `${base}/${created.id}`,
      MEMBER,
      address({ name: 'Keet zuid', isDefault: false }),
    );
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ name: 'Keet zuid', code: created.code, isDefault: false });

    const dup = await call('POST', base, MEMBER, address({ code: created.code }));
    expect(dup.statusCode).toBe(422);
    expect(dup.json()).toMatchObject({
      code: 'Locatie.adres_code_bestaat',
      details: { fields: { code: expect.any(Object) } },
    });

    const del = await call('DELETE', `${base}/${created.id}`, MEMBER);
    expect(del.statusCode).toBe(204);
    expect((await addressesOf('P-24001')).some((a) => a.id === created.id)).toBe(false);
    expect((await call('DELETE', `${base}/${created.id}`, MEMBER)).statusCode).toBe(404);
  });

  it('refuses to delete an address an open request uses (422), and deletes it once the request is done', async () => {
    const created = (await call('POST', base, ADMIN, address({ code: 'WA-OPEN' }))).json();
    const [req] = (
      await t.deps.db.execute<{ id: string; status: string }>(
        sql`select id, status from plant_requests where status = 'submitted' limit 1`,
      )
    ).rows;
    await t.deps.db.execute(
      sql`update plant_requests set work_address_id = ${created.id} where id = ${req.id}`,
    );
    const r = await call('DELETE', `${base}/${created.id}`, MEMBER);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'Locatie.adres_in_gebruik',
      details: { fields: { addressId: expect.any(Object) } },
    });
    expect((await addressesOf('P-24001')).some((a) => a.id === created.id)).toBe(true);
    await t.deps.db.execute(sql`update plant_requests set status = 'done' where id = ${req.id}`);
    expect((await call('DELETE', `${base}/${created.id}`, MEMBER)).statusCode).toBe(204);
    await t.deps.db.execute(
      sql`update plant_requests set status = ${req.status}::request_status where id = ${req.id}`,
    );
  });

  it('per role: read-only 403, external of another customer 404, key user of the customer allowed, of another 404', async () => {
    const before = (await addressesOf('P-24001')).length;
    expect((await call('POST', base, READ_ONLY, address())).statusCode).toBe(403);
    const foreign = await call('POST', base, EXTERNAL, address());
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().code).toBe('error.locatie_onbekend');
    const otherKey = await call('POST', base, KEY_NOORD, address());
    expect(otherKey.statusCode).toBe(404);
    expect(otherKey.json().code).toBe('error.locatie_onbekend');
    expect((await call('POST', base, undefined, address())).statusCode).toBe(401);
    expect((await addressesOf('P-24001')).length).toBe(before);

    const own = await call('POST', base, KEY_VANDIJK, address({ code: 'WA-KEY' }));
    expect(own.statusCode).toBe(201);
    const id = own.json().id;
    // another customer's key user can neither change nor delete it, and learns nothing
    expect((await call('PUT', `${base}/${id}`, KEY_NOORD, address({ name: 'Weg' }))).statusCode).toBe(404);
    expect((await call('DELETE', `${base}/${id}`, KEY_NOORD)).statusCode).toBe(404);
    expect((await addressesOf('P-24001')).find((a) => a.id === id)?.name).toBe('Bouwkeet noord');
    expect((await call('DELETE', `${base}/${id}`, KEY_VANDIJK)).statusCode).toBe(204);
  });

  it('answers an address of another location as unknown (404), through a location the caller may write on', async () => {
    const other = (
      await call('POST', '/api/v2.0/PlantLocations/P-24002/addresses', MEMBER, address())
    ).json();
    const r = await call('PUT', `${base}/${other.id}`, MEMBER, address({ name: 'Gekaapt' }));
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('Locatie.adres_onbekend');
    expect((await call('DELETE', `${base}/${other.id}`, MEMBER)).statusCode).toBe(404);
    expect((await addressesOf('P-24002')).find((a) => a.id === other.id)?.name).toBe('Bouwkeet noord');
  });

  it('validates the body (400)', async () => {
    expect((await call('POST', base, MEMBER, { name: '', street: 'x', city: 'y' })).statusCode).toBe(400);
    expect((await call('POST', base, MEMBER, address({ phone: 'bel me' }))).statusCode).toBe(400);
    expect((await call('POST', base, MEMBER, address({ code: 'wa 1' }))).statusCode).toBe(400);
  });
});

describe('work addresses under concurrency (issue #31 item 3)', () => {
  it('eight parallel new addresses get eight codes and leave one default', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        call('POST', base, MEMBER, address({ name: `Tegelijk ${i}`, isDefault: true })),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const codes = answers.map((a) => a.json().code as string);
    expect(new Set(codes).size).toBe(8);
    expect((await addressesOf('P-24001')).filter((a) => a.isDefault)).toHaveLength(1);
  });
});
