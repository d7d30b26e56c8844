import {
  type CatalogueItem,
  type CataloguePage,
  type CatalogueQuery,
  type CatalogueSort,
  type Category,
  EMPTY_GUID,
  type Facets,
  type ItemDetails,
  type TechDataEntry,
} from '@mp/contract/api/catalogue';
import { type Locale, translate } from '@mp/contract/i18n';
import { type FunctionalArea, isAdmin } from '@mp/contract/permissions';
import { type PriceDisplay, priceDisplay } from '@mp/contract/rules/prices';
import type { SQL } from 'drizzle-orm';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { imageUrl } from '../../platform/files/image-url.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { loadSettings, type SettingsMap } from '../settings/index.ts';
import { createCache } from './catalogue.cache.ts';
import type { CardRow, TechMode, TechRow } from './catalogue.common.queries.ts';
import { listFromIndex, listingIndexes } from './catalogue.indexes.ts';
import {
  selectCardsByNo,
  selectItemDetails,
  selectItemDocuments,
  selectLinkedItems,
} from './catalogue.items.queries.ts';
import {
  allListedBase,
  type CategoryRow,
  categoryBase,
  type ListingFilters,
  type ListingRow,
  selectBooleanAttributes,
  selectCategories,
  selectCategory,
  selectListing,
} from './catalogue.queries.ts';
import { itemImageUrls } from './lookup.ts';

// ── who is asking ──────────────────────────────────────────────────────────────────────────────

/** What the catalogue needs to know about the viewer of one request. */
export interface Viewer {
  locale: Locale;
  settings: SettingsMap;
  /** Spec §6, decided once per request. */
  display: PriceDisplay;
  /** Details_ToonTechnischeGegevensIngelogd hides technical data from anonymous visitors. */
  techVisible: boolean;
  /** What the statements fetch of technical data ('all' adds the translations the legacy DTOs carry). */
  tech: TechMode;
}

/** A v2 query with its `plantLocation` under the name the services use: `locationNo`. */
export type AtLocation<Q extends { plantLocation?: string }> = Omit<Q, 'plantLocation'> & {
  locationNo?: string;
};

export interface ViewOptions {
  /** Another interface language than the request's (quick search `locale`, legacy `searchLanguage`). */
  locale?: Locale;
  /** Technical data in every locale too (legacy `vertalingen`). */
  translations?: boolean;
}

/**
 * The access rule of the catalogue-type routes ("settings data" in product §2): anonymous visitors only
 * with AllowAnonymousUsers (else 401), signed-in users need the functional area; a given location
 * (locationNo) must be one of the user's (404 otherwise, the same for unknown and foreign ones).
 */
export async function viewerFor(
  ctx: Ctx,
  area: FunctionalArea,
  locationNo: string | undefined,
  options: ViewOptions = {},
): Promise<Viewer> {
  const settings = await loadSettings(ctx.db);
  const user = ctx.user;
  if (locationNo) {
    await requireAccess(ctx, {
      permission: 'location.read',
      area,
      locationNo,
      allowDeregistered: true,
      anonymousAsUnknown: true,
    });
  } else await requireAccess(ctx, { permission: 'area.read', area });
  const display = priceDisplay(
    { kind: user ? user.kind : null, isAdmin: isAdmin({ user }), hasLocation: Boolean(locationNo) },
    settings,
  );
  const techVisible = Boolean(user) || !settings.Details_ToonTechnischeGegevensIngelogd;
  return {
    locale: options.locale ?? ctx.locale,
    settings,
    display,
    techVisible,
    tech: techVisible ? (options.translations ? 'all' : 'locale') : 'none',
  };
}

export const showsPrices = (v: Viewer) => v.display === 'show';

// ── numbers ────────────────────────────────────────────────────────────────────────────────────

/**
 * A decimal string rounded half away from zero to `decimals` places, exactly (no floats):
 * ('12.345', 2) → '12.35', ('7', 2) → '7.00'.
 */
export function roundDecimal(value: string, decimals: number): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (!m) return value;
  const [, sign, int, frac = ''] = m;
  // Most values already have at most `decimals` places (numeric(12,2) shown with 2): only pad them.
  if (frac.length <= decimals)
    return decimals > 0 ? `${sign}${int}.${frac.padEnd(decimals, '0')}` : `${sign}${int}`;
  const padded = frac.slice(0, decimals + 1);
  let scaled = BigInt(int + padded.slice(0, decimals));
  if (Number(padded[decimals]) >= 5) scaled += 1n;
  let digits = scaled.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const part = digits.slice(digits.length - decimals);
  digits = decimals > 0 ? `${whole}.${part}` : whole;
  return sign && /[1-9]/.test(digits) ? `-${digits}` : digits;
}

/** A technical number without trailing zeros ('7.500' → '7.5', '12.000' → '12'). */
export function trimDecimal(value: string | null): string | null {
  if (value === null) return null;
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value;
}

const money = (v: Viewer, value: string | null) =>
  showsPrices(v) && value !== null ? roundDecimal(value, v.settings.Prijzen_AantalDecimalen) : null;

export const numberFormat = (v: Viewer) => ({
  priceDecimals: v.settings.Prijzen_AantalDecimalen,
  weightDecimals: v.settings.Gewicht_AantalDecimalen,
});

// ── mapping ────────────────────────────────────────────────────────────────────────────────────

/** A technical-data entry; with TechMode 'all' it also carries every translation (legacy `vertalingen`). */
export type TechEntry = TechDataEntry & {
  labels?: Partial<Record<Locale, string>>;
  texts?: Partial<Record<Locale, string>> | null;
};

function techValue(t: TechRow): boolean | string | null {
  switch (t.k) {
    case 'boolean':
      return t.b;
    case 'number':
      return trimDecimal(t.n);
    case 'text':
      return t.t;
    default:
      return null;
  }
}

function toTechEntry(t: TechRow): TechEntry {
  const entry: TechEntry = { code: t.c, kind: t.k, label: t.l ?? t.c, unit: t.u, value: techValue(t) };
  if (t.lj) {
    entry.labels = t.lj;
    entry.texts = t.tj ?? null;
  }
  return entry;
}

/** A card with the viewer's price rule applied (product §6: prices null unless shown). */
export function toCard(row: CardRow, v: Viewer): CatalogueItem {
  return {
    itemNo: row.item_no,
    description: row.description,
    imageUrl: row.image_sha ? imageUrl('item', row.item_no, row.image_sha) : null,
    categoryId: row.category_id,
    rentalType: row.rental_type,
    rentalUnit: row.rental_unit,
    showPrice: showsPrices(v),
    priceOnDemand: v.display === 'on_demand',
    dayPrice: money(v, row.day_price),
    weekPrice: money(v, row.week_price),
    salePrice: money(v, row.sale_price),
    weightPerPiece: row.weight === null ? null : roundDecimal(row.weight, v.settings.Gewicht_AantalDecimalen),
    techData: v.techVisible ? row.tech.map(toTechEntry) : [],
  };
}

// ── categories ─────────────────────────────────────────────────────────────────────────────────

/** Every category, depth first in display order, with item counts of the category and its subtree. */
export async function listCategories(
  ctx: Ctx,
  options: ViewOptions = {},
): Promise<{ categories: Category[] }> {
  const v = await viewerFor(ctx, 'AppCatalogus', undefined, options);
  const rows = await categoriesCache.get(ctx.db, v.locale, () => selectCategories(ctx.db, v.locale));
  const children = new Map<string, typeof rows>();
  const ids = new Set(rows.map((r) => r.id));
  for (const r of rows) {
    // A parent that no longer exists would orphan its subtree: show it at the root instead.
    const parent = r.parent_id && ids.has(r.parent_id) ? r.parent_id : EMPTY_GUID;
    const list = children.get(parent) ?? [];
    list.push(r);
    children.set(parent, list);
  }
  const out: Category[] = [];
  const visit = (parent: string, seen: Set<string>): number => {
    let total = 0;
    for (const r of children.get(parent) ?? []) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const entry: Category = {
        id: r.id,
        parent,
        code: r.code,
        name: r.name,
        navisionFilter: r.navision_filter,
        imageUrl: r.image_sha ? imageUrl('category', r.id, r.image_sha) : null,
        sort: r.sort,
        itemCount: r.item_count,
        totalItemCount: 0,
      };
      out.push(entry);
      entry.totalItemCount = r.item_count + visit(r.id, seen);
      total += entry.totalItemCount;
    }
    return total;
  };
  visit(EMPTY_GUID, new Set());
  return { categories: out };
}

// ── catalogue page ─────────────────────────────────────────────────────────────────────────────

// Statement results shared by all viewers; see catalogue.cache.ts for what makes that safe.
// 100 pages: a page of 50 cards held as rows, API cards and technical rows is ~50 KB (~25 MB of a worker's heap at
// 500 pages, decision 0008 "Third pass"); a miss costs ~1 ms of CPU from the read models.
const listingCache = createCache<ListingRow>({ ttlMs: 30_000, maxEntries: 100 });
const categoriesCache = createCache<CategoryRow[]>({ ttlMs: 30_000, maxEntries: 10 });
const categoryCache = createCache<Awaited<ReturnType<typeof selectCategory>>>({
  ttlMs: 30_000,
  maxEntries: 1000,
});

const priceSorts = new Set<CatalogueSort>(['dayPrice', 'dayPriceDesc', 'weekPrice', 'weekPriceDesc']);

/** The sort actually applied: no price order for a viewer who may not see prices (it would tell them). */
export function effectiveSort(sort: CatalogueSort, v: Viewer, hasRelevance: boolean): CatalogueSort {
  if (priceSorts.has(sort) && !showsPrices(v)) return hasRelevance ? 'relevance' : 'default';
  if (sort === 'relevance' && !hasRelevance) return 'default';
  return sort;
}

export interface ListingRequest {
  /**
   * A category (with everything below it) or null for the whole catalogue: answered from the listing
   * index when there is one. Leave out for other candidate sets (a search), which run `base`.
   */
  categoryId?: string | null;
  base: SQL;
  /** Names the candidate set for the cache ('category:<id>', 'all', 'search:<words>'). */
  baseKey: string;
  hasRelevance: boolean;
  /** The base ranks by `tier` first (the search across languages, decision 0013). */
  tiered?: boolean;
  filters: ListingFilters;
  sort: CatalogueSort;
  limit: number;
  offset: number;
}

/** Runs one list statement and shapes cards and facets for the viewer. */
export async function runListing(
  ctx: Ctx,
  v: Viewer,
  req: ListingRequest,
): Promise<{ items: CatalogueItem[]; total: number; facets: Facets; sortBy: CatalogueSort }> {
  const sortBy = effectiveSort(req.sort, v, req.hasRelevance);
  const input = {
    locale: v.locale,
    hasRelevance: req.hasRelevance,
    tiered: req.tiered ?? false,
    filters: req.filters,
    sort: sortBy,
    limit: req.limit,
    offset: req.offset,
    tech: v.tech,
    withPrices: showsPrices(v),
  };
  const key = JSON.stringify([req.baseKey, input]);
  const row = await listingCache.get(ctx.db, key, async () => {
    const index = req.categoryId !== undefined ? listingIndexes.peek(ctx.db, 'all') : null;
    if (!index) return selectListing(ctx.db, { ...input, base: req.base });
    return listFromIndex(ctx.db, index, { ...input, categoryId: req.categoryId ?? null });
  });
  return {
    items: cardsOf(row, v),
    total: row.total,
    facets: await facetsOf(ctx, v, row, req.filters.bool),
    sortBy,
  };
}

// why: a cached statement result is shaped for each kind of viewer once, not on every request; the
// arrays are shared and never changed after this.
const cardsMemo = new WeakMap<ListingRow, Map<string, CatalogueItem[]>>();

function cardsOf(row: ListingRow, v: Viewer): CatalogueItem[] {
  const key = `${v.display}|${v.settings.Prijzen_AantalDecimalen}|${v.settings.Gewicht_AantalDecimalen}|${v.techVisible}`;
  let byViewer = cardsMemo.get(row);
  if (!byViewer) {
    byViewer = new Map();
    cardsMemo.set(row, byViewer);
  }
  let cards = byViewer.get(key);
  if (!cards) {
    cards = row.items.map((r) => toCard(r, v));
    byViewer.set(key, cards);
  }
  return cards;
}

async function facetsOf(ctx: Ctx, v: Viewer, row: ListingRow, selected: string[]): Promise<Facets> {
  const facets: Facets = { booleanGroups: [], dayPrice: null, weekPrice: null };
  const chosen = new Set(selected);
  if (row.total > 1 || chosen.size > 0) {
    const options = row.bools.map((b) => ({
      attributeId: b.a,
      code: b.c,
      label: b.l ?? b.c,
      count: b.n,
      selected: chosen.has(b.a),
    }));
    // A chosen option the current set no longer holds (e.g. after a price filter) stays visible to uncheck.
    const missing = selected.filter((id) => !options.some((o) => o.attributeId === id));
    for (const a of await selectBooleanAttributes(ctx.db, v.locale, missing)) {
      options.push({ attributeId: a.a, code: a.c, label: a.l ?? a.c, count: 0, selected: true });
    }
    if (options.length > 0) {
      facets.booleanGroups.push({
        key: 'technisch',
        label: translate(v.locale, 'Catalogus.filter_technisch'),
        options,
      });
    }
  }
  const p = row.prices;
  if (p && showsPrices(v)) {
    const d = v.settings.Prijzen_AantalDecimalen;
    if (p.dn > 1 && p.dmin !== null && p.dmax !== null)
      facets.dayPrice = { min: roundDecimal(p.dmin, d), max: roundDecimal(p.dmax, d) };
    if (p.wn > 1 && p.wmin !== null && p.wmax !== null)
      facets.weekPrice = { min: roundDecimal(p.wmin, d), max: roundDecimal(p.wmax, d) };
  }
  return facets;
}

export function filtersOf(
  q: Pick<CatalogueQuery, 'bool' | 'dayMin' | 'dayMax' | 'weekMin' | 'weekMax'>,
): ListingFilters {
  return { bool: q.bool, dayMin: q.dayMin, dayMax: q.dayMax, weekMin: q.weekMin, weekMax: q.weekMax };
}

const categoryNotFound = (categoryId: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { categoryId } });

/** GET Products/{categoryId}: one page of a category including its subcategories (EMPTY_GUID: everything). */
export async function cataloguePage(
  ctx: Ctx,
  categoryId: string,
  q: AtLocation<CatalogueQuery>,
  options: ViewOptions = {},
): Promise<CataloguePage> {
  const v = await viewerFor(ctx, 'AppCatalogus', q.locationNo, options);
  const all = categoryId === EMPTY_GUID;
  const [category, list] = await Promise.all([
    all
      ? { id: EMPTY_GUID, parent_id: null, name: translate(v.locale, 'Catalogus.alle_categorieen') }
      : categoryCache.get(ctx.db, `${v.locale}:${categoryId}`, () =>
          selectCategory(ctx.db, v.locale, categoryId),
        ),
    runListing(ctx, v, {
      categoryId: all ? null : categoryId,
      base: all ? allListedBase() : categoryBase(categoryId),
      baseKey: all ? 'all' : `category:${categoryId}`,
      hasRelevance: false,
      filters: filtersOf(q),
      sort: q.sortBy,
      limit: q.pageSize,
      offset: (q.pageNumber - 1) * q.pageSize,
    }),
  ]);
  if (!category) throw categoryNotFound(categoryId);
  return {
    category: { id: category.id, parent: category.parent_id ?? EMPTY_GUID, name: category.name },
    ...list,
    pageNumber: q.pageNumber,
    pageSize: q.pageSize,
    format: numberFormat(v),
  };
}

// ── items ──────────────────────────────────────────────────────────────────────────────────────

const itemNotFound = (itemNo: string) =>
  new AppError('not_found', 'error.niet_gevonden', { details: { itemNo } });

/** GET Items?itemNos=a,b,c: cards in the order asked, unknown or blocked numbers left out. */
export async function itemCards(ctx: Ctx, itemNos: string[], locationNo?: string, options: ViewOptions = {}) {
  const v = await viewerFor(ctx, 'AppCatalogus', locationNo, options);
  const rows = await selectCardsByNo(ctx.db, v.locale, itemNos, v.tech);
  const byNo = new Map(rows.map((r) => [r.item_no, r]));
  const items = itemNos.flatMap((no) => {
    const r = byNo.get(no);
    return r ? [toCard(r, v)] : [];
  });
  return { items, format: numberFormat(v) };
}

/** GET PlantTypes/{itemNo} and Items/{itemNo}: everything the Details page shows. */
export async function itemDetails(
  ctx: Ctx,
  itemNo: string,
  locationNo?: string,
  options: ViewOptions = {},
): Promise<ItemDetails> {
  const v = await viewerFor(ctx, 'AppDetails', locationNo, options);
  const row = await selectItemDetails(ctx.db, v.locale, itemNo, v.tech);
  if (!row) throw itemNotFound(itemNo);
  const [linked, documents, images] = await Promise.all([
    selectLinkedItems(ctx.db, v.locale, row.id, v.tech),
    selectItemDocuments(ctx.db, row.id, v.settings.Documenten_CategorieDocumenten),
    itemImageUrls(ctx.db, row.item_no, v.settings.Documenten_CategorieAfbeeldingen).then(
      (urls) => urls ?? [],
      () => [] as string[],
    ),
  ]);
  const linkedCard = (kind: 'accessory' | 'order_tip') =>
    linked.filter((l) => l.kind === kind).map((l) => ({ ...toCard(l, v), amount: l.amount }));
  return {
    ...toCard(row, v),
    longDescription: row.long_description,
    images,
    techDataVisible: v.techVisible,
    documents: documents.map((d) => ({
      id: d.document_system_id,
      title: d.title,
      category: d.category,
      date: d.document_date,
      url: `/api/v2.0/Documents/${encodeURIComponent(d.document_system_id)}/content`,
    })),
    accessories: linkedCard('accessory'),
    orderTips: linkedCard('order_tip'),
    format: numberFormat(v),
  };
}
