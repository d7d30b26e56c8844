import type { Locale } from '@mp/contract/i18n';
import type { Db } from '../../platform/db/database.ts';
import type { CardRow, TechMode, TechRow } from './catalogue.common.queries.ts';
import { Interner, SharedObjects } from './catalogue.intern.ts';
import { type ListedItem, ListingIndex, type ListingQuery } from './catalogue.listing-index.ts';
import type { ListingRow } from './catalogue.queries.ts';
import {
  selectAttributesForListing,
  selectCardsByIds,
  selectCategoryParents,
  selectListedCards,
  selectListedItems,
} from './catalogue.read-model.queries.ts';
import { createReadModel } from './catalogue.read-model.ts';

// The catalogue's in-process read models (docs/decisions/0008-in-process-catalogue-indexes.md): the
// listing index and the cards, and a list page made from them.

/**
 * The listing index (catalogue.listing-index.ts) of a database: one for all locales, rebuilt when the
 * catalogue changes (catalogue.read-model.ts); null when the catalogue is too big for one.
 */
export const listingIndexes = createReadModel(
  'listing',
  async (tx, _key: 'all') => ({
    items: await selectListedItems(tx),
    attributes: await selectAttributesForListing(tx),
    categories: await selectCategoryParents(tx),
  }),
  (rows, revision) => {
    const items: ListedItem[] = rows.items.map((r) => ({
      id: r.id,
      categoryId: r.category_id,
      noRank: r.no_rank,
      descriptionRank: r.description_rank,
      dayPrice: r.day_price,
      weekPrice: r.week_price,
      weight: r.weight,
      trueAttributes: r.trues ?? [],
    }));
    const categories = rows.categories.map((c) => ({ id: c.id, parentId: c.parent_id }));
    return new ListingIndex(revision, items, rows.attributes, categories);
  },
);

/**
 * Every listed item's card in a locale (technical data in the locale), by id: the cards of a page come from
 * here instead of a statement. Built per locale on first use, like the listing index.
 */
export const cardModels = createReadModel(
  'cards',
  (tx, locale: Locale) => selectListedCards(tx, locale),
  (rows) => compactCards(rows),
);

/**
 * The cards by id with equal values held once: the strings many items share (category, unit, prices,
 * weight, technical labels and values), each technical row and each whole list of them. About half the
 * memory of the rows as the driver reads them (decision 0008, "Size"); the cards read the same.
 */
export function compactCards(rows: readonly CardRow[]): Map<string, CardRow> {
  const s = new Interner();
  const techRows = new SharedObjects<TechRow>();
  const techLists = new SharedObjects<TechRow[]>();
  const out = new Map<string, CardRow>();
  for (const r of rows) {
    const keys = r.tech.map((t) => JSON.stringify([t.c, t.k, t.u, t.l, t.b, t.n, t.t, t.lj, t.tj]));
    const tech = techLists.of(keys.join('\n'), () =>
      r.tech.map((t, k) =>
        techRows.of(keys[k], () => ({
          ...t,
          c: s.of(t.c),
          u: s.of(t.u),
          l: s.of(t.l),
          n: s.of(t.n),
          t: s.of(t.t),
        })),
      ),
    );
    out.set(r.id, {
      id: r.id,
      item_no: r.item_no,
      description: s.of(r.description),
      image_sha: s.of(r.image_sha),
      category_id: s.of(r.category_id),
      rental_type: s.of(r.rental_type),
      rental_unit: s.of(r.rental_unit),
      day_price: s.of(r.day_price),
      week_price: s.of(r.week_price),
      sale_price: s.of(r.sale_price),
      weight: s.of(r.weight),
      tech,
    });
  }
  return out;
}

/**
 * A list page from the listing index: ids, totals and facets from memory, the cards from the card model
 * when it is built and holds them all (technical data in the locale, or none), else from the database.
 */
export async function listFromIndex(
  db: Db,
  index: ListingIndex,
  input: ListingQuery & { tech: TechMode },
  cards: Map<string, CardRow> | null = input.tech === 'all' ? null : cardModels.peek(db, input.locale),
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
