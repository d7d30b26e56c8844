import type { Locale } from '@mp/contract/i18n';
import { countItems, selectCatalogueRevision } from '../catalogue/catalogue.queries.ts';
import { createReadModel, READ_MODEL_MAX_ITEMS, readSnapshot } from '../catalogue/catalogue.read-model.ts';
import { QuickSearchIndex, type SearchEntry } from './search.index.ts';
import { type SearchEntryRow, selectItemEntries, selectSetEntries } from './search.queries.ts';

const entryOf = (r: SearchEntryRow): SearchEntry => ({
  no: r.no,
  noLower: r.no_lower,
  description: r.description,
  folded: r.folded,
  hasDescription: r.has_description,
  imageSha: r.image_sha,
});

/**
 * The quick-search index of a locale (null when the catalogue is too big: the caller runs the SQL
 * statement). One per database and locale; see catalogue.read-model.ts for when it is rebuilt.
 */
export const quickSearchIndexes = createReadModel<Locale, QuickSearchIndex>(
  'quick-search',
  async (db, locale) => {
    const { revision, rows } = await readSnapshot(db, async (tx) => {
      const revision = await selectCatalogueRevision(tx);
      if ((await countItems(tx)) > READ_MODEL_MAX_ITEMS) return { revision, rows: null };
      return {
        revision,
        rows: { items: await selectItemEntries(tx, locale), sets: await selectSetEntries(tx, locale) },
      };
    });
    // Built after the transaction: the connection goes back to the pool while the postings are made.
    return {
      revision,
      value: rows && new QuickSearchIndex(revision, rows.items.map(entryOf), rows.sets.map(entryOf)),
    };
  },
);
