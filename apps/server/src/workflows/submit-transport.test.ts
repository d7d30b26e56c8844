import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { mailOutbox, plantRequests, requestLines } from '../db/schema/index.ts';
import {
  BLOCKED_LOC,
  FOREIGN_LOC,
  LOC,
  LOC2,
  READONLY,
  setSetting,
  USER,
} from '../modules/order-lists/ordering.test-support.ts';

// Issue #11 part 4 and 6: the transport request (POST PlantRequests/othertransfers, kind transport; legacy
// MaterieelAanvraag/AddTransportAanvraag) and its rules on the server; and the legacy relocation AddVerplaasting.

let t: TestApp;
// Monday 23 November 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-11-23T08:00:00Z');
const TARGET = 'P-24003';

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.setNow(NOW));

const form = (over: Record<string, unknown> = {}) => ({
  kind: 'transport',
  plantLocation: LOC2,
  targetLocation: TARGET,
  transportDate: '2026-11-24',
  loadingFrom: '07:00',
  loadingUntil: '09:00',
  unloadingFrom: '13:00',
  unloadingUntil: '16:00',
  cargo: '2 bouwketen, 6 x 2,5 m, samen 7.400 kg',
  from: { addressCode: 'WA01', contactPerson: 'Jeroen de Wit', phone: '06 12 34 56 01' },
  to: {
    street: 'Stationsweg 4',
    postcode: '3511 AB',
    city: 'Utrecht',
    contactPerson: 'Anna Bos',
    phone: '06 98 76 54 32',
  },
  reference: 'Fase 3',
  ...over,
});

async function submit(body: unknown, key: string | null = randomUUID(), email = USER, url = 'v2') {
  const headers: Record<string, string> = { ...(await t.auth(email)) };
  if (key !== null) headers['idempotency-key'] = key;
  return t.app.inject({
    method: 'POST',
    url: url === 'v2' ? '/api/v2.0/PlantRequests/othertransfers' : url,
    payload: body as object,
    headers,
  });
}

async function requestCount(): Promise<number> {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(plantRequests);
  return r?.n ?? 0;
}

describe('POST PlantRequests/othertransfers (transport)', () => {
  it('makes a transport request with its windows, cargo, both ends and the settings’ ERP codes; shown in the detail', async () => {
    await setSetting(t, 'Transport_MateriaalSoort', 'TRANSPORT-01');
    await setSetting(t, 'Transport_AfspraakCode', 'AFSPR');
    await setSetting(t, 'TransportAanvraag_EnableSendEmailUser', true);
    try {
      const r = await submit(form());
      expect(r.statusCode, r.body).toBe(201);
      expect(r.json()).toMatchObject({
        kind: 'transport',
        status: 'submitted',
        locationNo: LOC2,
        lineCount: 0,
      });
      const id = r.json().id as string;
      const [stored] = await t.database.db.select().from(plantRequests).where(eq(plantRequests.id, id));
      expect(stored).toMatchObject({
        requestedDate: '2026-11-24',
        unloadingDate: '2026-11-24',
        loadingFrom: '07:00:00',
        unloadingUntil: '16:00:00',
        originContactPerson: 'Jeroen de Wit',
        destinationKind: 'other_address',
        city: 'Utrecht',
        transportItemNo: 'TRANSPORT-01',
        appointmentCode: 'AFSPR',
      });
      expect(stored?.originWorkAddressId).not.toBeNull();
      expect(await t.database.db.select().from(requestLines).where(eq(requestLines.requestId, id))).toEqual(
        [],
      );

      const detail = await t.app.inject({
        url: `/api/v2.0/PlantRequests/${id}`,
        headers: await t.auth(USER),
      });
      expect(detail.statusCode).toBe(200);
      expect(detail.json()).toMatchObject({
        kind: 'transport',
        targetLocation: { locationNo: TARGET },
        origin: { contactPerson: 'Jeroen de Wit', phone: '06 12 34 56 01' },
        transport: {
          loadingFrom: '07:00',
          loadingUntil: '09:00',
          unloadingDate: '2026-11-24',
          unloadingFrom: '13:00',
          unloadingUntil: '16:00',
          cargo: '2 bouwketen, 6 x 2,5 m, samen 7.400 kg',
          itemNo: 'TRANSPORT-01',
          appointmentCode: 'AFSPR',
        },
      });
      const list = await t.app.inject({
        url: `/api/v2.0/PlantRequests?plantLocation=${LOC2}&kind=transport`,
        headers: await t.auth(USER),
      });
      expect(list.json().items.map((i: { id: string }) => i.id)).toContain(id);
      const [mail] = await t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.type, 'OrderConfirmation'), eq(mailOutbox.to, USER)))
        .orderBy(sql`created_at desc`)
        .limit(1);
      expect(mail?.subject).toContain(r.json().requestNo);
      expect(mail?.html).toContain('2 bouwketen');
    } finally {
      await setSetting(t, 'Transport_MateriaalSoort', '');
      await setSetting(t, 'Transport_AfspraakCode', '');
      await setSetting(t, 'TransportAanvraag_EnableSendEmailUser', false);
    }
  });

  it('the windows: until after from, unloading never before the transport date, same day after loading begins', async () => {
    const before = await requestCount();
    const loading = await submit(form({ loadingUntil: '07:00' }));
    expect(loading.statusCode).toBe(422);
    expect(loading.json().details.fields.loadingUntil.code).toBe('validation.tijdvak_ongeldig');
    const unloading = await submit(form({ unloadingFrom: '16:00', unloadingUntil: '15:59' }));
    expect(unloading.json().details.fields.unloadingUntil.code).toBe('validation.tijdvak_ongeldig');
    const earlier = await submit(form({ unloadingDate: '2026-11-23' }));
    expect(earlier.json().details.fields.unloadingDate.code).toBe('validation.losdatum_voor_transportdatum');
    const beforeLoading = await submit(form({ unloadingFrom: '05:00', unloadingUntil: '07:00' }));
    expect(beforeLoading.json().details.fields.unloadingUntil.code).toBe('validation.lossen_voor_laden');
    const time = await submit(form({ loadingFrom: '7:00' }));
    expect(time.statusCode).toBe(400);
    expect(time.json().details.fields.loadingFrom.code).toBe('validation.tijd_ongeldig');
    expect(await requestCount()).toBe(before);
    // the boundary: one minute is a window; the next day may unload before the loading hour
    expect((await submit(form({ loadingFrom: '08:59' }))).statusCode).toBe(201);
    const nextDay = await submit(
      form({ unloadingDate: '2026-11-25', unloadingFrom: '05:00', unloadingUntil: '06:00' }),
    );
    expect(nextDay.statusCode, nextDay.body).toBe(201);
  });

  it('the date: today and later, weekends too; the past per TransportAanvraag_DageninInVerleden, midnight in Amsterdam', async () => {
    const past = await submit(form({ transportDate: '2026-11-22', unloadingDate: '2026-11-22' }));
    expect(past.statusCode).toBe(422);
    expect(past.json().details.fields.transportDate.code).toBe('validation.datum_in_verleden');
    expect((await submit(form({ transportDate: '2026-11-28' }))).statusCode).toBe(201); // a Saturday
    // 23:30 UTC on Monday is Tuesday in Amsterdam: Monday is then in the past
    t.setNow(new Date('2026-11-23T23:30:00Z'));
    const monday = await submit(form({ transportDate: '2026-11-23' }));
    expect(monday.json().details.fields.transportDate.code).toBe('validation.datum_in_verleden');
    await setSetting(t, 'TransportAanvraag_DageninInVerleden', 1);
    try {
      expect((await submit(form({ transportDate: '2026-11-23' }))).statusCode).toBe(201);
    } finally {
      await setSetting(t, 'TransportAanvraag_DageninInVerleden', 0);
    }
  });

  it('the ends: a work address of the right location, or street and city; contact and phone required', async () => {
    const unknown = await submit(form({ to: { ...form().to, addressCode: 'WA01-NOT' } }));
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.fields).toHaveProperty('to.addressCode');
    const noCity = await submit(form({ to: { street: 'Weg 1', contactPerson: 'A', phone: '0612345678' } }));
    expect(noCity.statusCode).toBe(400);
    expect(noCity.json().details.fields).toHaveProperty('to.city');
    const noPhone = await submit(form({ from: { addressCode: 'WA01', contactPerson: 'A' } }));
    expect(noPhone.json().details.fields).toHaveProperty('from.phone');
    const noCargo = await submit(form({ cargo: '  ' }));
    expect(noCargo.json().details.fields).toHaveProperty('cargo');
  });

  it('the target: not foreign (404), not blocked, the own location only with the setting; terms per setting', async () => {
    const before = await requestCount();
    expect((await submit(form({ targetLocation: FOREIGN_LOC }))).statusCode).toBe(404);
    const blocked = await submit(form({ targetLocation: BLOCKED_LOC }));
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().details.fields).toHaveProperty('targetLocation');
    const same = await submit(form({ targetLocation: LOC2, to: form().from }));
    expect(same.json().details.fields.targetLocation.code).toBe('validation.zelfde_locatie');
    await setSetting(t, 'TransportAanvraag_VoorwaardenVerplicht', true);
    try {
      const terms = await submit(form());
      expect(terms.statusCode).toBe(422);
      expect(terms.json().details.fields).toHaveProperty('termsAccepted');
    } finally {
      await setSetting(t, 'TransportAanvraag_VoorwaardenVerplicht', false);
    }
    expect(await requestCount()).toBe(before);
    await setSetting(t, 'TransportAanvraag_EnableVerplaastenNaarEigenLocatie', true);
    try {
      expect((await submit(form({ targetLocation: LOC2, to: form().from }))).statusCode).toBe(201);
    } finally {
      await setSetting(t, 'TransportAanvraag_EnableVerplaastenNaarEigenLocatie', false);
    }
  });

  it('a foreign source 404, the read-only role 403, no key 400; 20 concurrent identical submits make one request', async () => {
    expect((await submit(form({ plantLocation: FOREIGN_LOC }))).statusCode).toBe(404);
    expect((await submit(form({ plantLocation: LOC }), randomUUID(), READONLY)).statusCode).toBe(403);
    expect((await submit(form(), null)).statusCode).toBe(400);
    const key = randomUUID();
    const before = await requestCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(form(), key)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.json().id)).size).toBe(1);
    expect(await requestCount()).toBe(before + 1);
  });
});

describe('a depot as the delivery address (DepotWerkAdresen_TonenEnGebruiken)', () => {
  it('a transport delivered at a depot stores the depot as its destination; without the setting the code is unknown', async () => {
    const addresses = async () =>
      (
        await t.app.inject({
          url: `/api/v2.0/PlantLocations/${TARGET}/addresses`,
          headers: await t.auth(USER),
        })
      ).json().addresses as Array<{ code: string; kind: string; name: string }>;
    await setSetting(t, 'DepotWerkAdresen_TonenEnGebruiken', true);
    let depot: { code: string; name: string } | undefined;
    try {
      depot = (await addresses()).find((a) => a.kind === 'depot');
      expect(depot).toBeDefined();
      const to = { addressCode: depot?.code, contactPerson: 'Balie', phone: '030 241 88 00' };
      const r = await submit(form({ to }));
      expect(r.statusCode, r.body).toBe(201);
      const [stored] = await t.database.db
        .select()
        .from(plantRequests)
        .where(eq(plantRequests.id, r.json().id));
      expect(stored).toMatchObject({
        destinationKind: 'depot',
        workAddressId: null,
        addressName: depot?.name,
      });
      expect(stored?.depotId).not.toBeNull();
    } finally {
      await setSetting(t, 'DepotWerkAdresen_TonenEnGebruiken', false);
    }
    const off = await submit(
      form({ to: { addressCode: depot?.code, contactPerson: 'Balie', phone: '030 241 88 00' } }),
    );
    expect(off.statusCode).toBe(400);
    expect(off.json().details.fields).toHaveProperty('to.addressCode');
  });
});

describe('legacy MaterieelAanvraag/AddTransportAanvraag and AddVerplaasting', () => {
  it('the Dutch transport form makes the same request; field errors name the Dutch fields', async () => {
    const legacy = {
      materieelLocatieNr: LOC2,
      naarMaterieelLocatieNr: TARGET,
      transportDatum: '2026-11-25T00:00:00',
      laadTijdVan: '07:00',
      laadTijdTot: '08:00',
      losTijdVan: '10:00',
      losTijdTot: '12:00',
      lading: 'Een container',
      van: { adrescode: 'WA01', contactpersoon: 'Jeroen de Wit', telefoonnummer: '06 12 34 56 01' },
      naar: {
        adres: 'Stationsweg 4',
        plaats: 'Utrecht',
        contactpersoon: 'Anna',
        telefoonnummer: '0698765432',
      },
    };
    const url = '/api/MaterieelAanvraag/AddTransportAanvraag';
    const bad = await submit(
      { ...legacy, naar: { ...legacy.naar, telefoonnummer: 'bel maar' } },
      randomUUID(),
      USER,
      url,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('naar.telefoonnummer');
    const window = await submit({ ...legacy, laadTijdTot: '06:00' }, randomUUID(), USER, url);
    expect(window.statusCode).toBe(422);
    expect(window.json().details.fields).toHaveProperty('loadingUntil');
    const ok = await submit(legacy, randomUUID(), USER, url);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({
      materieelLocatieNr: LOC2,
      aantalRegels: 0,
      status: expect.any(String),
    });
    const [stored] = await t.database.db
      .select()
      .from(plantRequests)
      .where(eq(plantRequests.requestNo, ok.json().aanvraagNummer));
    expect(stored).toMatchObject({ kind: 'transport', requestedDate: '2026-11-25', cargo: 'Een container' });
  });

  it('the Dutch relocation form moves the removal list like the v2 call', async () => {
    const headers = await t.auth(USER);
    const items: Array<{ itemNo: string; plantNo: string | null; availableForRemoval: number }> = (
      await t.app.inject({
        url: `/api/v2.0/PlantInventoryItems/00000000-0000-0000-0000-000000000000?plantLocation=${LOC2}&pageSize=250`,
        headers,
      })
    ).json().items;
    const bulk = items.find((l) => !l.plantNo && l.availableForRemoval > 1);
    expect(bulk).toBeDefined();
    const add = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/RemovalLists/${LOC2}`,
      payload: { lines: [{ itemNo: bulk?.itemNo, amount: 1 }] },
      headers,
    });
    expect(add.statusCode).toBe(200);
    const url = '/api/MaterieelAanvraag/AddVerplaasting';
    const legacy = {
      materieelLocatieNr: LOC2,
      naarMaterieelLocatieNr: TARGET,
      verplaatsDatum: '2026-11-24T00:00:00',
      adres: 'Stationsweg 4',
      plaats: 'Utrecht',
      contactpersoon: 'Jeroen de Wit',
      telefoonnummer: '06 12 34 56 01',
    };
    const early = await submit({ ...legacy, retourDatum: '2026-11-23' }, randomUUID(), USER, url);
    expect(early.statusCode).toBe(422);
    const noPlace = await submit({ ...legacy, plaats: '' }, randomUUID(), USER, url);
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().details.fields).toHaveProperty('plaats');
    const ok = await submit(legacy, randomUUID(), USER, url);
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ materieelLocatieNr: LOC2, aantalRegels: 1 });
  });
});
