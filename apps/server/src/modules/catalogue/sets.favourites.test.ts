import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { EXTERNAL, SET_NESTED, SET_SIMPLE, setSetting, USER } from '../order-lists/ordering.test-support.ts';

// Issue #31 item 20: FavorietenSets lists the set numbers the rental company recommends. GET Sets marks them and
// puts them first, in the setting's order; ?favourites=true answers only them (the Favorieten page). Unknown or
// inactive numbers are left out; the list changes as soon as an administrator saves the setting.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Summary = { setNo: string; favourite: boolean };
const sets = async (query = '', email = USER) => {
  const r = await t.app.inject({ url: `/api/v2.0/Sets${query}`, headers: await t.auth(email) });
  expect(r.statusCode).toBe(200);
  return r.json().sets as Summary[];
};

describe('FavorietenSets', () => {
  it('marks no set and answers no favourites while the setting is empty', async () => {
    const all = await sets();
    expect(all.length).toBeGreaterThan(2);
    expect(all.every((s) => s.favourite === false)).toBe(true);
    expect(await sets('?favourites=true')).toEqual([]);
  });

  it('puts the favourite sets first, in the order of the setting, for every user', async () => {
    await setSetting(t, 'FavorietenSets', [SET_NESTED, 'SET-DOES-NOT-EXIST', SET_SIMPLE]);
    for (const email of [USER, EXTERNAL]) {
      const all = await sets('', email);
      expect(all.slice(0, 2)).toMatchObject([
        { setNo: SET_NESTED, favourite: true },
        { setNo: SET_SIMPLE, favourite: true },
      ]);
      expect(all.slice(2).every((s) => !s.favourite)).toBe(true);
      const favourites = await sets('?favourites=true', email);
      expect(favourites.map((s) => s.setNo)).toEqual([SET_NESTED, SET_SIMPLE]);
    }
    const one = await t.app.inject({ url: `/api/v2.0/Sets/${SET_SIMPLE}`, headers: await t.auth(USER) });
    expect(one.json().favourite).toBe(true);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelSets/GetSets',
      payload: {},
      headers: await t.auth(USER),
    });
    expect(legacy.json().sets[0]).toMatchObject({ setNummer: SET_NESTED, favoriet: true });
  });

  it('shows no favourites when sets are hidden', async () => {
    await setSetting(t, 'MaterieelSets_ToonSets', false);
    try {
      expect(await sets('?favourites=true')).toEqual([]);
    } finally {
      await setSetting(t, 'MaterieelSets_ToonSets', true);
    }
  });

  it('refuses a favourites value that is not true or false', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Sets?favourites=ja', headers: await t.auth(USER) });
    expect(r.statusCode).toBe(400);
  });
});
