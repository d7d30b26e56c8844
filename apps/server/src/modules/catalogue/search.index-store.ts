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

/** The entries of one statement (items or sets), in batches, ranked by the database (decision 0008, "Scale 1000"). */
async function readEntries(tx: Pick<Db, 'execute'>, query: SQL, s: Interner): Promise<EntryIndexBuilder> {
  const builder = new EntryIndexBuilder();
  const entry = entryOf(s);
  await inBatches<SearchEntryRow>(tx, query, READ_BATCH, (rows) => {
    for (const r of rows) builder.add(entry(r), { text: r.text_pos, number: r.number_pos });
  });
  return builder;
}

/**
 * The quick-search index of a locale (null when the catalogue is too big: the caller runs the SQL
 * statement). One per database and locale; see catalogue.read-model.ts for when it is rebuilt. The
 * locales of one catalogue revision share the numbers, images and number postings (decision 0008).
 */
export const quickSearchIndexes = createReadModel(
  'quick-search',
  async (tx, locale: Locale) => {
    const s = new Interner();
    return {
      items: await readEntries(tx, itemEntriesSql(locale), s),
      sets: await readEntries(tx, setEntriesSql(locale), s),
    };
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

/**
 * A locale's sets alone, as a quick-search index without items (decision 0008, "The other languages' sets"): what
 * another language's quick search is asked when its items can add nothing (search.presence.ts, 'sets') and its
 * whole index is not built — at scale 1000 a process holds only its own language's (the budget). The sets are a
 * few dozen whatever the scale, so this is kilobytes; the estimate (1 B an item) only keeps it in the budget's sum.
 */
export const quickSearchSets = createReadModel(
  'quick-search-sets',
  (tx, locale: Locale) => readEntries(tx, setEntriesSql(locale), new Interner()),
  (sets, revision) => new QuickSearchIndex(revision, [], sets),
  1,
);
