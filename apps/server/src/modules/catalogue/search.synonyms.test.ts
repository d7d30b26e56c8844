import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { ADMIN, SET_SIMPLE, setSetting, USER } from '../order-lists/ordering.test-support.ts';

// Issue #31 item 20: SynoniemCode names the list of search synonyms the search uses. A searched word of a group also
// finds what the group's other words find, in the quick search and on Zoeken, items and sets; another list or an
// empty setting changes that at once. Administrators keep the list (GET/PUT SearchSynonyms); nobody else may.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t, 'SynoniemCode', 'TEST');
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, email: string | null = USER) =>
  t.app.inject({ url, headers: email ? await t.auth(email) : {} });
const put = async (groups: { words: string[] }[], email = ADMIN) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v2.0/SearchSynonyms',
    payload: { groups },
    headers: await t.auth(email),
  });
const quick = async (q: string) =>
  (await get(`/api/v2.0/Search/quicksearch?query=${encodeURIComponent(q)}`)).json().zoekResultaten as {
    materieelSoort: string;
    materieelOmschrijving: string;
    isSet: boolean;
  }[];
const full = async (q: string) =>
  (await get(`/api/v2.0/Search?query=${encodeURIComponent(q)}&limit=50`)).json();

describe('the demo list (SynoniemCode STANDAARD, the default)', () => {
  it('finds the mini excavators for "minikraan", a word no item holds', async () => {
    await setSetting(t, 'SynoniemCode', '');
    expect(await quick('minikraan')).toEqual([]);
    await setSetting(t, 'SynoniemCode', 'STANDAARD');
    try {
      const hits = await quick('minikraan');
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((h) => /minigraver/i.test(h.materieelOmschrijving))).toBe(true);
      expect((await get('/api/v2.0/SearchSynonyms', ADMIN)).json().groups[1].words).toEqual([
        'minigraver',
        'minikraan',
      ]);
    } finally {
      await setSetting(t, 'SynoniemCode', 'TEST');
    }
  });
});

describe('SynoniemCode', () => {
  it('finds nothing for an unknown word before it is a synonym', async () => {
    expect(await quick('zandtriller')).toEqual([]);
    expect((await full('zandtriller')).total).toBe(0);
  });

  it('finds what the other words of the group find, items and sets, quick and on Zoeken', async () => {
    const r = await put([{ words: ['Zandtriller', 'trilplaat'] }, { words: ['hekwerkset', 'afzetting'] }]);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({
      code: 'TEST',
      groups: [{ words: ['Zandtriller', 'trilplaat'] }, { words: ['hekwerkset', 'afzetting'] }],
    });

    const hits = await quick('zandtriller');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => /trilplaat/i.test(h.materieelOmschrijving))).toBe(true);
    const direct = await full('trilplaat');
    const viaSynonym = await full('zandtriller');
    expect(viaSynonym.total).toBe(direct.total);
    expect(viaSynonym.items.map((i: { itemNo: string }) => i.itemNo)).toEqual(
      direct.items.map((i: { itemNo: string }) => i.itemNo),
    );
    // the words to bold include what the synonym found
    expect(viaSynonym.words).toEqual(['zandtriller', 'trilplaat']);

    expect((await quick('hekwerkset')).some((h) => h.isSet && h.materieelSoort === SET_SIMPLE)).toBe(true);
    expect((await full('hekwerkset')).sets.some((s: { setNo: string }) => s.setNo === SET_SIMPLE)).toBe(true);
    // whole words only: part of a synonym is none
    expect(await quick('zandtril')).toEqual([]);
  });

  it('uses the list the setting names, and none while it is empty', async () => {
    await setSetting(t, 'SynoniemCode', 'ANDERE');
    try {
      expect(await quick('zandtriller')).toEqual([]);
      expect((await get('/api/v2.0/SearchSynonyms', ADMIN)).json()).toEqual({ code: 'ANDERE', groups: [] });
      await setSetting(t, 'SynoniemCode', '');
      expect(await quick('zandtriller')).toEqual([]);
      expect((await get('/api/v2.0/SearchSynonyms', ADMIN)).json()).toEqual({ code: '', groups: [] });
      const refused = await put([{ words: ['a1', 'b1'] }]);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('error.synoniemcode_leeg');
    } finally {
      await setSetting(t, 'SynoniemCode', 'TEST');
    }
    expect((await quick('zandtriller')).length).toBeGreaterThan(0);
  });

  it('refuses a word twice, a group of one word and a word with a space, changing nothing', async () => {
    const before = (await get('/api/v2.0/SearchSynonyms', ADMIN)).json();
    const twice = await put([{ words: ['kachel', 'heater'] }, { words: ['Heater', 'warmtekanon'] }]);
    expect(twice.statusCode).toBe(422);
    expect(twice.json().details.fields['groups.1.words.0'].code).toBe('validation.synoniem_dubbel');
    expect((await put([{ words: ['kachel'] }])).statusCode).toBe(400);
    const spaced = await put([{ words: ['mini graver', 'minikraan'] }]);
    expect(spaced.statusCode).toBe(400);
    expect(JSON.stringify(spaced.json().details)).toContain('validation.een_woord');
    expect((await get('/api/v2.0/SearchSynonyms', ADMIN)).json()).toEqual(before);
  });

  it('lets only administrators read and change the list', async () => {
    expect((await get('/api/v2.0/SearchSynonyms', USER)).statusCode).toBe(403);
    expect((await get('/api/v2.0/SearchSynonyms', null)).statusCode).toBe(401);
    expect((await put([{ words: ['a1', 'b1'] }], USER)).statusCode).toBe(403);
    expect((await quick('zandtriller')).length).toBeGreaterThan(0);
  });
});
