import { countMatchedWords, splitSearchWords } from '@mp/contract/rules/search';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import type { SearchHit } from './search.index.ts';
import { quickSearchIndexes, quickSearchSets } from './search.index-store.ts';
import { selectQuickSearch } from './search.queries.ts';

const ADMIN = 'admin@materieelportaal.nl';
const INTERNAL = 'uitvoerder@vandijk.nl';
const EXTERNAL = 'projectleider@infranoord.nl';

interface Hit {
  materieelSoort: string;
  materieelOmschrijving: string;
  isSet: boolean;
  imageUrl: string | null;
  omschrijving: string;
}

let t: TestApp;
let headers: Record<string, { authorization: string }>;

async function setSettings(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key, value },
      headers: headers.admin,
    });
    expect(r.statusCode, key).toBe(204);
  }
}

async function quick(
  query: string,
  locale?: string,
  as: keyof typeof headers | null = 'internal',
): Promise<Hit[]> {
  const qs = new URLSearchParams({ query, ...(locale ? { locale } : {}) });
  const r = await t.app.inject({ url: `/api/v2.0/Search/quicksearch?${qs}`, headers: as ? headers[as] : {} });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().zoekResultaten;
}

beforeAll(async () => {
  t = await createTestApp();
  headers = {
    admin: await t.auth(ADMIN),
    internal: await t.auth(INTERNAL),
    external: await t.auth(EXTERNAL),
  };
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v2.0/Search/quicksearch', () => {
  it('finds items case-insensitively, at most 10, with image and number', async () => {
    const hits = await quick('trilplaat');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.length).toBeLessThanOrEqual(10);
    for (const h of hits) expect(h.materieelOmschrijving.toLowerCase()).toContain('trilplaat');
    expect(hits[0]).toMatchObject({ isSet: false, materieelSoort: expect.stringMatching(/^TP-/) });
    expect(hits[0].imageUrl).toMatch(/^\/api\/v2\.0\/Images\/single\/item\/TP-/);
    const upper = await quick('LICHTMAST');
    expect(upper.length).toBeGreaterThan(0);
    for (const h of upper) expect(h.materieelOmschrijving).toMatch(/Lichtmast/);
  });

  it('ignores accents both ways', async () => {
    const fr = await quick('cloture', 'fr-FR');
    expect(fr.some((h) => h.materieelOmschrijving.startsWith('Clôture de chantier'))).toBe(true);
    const de = await quick('bauzaunfuss', 'de-DE');
    expect(de.some((h) => h.materieelOmschrijving.startsWith('Bauzaunfuß'))).toBe(true);
    const accented = await quick('RÉVERSIBLE', 'fr-FR');
    expect(accented.some((h) => h.materieelOmschrijving.includes('réversible'))).toBe(true);
  });

  it('matches in the interface language, with the nl-NL text where an item has no translation', async () => {
    expect((await quick('plate compactor', 'en-US')).length).toBeGreaterThan(0);
    // A German word in the English interface: found through the other languages, named in English.
    const german = await quick('rüttelplatte', 'en-US');
    expect(german.length).toBeGreaterThan(0);
    for (const h of german) expect(h.materieelOmschrijving).toMatch(/plate compactor/i);
    const [{ id }] = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into items (item_no, category_id) select 'ZZ-9001', id from categories limit 1 returning id`,
      )
    ).rows;
    await t.database.db.execute(
      sql`insert into item_translations (item_id, locale, description) values (${id}, 'nl-NL', 'Zeldzame proefmachine')`,
    );
    // A writer in this process says so; the next request reads the change.
    invalidateCatalogueCaches(t.database.db);
    const en = await quick('proefmachine', 'en-US');
    expect(en).toEqual([
      expect.objectContaining({ materieelSoort: 'ZZ-9001', materieelOmschrijving: 'Zeldzame proefmachine' }),
    ]);
  });

  it('sees a catalogue change made by another process within seconds (catalogue revision)', async () => {
    expect(await quick('nachtzichtkijker')).toEqual([]);
    // Written without invalidateCatalogueCaches(): as far as this process knows, someone else did it.
    const [{ id }] = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into items (item_no, category_id) select 'ZZ-9002', id from categories limit 1 returning id`,
      )
    ).rows;
    await t.database.db.execute(
      sql`insert into item_translations (item_id, locale, description) values (${id}, 'nl-NL', 'Nachtzichtkijker')`,
    );
    const until = Date.now() + 10_000;
    let hits: Hit[] = [];
    while (Date.now() < until) {
      hits = await quick('nachtzichtkijker');
      if (hits.length > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(hits.map((h) => h.materieelSoort)).toEqual(['ZZ-9002']);
    await t.database.db.execute(sql`update items set blocked = true where id = ${id}`);
    const blockedUntil = Date.now() + 10_000;
    while (Date.now() < blockedUntil && (await quick('nachtzichtkijker')).length > 0) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(await quick('nachtzichtkijker')).toEqual([]);
  });

  it('answers from the in-process index exactly what the SQL statement answers', async () => {
    // Search texts built from the catalogue itself: whole words, prefixes, inner fragments, two-letter
    // starts, word pairs, numbers and number parts, plus accents, capitals and wildcards.
    const rows = (
      await t.database.db.execute<{ d: string; no: string }>(sql`
        select t.description as d, i.item_no as no from item_translations t join items i on i.id = t.item_id
        union all select t.description, s.set_no from set_translations t join sets s on s.id = t.set_id
        order by 2, 1`)
    ).rows;
    const texts = new Set<string>([
      'bh-1001',
      'BH',
      'ag-10',
      '10',
      'Rüttelplatte',
      'DIESEL 20',
      '%',
      'a_b',
      'x y',
    ]);
    rows.forEach((r, i) => {
      if (i % 7 !== 0) return;
      const words = r.d.split(/\s+/).filter((w) => w.length > 1);
      const w = words[i % words.length] ?? r.d;
      texts.add(w);
      texts.add(w.slice(0, 2));
      texts.add(w.slice(0, 4));
      if (w.length > 5) texts.add(w.slice(2, 5));
      if (words.length > 1) texts.add(`${words[0]} ${words[words.length - 1]}`);
      texts.add(r.no.slice(0, 5));
      texts.add(`${w.slice(0, 2)} ${r.no.slice(0, 2)}`);
    });
    expect(texts.size).toBeGreaterThan(150);
    const shape = (r: {
      is_set: boolean;
      no: string;
      description: string;
      image_sha: string | null;
      n: number;
    }) => `${r.is_set ? 'set' : 'item'} ${r.no} | ${r.description} | ${r.image_sha} | ${r.n}`;
    // an index hit as the statement's row
    const asRow = (h: SearchHit) => ({
      is_set: h.isSet,
      no: h.no,
      description: h.description,
      image_sha: h.imageSha,
      n: h.n,
    });
    let compared = 0;
    let setsCompared = 0;
    for (const locale of ['nl-NL', 'en-US', 'fr-FR', 'de-DE'] as const) {
      const index = await quickSearchIndexes.get(t.database.db, locale);
      // the sets alone (another language's fallback when its items can add nothing): its sets statement exactly
      const setsIndex = await quickSearchSets.get(t.database.db, locale);
      if (!index || !setsIndex) throw new Error('no index');
      for (const text of texts) {
        const words = splitSearchWords(text);
        if (words.length === 0) continue;
        const withSets = compared % 2 === 0;
        const fromSql = await selectQuickSearch(t.database.db, locale, words, withSets, 10);
        const fromIndex = index.search(words, withSets, 10).map(asRow);
        expect(fromIndex.map(shape), `${locale} "${text}"`).toEqual(fromSql.map(shape));
        compared++;
        if (withSets) continue;
        const setsFromSql = await selectQuickSearch(t.database.db, locale, words, true, 10, false);
        const setsFromIndex = setsIndex.search(words, true, 10).map(asRow);
        expect(setsFromIndex.map(shape), `sets ${locale} "${text}"`).toEqual(setsFromSql.map(shape));
        if (setsFromSql.length > 0) setsCompared++;
      }
    }
    expect(compared).toBeGreaterThan(600);
    expect(setsCompared).toBeGreaterThan(20);
  });

  it('ranks by how many words the description holds, then relevance', async () => {
    const words = splitSearchWords('trilplaat diesel');
    const hits = await quick('trilplaat diesel');
    expect(hits).toHaveLength(10);
    const counts = hits.map((h) => countMatchedWords(h.materieelOmschrijving, words));
    expect(counts.slice(0, 4)).toEqual([2, 2, 2, 2]);
    expect(counts).toEqual([...counts].sort((a, b) => b - a));
  });

  it('fills up with partial matches only when fewer than 10 hold every word', async () => {
    const all = await quick('verkeersbord cm');
    expect(all).toHaveLength(10);
    for (const h of all) expect(countMatchedWords(h.materieelOmschrijving, ['verkeersbord', 'cm'])).toBe(2);
    const partial = await quick('bouwhek qqzzxx');
    expect(partial.length).toBeGreaterThan(0);
    for (const h of partial) expect(h.materieelOmschrijving.toLowerCase()).toContain('bouwhek');
  });

  it('matches the item number and puts an exact number first', async () => {
    const hits = await quick('bh-1001');
    expect(hits[0].materieelSoort).toBe('BH-1001');
  });

  it('treats a two-letter word as the start of a word', async () => {
    const hits = await quick('tr');
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits)
      expect(`${h.materieelOmschrijving} ${h.materieelSoort}`.toLowerCase()).toMatch(/(^|[ -])tr/);
  });

  it('includes sets, marked isSet, unless MaterieelSets_ToonSets is off', async () => {
    const hits = await quick('afzetting');
    const set = hits.find((h) => h.isSet);
    expect(set).toMatchObject({ materieelSoort: 'SET-001', materieelOmschrijving: 'Afzetting 100 m' });
    expect(set?.imageUrl).toMatch(/^\/api\/v2\.0\/Images\/single\/set\/SET-001/);
    await setSettings({ MaterieelSets_ToonSets: false });
    try {
      expect((await quick('afzetting')).some((h) => h.isSet)).toBe(false);
    } finally {
      await setSettings({ MaterieelSets_ToonSets: true });
    }
  });

  it('answers an empty list for texts shorter than the minimum, and 400 for an overlong one', async () => {
    expect(await quick('a')).toEqual([]);
    expect(await quick('  ')).toEqual([]);
    expect(await quick('')).toEqual([]);
    const long = await t.app.inject({
      url: `/api/v2.0/Search/quicksearch?query=${'x'.repeat(101)}`,
      headers: headers.internal,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().details.fields).toHaveProperty('query');
    const noQuery = await t.app.inject({ url: '/api/v2.0/Search/quicksearch', headers: headers.internal });
    expect(noQuery.statusCode).toBe(400);
    expect(noQuery.json().details.fields).toHaveProperty('query');
  });

  it('treats LIKE wildcards as plain text', async () => {
    expect(await quick('%%')).toEqual([]);
    expect(await quick('__')).toEqual([]);
  });

  it('needs a login unless AllowAnonymousUsers is on', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Search/quicksearch?query=trilplaat' });
    expect(r.statusCode).toBe(401);
    await setSettings({ AllowAnonymousUsers: true });
    try {
      expect((await quick('trilplaat', undefined, null)).length).toBeGreaterThan(0);
    } finally {
      await setSettings({ AllowAnonymousUsers: false });
    }
  });
});

describe('GET /api/v2.0/Search', () => {
  it('lists catalogue cards ranked, with total, facets and sets', async () => {
    const r = await t.app.inject({
      url: '/api/v2.0/Search?query=trilplaat%20diesel',
      headers: headers.external,
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.words).toEqual(['trilplaat', 'diesel']);
    expect(body.total).toBe(body.items.length);
    expect(body.items[0]).toMatchObject({ showPrice: true, dayPrice: expect.stringMatching(/^\d+\.\d{2}$/) });
    expect(body.items[0].techData.length).toBeGreaterThan(0);
    const counts = body.items.map((i: { description: string }) =>
      countMatchedWords(i.description, body.words),
    );
    expect(counts).toEqual([...counts].sort((a: number, b: number) => b - a));
    expect(body.facets.booleanGroups[0].options.length).toBeGreaterThan(0);
    expect(body.facets.dayPrice).not.toBeNull();

    const diesel = body.facets.booleanGroups[0].options.find((o: { code: string }) => o.code === 'diesel');
    const filtered = (
      await t.app.inject({
        url: `/api/v2.0/Search?query=trilplaat&bool=${diesel.attributeId}`,
        headers: headers.external,
      })
    ).json();
    expect(filtered.total).toBeGreaterThan(0);
    for (const i of filtered.items) expect(i.description.toLowerCase()).toContain('diesel');

    const sets = (
      await t.app.inject({ url: '/api/v2.0/Search?query=afzetting', headers: headers.external })
    ).json();
    expect(sets.sets[0]).toMatchObject({ setNo: 'SET-001' });
  });

  it('keeps to the limit and validates it', async () => {
    const r = (
      await t.app.inject({ url: '/api/v2.0/Search?query=bouwhek&limit=5', headers: headers.internal })
    ).json();
    expect(r.items).toHaveLength(5);
    expect(r.total).toBeGreaterThan(5);
    const bad = await t.app.inject({
      url: '/api/v2.0/Search?query=bouwhek&limit=0',
      headers: headers.internal,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('limit');
    const sort = await t.app.inject({
      url: '/api/v2.0/Search?query=bouwhek&sortBy=cheap',
      headers: headers.internal,
    });
    expect(sort.statusCode).toBe(400);
    expect(sort.json().details.fields).toHaveProperty('sortBy');
  });

  it('answers a foreign plantLocation with 404 and applies the price rule of a location', async () => {
    const foreign = await t.app.inject({
      url: '/api/v2.0/Search?query=bouwhek&plantLocation=P-24008',
      headers: headers.internal,
    });
    expect(foreign.statusCode).toBe(404);
    await setSettings({ ShowPriceInternalPrices: false });
    const own = (
      await t.app.inject({
        url: '/api/v2.0/Search?query=bouwhek&plantLocation=P-24001',
        headers: headers.internal,
      })
    ).json();
    expect(own.items[0]).toMatchObject({ showPrice: false, priceOnDemand: true, dayPrice: null });
    expect(own.facets.dayPrice).toBeNull();
  });

  it('gives an empty result for a too short text', async () => {
    const r = (await t.app.inject({ url: '/api/v2.0/Search?query=b', headers: headers.internal })).json();
    expect(r).toMatchObject({ items: [], sets: [], total: 0 });
  });
});

describe('search across languages (issue #9 item 11)', () => {
  const search = async (query: string, locale: string, extra = '') => {
    const r = await t.app.inject({
      url: `/api/v2.0/Search?${new URLSearchParams({ query, locale })}${extra}`,
      headers: headers.external,
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json() as { items: { itemNo: string; description: string }[]; total: number };
  };

  it('quick search: a Dutch word in the English interface finds the Dutch matches, named in English', async () => {
    const nl = await quick('lichtmast', 'nl-NL');
    expect(nl).toHaveLength(9);
    const en = await quick('lichtmast', 'en-US');
    // nl-NL is searched first (de-DE spells it alike): the same items in the same order, English names.
    expect(en.map((h) => h.materieelSoort)).toEqual(nl.map((h) => h.materieelSoort));
    for (const h of en) {
      expect(h.materieelOmschrijving).toMatch(/^Lighting tower /);
      expect(h.omschrijving).toBe(h.materieelOmschrijving);
      expect(h.imageUrl).toMatch(/^\/api\/v2\.0\/Images\/single\/item\//);
    }
    // And the other way: an English word in the Dutch interface, named in Dutch.
    const dutch = await quick('lighting tower', 'nl-NL');
    expect(dutch.length).toBeGreaterThanOrEqual(9);
    // Those holding both words first: the nine lighting towers.
    for (const h of dutch.slice(0, 9)) expect(h.materieelOmschrijving).toMatch(/^Lichtmast /);
  });

  it('full search: the Dutch matches in the English interface, as English cards', async () => {
    const nl = await search('lichtmast', 'nl-NL');
    expect(nl.total).toBe(9);
    const en = await search('lichtmast', 'en-US');
    expect(en.total).toBe(9);
    expect(en.items.map((i) => i.itemNo)).toEqual(nl.items.map((i) => i.itemNo));
    for (const i of en.items) expect(i.description).toMatch(/^Lighting tower /);
  });

  it("ranks the interface language's matches above the other languages, each item once", async () => {
    const [{ id }] = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into items (item_no, category_id) select 'ZZ-9101', id from categories limit 1 returning id`,
      )
    ).rows;
    // English text holds the word, Dutch text does not; a Lighting tower item matches in both.
    await t.database.db.execute(
      sql`insert into item_translations (item_id, locale, description)
          values (${id}, 'nl-NL', 'Adapterset voor masten'), (${id}, 'en-US', 'Lichtmast adapter set')`,
    );
    const lightingTower = (await quick('lichtmast', 'nl-NL'))[0].materieelSoort;
    const [{ tid }] = (
      await t.database.db.execute<{ tid: string }>(
        sql`select id as tid from items where item_no = ${lightingTower}`,
      )
    ).rows;
    await t.database.db.execute(
      sql`update item_translations set description = description || ' (lichtmast)' where item_id = ${tid} and locale = 'en-US'`,
    );
    invalidateCatalogueCaches(t.database.db);
    try {
      const quickEn = await quick('lichtmast', 'en-US');
      expect(quickEn).toHaveLength(10);
      // Both English matches first (the shorter text first), then the Dutch matches, none twice.
      expect(quickEn.slice(0, 2).map((h) => h.materieelSoort)).toEqual(['ZZ-9101', lightingTower]);
      expect(quickEn[0].materieelOmschrijving).toBe('Lichtmast adapter set');
      expect(new Set(quickEn.map((h) => h.materieelSoort)).size).toBe(10);
      for (const h of quickEn.slice(2)) expect(h.materieelOmschrijving).toMatch(/^Lighting tower /);

      const full = await search('lichtmast', 'en-US');
      expect(full.total).toBe(10);
      expect(full.items.slice(0, 2).map((i) => i.itemNo)).toEqual(['ZZ-9101', lightingTower]);
      expect(new Set(full.items.map((i) => i.itemNo)).size).toBe(10);
      for (const i of full.items.slice(2)) expect(i.description).toMatch(/^Lighting tower /);

      // The page size does not change the list: whether to look further depends on the matches, not the page.
      const page = await search('lichtmast', 'en-US', '&limit=2');
      expect(page.total).toBe(10);
      expect(page.items.map((i) => i.itemNo)).toEqual(['ZZ-9101', lightingTower]);
    } finally {
      await t.database.db.execute(sql`delete from item_translations where item_id = ${id}`);
      await t.database.db.execute(sql`delete from items where id = ${id}`);
      await t.database.db.execute(
        sql`update item_translations set description = replace(description, ' (lichtmast)', '') where item_id = ${tid} and locale = 'en-US'`,
      );
      invalidateCatalogueCaches(t.database.db);
    }
  });
});

describe('search across languages: when not to', () => {
  it('does not look further when the interface language finds 10 or more', async () => {
    const [{ id }] = (
      await t.database.db.execute<{ id: string }>(
        sql`insert into items (item_no, category_id) select 'ZZ-9102', id from categories limit 1 returning id`,
      )
    ).rows;
    // Only its German text holds the English word.
    await t.database.db.execute(
      sql`insert into item_translations (item_id, locale, description)
          values (${id}, 'nl-NL', 'Montageset'), (${id}, 'en-US', 'Mounting kit'), (${id}, 'de-DE', 'Compactor Montageset')`,
    );
    invalidateCatalogueCaches(t.database.db);
    try {
      const quickEn = await quick('compactor', 'en-US');
      expect(quickEn).toHaveLength(10);
      expect(quickEn.map((h) => h.materieelSoort)).not.toContain('ZZ-9102');
      const r = await t.app.inject({
        url: '/api/v2.0/Search?query=compactor&locale=en-US',
        headers: headers.external,
      });
      const full = r.json() as { items: { itemNo: string }[]; total: number };
      expect(full.total).toBeGreaterThanOrEqual(10);
      expect(full.items.map((i) => i.itemNo)).not.toContain('ZZ-9102');
      // The German interface finds it, of course.
      expect((await quick('compactor montageset', 'de-DE'))[0].materieelSoort).toBe('ZZ-9102');
    } finally {
      await t.database.db.execute(sql`delete from item_translations where item_id = ${id}`);
      await t.database.db.execute(sql`delete from items where id = ${id}`);
      invalidateCatalogueCaches(t.database.db);
    }
  });

  it('decides on the matches before any filter, so a filter narrows the list it was chosen from', async () => {
    const all = (
      await t.app.inject({ url: '/api/v2.0/Search?query=lichtmast&locale=en-US', headers: headers.external })
    ).json();
    expect(all.total).toBe(9);
    const diesel = all.facets.booleanGroups[0].options.find((o: { code: string }) => o.code === 'diesel');
    expect(diesel.count).toBeGreaterThan(0);
    const filtered = (
      await t.app.inject({
        url: `/api/v2.0/Search?query=lichtmast&locale=en-US&bool=${diesel.attributeId}`,
        headers: headers.external,
      })
    ).json();
    expect(filtered.total).toBe(diesel.count);
    for (const i of filtered.items) expect(i.description).toMatch(/^Lighting tower /);
  });
});

describe('GET /api/v2.0/RecentlyViewed', () => {
  const recent = async (qs: string, locale: string) => {
    const r = await t.app.inject({
      url: `/api/v2.0/RecentlyViewed?${qs}`,
      headers: { ...headers.internal, 'accept-language': locale },
    });
    expect(r.statusCode, r.body).toBe(200);
    return r.json().entries as { kind: string; id: string; description: string; imageUrl: string | null }[];
  };

  it('names the entries viewed in one language in the current one', async () => {
    const [a, b] = (await quick('lichtmast', 'nl-NL')).map((h) => h.materieelSoort);
    const qs = `itemNos=${b},${a},NOPE-1&setNos=SET-001`;
    const nl = await recent(qs, 'nl-NL');
    expect(nl.map((e) => [e.kind, e.id])).toEqual([
      ['item', b],
      ['item', a],
      ['set', 'SET-001'],
    ]);
    expect(nl[0].description).toMatch(/^Lichtmast /);
    expect(nl[2].description).toBe('Afzetting 100 m');
    expect(nl[0].imageUrl).toMatch(/^\/api\/v2\.0\/Images\/single\/item\//);
    const en = await recent(qs, 'en-US');
    expect(en.map((e) => e.id)).toEqual([b, a, 'SET-001']);
    expect(en[0].description).toMatch(/^Lighting tower /);
    expect(en[1].description).toMatch(/^Lighting tower /);
    expect(en[2].description).toBe('Fencing 100 m');
  });

  it('validates the lists and needs a login unless AllowAnonymousUsers is on', async () => {
    const tooMany = Array.from({ length: 11 }, (_, i) => `X-${i}`).join(',');
    const bad = await t.app.inject({
      url: `/api/v2.0/RecentlyViewed?itemNos=${tooMany}`,
      headers: headers.internal,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('itemNos');
    expect((await t.app.inject({ url: '/api/v2.0/RecentlyViewed?setNos=SET-001' })).statusCode).toBe(401);
  });
});

describe('legacy search calls', () => {
  it('GetSnelZoeken answers zoekResultaten in the searchLanguage', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelSnelzoeken/GetSnelZoeken',
      payload: { zoekString: 'Plate compactor', searchLanguage: 'en-US' },
      headers: headers.internal,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().zoekResultaten[0].materieelOmschrijving).toMatch(/^Plate compactor/);
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelSnelzoeken/GetSnelZoeken',
      payload: { zoekString: 'x', searchLanguage: 'nl-NL' },
      headers: headers.internal,
    });
    expect(short.json()).toEqual({ zoekResultaten: [] });
  });

  it('GetSnelZoekenDetails answers materielen with legacy prices', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelSnelzoeken/GetSnelZoekenDetails',
      payload: { zoekString: 'trilplaat', searchLanguage: 'nl-NL' },
      headers: headers.external,
    });
    expect(r.statusCode).toBe(200);
    const m = r.json().materielen[0];
    expect(m).toMatchObject({ materieelSoort: expect.stringMatching(/^TP-/), toonPrijs: true });
    expect(typeof m.huurPrijs).toBe('number');
    expect(m.technischeGegevens.length).toBeGreaterThan(0);
  });
});
