import { locales } from '@mp/contract/i18n';
import { splitSearchWords } from '@mp/contract/rules/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import { cardStores, cardTexts, listingIndexes } from './catalogue.indexes.ts';
import { readModelThreads } from './catalogue.read-model.ts';
import { quickSearchIndexes } from './search.index-store.ts';

// The read models are built in a worker thread (decision 0008 "Scale 1000"): the thread reads the rows in the
// snapshot the process exported, makes the model and hands its typed arrays over; the process holds exactly what
// a build in the process would have made.

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  readModelThreads(true);
  await t.close();
});

/** Every model, built in the process or in worker threads. */
async function models(inThreads: boolean) {
  const db = t.database.db;
  readModelThreads(inThreads);
  invalidateCatalogueCaches(db);
  const started = readModelThreads().started;
  const quick = [];
  for (const locale of locales) quick.push(await quickSearchIndexes.get(db, locale));
  const listing = await listingIndexes.get(db, 'all');
  const cards = await cardStores.get(db, 'all');
  const texts = [];
  for (const locale of locales.filter((l) => l !== 'nl-NL')) texts.push(await cardTexts.get(db, locale));
  return { quick, listing, cards, texts, threads: readModelThreads().started - started };
}

describe('read models built in a worker thread', () => {
  it('hold exactly what a build in the process holds, and answer the same', async () => {
    const here = await models(false);
    const there = await models(true);
    expect(here.threads).toBe(0);
    expect(there.threads).toBe(locales.length + 2 + locales.length - 1);
    expect(there.listing?.parts()).toEqual(here.listing?.parts());
    expect(there.cards?.parts()).toEqual(here.cards?.parts());
    expect(there.texts.map((x) => x?.parts())).toEqual(here.texts.map((x) => x?.parts()));
    for (let k = 0; k < locales.length; k++) {
      expect(there.quick[k]?.parts(), locales[k]).toEqual(here.quick[k]?.parts());
      for (const text of ['trilplaat', 'bh-10', 'lighting tower', 'ag', 'hek verzinkt'])
        expect(there.quick[k]?.search(splitSearchWords(text), true, 10), text).toEqual(
          here.quick[k]?.search(splitSearchWords(text), true, 10),
        );
    }
    // the locales of one revision share their numbers and images, as when built in the process
    for (const q of there.quick.slice(1)) {
      expect(q?.items.shared).toBe(there.quick[0]?.items.shared);
      expect(q?.sets.shared).toBe(there.quick[0]?.sets.shared);
    }
    const ids = there.listing?.list({
      categoryId: null,
      locale: 'nl-NL',
      filters: { bool: [] },
      sort: 'default',
      limit: 100_000,
      offset: 0,
      withPrices: false,
    }).ids as string[];
    expect(ids.length).toBeGreaterThan(0);
    const views = (m: typeof here) => [
      m.cards?.view('nl-NL'),
      ...m.texts.map((x) => m.cards?.textView(x ?? null)),
    ];
    const [theirs, ours] = [views(there), views(here)];
    expect(theirs.every(Boolean)).toBe(true);
    for (let k = 0; k < theirs.length; k++)
      for (const id of ids) expect(theirs[k]?.get(id)).toEqual(ours[k]?.get(id));
  });
});
