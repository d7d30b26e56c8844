import type { Locale } from '@mp/contract/i18n';
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

/**
 * The quick-search index of a locale (null when the catalogue is too big: the caller runs the SQL
 * statement). One per database and locale; see catalogue.read-model.ts for when it is rebuilt.
 */
export const quickSearchIndexes = createReadModel(
  'quick-search',
  async (tx, locale: Locale) => ({
    items: await selectItemEntries(tx, locale),
    sets: await selectSetEntries(tx, locale),
  }),
  (rows, revision) => {
    const s = new Interner();
    return new QuickSearchIndex(revision, rows.items.map(entryOf(s)), rows.sets.map(entryOf(s)));
  },
);
