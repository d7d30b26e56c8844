import { splitSearchWords } from '@mp/contract/rules/search';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import { countItems } from './catalogue.read-model.queries.ts';
import { configureReadModels, DEFAULT_READ_MODEL_MAX_MB } from './catalogue.read-model.ts';
import { quickSearchIndexes, quickSearchSets } from './search.index-store.ts';
import { TrigramPresence, trigramPresence } from './search.presence.ts';

// Words in no description (decision 0008): a quick search whose words occur in no description of any language
// skips the other languages' fallback (they could add only number matches, which it has); a word that occurs in
// a description is never ruled out.

const MB = 1024 * 1024;
let t: TestApp;
let headers: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  headers = await t.auth('uitvoerder@vandijk.nl');
});
afterAll(async () => {
  await t?.close();
});

async function quickStatements(query: string, locale: string) {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const qs = new URLSearchParams({ query, locale });
    const r = await t.app.inject({ url: `/api/v2.0/Search/quicksearch?${qs}`, headers });
    expect(r.statusCode, r.body).toBe(200);
    const statements = spy.mock.calls.map(([c]) =>
      typeof c === 'string' ? c : String((c as { text?: string }).text ?? ''),
    );
    return { hits: r.json().zoekResultaten as { materieelSoort: string }[], statements };
  } finally {
    spy.mockRestore();
  }
}

describe('trigram presence', () => {
  it('rules out only windows that occur nowhere (bytes, so accents and 4-byte characters too)', () => {
    const p = TrigramPresence.empty(1);
    p.add(new TextEncoder().encode('trilplaat benzine\nhoogwerker schaar\nbétonnière 🏗️ kraan'));
    for (const w of [
      'trilplaat',
      'ilp',
      'benzine',
      'schaar',
      'hoogwerker',
      'bétonnière',
      'éto',
      'kraan',
      '🏗️',
    ])
      expect(p.mayOccur(w), w).toBe(true);
    // two-letter words match at a word's start only: never ruled out
    expect(p.mayOccur('zq')).toBe(true);
    for (const w of ['zqx', 'trilplaatz', 'betonniere', 'ènz']) expect(p.mayOccur(w), w).toBe(false);
    expect(p.rulesOut(['tp-1001', 'zqx9'])).toBe(true);
    expect(p.rulesOut(['trilplaat', 'zqx9'])).toBe(false);
    expect(p.rulesOut(['zq', 'zqx9'])).toBe(false);
  });

  it('built from the database, rules out no word of any description of an item or set in its language', async () => {
    const db = t.database.db;
    invalidateCatalogueCaches(db);
    for (const locale of ['nl-NL', 'en-US'] as const) {
      const presence = await trigramPresence.get(db, locale);
      expect(presence).not.toBeNull();
      // the texts the statements match in the locale: its own, and nl-NL's where it has none
      const { rows } = await db.execute<{ t: string }>(sql`
        select t.search_text as t from item_translations t where t.locale = ${locale}::locale
          or (t.locale = 'nl-NL' and not exists (select 1 from item_translations x
            where x.item_id = t.item_id and x.locale = ${locale}::locale))
        union all select lower(f_unaccent(t.description)) from set_translations t where t.locale = ${locale}::locale
          or (t.locale = 'nl-NL' and not exists (select 1 from set_translations x
            where x.set_id = t.set_id and x.locale = ${locale}::locale))`);
      expect(rows.length).toBeGreaterThan(300);
      let words = 0;
      for (const r of rows) {
        for (const w of splitSearchWords(r.t)) {
          // every piece of every word, as a user may type part of it
          for (let i = 0; i + 3 <= w.length; i++) {
            expect(presence?.mayOccur(w.slice(i, i + 5)), `${w.slice(i, i + 5)} in ${r.t}`).toBe(true);
            words++;
          }
        }
      }
      expect(words).toBeGreaterThan(3_000);
    }
    // 'lighting' is in English descriptions only
    expect((await trigramPresence.get(db, 'en-US'))?.mayOccur('lighting')).toBe(true);
    expect((await trigramPresence.get(db, 'nl-NL'))?.mayOccur('lighting')).toBe(false);
  });

  it('parts to ask: items by their long words, sets by any word', () => {
    const p = TrigramPresence.empty(1);
    p.add(new TextEncoder().encode('trilplaat benzine'));
    expect(p.partsToAsk(['trilplaat', 'zqxw'], true)).toBe('all');
    // a short word next to a long one selects no item, but it may select a set
    expect(p.partsToAsk(['tr', 'zqxw'], true)).toBe('sets');
    expect(p.partsToAsk(['tr', 'zqxw'], false)).toBe('none');
    expect(p.partsToAsk(['zqxw', 'qqqq'], true)).toBe('none');
    // only short words: they select items, never ruled out
    expect(p.partsToAsk(['tr'], false)).toBe('all');
  });

  const statementsIn = (statements: string[], locale: string) =>
    statements.filter((s) => s.includes(`'${locale}'::locale`));

  it('another language is asked only for what its descriptions can hold', async () => {
    const db = t.database.db;
    invalidateCatalogueCaches(db);
    await quickSearchIndexes.get(db, 'nl-NL');
    for (const l of ['en-US', 'fr-FR', 'de-DE'] as const) await trigramPresence.get(db, l);
    // the other languages' indexes not built: their fallback is a statement each
    const number = await quickStatements('tp-1001 zqxw', 'nl-NL');
    expect(number.hits.map((h) => h.materieelSoort)).toEqual(['TP-1001']);
    expect(number.statements.filter((s) => /item_translations|set_translations/.test(s))).toEqual([]);
    // 'lighting' occurs only in English descriptions: English is asked and finds the lighting towers, the others not
    const english = await quickStatements('lighting', 'nl-NL');
    expect(english.hits.length).toBeGreaterThan(0);
    expect(statementsIn(english.statements, 'en-US').length).toBeGreaterThan(0);
    expect(statementsIn(english.statements, 'fr-FR')).toEqual([]);
    expect(statementsIn(english.statements, 'de-DE')).toEqual([]);
  });

  it('a short word next to a word in no description asks the other languages for their sets only, same hits', async () => {
    const db = t.database.db;
    // the reference: no presence bits yet, so every other language runs its whole statement
    invalidateCatalogueCaches(db);
    await quickSearchIndexes.get(db, 'nl-NL');
    const whole = await quickStatements('fe zqxw', 'nl-NL');
    expect(statementsIn(whole.statements, 'en-US').some((s) => s.includes('item_translations'))).toBe(true);
    // again from nothing (the first search started the other languages' index builds), now with the bits
    invalidateCatalogueCaches(db);
    await quickSearchIndexes.get(db, 'nl-NL');
    for (const l of ['en-US', 'fr-FR', 'de-DE'] as const) await trigramPresence.get(db, l);
    const sets = await quickStatements('fe zqxw', 'nl-NL');
    for (const l of ['en-US', 'fr-FR', 'de-DE']) {
      // the quick search's own statements (the search also starts building the language's sets: quickSearchSets)
      const own = statementsIn(sets.statements, l).filter((s) => s.includes('r.is_set'));
      expect(own.length, l).toBe(1);
      expect(own[0]).toContain('set_translations');
      expect(own[0]).not.toContain('item_translations');
    }
    // 'Fencing 100 m' is set SET-001's English name: found through the English sets, named in Dutch
    expect(whole.hits.map((h) => h.materieelSoort)).toContain('SET-001');
    expect(sets.hits).toEqual(whole.hits);
  });

  it("with the other languages' sets in memory, such a search asks them no statement at all, same hits", async () => {
    const db = t.database.db;
    const items = await countItems(db);
    // room for nl-NL's quick-search index (260 B an item), the bits and the sets, not for another quick-search index
    configureReadModels({ maxMb: (items * (260 + 100)) / MB });
    try {
      invalidateCatalogueCaches(db);
      expect(await quickSearchIndexes.get(db, 'nl-NL')).not.toBeNull();
      for (const l of ['en-US', 'fr-FR', 'de-DE'] as const) {
        await trigramPresence.get(db, l);
        expect(await quickSearchIndexes.get(db, l), l).toBeNull();
        expect(await quickSearchSets.get(db, l), l).not.toBeNull();
      }
      const r = await quickStatements('fe zqxv', 'nl-NL');
      for (const l of ['en-US', 'fr-FR', 'de-DE']) expect(statementsIn(r.statements, l), l).toEqual([]);
      expect(r.hits.map((h) => h.materieelSoort)).toContain('SET-001');
      // the reference: the statements alone, no read model in memory
      invalidateCatalogueCaches(db);
      configureReadModels({ maxMb: 0 });
      const bySql = await quickStatements('fe zqxv', 'nl-NL');
      expect(bySql.statements.some((s) => s.includes('set_translations'))).toBe(true);
      expect(r.hits).toEqual(bySql.hits);
    } finally {
      configureReadModels({ maxMb: DEFAULT_READ_MODEL_MAX_MB });
      invalidateCatalogueCaches(db);
    }
  });
});
