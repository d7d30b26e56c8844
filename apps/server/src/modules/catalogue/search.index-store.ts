import type { Locale } from '@mp/contract/i18n';
import type { Db } from '../../platform/db/database.ts';
import { onCatalogueInvalidated } from './catalogue.cache.ts';
import { Interner } from './catalogue.intern.ts';
import { createReadModel } from './catalogue.read-model.ts';
import { QuickSearchIndex, type SearchEntry } from './search.index.ts';
import { type SearchEntryRow, selectItemEntries, selectSetEntries } from './search.queries.ts';

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
  async (tx, locale: Locale) => ({
    items: await selectItemEntries(tx, locale),
    sets: await selectSetEntries(tx, locale),
  }),
  (rows, revision, db) => {
    const s = new Interner();
    const index = new QuickSearchIndex(
      revision,
      rows.items.map(entryOf(s)),
      rows.sets.map(entryOf(s)),
      lastBuilt.get(db),
    );
    lastBuilt.set(db, index);
    return index;
  },
);
