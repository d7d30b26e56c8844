import {
  QUICK_SEARCH_LIMIT,
  type RecentlyViewedNames,
  type SearchQuery,
  type SearchResults,
} from '@mp/contract/api/catalogue';
import type { QuickSearchResult } from '@mp/contract/api/shell';
import { type Locale, locales } from '@mp/contract/i18n';
import {
  fallbackLocales,
  isSearchable,
  OTHER_LANGUAGES_BELOW,
  splitSearchWords,
} from '@mp/contract/rules/search';
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
import type { QuickSearchIndex } from './search.index.ts';
import { quickSearchIndexes, quickSearchSets } from './search.index-store.ts';
import { trigramPresence } from './search.presence.ts';
import {
  candidatesOfVariants,
  countCandidates,
  itemCandidates,
  itemCandidatesAcrossLocales,
  type NameRow,
  type QuickRow,
  type SetHitRow,
  selectNames,
  selectQuickSearch,
  selectSetHits,
} from './search.queries.ts';
import { searchWordVariants } from './search.synonyms.ts';

/** Sets shown next to the full result list. */
const SET_HITS_LIMIT = 20;

// The answers hold no prices and no per-user data, so one entry serves everyone (catalogue.cache.ts).
// The quick search caches only when it runs the statement (a catalogue too big for the index).
const quickCache = createCache<QuickRow[]>({ ttlMs: 60_000, maxEntries: 2000 });
const setHitsCache = createCache<SetHitRow[]>({ ttlMs: 60_000, maxEntries: 500 });
const countCache = createCache<number>({ ttlMs: 60_000, maxEntries: 500 });

/**
 * The search words of a text, or none when it is shorter than the minimum (product §5: an empty list,
 * not an error).
 */
function wordsOf(query: string, minLength: number): string[] {
  return isSearchable(query, minLength) ? splitSearchWords(query) : [];
}

/**
 * The quick search in one language: from its in-process index when built, else the SQL statement (`setsOnly`: its
 * sets alone, for another language whose items can add nothing — search.presence.ts).
 */
async function quickRows(
  db: Db,
  locale: Locale,
  words: string[],
  withSets: boolean,
  index: QuickSearchIndex | null,
  setsOnly = false,
): Promise<QuickRow[]> {
  return index
    ? index.search(words, withSets, QUICK_SEARCH_LIMIT).map((h) => ({
        is_set: h.isSet,
        no: h.no,
        description: h.description,
        image_sha: h.imageSha,
        n: h.n,
      }))
    : quickCache.get(db, JSON.stringify([locale, withSets, words, setsOnly]), () =>
        selectQuickSearch(db, locale, words, withSets, QUICK_SEARCH_LIMIT, !setsOnly),
      );
}

const keyOf = (isSet: boolean, no: string) => `${isSet ? 's' : 'i'}:${no}`;

/**
 * The quick search over several word lists (the typed words and their synonyms, decision 0013): each list's top 10,
 * merged by words matched, then the earlier list (the typed words first), then each list's own order; each item or
 * set once. One list: its rows as they are.
 */
async function quickRowsOf(
  db: Db,
  locale: Locale,
  variants: string[][],
  withSets: boolean,
  index: QuickSearchIndex | null,
): Promise<QuickRow[]> {
  if (variants.length === 1) return quickRows(db, locale, variants[0], withSets, index);
  const lists = await Promise.all(variants.map((v) => quickRows(db, locale, v, withSets, index)));
  return firstOfEach(
    lists.flatMap((rows, list) => rows.map((r, at) => ({ r, list, at }))),
    (a, b) => b.r.n - a.r.n || a.list - b.list || a.at - b.at,
    (x) => keyOf(x.r.is_set, x.r.no),
  )
    .slice(0, QUICK_SEARCH_LIMIT)
    .map((x) => x.r);
}

/** The entries in `order`, each key once (its first place). */
function firstOfEach<T>(entries: T[], order: (a: T, b: T) => number, key: (e: T) => string): T[] {
  const seen = new Set<string>();
  return [...entries].sort(order).filter((e) => {
    const k = key(e);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Items' and sets' names in the locale (nl-NL where it has none, else the number): from the locale's
 * quick-search index when it is built, the rest from the database.
 */
async function namesIn(
  db: Db,
  locale: Locale,
  wanted: readonly { is_set: boolean; no: string }[],
  index: QuickSearchIndex | null,
): Promise<Map<string, NameRow>> {
  const names = new Map<string, NameRow>();
  const missing: { is_set: boolean; no: string }[] = [];
  for (const w of wanted) {
    const e = index ? (w.is_set ? index.sets : index.items).entry(w.no) : undefined;
    if (e)
      names.set(keyOf(w.is_set, w.no), {
        is_set: w.is_set,
        no: w.no,
        description: e.description,
        image_sha: e.imageSha,
      });
    else missing.push(w);
  }
  if (missing.length > 0) {
    const rows = await selectNames(
      db,
      locale,
      missing.filter((m) => !m.is_set).map((m) => m.no),
      missing.filter((m) => m.is_set).map((m) => m.no),
    );
    for (const r of rows) names.set(keyOf(r.is_set, r.no), r);
  }
  return names;
}

/**
 * Quick search (the dropdown): at most 10 items and sets, ranked by how many words their description
 * (or number) holds, then relevance, then number. No prices, so the answer is the same for everyone.
 *
 * Across languages (decision 0013): when the interface language finds fewer than 10 (what the dropdown
 * shows), nl-NL and then the other languages fill it up, each hit once, below the interface language's
 * hits, named in the interface language. Ten hits in the interface language cost nothing more.
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
  const variants = await searchWordVariants(ctx, words);
  let rows = await quickRowsOf(ctx.db, v.locale, variants, withSets, index);
  if (rows.length < OTHER_LANGUAGES_BELOW)
    rows = await fillFromOtherLocales(ctx.db, v.locale, words, withSets, rows, index);
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

/**
 * The interface language's hits followed by those of the other languages in their fallback order, each
 * item or set once, up to the limit, named in the interface language. A language's top 10 always holds
 * the hits still missing (at most as many of them are already listed), so one search per language does.
 *
 * Memory: the other languages' indexes are built on their first use here (16–20 MB of heap each at scale
 * 100, decision 0008), so a process serving one language may come to hold all four (≈ 80 MB); until one
 * is built the SQL statement answers for it.
 */
async function fillFromOtherLocales(
  db: Db,
  locale: Locale,
  words: string[],
  withSets: boolean,
  found: QuickRow[],
  index: QuickSearchIndex | null,
): Promise<QuickRow[]> {
  const seen = new Set(found.map((r) => keyOf(r.is_set, r.no)));
  const extra: QuickRow[] = [];
  for (const other of fallbackLocales(locale)) {
    if (found.length + extra.length >= QUICK_SEARCH_LIMIT) break;
    const otherIndex = quickSearchIndexes.peek(db, other);
    // what the language's descriptions cannot hold it cannot add (search.presence.ts); its index answers in memory,
    // and so do its sets alone when they are all it can add
    const parts = otherIndex
      ? 'all'
      : (trigramPresence.peek(db, other)?.partsToAsk(words, withSets) ?? 'all');
    if (parts === 'none') continue;
    const inMemory = otherIndex ?? (parts === 'sets' ? quickSearchSets.peek(db, other) : null);
    const rows = await quickRows(db, other, words, withSets, inMemory, parts === 'sets');
    for (const r of rows) {
      if (found.length + extra.length >= QUICK_SEARCH_LIMIT) break;
      const key = keyOf(r.is_set, r.no);
      if (seen.has(key)) continue;
      seen.add(key);
      extra.push(r);
    }
  }
  if (extra.length === 0) return found;
  const names = await namesIn(db, locale, extra, index);
  return [
    ...found,
    ...extra.map((r) => ({ ...r, description: names.get(keyOf(r.is_set, r.no))?.description ?? r.no })),
  ];
}

/**
 * Full search (Zoeken): item cards with the catalogue's filters and facets, plus matching sets.
 *
 * Across languages (decision 0013): when the interface language matches fewer than 10 items (before any
 * filter, so the list does not change with the page or a filter), the list is made over every language:
 * the interface language's items first, then nl-NL's, then the others', cards named in the interface
 * language; sets fill up the same way. Ten matches in the interface language cost nothing more (with a
 * filter and fewer than 10 left, one count of the unfiltered matches).
 */
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
  const filters = filtersOf(q);
  // The typed words, then their synonyms (SynoniemCode): one candidate set over every list.
  const variants = await searchWordVariants(ctx, words);
  const variantsKey = variants.map((w) => w.join(' ')).join('|');
  const candidates = (acrossLocales: boolean) =>
    acrossLocales
      ? candidatesOfVariants(variants, (w) => itemCandidatesAcrossLocales(v.locale, w), true)
      : candidatesOfVariants(variants, (w) => itemCandidates(v.locale, w));
  const listing = (acrossLocales: boolean) =>
    runListing(ctx, v, {
      base: candidates(acrossLocales),
      baseKey: `${acrossLocales ? 'search-all' : 'search'}:${variantsKey}`,
      hasRelevance: true,
      tiered: acrossLocales,
      filters,
      sort: q.sortBy,
      limit: q.limit,
      offset: 0,
    });
  const setHits = async (locale: Locale) => {
    const lists = await Promise.all(
      variants.map((w) =>
        setHitsCache.get(ctx.db, JSON.stringify([locale, w]), () =>
          selectSetHits(ctx.db, locale, w, SET_HITS_LIMIT),
        ),
      ),
    );
    if (lists.length === 1) return lists[0];
    return firstOfEach(
      lists.flatMap((rows, list) => rows.map((s, at) => ({ s, list, at }))),
      (a, b) => a.list - b.list || a.at - b.at,
      (x) => x.s.set_no,
    )
      .slice(0, SET_HITS_LIMIT)
      .map((x) => x.s);
  };
  const withSets = v.settings.MaterieelSets_ToonSets;
  const unfiltered =
    filters.bool.length === 0 &&
    [filters.dayMin, filters.dayMax, filters.weekMin, filters.weekMax].every((x) => x === undefined);
  let [list, sets] = await Promise.all([listing(false), withSets ? setHits(v.locale) : Promise.resolve([])]);
  const few =
    list.total < OTHER_LANGUAGES_BELOW &&
    (unfiltered ||
      (await countCache.get(ctx.db, JSON.stringify([v.locale, variantsKey]), () =>
        countCandidates(ctx.db, candidates(false)),
      )) < OTHER_LANGUAGES_BELOW);
  if (few) {
    [list, sets] = await Promise.all([
      listing(true),
      withSets && sets.length < SET_HITS_LIMIT ? setsAcrossLocales(ctx.db, v.locale, sets, setHits) : sets,
    ]);
  }
  return {
    query: q.query,
    // what the page bolds: the typed words and their synonyms
    words: [...new Set(variants.flat())],
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

/** The interface language's set hits, then the other languages' below them, named in the interface language. */
async function setsAcrossLocales(
  db: Db,
  locale: Locale,
  found: SetHitRow[],
  setHits: (locale: Locale) => Promise<SetHitRow[]>,
): Promise<SetHitRow[]> {
  const seen = new Set(found.map((s) => s.set_no));
  const extra: SetHitRow[] = [];
  for (const other of fallbackLocales(locale)) {
    if (found.length + extra.length >= SET_HITS_LIMIT) break;
    for (const s of await setHits(other)) {
      if (found.length + extra.length >= SET_HITS_LIMIT) break;
      if (seen.has(s.set_no)) continue;
      seen.add(s.set_no);
      extra.push(s);
    }
  }
  if (extra.length === 0) return found;
  const names = await namesIn(
    db,
    locale,
    extra.map((s) => ({ is_set: true, no: s.set_no })),
    quickSearchIndexes.peek(db, locale),
  );
  return [
    ...found,
    ...extra.map((s) => ({ ...s, description: names.get(keyOf(true, s.set_no))?.description ?? s.set_no })),
  ];
}

/**
 * Home's recently viewed entries (kept in the browser with the name they had when viewed) named in the
 * request language: from the quick-search index when built, else one small statement. Order as asked,
 * items before sets; unknown numbers left out, sets too when MaterieelSets_ToonSets is off.
 */
export async function recentlyViewed(
  ctx: Ctx,
  itemNos: readonly string[],
  setNos: readonly string[],
): Promise<RecentlyViewedNames> {
  const v = await viewerFor(ctx, 'AppCatalogus', undefined);
  const wanted = [
    ...itemNos.map((no) => ({ is_set: false, no })),
    ...(v.settings.MaterieelSets_ToonSets ? setNos.map((no) => ({ is_set: true, no })) : []),
  ];
  const names = await namesIn(ctx.db, v.locale, wanted, quickSearchIndexes.peek(ctx.db, v.locale));
  return {
    entries: wanted.flatMap((w) => {
      const r = names.get(keyOf(w.is_set, w.no));
      if (!r) return [];
      return [
        {
          kind: w.is_set ? ('set' as const) : ('item' as const),
          id: r.no,
          description: r.description,
          imageUrl: r.image_sha ? imageUrl(w.is_set ? 'set' : 'item', r.no, r.image_sha) : null,
        },
      ];
    }),
  };
}

/** Starts building the catalogue indexes of a locale (listing, cards, quick search) in the background. */
export function warmCatalogue(db: Db, locale: Locale): void {
  listingIndexes.peek(db, 'all');
  cardModels.peek(db, locale);
  quickSearchIndexes.peek(db, locale);
  // 2 MiB a language and a few kilobytes of sets: they spare statements of the other languages' fallback from the
  // first search on
  for (const l of locales) {
    trigramPresence.peek(db, l);
    if (l !== locale) quickSearchSets.peek(db, l);
  }
}
