import { QUICK_SEARCH_LIMIT, type SearchQuery, type SearchResults } from '@mp/contract/api/catalogue';
import type { QuickSearchResult } from '@mp/contract/api/shell';
import type { Locale } from '@mp/contract/i18n';
import { isSearchable, splitSearchWords } from '@mp/contract/rules/search';
import type { Db } from '../../platform/db/database.ts';
import { imageUrl } from '../../platform/files/image-url.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { createCache } from './catalogue.cache.ts';
import { cardModels, listingIndexes } from './catalogue.indexes.ts';
import {
  type AtLocation,
  filtersOf,
  numberFormat,
  runListing,
  type ViewOptions,
  viewerFor,
} from './catalogue.service.ts';
import { quickSearchIndexes } from './search.index-store.ts';
import {
  itemCandidates,
  type QuickRow,
  type SetHitRow,
  selectQuickSearch,
  selectSetHits,
} from './search.queries.ts';

/** Sets shown next to the full result list. */
const SET_HITS_LIMIT = 20;

// The answers hold no prices and no per-user data, so one entry serves everyone (catalogue.cache.ts).
// The quick search caches only when it runs the statement (a catalogue too big for the index).
const quickCache = createCache<QuickRow[]>({ ttlMs: 60_000, maxEntries: 2000 });
const setHitsCache = createCache<SetHitRow[]>({ ttlMs: 60_000, maxEntries: 500 });

/**
 * The search words of a text, or none when it is shorter than the minimum (product §5: an empty list,
 * not an error).
 */
function wordsOf(query: string, minLength: number): string[] {
  return isSearchable(query, minLength) ? splitSearchWords(query) : [];
}

/**
 * Quick search (the dropdown): at most 10 items and sets, ranked by how many words their description
 * (or number) holds, then relevance, then number. No prices, so the answer is the same for everyone.
 */
export async function quickSearch(
  ctx: Ctx,
  query: string,
  options: ViewOptions = {},
): Promise<{ zoekResultaten: QuickSearchResult[] }> {
  const v = await viewerFor(ctx, 'AppZoeken', undefined, options);
  const words = wordsOf(query, v.settings.MinimumZoekLengte);
  if (words.length === 0) return { zoekResultaten: [] };
  const withSets = v.settings.MaterieelSets_ToonSets;
  const index = quickSearchIndexes.peek(ctx.db, v.locale);
  const rows: QuickRow[] = index
    ? index.search(words, withSets, QUICK_SEARCH_LIMIT).map((h) => ({
        is_set: h.isSet,
        no: h.no,
        description: h.description,
        image_sha: h.imageSha,
        n: h.n,
      }))
    : await quickCache.get(ctx.db, JSON.stringify([v.locale, withSets, words]), () =>
        selectQuickSearch(ctx.db, v.locale, words, withSets, QUICK_SEARCH_LIMIT),
      );
  return {
    zoekResultaten: rows.map((r) => ({
      materieelSoort: r.no,
      materieelOmschrijving: r.description,
      isSet: r.is_set,
      imageUrl: r.image_sha ? imageUrl(r.is_set ? 'set' : 'item', r.no, r.image_sha) : null,
      omschrijving: r.description,
    })),
  };
}

/** Full search (Zoeken): item cards with the catalogue's filters and facets, plus matching sets. */
export async function search(
  ctx: Ctx,
  q: AtLocation<SearchQuery>,
  options: ViewOptions = {},
): Promise<SearchResults> {
  const v = await viewerFor(ctx, 'AppZoeken', q.locationNo, {
    ...options,
    locale: options.locale ?? q.locale,
  });
  const words = wordsOf(q.query, v.settings.MinimumZoekLengte);
  const empty = { booleanGroups: [], dayPrice: null, weekPrice: null };
  if (words.length === 0) {
    return { query: q.query, words, items: [], sets: [], total: 0, facets: empty, format: numberFormat(v) };
  }
  const [list, sets] = await Promise.all([
    runListing(ctx, v, {
      base: itemCandidates(v.locale, words),
      baseKey: `search:${words.join(' ')}`,
      hasRelevance: true,
      filters: filtersOf(q),
      sort: q.sortBy,
      limit: q.limit,
      offset: 0,
    }),
    v.settings.MaterieelSets_ToonSets
      ? setHitsCache.get(ctx.db, JSON.stringify([v.locale, words]), () =>
          selectSetHits(ctx.db, v.locale, words, SET_HITS_LIMIT),
        )
      : Promise.resolve([]),
  ]);
  return {
    query: q.query,
    words,
    items: list.items,
    sets: sets.map((s) => ({
      setNo: s.set_no,
      description: s.description,
      imageUrl: s.image_sha ? imageUrl('set', s.set_no, s.image_sha) : null,
    })),
    total: list.total,
    facets: list.facets,
    format: numberFormat(v),
  };
}

/** Starts building the catalogue indexes of a locale (listing, cards, quick search) in the background. */
export function warmCatalogue(db: Db, locale: Locale): void {
  listingIndexes.peek(db, 'all');
  cardModels.peek(db, locale);
  quickSearchIndexes.peek(db, locale);
}
