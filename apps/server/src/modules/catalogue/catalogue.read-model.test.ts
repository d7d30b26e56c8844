import { splitSearchWords } from '@mp/contract/rules/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import { listingIndexes } from './catalogue.indexes.ts';
import { countItems } from './catalogue.read-model.queries.ts';
import { configureReadModels, DEFAULT_READ_MODEL_MAX_MB } from './catalogue.read-model.ts';
import { quickSearchIndexes } from './search.index-store.ts';
import { selectQuickSearch } from './search.queries.ts';

// The read models' memory budget (READ_MODEL_MAX_MB, decision 0008 "Scale 1000"): a model whose estimate does
// not fit next to the others' is not built, its SQL statements answer, and the process says so once.

const MB = 1024 * 1024;
let t: TestApp;
let auth: { authorization: string };
const said: { message: string; fields: Record<string, unknown> }[] = [];
const log = (message: string, fields: Record<string, unknown>) => said.push({ message, fields });

beforeAll(async () => {
  t = await createTestApp();
  auth = await t.auth('uitvoerder@vandijk.nl');
});
afterAll(async () => {
  configureReadModels({ maxMb: DEFAULT_READ_MODEL_MAX_MB });
  await t.close();
});

async function quick(query: string, locale: string) {
  const qs = new URLSearchParams({ query, locale });
  const r = await t.app.inject({ url: `/api/v2.0/Search/quicksearch?${qs}`, headers: auth });
  expect(r.statusCode, r.body).toBe(200);
  return r.json().zoekResultaten.map((h: { materieelSoort: string }) => h.materieelSoort);
}

describe('the read models within READ_MODEL_MAX_MB', () => {
  it('builds models while they fit, then lets the SQL statements answer, and says which once', async () => {
    const db = t.database.db;
    const items = await countItems(db);
    // the listing index (170 B an item) and one quick-search index (260 B), not a second one
    configureReadModels({ maxMb: (items * (170 + 260 + 100)) / MB, log });
    invalidateCatalogueCaches(db);
    expect(await listingIndexes.get(db, 'all')).not.toBeNull();
    expect(await quickSearchIndexes.get(db, 'nl-NL')).not.toBeNull();
    expect(await quickSearchIndexes.get(db, 'en-US')).toBeNull();
    expect(await quickSearchIndexes.get(db, 'en-US')).toBeNull();
    expect(said.map((s) => s.message)).toEqual([
      'read model listing:all: built in memory',
      'read model quick-search:nl-NL: built in memory',
      'read model quick-search:en-US: not built, over READ_MODEL_MAX_MB; its SQL statements answer',
    ]);
    expect(said[2].fields).toMatchObject({
      items,
      budgetMb: expect.any(Number),
      estimateMb: expect.any(Number),
    });
    // the statement answers English quick searches exactly
    for (const text of ['lighting tower', 'fence', 'bh-10']) {
      const fromSql = await selectQuickSearch(db, 'en-US', splitSearchWords(text), true, 10);
      expect(await quick(text, 'en-US'), text).toEqual(fromSql.map((r) => r.no));
    }
  });

  it('builds none at 0 MB, and every one again once the budget allows', async () => {
    const db = t.database.db;
    configureReadModels({ maxMb: 0, log });
    invalidateCatalogueCaches(db);
    expect(await listingIndexes.get(db, 'all')).toBeNull();
    expect(await quickSearchIndexes.get(db, 'nl-NL')).toBeNull();
    expect(await quick('trilplaat', 'nl-NL')).not.toEqual([]);
    configureReadModels({ maxMb: DEFAULT_READ_MODEL_MAX_MB, log });
    invalidateCatalogueCaches(db);
    expect(await listingIndexes.get(db, 'all')).not.toBeNull();
    for (const locale of ['nl-NL', 'en-US', 'fr-FR', 'de-DE'] as const) {
      expect(await quickSearchIndexes.get(db, locale)).not.toBeNull();
    }
  });
});
