// Payloads of the catalogue, details and product search (issue "Ordering end to end", parts 1–4).
// Server routes and the web client both import these; the legacy adapters map them onto the Dutch DTOs.
import { z } from 'zod';
import { RECENTLY_VIEWED_MAX } from '../rules/recently-viewed.ts';
import { MAX_SEARCH_LENGTH } from '../rules/search.ts';
import {
  commaListPattern,
  decimal,
  guidSource,
  listEntrySource,
  locationNumber,
  urlReference,
} from './common.ts';
import { localeSchema } from './shell.ts';

export const rentalTypeSchema = z.enum(['Verhuur', 'Verkoop', 'Verkoop_Terugkoop']);

/**
 * Prices as product §6 decides them for the viewer (rules/prices.ts): `showPrice` false means every price
 * is null (legacy: zeroed); `priceOnDemand` is the internal user on a location without price display.
 */
export const priceFields = {
  showPrice: z.boolean(),
  priceOnDemand: z.boolean(),
  salePrice: decimal.nullable(),
  dayPrice: decimal.nullable(),
  weekPrice: decimal.nullable(),
};

/** Spec §9: the empty id; the parent of a root category. */
export const EMPTY_GUID = '00000000-0000-0000-0000-000000000000';

import {
  DEFAULT_PAGE_SIZE,
  MAX_ITEM_CARDS,
  pageSizes,
  QUICK_SEARCH_LIMIT,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
} from '../rules/limits.ts';

export {
  DEFAULT_PAGE_SIZE,
  MAX_ITEM_CARDS,
  pageSizes,
  QUICK_SEARCH_LIMIT,
  SEARCH_DEFAULT_LIMIT,
  SEARCH_MAX_LIMIT,
};

/** Sort orders; `relevance` applies to the search only (the catalogue falls back to `default`). */
export const catalogueSortOrders = [
  'default',
  'relevance',
  'itemNo',
  'itemNoDesc',
  'description',
  'descriptionDesc',
  'dayPrice',
  'dayPriceDesc',
  'weekPrice',
  'weekPriceDesc',
  'weight',
  'weightDesc',
] as const;
export const catalogueSort = z.enum(catalogueSortOrders);
export type CatalogueSort = z.infer<typeof catalogueSort>;

// ── query strings ──────────────────────────────────────────────────────────────────────────────

const MAX_BOOL_FILTERS = 20;
const guidListValue = z
  .string()
  .regex(commaListPattern(guidSource, MAX_BOOL_FILTERS), 'validation.ongeldig_formaat');
const guidList = z
  .union([guidListValue, z.array(guidListValue).max(MAX_BOOL_FILTERS)])
  .optional()
  .transform((v, ctx) => {
    if (v === undefined) return [] as string[];
    const parts = (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .map((s) => s.trim())
      .filter(Boolean);
    const unique = [...new Set(parts.map((s) => s.toLowerCase()))];
    if (unique.length > MAX_BOOL_FILTERS || unique.some((s) => !z.guid().safeParse(s).success)) {
      ctx.addIssue({ code: 'custom', message: 'validation.ongeldig_formaat' });
      return z.NEVER;
    }
    return unique;
  });

const amount = z.coerce.number().min(0).max(1_000_000).optional();

/** Filters shared by the catalogue page and the full search (product §2 Catalogue and lists). */
export const filterQuery = {
  /** Boolean technical-data filters: attribute ids, comma-separated (or repeated). Every one must hold. */
  bool: guidList,
  dayMin: amount,
  dayMax: amount,
  weekMin: amount,
  weekMax: amount,
  plantLocation: locationNumber.optional(),
};

/** GET /api/v2.0/Products/{categoryId} */
export const catalogueQuery = z.object({
  ...filterQuery,
  sortBy: catalogueSort.default('default'),
  pageSize: z.coerce
    .number()
    .pipe(z.literal(pageSizes))
    .meta({ enum: [...pageSizes] })
    .default(DEFAULT_PAGE_SIZE),
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type CatalogueQuery = z.infer<typeof catalogueQuery>;

const searchText = z.string().max(MAX_SEARCH_LENGTH);

/** GET /api/v2.0/Search */
export const searchQuery = z.object({
  ...filterQuery,
  query: searchText,
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
  sortBy: catalogueSort.default('relevance'),
  locale: localeSchema.optional(),
});
export type SearchQuery = z.infer<typeof searchQuery>;

/** GET /api/v2.0/Search/quicksearch */
export const quickSearchQuery = z.object({ query: searchText, locale: localeSchema.optional() });

/** GET /api/v2.0/PlantTypes/{itemNo} and GET /api/v2.0/Items/{itemNo} */
export const itemDetailsQuery = z.object({ plantLocation: filterQuery.plantLocation });

/** A comma-separated list of 1 to `max` numbers of at most 50 characters, duplicates dropped. */
function numberList(max: number) {
  return z
    .string()
    .max(52 * max)
    .regex(commaListPattern(listEntrySource, max), 'validation.ongeldig_formaat')
    .transform((v, ctx) => {
      const list = [
        ...new Set(
          v
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
        ),
      ];
      if (list.length === 0 || list.length > max || list.some((s) => s.length > 50)) {
        ctx.addIssue({ code: 'custom', message: 'validation.ongeldig_formaat' });
        return z.NEVER;
      }
      return list;
    });
}

/** GET /api/v2.0/Items?itemNos=a,b,c : several item cards at once. */
export const itemCardsQuery = z.object({
  itemNos: numberList(MAX_ITEM_CARDS),
  plantLocation: filterQuery.plantLocation,
});

/**
 * GET /api/v2.0/RecentlyViewed?itemNos=a,b&setNos=c : Home's recently viewed entries (kept in the
 * browser) named in the request language, so a list made in Dutch reads English after a switch.
 */
export const recentlyViewedQuery = z.object({
  itemNos: numberList(RECENTLY_VIEWED_MAX).optional(),
  setNos: numberList(RECENTLY_VIEWED_MAX).optional(),
});

export const recentlyViewedEntry = z.object({
  kind: z.enum(['item', 'set']),
  /** The item number or set number. */
  id: z.string(),
  /** In the request language, nl-NL when it has none, else the number. */
  description: z.string(),
  imageUrl: urlReference.nullable(),
});
/** Known items and sets only (unknown numbers and, with MaterieelSets_ToonSets off, sets are left out). */
export const recentlyViewedNames = z.object({ entries: z.array(recentlyViewedEntry) });
export type RecentlyViewedNames = z.infer<typeof recentlyViewedNames>;

// ── categories ─────────────────────────────────────────────────────────────────────────────────

export const category = z.object({
  id: z.string(),
  /** EMPTY_GUID for a root category. */
  parent: z.string(),
  code: z.string(),
  /** Name in the request locale, nl-NL when that one is missing. */
  name: z.string(),
  navisionFilter: z.string().nullable(),
  imageUrl: urlReference.nullable(),
  sort: z.number().int(),
  /** Items directly in this category. */
  itemCount: z.number().int(),
  /** Items in this category and all below it (what its catalogue page lists). */
  totalItemCount: z.number().int(),
});
export type Category = z.infer<typeof category>;
/** GET /api/v2.0/Categories: every category, depth first in display order (a flat tree). */
export const categoryList = z.object({ categories: z.array(category) });

/** DELETE /api/v2.0/Categories/{id} (admins): what moved to `moveTo` before the category went. */
export const categoryDeleted = z.object({
  id: z.string(),
  movedItems: z.number().int(),
  movedCategories: z.number().int(),
});

// ── items ──────────────────────────────────────────────────────────────────────────────────────

export const techDataKind = z.enum(['label', 'text', 'boolean', 'number']);

/**
 * One technical-data row, label translated; the web formats the value per locale. Kept small on purpose:
 * a catalogue page carries it for every card (the attribute's id is in the facets, keyed by `code`).
 */
export const techDataEntry = z.object({
  /** The attribute's code (unique), e.g. 'diesel', 'vermogen_kva'. */
  code: z.string(),
  /** `label` is a heading row without a value. */
  kind: techDataKind,
  label: z.string(),
  unit: z.string().nullable(),
  /** boolean: true/false; number: a decimal string ('7.5'); text: the text in the request locale; label: null. */
  value: z.union([z.boolean(), z.string()]).nullable(),
});
export type TechDataEntry = z.infer<typeof techDataEntry>;

/** An item as the catalogue, the search and Home show it (a card or a table row). */
export const catalogueItem = z.object({
  itemNo: z.string(),
  description: z.string(),
  imageUrl: urlReference.nullable(),
  categoryId: z.string().nullable(),
  rentalType: rentalTypeSchema,
  rentalUnit: z.string(),
  ...priceFields,
  /** gewichtPerStuk in kg, with Gewicht_AantalDecimalen decimals. */
  weightPerPiece: decimal.nullable(),
  /** Empty when the viewer may not see technical data (Details_ToonTechnischeGegevensIngelogd). */
  techData: z.array(techDataEntry),
});
export type CatalogueItem = z.infer<typeof catalogueItem>;

export const booleanFacetOption = z.object({
  attributeId: z.string(),
  code: z.string(),
  label: z.string(),
  /** Items of the current (filtered) set that have it. */
  count: z.number().int(),
  selected: z.boolean(),
});
export const booleanFacetGroup = z.object({
  /** The heading: the technical-data label row that precedes the options in the items' data, or 'algemeen'. */
  key: z.string(),
  label: z.string(),
  options: z.array(booleanFacetOption),
});
export const rangeFacet = z.object({ min: decimal, max: decimal });
/**
 * Filters offered for the current set. Boolean counts are over the current filtered set (a chosen
 * option narrows the others); price bounds ignore the price filters themselves so the range stays
 * usable. Facets appear only when more than one item is in play; prices only when the viewer sees them.
 */
export const facets = z.object({
  booleanGroups: z.array(booleanFacetGroup),
  dayPrice: rangeFacet.nullable(),
  weekPrice: rangeFacet.nullable(),
});
export type Facets = z.infer<typeof facets>;

/** Display precision the numbers were rounded to (settings), so the web formats them unchanged. */
export const numberFormat = z.object({ priceDecimals: z.number().int(), weightDecimals: z.number().int() });

/** GET /api/v2.0/Products/{categoryId} */
export const cataloguePage = z.object({
  category: z.object({ id: z.string(), parent: z.string(), name: z.string() }),
  items: z.array(catalogueItem),
  total: z.number().int(),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  sortBy: catalogueSort,
  facets,
  format: numberFormat,
});
export type CataloguePage = z.infer<typeof cataloguePage>;

/** GET /api/v2.0/Items?itemNos= */
export const itemCards = z.object({ items: z.array(catalogueItem), format: numberFormat });

export const linkedItem = catalogueItem.extend({
  /** For accessories: how many come with one of the item. */
  amount: z.number().int(),
});

export const itemDocument = z.object({
  id: z.string(),
  title: z.string(),
  category: z.string(),
  date: z.string().nullable(),
  url: urlReference,
});

/** GET /api/v2.0/PlantTypes/{itemNo} and GET /api/v2.0/Items/{itemNo} */
export const itemDetails = catalogueItem.extend({
  longDescription: z.string().nullable(),
  images: z.array(z.string()),
  /** False when Details_ToonTechnischeGegevensIngelogd hides the data from this (anonymous) viewer. */
  techDataVisible: z.boolean(),
  documents: z.array(itemDocument),
  /** MeegeleverdeItems: delivered with the item. */
  accessories: z.array(linkedItem),
  /** MaterieelBestelTips: often ordered with it. */
  orderTips: z.array(linkedItem),
  format: numberFormat,
});
export type ItemDetails = z.infer<typeof itemDetails>;

// ── search ─────────────────────────────────────────────────────────────────────────────────────

export const searchSet = z.object({
  setNo: z.string(),
  description: z.string(),
  imageUrl: urlReference.nullable(),
});

/** GET /api/v2.0/Search: the result list (Zoeken), item cards ranked, plus matching sets. */
export const searchResults = z.object({
  query: z.string(),
  /** The folded search words, for bolding (rules/search.ts highlightMatches). */
  words: z.array(z.string()),
  items: z.array(catalogueItem),
  sets: z.array(searchSet),
  /** Matching items in total (the list holds at most `limit`). */
  total: z.number().int(),
  facets,
  format: numberFormat,
});
export type SearchResults = z.infer<typeof searchResults>;
