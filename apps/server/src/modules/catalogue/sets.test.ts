import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  EXTERNAL,
  FOREIGN_LOC,
  ITEM,
  LOC2,
  SET_NESTED,
  SET_SIMPLE,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('sets', () => {
  it('lists the active sets with their line counts', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Sets', headers: await t.auth(USER) });
    expect(r.statusCode).toBe(200);
    const sets = r.json().sets as Array<{ setNo: string; description: string; lineCount: number }>;
    expect(sets.map((s) => s.setNo)).toEqual(expect.arrayContaining([SET_SIMPLE, SET_NESTED]));
    expect(sets.find((s) => s.setNo === SET_SIMPLE)).toMatchObject({
      description: 'Afzetting 100 m',
      lineCount: 5,
    });
    const exist = await t.app.inject({ url: '/api/v2.0/Sets/exist', headers: await t.auth(USER) });
    expect(exist.json()).toEqual({ exist: true });
  });

  it('describes sets in the locale of the request', async () => {
    const r = await t.app.inject({
      url: '/api/v2.0/Sets',
      headers: { ...(await t.auth(USER)), 'x-locale': 'en-US' },
    });
    expect(r.json().sets.find((s: { setNo: string }) => s.setNo === SET_SIMPLE).description).toBe(
      'Fencing 100 m',
    );
  });

  it('shows one set with child sets expanded, amounts per set, and the set settings', async () => {
    const r = await t.app.inject({ url: `/api/v2.0/Sets/${SET_NESTED}`, headers: await t.auth(USER) });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      setNo: SET_NESTED,
      allowEdit: true,
      fillByDefault: true,
      useAsQuickList: false,
    });
    const lines = body.lines as Array<{
      lineId: string;
      parentLineId: string | null;
      type: string;
      itemNo: string;
      amount: number;
    }>;
    const child = lines.find((l) => l.type === 'set' && l.itemNo === SET_SIMPLE);
    expect(child).toMatchObject({ amount: 1, parentLineId: null });
    expect(lines.find((l) => l.parentLineId === child?.lineId && l.itemNo === ITEM)?.amount).toBe(29);
    const generator = lines.find((l) => l.itemNo === 'AG-1006');
    expect(
      lines
        .filter((l) => l.parentLineId === generator?.lineId)
        .map((l) => l.itemNo)
        .sort(),
    ).toEqual(['KB-1003', 'SV-1001']);
  });

  it('finds the sets holding an item (GetSetsLinks), through child sets too', async () => {
    const r = await t.app.inject({ url: `/api/v2.0/Sets?itemNo=${ITEM}`, headers: await t.auth(USER) });
    const nos = r.json().sets.map((s: { setNo: string }) => s.setNo);
    expect(nos).toEqual(expect.arrayContaining([SET_SIMPLE, SET_NESTED]));
    expect(nos).not.toContain('SET-004');
  });

  it('shows prices by the price rule for the chosen location', async () => {
    const internal = await t.app.inject({
      url: `/api/v2.0/Sets/${SET_SIMPLE}?plantLocation=${LOC2}`,
      headers: await t.auth(USER),
    });
    expect(
      internal
        .json()
        .lines.every((l: { showPrice: boolean; dayPrice: unknown }) => !l.showPrice && l.dayPrice === null),
    ).toBe(true);
    expect(internal.json().lines[0].priceOnDemand).toBe(true);
    const external = await t.app.inject({
      url: `/api/v2.0/Sets/${SET_SIMPLE}?plantLocation=${FOREIGN_LOC}`,
      headers: await t.auth(EXTERNAL),
    });
    expect(external.json().lines.some((l: { showPrice: boolean }) => l.showPrice)).toBe(true);
    const foreign = await t.app.inject({
      url: `/api/v2.0/Sets/${SET_SIMPLE}?plantLocation=${FOREIGN_LOC}`,
      headers: await t.auth(USER),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('answers 404 for a foreign or unknown location on every set call, list and legacy calls included', async () => {
    const headers = await t.auth(USER);
    for (const url of [
      `/api/v2.0/Sets?plantLocation=${FOREIGN_LOC}`,
      `/api/v2.0/Sets?itemNo=AG-1001&plantLocation=${FOREIGN_LOC}`,
      '/api/v2.0/Sets?plantLocation=P-99999',
    ]) {
      const r = await t.app.inject({ url, headers });
      expect(r.statusCode, url).toBe(404);
      expect(r.json().code).toBe('error.locatie_onbekend');
    }
    for (const [url, payload] of [
      ['/api/MaterieelSets/GetSets', { materieelLocatieNr: FOREIGN_LOC }],
      ['/api/MaterieelSets/GetSetsLinks', { materieelSoort: 'AG-1001', materieelLocatieNr: FOREIGN_LOC }],
      ['/api/MaterieelSets/GetSet', { setNummer: SET_SIMPLE, materieelLocatieNr: FOREIGN_LOC }],
    ] as const) {
      const r = await t.app.inject({ method: 'POST', url, payload, headers });
      expect(r.statusCode, url).toBe(404);
    }
  });

  it('answers 404 for an unknown set', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Sets/SET-999', headers: await t.auth(USER) });
    expect(r.statusCode).toBe(404);
  });

  it('hides every set when MaterieelSets_ToonSets is off', async () => {
    await setSetting(t, 'MaterieelSets_ToonSets', false);
    try {
      const headers = await t.auth(USER);
      expect((await t.app.inject({ url: '/api/v2.0/Sets', headers })).json()).toEqual({ sets: [] });
      expect((await t.app.inject({ url: `/api/v2.0/Sets/${SET_SIMPLE}`, headers })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/v2.0/Sets/exist', headers })).json()).toEqual({ exist: false });
    } finally {
      await setSetting(t, 'MaterieelSets_ToonSets', true);
    }
  });

  it('lets anonymous visitors see sets only with AllowAnonymousUsers', async () => {
    await setSetting(t, 'AllowAnonymousUsers', false);
    expect((await t.app.inject({ url: '/api/v2.0/Sets' })).statusCode).toBe(401);
    await setSetting(t, 'AllowAnonymousUsers', true);
    try {
      const r = await t.app.inject({ url: `/api/v2.0/Sets/${SET_SIMPLE}` });
      expect(r.statusCode).toBe(200);
      expect(r.json().lines.length).toBeGreaterThan(0);
    } finally {
      await setSetting(t, 'AllowAnonymousUsers', false);
    }
  });
});

describe('sets, legacy calls', () => {
  const legacy = async (action: string, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/MaterieelSets/${action}`,
      payload: payload as object,
      headers: await t.auth(USER),
    });

  it('serves SetsExist, GetSets, GetSet, GetSetsDetails and GetSetsLinks', async () => {
    expect((await legacy('SetsExist', {})).json()).toEqual({ setsExist: true });
    const sets = await legacy('GetSets', {});
    expect(sets.json().sets.find((s: { setNummer: string }) => s.setNummer === SET_SIMPLE)).toMatchObject({
      omschrijving: 'Afzetting 100 m',
      aantalRegels: 5,
    });
    const one = await legacy('GetSet', { setNummer: SET_SIMPLE });
    expect(one.json().regels[0]).toMatchObject({ materieelSoort: ITEM, aantal: 29, type: 'Materieel' });
    // an internal user on a location without ShowPriceInternalPrices: prices zeroed
    const onLocation = await legacy('GetSet', { setNummer: SET_SIMPLE, materieelLocatieNr: LOC2 });
    expect(onLocation.json().regels[0]).toMatchObject({
      toonPrijs: false,
      huurPrijs: '0',
      verkoopPrijs: '0',
    });
    const details = await legacy('GetSetsDetails', { ids: [SET_SIMPLE, SET_NESTED] });
    expect(details.json().sets).toHaveLength(2);
    const links = await legacy('GetSetsLinks', { materieelSoort: ITEM });
    expect(links.json().sets.map((s: { setNummer: string }) => s.setNummer)).toContain(SET_SIMPLE);
    expect((await legacy('GetSet', {})).statusCode).toBe(400);
  });
});
