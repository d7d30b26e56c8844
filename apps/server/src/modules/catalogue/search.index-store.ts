import type { Locale } from '@mp/contract/i18n';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { onCatalogueInvalidated } from './catalogue.cache.ts';
import { Interner } from './catalogue.intern.ts';
import { inBatches } from './catalogue.read-model.queries.ts';
import { createReadModel } from './catalogue.read-model.ts';
import { EntryIndexBuilder, QuickSearchIndex, type SearchEntry } from './search.index.ts';
import { itemEntriesSql, type SearchEntryRow, setEntriesSql } from './search.queries.ts';

/** An entry of a row; equal strings once (an image many items show is one string, decision 0008 "Size"). */
const entryOf =
  (s: Interner) =>
  (r: SearchEntryRow): SearchEntry => ({
    no: r.no,
    noLower: r.no_lower === r.no ? r.no : r.no_lower,
    description: r.description,
    folded: r.folded === r.description ? r.description : r.folded,
    hasDescription: r.has_description,
    imageSha: s.of(r.image_sha),
  });

/** Rows per batch a build reads (a few hundred kilobytes; the event loop is free between batches). */
const READ_BATCH = 2000;

/**
 * What a locale's index holds per item, measured by `npm run bench` at scale 100 (decision 0008 "Scale 1000":
 * 253 B for the first locale with the shared numbers, 148-191 B for each further one), rounded up: the memory
 * budget's estimate (catalogue.read-model.ts).
 */
const QUICK_SEARCH_BYTES_PER_ITEM = 260;

/** The index built last per database: the next locale's build shares its numbers when they are the same. */
const lastBuilt = new WeakMap<Db, QuickSearchIndex>();
onCatalogueInvalidated((db) => lastBuilt.delete(db));

/**
 * The quick-search index of a locale (null when the catalogue is too big: the caller runs the SQL
 * statement). One per database and locale; see catalogue.read-model.ts for when it is rebuilt. The
 * locales of one catalogue revision share the numbers, images and number postings (decision 0008).
 */
export const quickSearchIndexes = createReadModel(
  'quick-search',
  async (tx, locale: Locale) => {
    // In batches, ranked by the database: the rows of one batch at a time (decision 0008, "Scale 1000").
    const s = new Interner();
    const read = async (query: SQL) => {
      const builder = new EntryIndexBuilder();
      const entry = entryOf(s);
      await inBatches<SearchEntryRow>(tx, query, READ_BATCH, (rows) => {
        for (const r of rows) builder.add(entry(r), { text: r.text_pos, number: r.number_pos });
      });
      return builder;
    };
    return { items: await read(itemEntriesSql(locale)), sets: await read(setEntriesSql(locale)) };
  },
  (rows, revision, db) => {
    const index = new QuickSearchIndex(revision, rows.items, rows.sets, lastBuilt.get(db));
    lastBuilt.set(db, index);
    return index;
  },
  QUICK_SEARCH_BYTES_PER_ITEM,
  {
    parts: (index) => index.parts(),
    // Built in a worker thread with numbers and images of its own: the ones of the index built before are
    // used instead when they are the same (another locale of the same revision).
    fromParts: (parts, db) => {
      const index = QuickSearchIndex.fromParts(parts, lastBuilt.get(db));
      lastBuilt.set(db, index);
      return index;
    },
  },
);
