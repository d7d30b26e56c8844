import { splitSearchWords } from '@mp/contract/rules/search';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import { quickSearchIndexes } from './search.index-store.ts';
import { TrigramPresence, trigramPresence } from './search.presence.ts';

// Words in no description (decision 0008): a quick search whose words occur in no description of any language
// skips the other languages' fallback (they could add only number matches, which it has); a word that occurs in
// a description is never ruled out.

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

  it('built from the database, rules out no word of any description of an item or set in any language', async () => {
    const db = t.database.db;
    invalidateCatalogueCaches(db);
    const presence = await trigramPresence.get(db, 'all');
    expect(presence).not.toBeNull();
    const { rows } = await db.execute<{ t: string }>(sql`
      select search_text as t from item_translations
      union all select lower(f_unaccent(description)) from set_translations`);
    expect(rows.length).toBeGreaterThan(1000);
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
    expect(words).toBeGreaterThan(10_000);
  });

  it('a number search with fewer than 10 hits asks no other language; a word of another language still does', async () => {
    const db = t.database.db;
    await quickSearchIndexes.get(db, 'nl-NL');
    await trigramPresence.get(db, 'all');
    // the other languages' indexes not built: their fallback is a statement each
    const number = await quickStatements('tp-1001 zqxw', 'nl-NL');
    expect(number.hits.map((h) => h.materieelSoort)).toEqual(['TP-1001']);
    expect(number.statements.filter((s) => /item_translations/.test(s))).toEqual([]);
    // 'lighting' occurs only in English descriptions: the fallback runs and finds the lighting towers
    const english = await quickStatements('lighting', 'nl-NL');
    expect(english.hits.length).toBeGreaterThan(0);
    expect(english.statements.filter((s) => /item_translations/.test(s)).length).toBeGreaterThan(0);
  });
});
