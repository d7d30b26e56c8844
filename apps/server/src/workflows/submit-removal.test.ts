import { randomUUID } from 'node:crypto';
import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { mailOutbox, plantRequests, requestLines } from '../db/schema/index.ts';
import {
  COLLEAGUE,
  FOREIGN_LOC,
  LOC,
  LOC2,
  READONLY,
  setSetting,
  USER,
} from '../modules/order-lists/ordering.test-support.ts';

// Issue #11 part 2 and 6: the removal request made of the removal list (POST PlantRequests/removal, legacy
// MaterieelAanvraag/AddAfvoer) and its rules on the server.

let t: TestApp;
// Monday 23 November 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-11-23T08:00:00Z');
let depotNo: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  const depots = await t.app.inject({
    url: '/api/v2.0/PlantLocations/depots/removal',
    headers: await t.auth(USER),
  });
  depotNo = depots.json().depots[0].depotNo;
});
afterAll(async () => {
  await t?.close();
});

type StockLine = { itemNo: string; plantNo: string | null; quantity: number; availableForRemoval: number };

const form = (over: Record<string, unknown> = {}) => ({
  plantLocation: LOC2,
  removalDate: '2026-11-25',
  transportMeans: 'vrachtwagen',
  depotNo,
  addressCode: 'WA01',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
  reference: 'Fase 2',
  comment: 'Staat bij de poort',
  ...over,
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, email = USER) {
  return t.app.inject({ method, url, payload: body as object, headers: await t.auth(email) });
}

async function submit(body: unknown, key: string | null = randomUUID(), email = USER) {
  const headers: Record<string, string> = { ...(await t.auth(email)) };
  if (key !== null) headers['idempotency-key'] = key;
  return t.app.inject({
    method: 'POST',
    url: '/api/v2.0/PlantRequests/removal',
    payload: body as object,
    headers,
  });
}

async function stock(loc = LOC2, email = USER): Promise<StockLine[]> {
  const r = await call(
    'GET',
    `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${loc}&pageSize=250`,
    undefined,
    email,
  );
  return r.json().items;
}

async function clearList(email = USER, loc = LOC2) {
  for (const l of (await call('GET', `/api/v2.0/RemovalLists/${loc}`, undefined, email)).json().lines as {
    lineId: string;
  }[])
    await call('DELETE', `/api/v2.0/RemovalLists/${loc}/lines/${l.lineId}`, undefined, email);
}

/** The caller's list on LOC2 with one bulk line (amount 2) and one plant; what was put on. */
async function fillList(email = USER) {
  await clearList(email);
  const items = await stock(LOC2, email);
  const bulk = items.find((l) => !l.plantNo && l.availableForRemoval > 3) as StockLine;
  const plant = items.find((l) => l.plantNo && l.availableForRemoval === 1) as StockLine;
  const r = await call(
    'POST',
    `/api/v2.0/RemovalLists/${LOC2}`,
    {
      lines: [
        { itemNo: bulk.itemNo, amount: 2, comment: 'achter de keet' },
        { itemNo: plant.itemNo, plantNo: plant.plantNo, amount: 1 },
      ],
    },
    email,
  );
  expect(r.statusCode).toBe(200);
  return { bulk, plant };
}

async function requestCount(): Promise<number> {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(plantRequests);
  return r?.n ?? 0;
}

beforeEach(() => t.setNow(NOW));

describe('POST PlantRequests/removal', () => {
  it('makes a removal request of the list: lines with plants, depot and pick-up address; the list is emptied', async () => {
    const { bulk, plant } = await fillList();
    await setSetting(t, 'Afvoerwizard_EnableSendEmailUser', true);
    try {
      const r = await submit(form());
      expect(r.statusCode, r.body).toBe(201);
      const body = r.json();
      expect(body).toMatchObject({ kind: 'removal', status: 'submitted', locationNo: LOC2, lineCount: 2 });
      const [stored] = await t.database.db.select().from(plantRequests).where(eq(plantRequests.id, body.id));
      expect(stored).toMatchObject({
        requestedDate: '2026-11-25',
        destinationKind: 'depot',
        transportMeans: 'vrachtwagen',
        originContactPerson: 'Jeroen de Wit',
        reference: 'Fase 2',
      });
      expect(stored?.originWorkAddressId).not.toBeNull();
      const lines = await t.database.db
        .select()
        .from(requestLines)
        .where(eq(requestLines.requestId, body.id))
        .orderBy(requestLines.lineNo);
      expect(lines.map((l) => [l.amount, l.plantId !== null, l.comment]).sort()).toEqual([
        [1, true, null],
        [2, false, 'achter de keet'],
      ]);
      expect((await call('GET', `/api/v2.0/RemovalLists/${LOC2}`)).json().count).toBe(0);
      // the request shows in the requests overview with its kind
      const detail = await call('GET', `/api/v2.0/PlantRequests/${body.id}`);
      expect(detail.json()).toMatchObject({
        kind: 'removal',
        requestNo: body.requestNo,
        destinationKind: 'depot',
      });
      expect(detail.json().origin).toMatchObject({ street: expect.any(String), city: expect.any(String) });
      const [mail] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.type, 'OrderConfirmation'), eq(mailOutbox.to, USER)))
        .orderBy(sql`created_at desc`)
        .limit(1);
      expect(mail?.subject).toContain(body.requestNo);
      expect(mail?.html).toContain(bulk.itemNo);
      expect(mail?.html).toContain(plant.plantNo as string);
    } finally {
      await setSetting(t, 'Afvoerwizard_EnableSendEmailUser', false);
    }
  });

  it('the date rules at their boundaries: blocked days, weekend, the past, midnight in Amsterdam', async () => {
    await fillList();
    const refused = async (removalDate: string, code: string) => {
      const r = await submit(form({ removalDate }));
      expect(r.statusCode, removalDate).toBe(422);
      expect(r.json()).toMatchObject({
        code: 'error.datum_niet_toegestaan',
        details: { fields: { removalDate: { code } } },
      });
    };
    const before = await requestCount();
    await refused('2026-11-23', 'validation.datum_te_vroeg'); // today: Afvoeren_Blokkeerdagen 1
    await refused('2026-11-28', 'validation.datum_weekend'); // Saturday
    await refused('2026-11-29', 'validation.datum_weekend'); // Sunday
    await refused('2026-11-20', 'validation.datum_in_verleden');
    // 23:30 UTC on Monday is 00:30 on Tuesday in Amsterdam: Tuesday is today, so it is too early.
    t.setNow(new Date('2026-11-23T23:30:00Z'));
    await refused('2026-11-24', 'validation.datum_te_vroeg');
    t.setNow(NOW);
    expect(await requestCount()).toBe(before);
    await setSetting(t, 'Afvoeren_Blokkeerweekenden', false);
    await setSetting(t, 'Afvoeren_DagenInVerleden', 3);
    try {
      expect((await submit(form({ removalDate: '2026-11-20' }))).statusCode).toBe(201); // 3 days back
    } finally {
      await setSetting(t, 'Afvoeren_Blokkeerweekenden', true);
      await setSetting(t, 'Afvoeren_DagenInVerleden', 0);
    }
    await fillList();
    expect((await submit(form({ removalDate: '2026-11-24' }))).statusCode).toBe(201); // the earliest day
  });

  it('terms when Afvoeren_VoorwaardenVerplicht; depot, work address and typed address checked', async () => {
    await fillList();
    await setSetting(t, 'Afvoeren_VoorwaardenVerplicht', true);
    try {
      const terms = await submit(form());
      expect(terms.statusCode).toBe(422);
      expect(terms.json().details.fields).toHaveProperty('termsAccepted');
    } finally {
      await setSetting(t, 'Afvoeren_VoorwaardenVerplicht', false);
    }
    const depot = await submit(form({ depotNo: 'NOPE' }));
    expect(depot.statusCode).toBe(400);
    expect(depot.json().details.fields).toHaveProperty('depotNo');
    const address = await submit(form({ addressCode: 'NOPE' }));
    expect(address.statusCode).toBe(400);
    expect(address.json().details.fields).toHaveProperty('addressCode');
    const typed = await submit(form({ addressCode: undefined, city: 'Utrecht' }));
    expect(typed.statusCode).toBe(400);
    expect(JSON.stringify(typed.json().details)).toContain('street');
    const ok = await submit(
      form({ addressCode: undefined, street: 'Kade 1', postcode: '3511 AA', city: 'Utrecht' }),
    );
    expect(ok.statusCode).toBe(201);
    const [stored] = await t.database.db
      .select()
      .from(plantRequests)
      .where(eq(plantRequests.id, ok.json().id));
    expect(stored).toMatchObject({
      originStreet: 'Kade 1',
      originCity: 'Utrecht',
      originWorkAddressId: null,
    });
  });

  it('brought to the depot by the customer (brengen): no pick-up address is asked or kept', async () => {
    await fillList();
    const r = await submit(
      form({ transportMeans: 'brengen', addressCode: undefined, street: 'Kade 1', city: undefined }),
    );
    expect(r.statusCode, r.body).toBe(201);
    const [stored] = await t.database.db
      .select()
      .from(plantRequests)
      .where(eq(plantRequests.id, r.json().id));
    expect(stored).toMatchObject({
      transportMeans: 'brengen',
      originStreet: null,
      originWorkAddressId: null,
    });
    const detail = await t.app.inject({
      url: `/api/v2.0/PlantRequests/${r.json().id}`,
      headers: await t.auth(USER),
    });
    expect(detail.json().origin).toBeNull();
  });

  it('an empty list 422; a foreign location 404; the read-only role 403; no key 400 — nothing is stored', async () => {
    await clearList();
    const before = await requestCount();
    const empty = await submit(form());
    expect(empty.statusCode).toBe(422);
    expect(empty.json().code).toBe('error.afvoerlijst_leeg');
    expect((await submit(form({ plantLocation: FOREIGN_LOC }))).statusCode).toBe(404);
    const readOnly = await submit(form({ plantLocation: LOC }), randomUUID(), READONLY);
    expect(readOnly.statusCode).toBe(403);
    await fillList();
    const noKey = await submit(form(), null);
    expect(noKey.statusCode).toBe(400);
    expect(await requestCount()).toBe(before);
  });

  it('20 concurrent identical submits make one request, all answers identical', async () => {
    await fillList();
    const key = randomUUID();
    const before = await requestCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(form(), key)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await requestCount()).toBe(before + 1);
  });

  it('two users sending off the last piece at the same moment: one succeeds, the other 409 naming it', async () => {
    // Without the colleagues' check both may list the same plant; the submit decides.
    await setSetting(t, 'Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers', false);
    try {
      await clearList(USER);
      await clearList(COLLEAGUE);
      const plant = (await stock()).find((l) => l.plantNo && l.availableForRemoval === 1) as StockLine;
      for (const email of [USER, COLLEAGUE]) {
        const put = await call(
          'POST',
          `/api/v2.0/RemovalLists/${LOC2}`,
          { lines: [{ itemNo: plant.itemNo, plantNo: plant.plantNo, amount: 1 }] },
          email,
        );
        expect(put.statusCode).toBe(200);
      }
      const [a, b] = await Promise.all([submit(form()), submit(form(), randomUUID(), COLLEAGUE)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
      const lost = a.statusCode === 409 ? a : b;
      expect(lost.json()).toMatchObject({
        code: 'error.afvoer_conflict',
        details: { itemNo: plant.itemNo, plantNo: plant.plantNo, available: 0 },
      });
      expect(lost.json().message).toContain(plant.plantNo);
    } finally {
      await setSetting(t, 'Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers', true);
      await clearList(COLLEAGUE);
    }
  });
});

describe('legacy MaterieelAanvraag/AddAfvoer', () => {
  it('the Dutch form makes the same request; field errors name the Dutch fields', async () => {
    await fillList();
    const headers = { ...(await t.auth(USER)), 'idempotency-key': randomUUID() };
    const legacy = {
      materieelLocatieNr: LOC2,
      afvoerDatum: '2026-11-26T00:00:00',
      transportmiddel: 'kraanwagen',
      bestemming: depotNo,
      bestemmingadres: 'WA01',
      contactpersoon: 'Jeroen de Wit',
      telefoonnummer: '06 12 34 56 01',
      referentie: 'Oud',
    };
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/AddAfvoer',
      payload: { ...legacy, telefoonnummer: 'bel maar' },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('telefoonnummer');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/AddAfvoer',
      payload: legacy,
      headers,
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({ materieelLocatieNr: LOC2, aantalRegels: 2 });
  });
});
