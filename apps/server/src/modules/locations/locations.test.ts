import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { customers, depots, plantLocations, users, workAddresses } from '../../db/schema/index.ts';

const ADMIN = 'admin@materieelportaal.nl';
const VANDIJK = 'uitvoerder@vandijk.nl';
const INFRANOORD = 'projectleider@infranoord.nl';
const READ_ONLY = 'administratie@vandijk.nl';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string, email?: string) {
  return t.app.inject({ url, headers: email ? await t.auth(email) : {} });
}

async function locationNosOf(email: string): Promise<string[]> {
  const r = await get('/api/v2.0/PlantLocations', email);
  expect(r.statusCode).toBe(200);
  return r.json().plantLocations.map((l: { locationNo: string }) => l.locationNo);
}

async function customerLocationNos(customerNo: string): Promise<string[]> {
  const rows = await t.deps.db
    .select({ no: plantLocations.locationNo })
    .from(plantLocations)
    .innerJoin(customers, eq(customers.id, plantLocations.customerId))
    .where(eq(customers.customerNo, customerNo));
  return rows.map((r) => r.no);
}

describe('PlantLocations', () => {
  it("shows a user only their own locations, never another customer's", async () => {
    const vanDijk = await locationNosOf(VANDIJK);
    const infra = await locationNosOf(INFRANOORD);
    expect(vanDijk.sort()).toEqual(['P-24001', 'P-24002', 'P-24003', 'P-24004', 'P-24007']);
    expect(infra.sort()).toEqual(['P-24008', 'P-24009', 'P-24010', 'P-24011', 'P-24012']);
    const infraOwned = await customerLocationNos('K-10112');
    const vanDijkOwned = await customerLocationNos('K-10045');
    expect(vanDijk.filter((n) => infraOwned.includes(n))).toEqual([]);
    expect(infra.filter((n) => vanDijkOwned.includes(n))).toEqual([]);
  });

  it('answers the contract shape with the role on each location', async () => {
    const r = await get('/api/v2.0/PlantLocations', READ_ONLY);
    expect(r.json().plantLocations).toEqual([
      expect.objectContaining({
        locationNo: 'P-24001',
        role: 'administration',
        blocked: expect.any(Boolean),
        customerName: expect.any(String),
      }),
    ]);
    expect(r.headers['cache-control']).toBe('no-store');
  });

  it('lets an admin see every active location', async () => {
    const all = await t.deps.db
      .select({ no: plantLocations.locationNo, gone: plantLocations.deregisteredAt })
      .from(plantLocations);
    const admin = await locationNosOf(ADMIN);
    expect(admin.sort()).toEqual(
      all
        .filter((l) => !l.gone)
        .map((l) => l.no)
        .sort(),
    );
  });

  it('needs a login', async () => {
    const r = await get('/api/v2.0/PlantLocations');
    expect(r.statusCode).toBe(401);
    const bad = await t.app.inject({
      url: '/api/v2.0/PlantLocations',
      headers: { authorization: 'Bearer nonsense' },
    });
    expect(bad.statusCode).toBe(401);
  });

  it('uses the number when the description is empty', async () => {
    await t.deps.db
      .update(plantLocations)
      .set({ description: '' })
      .where(eq(plantLocations.locationNo, 'P-24002'));
    const r = await get('/api/v2.0/PlantLocations', VANDIJK);
    const loc = r.json().plantLocations.find((l: { locationNo: string }) => l.locationNo === 'P-24002');
    expect(loc.description).toBe('P-24002');
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/GebruikerMaterieellocatie/GetGebruikerMaterieelLocaties',
      payload: {},
      headers: await t.auth(VANDIJK),
    });
    expect(legacy.json().locaties.find((l: { nummer: string }) => l.nummer === 'P-24002').omschrijving).toBe(
      'P-24002',
    );
  });

  it('answers 416 warning.navision_account_onbekend for an external user without a customer', async () => {
    await t.deps.db
      .insert(users)
      .values({ email: 'los@extern.nl', name: 'Los Extern', kind: 'external', role: 'user' });
    const r = await get('/api/v2.0/PlantLocations', 'los@extern.nl');
    expect(r.statusCode).toBe(416);
    expect(r.json().code).toBe('warning.navision_account_onbekend');
    // the legacy twins say the same (GetLocationsCallBack: a 416 means an unknown ERP account, product §7)
    for (const action of ['GetGebruikerMaterieelLocaties', 'GetLocationsCallBack']) {
      const legacy = await t.app.inject({
        method: 'POST',
        url: `/api/GebruikerMaterieellocatie/${action}`,
        payload: {},
        headers: await t.auth('los@extern.nl'),
      });
      expect([action, legacy.statusCode, legacy.json().code]).toEqual([
        action,
        416,
        'warning.navision_account_onbekend',
      ]);
    }
  });

  it('GetLocationsCallBack answers as GetGebruikerMaterieelLocaties', async () => {
    const ask = async (action: string) =>
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/GebruikerMaterieellocatie/${action}`,
          payload: {},
          headers: await t.auth(INFRANOORD),
        })
      ).json();
    expect(await ask('GetLocationsCallBack')).toEqual(await ask('GetGebruikerMaterieelLocaties'));
  });
});

describe('legacy GetGebruikerMaterieelLocaties', () => {
  it('answers locaties with the Dutch fields, own locations only', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/GebruikerMaterieellocatie/GetGebruikerMaterieelLocaties',
      payload: {},
      headers: await t.auth(INFRANOORD),
    });
    expect(r.statusCode).toBe(200);
    const locaties = r.json().locaties;
    expect(locaties).toHaveLength(5);
    expect(Object.keys(locaties[0]).sort()).toEqual([
      'geblokeerd',
      'nummer',
      'omschrijving',
      'omschrijving2',
      'projectNummer',
      'rol',
    ]);
    expect(locaties.every((l: { nummer: string }) => l.nummer >= 'P-24008')).toBe(true);
  });

  it('needs a login', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/GebruikerMaterieellocatie/GetGebruikerMaterieelLocaties',
      payload: {},
    });
    expect(r.statusCode).toBe(401);
  });
});

describe('work addresses', () => {
  async function seedAddress(locationNo: string, code: string) {
    const [loc] = await t.deps.db
      .select()
      .from(plantLocations)
      .where(eq(plantLocations.locationNo, locationNo));
    await t.deps.db
      .insert(workAddresses)
      .values({
        locationId: loc.id,
        code,
        name: `Werkadres ${code}`,
        street: 'Keetweg 1',
        city: 'Utrecht',
        isDefault: true,
      })
      .onConflictDoNothing();
  }

  it('lists the addresses of an own location (read-only members too)', async () => {
    await seedAddress('P-24001', 'WA-TEST');
    const r = await get('/api/v2.0/PlantLocations/P-24001/addresses', VANDIJK);
    expect(r.statusCode).toBe(200);
    expect(r.json().addresses).toEqual(
      expect.arrayContaining([expect.objectContaining({ code: 'WA-TEST', isDefault: true })]),
    );
    expect((await get('/api/v2.0/PlantLocations/P-24001/addresses', READ_ONLY)).statusCode).toBe(200);
    expect((await get('/api/v2.0/PlantLocations/P-24001/addresses', ADMIN)).statusCode).toBe(200);
  });

  it('answers a foreign and an unknown location alike with 404', async () => {
    await seedAddress('P-24008', 'WA-NOORD');
    const foreign = await get('/api/v2.0/PlantLocations/P-24008/addresses', VANDIJK);
    const unknown = await get('/api/v2.0/PlantLocations/P-99999/addresses', VANDIJK);
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json().code).toBe('error.locatie_onbekend');
    expect(foreign.json().code).toBe(unknown.json().code);
    expect(JSON.stringify(foreign.json())).not.toContain('WA-NOORD');
    expect((await get('/api/v2.0/PlantLocations/P-24008/addresses')).statusCode).toBe(401);
  });
});

describe('depots', () => {
  it('lists order and removal depots with the default from settings', async () => {
    const all = await t.deps.db.select().from(depots);
    const orderDepot = all.find((d) => d.forOrders);
    expect(orderDepot).toBeDefined();
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'Depot_DefaultOrder', value: orderDepot!.depotNo },
      headers: await t.auth(ADMIN),
    });
    expect(set.statusCode).toBe(204);
    const r = await get('/api/v2.0/PlantLocations/depots/order', VANDIJK);
    expect(r.statusCode).toBe(200);
    expect(r.json().defaultDepotNo).toBe(orderDepot!.depotNo);
    expect(r.json().depots).toHaveLength(all.filter((d) => d.forOrders).length);
    expect(r.json().depots.filter((d: { isDefault: boolean }) => d.isDefault)).toHaveLength(1);
    const removal = await get('/api/v2.0/PlantLocations/depots/removal', VANDIJK);
    expect(removal.json().depots).toHaveLength(all.filter((d) => d.forRemovals).length);
  });

  it('refuses an unknown purpose and anonymous callers', async () => {
    expect((await get('/api/v2.0/PlantLocations/depots/elsewhere', VANDIJK)).statusCode).toBe(400);
    expect((await get('/api/v2.0/PlantLocations/depots/order')).statusCode).toBe(401);
  });
});

describe('legacy addresses and depots (MaterieelAanvraag/GetAdressen, GetLocationsAdressen, MaterieelLocatie/GetDepots)', () => {
  async function post(url: string, payload: unknown, email?: string) {
    return t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: email ? await t.auth(email) : {},
    });
  }

  it('GetAdressen: an own location’s addresses with the Dutch fields; a foreign one 404; anonymous 401', async () => {
    const r = await post('/api/MaterieelAanvraag/GetAdressen', { materieelLocatieNr: 'P-24002' }, VANDIJK);
    expect(r.statusCode).toBe(200);
    expect(r.json().adressen[0]).toMatchObject({
      code: expect.any(String),
      naam: expect.any(String),
      plaats: expect.any(String),
      soort: 'werkadres',
    });
    const foreign = await post(
      '/api/MaterieelAanvraag/GetAdressen',
      { materieelLocatieNr: 'P-24008' },
      VANDIJK,
    );
    expect(foreign.statusCode).toBe(404);
    expect(
      (await post('/api/MaterieelAanvraag/GetAdressen', { materieelLocatieNr: 'P-24002' })).statusCode,
    ).toBe(401);
  });

  it('GetLocationsAdressen: every own location with its addresses, never another customer’s', async () => {
    const r = await post('/api/MaterieelAanvraag/GetLocationsAdressen', {}, VANDIJK);
    expect(r.statusCode).toBe(200);
    const nos = r.json().locaties.map((l: { nummer: string }) => l.nummer);
    expect(nos.sort()).toEqual((await locationNosOf(VANDIJK)).sort());
    expect(nos).not.toContain('P-24008');
    const withAddresses = r.json().locaties.find((l: { nummer: string }) => l.nummer === 'P-24002');
    expect(withAddresses.adressen.length).toBeGreaterThan(0);
  });

  it('GetDepots: delivery depots by default, removal depots for soort afvoer, the default marked', async () => {
    const all = await t.deps.db.select().from(depots);
    const order = await post('/api/MaterieelLocatie/GetDepots', {}, VANDIJK);
    expect(order.statusCode).toBe(200);
    expect(order.json().depots).toHaveLength(all.filter((d) => d.forOrders).length);
    const removal = await post('/api/MaterieelLocatie/GetDepots', { soort: 'afvoer' }, VANDIJK);
    expect(removal.json().depots).toHaveLength(all.filter((d) => d.forRemovals).length);
    expect((await post('/api/MaterieelLocatie/GetDepots', { soort: 'elders' }, VANDIJK)).statusCode).toBe(
      400,
    );
  });

  it('DepotWerkAdresen_TonenEnGebruiken offers the depots among a location’s addresses', async () => {
    const before = await get('/api/v2.0/PlantLocations/P-24002/addresses', VANDIJK);
    expect(before.json().addresses.every((a: { kind: string }) => a.kind === 'work_address')).toBe(true);
    await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'DepotWerkAdresen_TonenEnGebruiken', value: true },
      headers: await t.auth(ADMIN),
    });
    try {
      const after = await get('/api/v2.0/PlantLocations/P-24002/addresses', VANDIJK);
      const depotAddresses = after.json().addresses.filter((a: { kind: string }) => a.kind === 'depot');
      expect(depotAddresses.length).toBeGreaterThan(0);
      expect(depotAddresses[0].code).toMatch(/^DEPOT-/);
      const legacy = await post(
        '/api/MaterieelAanvraag/GetAdressen',
        { materieelLocatieNr: 'P-24002' },
        VANDIJK,
      );
      expect(legacy.json().adressen.some((a: { soort: string }) => a.soort === 'depot')).toBe(true);
    } finally {
      await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        payload: { key: 'DepotWerkAdresen_TonenEnGebruiken', value: false },
        headers: await t.auth(ADMIN),
      });
    }
  });
});
