import type { Locale } from '@mp/contract/i18n';
import type { Db } from '../../platform/db/database.ts';
import { type CardLookup, CardStore, CardTexts } from './catalogue.card-store.ts';
import type { CardRow, TechMode } from './catalogue.common.queries.ts';
import { type ListedItem, ListingIndex, type ListingQuery } from './catalogue.listing-index.ts';
import type { ListingRow } from './catalogue.queries.ts';
import {
  type CardStoreRow,
  cardStoreRowsSql,
  cardTextRowsSql,
  inBatches,
  type ListedItemRow,
  listedItemsSql,
  selectAttributesForListing,
  selectCardsByIds,
  selectCategoryParents,
} from './catalogue.read-model.queries.ts';
import { createReadModel, type ReadModel } from './catalogue.read-model.ts';

/** Rows per batch a build reads. */
const READ_BATCH = 2000;

// What each model holds per listed item, measured by `npm run bench` at scale 100 (decision 0008 "Scale
// 1000": 162 and 346 B), rounded up: the memory budget's estimates (catalogue.read-model.ts).
const LISTING_BYTES_PER_ITEM = 170;
/** With nl-NL's descriptions only: 112 B an item at scale 1000 (was 265 with all four, estimated at 360). */
const CARD_STORE_BYTES_PER_ITEM = 160;
/**
 * One more locale's descriptions (CardTexts): 50–54 B an item at scale 1000, rounded up. With the default budget
 * (360 MB) the listing, the card store, nl-NL's quick search and the three languages' texts fit at scale 1000
 * (339 MB estimated); another language's quick-search index then does not, and its SQL statement answers.
 */
const CARD_TEXTS_BYTES_PER_ITEM = 64;

// The catalogue's in-process read models (docs/decisions/0008-in-process-catalogue-indexes.md): the
// listing index and the cards, and a list page made from them.

/**
 * The listing index (catalogue.listing-index.ts) of a database: one for all locales, rebuilt when the
 * catalogue changes (catalogue.read-model.ts); null when the catalogue is too big for one.
 */
export const listingIndexes = createReadModel(
  'listing',
  async (tx, _key: 'all') => {
    const attributes = await selectAttributesForListing(tx);
    const categories = (await selectCategoryParents(tx)).map((c) => ({ id: c.id, parentId: c.parent_id }));
    // The items in batches: a build holds one batch of rows at a time (decision 0008, "Scale 1000").
    const index = new ListingIndex(0, null, attributes, categories);
    await inBatches<ListedItemRow>(tx, listedItemsSql(), READ_BATCH, (rows) =>
      index.add(
        rows.map(
          (r): ListedItem => ({
            id: r.id,
            categoryId: r.category_id,
            noRank: r.no_rank,
            descriptionRank: r.description_rank,
            dayPrice: r.day_price,
            weekPrice: r.week_price,
            weight: r.weight,
            trueAttributes: r.trues ?? [],
          }),
        ),
      ),
    );
    return index;
  },
  (index, revision) => index.done(revision),
  LISTING_BYTES_PER_ITEM,
  { parts: (index) => index.parts(), fromParts: (parts) => ListingIndex.fromParts(parts) },
);

/**
 * The card store (catalogue.card-store.ts) of a database: every listed item's card, with the nl-NL descriptions
 * (every locale's fallback); another locale's descriptions are its `cardTexts`, read on first use.
 */
export const cardStores = createReadModel(
  'cards',
  async (tx, _key: 'all') => {
    // In batches: a build holds one batch of rows at a time (decision 0008, "Scale 1000").
    const store = new CardStore(undefined, ['nl-NL']);
    await inBatches<CardStoreRow>(tx, cardStoreRowsSql(['nl-NL']), READ_BATCH, (rows) => store.add(rows));
    return store;
  },
  (store, revision) => store.done(revision),
  CARD_STORE_BYTES_PER_ITEM,
  { parts: (store) => store.parts(), fromParts: (parts) => CardStore.fromParts(parts) },
);

/** A locale's descriptions of every listed item, row for row in the card store's order (decision 0008). */
export const cardTexts = createReadModel(
  'card-texts',
  async (tx, locale: Locale) => {
    const texts = CardTexts.builder(locale);
    await inBatches<{ nl: string; text: string }>(tx, cardTextRowsSql(locale), READ_BATCH, (rows) =>
      texts.add(rows),
    );
    return texts;
  },
  (texts, revision) => texts.done(revision),
  CARD_TEXTS_BYTES_PER_ITEM,
  { parts: (texts) => texts.parts(), fromParts: (parts) => CardTexts.fromParts(parts) },
);

/**
 * Every listed item's card in a locale (technical data in the locale), by id: the cards of a page come from
 * here instead of a statement. A view of the one card store, built on first use like the listing index; in a
 * locale other than nl-NL with that locale's texts, read at the store's revision (until then: null, and the
 * statement answers).
 */
export const cardModels: ReadModel<Locale, CardLookup> = {
  async get(db, locale, now) {
    const store = await cardStores.get(db, 'all', now);
    if (!store || store.holds(locale)) return store?.view(locale) ?? null;
    return store.textView(await cardTexts.get(db, locale, now));
  },
  peek(db, locale, now) {
    const store = cardStores.peek(db, 'all', now);
    if (!store || store.holds(locale)) return store?.view(locale) ?? null;
    return store.textView(cardTexts.peek(db, locale, now));
  },
};

/**
 * A list page from the listing index: ids, totals and facets from memory, the cards from the card model
 * when it is built and holds them all (technical data in the locale, or none), else from the database.
 */
export async function listFromIndex(
  db: Db,
  index: ListingIndex,
  input: ListingQuery & { tech: TechMode },
  cards: CardLookup | null = input.tech === 'all' ? null : cardModels.peek(db, input.locale),
): Promise<ListingRow> {
  const { ids, ...numbers } = index.list(input);
  const rows = cards ? ids.map((id) => cards.get(id)) : [];
  if (!cards || rows.some((r) => r === undefined)) {
    return { ...numbers, items: await selectCardsByIds(db, input.locale, ids, input.offset, input.tech) };
  }
  return {
    ...numbers,
    items: (rows as CardRow[]).map((r, k) => ({
      ord: input.offset + k + 1,
      ...r,
      tech: input.tech === 'none' ? [] : r.tech,
    })),
  };
}
