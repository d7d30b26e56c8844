import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { and, eq, gt, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  customers,
  depots,
  inventory,
  items,
  locationMemberships,
  mailOutbox,
  plantLocations,
  removalListLines,
  users,
  workAddresses,
} from '../../db/schema/index.ts';
import { postMovements } from '../stock/index.ts';

const ADMIN = 'admin@materieelportaal.nl';
const INTERNAL = 'uitvoerder@vandijk.nl'; // internal, K-10045, member of P-24001…P-24004, P-24007
const EXTERNAL = 'projectleider@infranoord.nl'; // external, K-10112
const READ_ONLY = 'administratie@vandijk.nl'; // administration (read-only) on P-24001
const KEY_NOORD = 'sleutel-locaties@infranoord.nl'; // made below: external key user of K-10112
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
const STAFF = 'locaties@materieelportaal.nl'; // made below: internal, no customer (the rental company's own staff)

let t: TestApp;
let n = 0;
const key = () => `loc-test-${++n}-${Date.now()}`;

beforeAll(async () => {
  t = await createTestApp();
  const [noord] = await t.deps.db.select().from(customers).where(eq(customers.customerNo, 'K-10112'));
  await t.deps.db.insert(users).values({
    email: KEY_NOORD,
    name: 'Sleutel InfraNoord',
    kind: 'external',
    role: 'user',
    customerId: noord.id,
    permissions: ['keyuser', 'AppNieuweLocatieAanmaken'],
  });
  await t.deps.db.insert(users).values({ email: STAFF, name: 'Staf', kind: 'internal', role: 'user' });
});
afterAll(async () => {
  await t.close();
});

async function call(method: 'GET' | 'POST', url: string, email?: string, payload?: object, idem?: string) {
  const headers: Record<string, string> = email ? await t.auth(email) : {};
  if (idem) headers['idempotency-key'] = idem;
  return t.app.inject({ method, url, headers, payload });
}
const locationRow = async (no: string) =>
  (await t.deps.db.select().from(plantLocations).where(eq(plantLocations.locationNo, no)))[0];
const countLocations = async () =>
  (await t.deps.db.execute<{ n: number }>(sql`select count(*)::int as n from plant_locations`)).rows[0].n;
const stockLines = async (locationId: string) =>
  t.deps.db
    .select({ id: inventory.id })
    .from(inventory)
    .where(and(eq(inventory.locationId, locationId), gt(inventory.quantity, 0)));
async function setSetting(k: string, value: unknown) {
  const r = await call('POST', '/api/v2.0/Settings', ADMIN, { key: k, value });
  expect(r.statusCode).toBe(204);
}
const newLocation = (locationNo: string, customerNo = 'K-10112') => ({
  locationNo,
  customerNo,
  description: `Project ${locationNo}`,
  description2: 'Zwolle, Stationsweg',
  projectNo: 'PRJ-1',
  startDate: '2030-01-01',
  endDate: '2030-12-31',
  street: 'Stationsweg 1',
  postcode: '8011 AA',
  city: 'Zwolle',
});

describe('GET PlantLocations/validatenewlocationno', () => {
  it('checks the format and uniqueness', async () => {
    const url = (no: string) => `/api/v2.0/PlantLocations/validatenewlocationno/${encodeURIComponent(no)}`;
    expect((await call('GET', url('P-29001'), INTERNAL)).json()).toEqual({
      locationNo: 'P-29001',
      valid: true,
      code: null,
    });
    expect((await call('GET', url('P-24001'), INTERNAL)).json().code).toBe('Locatie.aanmaken.nummer_bestaat');
    expect((await call('GET', url('p-24001'), ADMIN)).json().code).toBe('Locatie.aanmaken.nummer_formaat');
    expect((await call('GET', url('P-2400'), ADMIN)).json().code).toBe('Locatie.aanmaken.nummer_formaat');
  });
  it('answers 403 without AppNieuweLocatieAanmaken and 401 anonymously', async () => {
    expect(
      (await call('GET', '/api/v2.0/PlantLocations/validatenewlocationno/P-29001', EXTERNAL)).statusCode,
    ).toBe(403);
    expect((await call('GET', '/api/v2.0/PlantLocations/validatenewlocationno/P-29001')).statusCode).toBe(
      401,
    );
  });
});

describe('POST PlantLocations', () => {
  it('lets an internal user create a location: member with role user, default work address, listed', async () => {
    const idem = key();
    const r = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      INTERNAL,
      newLocation('P-29001', 'K-10045'),
      idem,
    );
    expect(r.statusCode).toBe(201);
    expect(['', 'null']).toContain(r.body);
    const row = await locationRow('P-29001');
    expect(row).toMatchObject({
      description: 'Project P-29001',
      projectNumber: 'PRJ-1',
      endDate: '2030-12-31',
    });
    const mine = (await call('GET', '/api/v2.0/PlantLocations', INTERNAL)).json().plantLocations;
    expect(mine).toEqual(
      expect.arrayContaining([expect.objectContaining({ locationNo: 'P-29001', role: 'user' })]),
    );
    const addresses = await t.deps.db
      .select()
      .from(workAddresses)
      .where(eq(workAddresses.locationId, row.id));
    expect(addresses).toEqual([
      expect.objectContaining({ code: 'HOOFD', street: 'Stationsweg 1', isDefault: true }),
    ]);
    // a retry with the same key: the same answer, nothing new
    const before = await countLocations();
    const again = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      INTERNAL,
      newLocation('P-29001', 'K-10045'),
      idem,
    );
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await countLocations()).toBe(before);
    const other = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      INTERNAL,
      newLocation('P-29009', 'K-10045'),
      idem,
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('error.idempotency_conflict');
  });
  it('refuses a taken number, an unknown customer and a bad body, changing nothing', async () => {
    const before = await countLocations();
    const taken = await call('POST', '/api/v2.0/PlantLocations', ADMIN, newLocation('P-24001'), key());
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toMatchObject({
      code: 'Locatie.aanmaken.nummer_bestaat',
      details: { fields: { locationNo: expect.any(Object) } },
    });
    const unknown = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      ADMIN,
      newLocation('P-29002', 'K-00000'),
      key(),
    );
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().code).toBe('Locatie.aanmaken.klant_onbekend');
    const bad = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      ADMIN,
      { ...newLocation('X1'), endDate: '2029-01-01' },
      key(),
    );
    expect(bad.statusCode).toBe(400);
    const noKey = await call('POST', '/api/v2.0/PlantLocations', ADMIN, newLocation('P-29002'));
    expect(noKey.statusCode).toBe(400);
    expect(await countLocations()).toBe(before);
  });
  it('refuses external users (403), read-only members by kind, and anonymous callers (401)', async () => {
    const before = await countLocations();
    expect(
      (await call('POST', '/api/v2.0/PlantLocations', EXTERNAL, newLocation('P-29003'), key())).statusCode,
    ).toBe(403);
    expect(
      (await call('POST', '/api/v2.0/PlantLocations', undefined, newLocation('P-29003'), key())).statusCode,
    ).toBe(401);
    // an internal user is internal whatever its location roles: the read-only role is per location
    expect(
      (await call('POST', '/api/v2.0/PlantLocations', READ_ONLY, newLocation('P-29003', 'K-10045'), key()))
        .statusCode,
    ).toBe(201);
    expect(await countLocations()).toBe(before + 1);
  });
  it("lets a key user granted AppNieuweLocatieAanmaken create only for its own customer; another's is like unknown", async () => {
    const before = await countLocations();
    const foreign = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      KEY_NOORD,
      newLocation('P-29004', 'K-10045'),
      key(),
    );
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('Locatie.aanmaken.klant_onbekend');
    expect(await countLocations()).toBe(before);
    const own = await call(
      'POST',
      '/api/v2.0/PlantLocations',
      KEY_NOORD,
      newLocation('P-29004', 'K-10112'),
      key(),
    );
    expect(own.statusCode).toBe(201);
    const klanten = await call('POST', '/api/LocatieAanmaken/GebruikerKlanten', KEY_NOORD, {});
    expect(klanten.json().klanten.map((k: { nummer: string }) => k.nummer)).toEqual(['K-10112']);
  });
});

describe("a customer's internal users act for their own customer only (issue #31 item 4)", () => {
  it("an internal user of Van Dijk cannot create a location under Infra Noord, nor list Infra Noord's details", async () => {
    const before = await countLocations();
    const foreign = await call('POST', '/api/v2.0/PlantLocations', INTERNAL, newLocation('P-29011'), key());
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('Locatie.aanmaken.klant_onbekend');
    expect(await countLocations()).toBe(before);
    const legacy = await call(
      'POST',
      '/api/LocatieAanmaken/LocatieAanMaken',
      INTERNAL,
      { klantNummer: 'K-10112', locatieNummer: 'P-29012', omschrijving: 'Niet van ons' },
      key(),
    );
    expect(legacy.statusCode).toBe(422);
    expect(await countLocations()).toBe(before);
    const klanten = await call('POST', '/api/LocatieAanmaken/GebruikerKlanten', INTERNAL, {});
    expect(klanten.json().klanten.map((k: { nummer: string }) => k.nummer)).toEqual(['K-10045']);
    const picked = await call('GET', '/api/v2.0/Customers?limit=50', INTERNAL);
    expect(picked.statusCode).toBe(200);
    expect(picked.json().customers.map((c: { customerNo: string }) => c.customerNo)).not.toContain('K-10112');
  });

  it("the rental company's own staff (internal, no customer) create for any customer and see them all", async () => {
    const made = await call('POST', '/api/v2.0/PlantLocations', STAFF, newLocation('P-29013'), key());
    expect(made.statusCode, made.body).toBe(201);
    const picked = await call('GET', '/api/v2.0/Customers?limit=50', STAFF);
    expect(picked.json().customers.map((c: { customerNo: string }) => c.customerNo)).toEqual(
      expect.arrayContaining(['K-10045', 'K-10112']),
    );
  });

  it("a customer's internal user holding the department permission is not the department", async () => {
    await t.deps.db
      .update(users)
      .set({ permissions: ['department'] })
      .where(eq(users.email, INTERNAL));
    try {
      expect((await call('GET', '/api/v2.0/Department/requests', INTERNAL)).statusCode).toBe(403);
      expect((await call('GET', '/api/v2.0/Department/requests', DEPARTMENT)).statusCode).toBe(200);
    } finally {
      await t.deps.db.update(users).set({ permissions: [] }).where(eq(users.email, INTERNAL));
    }
  });
});

describe('legacy LocatieAanmaken', () => {
  it('LocatieNummerChecken, LocatieAanMaken and GebruikerKlanten', async () => {
    const check = await call('POST', '/api/LocatieAanmaken/LocatieNummerChecken', INTERNAL, {
      locatieNummer: 'P-24002',
    });
    expect(check.json()).toEqual({ geldig: false, melding: 'Locatie.aanmaken.nummer_bestaat' });
    const made = await call(
      'POST',
      '/api/LocatieAanmaken/LocatieAanMaken',
      ADMIN,
      { klantNummer: 'K-10045', locatieNummer: 'P-29005', omschrijving: 'Legacy project' },
      key(),
    );
    expect(made.statusCode).toBe(200);
    expect(made.json()).toEqual({ nummer: 'P-29005' });
    expect((await locationRow('P-29005')).description).toBe('Legacy project');
    const klanten = await call('POST', '/api/LocatieAanmaken/GebruikerKlanten', ADMIN, {});
    expect(klanten.json().klanten.length).toBeGreaterThanOrEqual(2);
    expect((await call('POST', '/api/LocatieAanmaken/GebruikerKlanten', EXTERNAL, {})).statusCode).toBe(403);
    expect(
      (await call('POST', '/api/LocatieAanmaken/LocatieNummerChecken', undefined, { locatieNummer: 'P-1' }))
        .statusCode,
    ).toBe(401);
  });
});

describe('deregistration', () => {
  const today = () => calendarDayIn(new Date());
  const url = (no: string) => `/api/v2.0/PlantLocations/${no}/deregistration`;

  it('refuses with stock (422, nothing changed), read-only 403, foreign and unknown 404', async () => {
    const loc = await locationRow('P-24001');
    expect((await stockLines(loc.id)).length).toBeGreaterThan(0);
    const info = await call('GET', url('P-24001'), INTERNAL);
    expect(info.json()).toMatchObject({ blockedByStock: true, deregistrationPending: false });
    const r = await call('POST', url('P-24001'), INTERNAL, { date: today() });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'Locatie.afmelden.nog_voorraad',
      details: { fields: { plantLocation: expect.any(Object) } },
    });
    expect((await call('POST', url('P-24001'), READ_ONLY, { date: today() })).statusCode).toBe(403);
    for (const email of [EXTERNAL, KEY_NOORD]) {
      const foreign = await call('POST', url('P-24001'), email, { date: today(), removeRemaining: true });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().code).toBe('error.locatie_onbekend');
    }
    expect((await call('POST', url('P-99999'), INTERNAL, { date: today() })).statusCode).toBe(404);
    expect((await call('POST', url('P-24001'), undefined, { date: today() })).statusCode).toBe(401);
    const after = await locationRow('P-24001');
    expect(after.deregisteredAt).toBeNull();
    expect(after.deregistrationRequestedAt).toBeNull();
  });

  it('refuses a past date and a buy-off when LocatieAfmelden_AfkoopSom is off', async () => {
    const past = await call('POST', url('P-24001'), INTERNAL, { date: '2000-01-01' });
    expect(past.json()).toMatchObject({
      code: 'Locatie.afmelden.datum_verleden',
      details: { fields: { date: expect.any(Object) } },
    });
    const buyOff = await call('POST', url('P-24001'), INTERNAL, { date: today(), buyOff: true });
    expect(buyOff.json()).toMatchObject({
      code: 'Locatie.afmelden.afkoopsom_uit',
      details: { fields: { buyOff: expect.any(Object) } },
    });
  });

  it('deregisters a location without stock at once, mails the department, and then answers 404', async () => {
    await call('POST', '/api/v2.0/PlantLocations', INTERNAL, newLocation('P-29010', 'K-10045'), key());
    const r = await call('POST', url('P-29010'), INTERNAL, { date: today(), comment: 'Project klaar' });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ locationNo: 'P-29010', state: 'deregistered' });
    expect((await locationRow('P-29010')).deregisteredAt).not.toBeNull();
    const mails = await t.deps.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.type, 'UnsubscribePlantLocation'), eq(mailOutbox.to, DEPARTMENT)));
    expect(mails.some((m) => m.subject.includes('P-29010'))).toBe(true);
    const mine = (await call('GET', '/api/v2.0/PlantLocations', INTERNAL)).json().plantLocations;
    expect(mine.map((l: { locationNo: string }) => l.locationNo)).not.toContain('P-29010');
    expect((await call('POST', url('P-29010'), INTERNAL, { date: today() })).statusCode).toBe(404);
  });

  it('with LocatieAfmelden_MaterieelCheck off, deregisters even with stock (legacy LocatieAfmelden)', async () => {
    await setSetting('LocatieAfmelden_MaterieelCheck', false);
    try {
      const r = await call('POST', '/api/LocatieAfmelden/LocatieAfmelden', INTERNAL, {
        materieelLocatieNr: 'P-24002',
        datum: today(),
      });
      expect(r.statusCode).toBe(200);
      expect(r.json()).toEqual({ status: 'afgemeld' });
    } finally {
      await setSetting('LocatieAfmelden_MaterieelCheck', true);
    }
  });

  it('puts the rest on the removal list, is pending, and closes in the transaction that takes the last stock', async () => {
    const loc = await locationRow('P-24003');
    const onSite = await t.deps.db
      .select({
        itemId: inventory.itemId,
        plantId: inventory.plantId,
        quantity: inventory.quantity,
        itemNo: items.itemNo,
      })
      .from(inventory)
      .innerJoin(items, eq(items.id, inventory.itemId))
      .where(and(eq(inventory.locationId, loc.id), gt(inventory.quantity, 0)));
    expect(onSite.length).toBeGreaterThan(0);
    const r = await call('POST', url('P-24003'), INTERNAL, { date: today(), removeRemaining: true });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual({ locationNo: 'P-24003', state: 'pending' });
    const lines = await t.deps.db
      .select()
      .from(removalListLines)
      .where(eq(removalListLines.locationId, loc.id));
    // what other users already put on their lists is not added twice
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.length).toBeLessThanOrEqual(onSite.length);
    const listed = (await call('GET', '/api/v2.0/PlantLocations', INTERNAL)).json().plantLocations;
    expect(listed.find((l: { locationNo: string }) => l.locationNo === 'P-24003').deregistrationPending).toBe(
      true,
    );
    expect((await call('GET', url('P-24003'), INTERNAL)).json().deregistrationPending).toBe(true);
    const twice = await call('POST', url('P-24003'), INTERNAL, { date: today(), removeRemaining: true });
    expect(twice.json().code).toBe('Locatie.afmelden.al_afgemeld');

    const [depot] = await t.deps.db.select().from(depots).limit(1);
    const move = (rows: typeof onSite) =>
      rows.map((s) => ({
        itemId: s.itemId,
        itemNo: s.itemNo,
        plantId: s.plantId,
        quantity: s.quantity,
        from: { locationId: loc.id },
        to: { depotId: depot.id },
        outKind: 'removal' as const,
        inKind: 'removal' as const,
        fromOrderId: null,
        fromOrderLineId: null,
        toOrderId: null,
        toOrderLineId: null,
      }));
    // all but one line: still open
    await t.deps.db.transaction((tx) => postMovements(tx as never, move(onSite.slice(1)), today(), null));
    expect((await locationRow('P-24003')).deregisteredAt).toBeNull();
    // the last one: closed in the same transaction
    await t.deps.db.transaction((tx) => postMovements(tx as never, move(onSite.slice(0, 1)), today(), null));
    expect((await locationRow('P-24003')).deregisteredAt).not.toBeNull();
    const members = await t.deps.db
      .select()
      .from(locationMemberships)
      .where(eq(locationMemberships.locationId, loc.id));
    expect(members.length).toBeGreaterThan(0);
  });
});
