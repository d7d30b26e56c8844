import type { Locale } from '@mp/contract/i18n';
import { isAdmin } from '@mp/contract/permissions';
import { type PriceDisplay, priceDisplay } from '@mp/contract/rules/prices';
import type { Db } from '../../platform/db/database.ts';
import { runStatement } from '../../platform/db/prepared.ts';
import { AppError } from '../../platform/errors.ts';
import { imageUrl, servableImageTypes } from '../../platform/files/image-url.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { getSetting } from '../settings/index.ts';
import { createCache } from './catalogue.cache.ts';
import {
  type ItemRow,
  itemRowsSql,
  itemsByIdOrNoStatement,
  itemsByIdStatement,
  itemsByNoStatement,
  type SetRow,
  selectAccessories,
  selectItemCategories,
  selectItemImageDocuments,
  selectItems,
  selectItemWithImage,
  selectSets,
  setRowsSql,
  setsByIdStatement,
  setsByNoStatement,
} from './lookup.queries.ts';

export { type ItemRow, itemRowsSql, type SetRow, setRowsSql };

/*
 * Items and sets by number or id, for the other areas (order lists, requests, favourites): the few
 * columns they show (number, description in the locale, prices, weight, picture). The catalogue's own
 * pages read through catalogue.service.ts and the read models instead.
 */

export interface ItemInfo {
  id: string;
  itemNo: string;
  description: string;
  rentalType: 'Verhuur' | 'Verkoop' | 'Verkoop_Terugkoop';
  rentalUnit: string;
  dayPrice: string | null;
  weekPrice: string | null;
  salePrice: string | null;
  weight: string | null;
  blocked: boolean;
  imageUrl: string | null;
}

export interface SetInfo {
  id: string;
  setNo: string;
  description: string;
  longDescription: string | null;
  active: boolean;
  imageUrl: string | null;
}

export function toItemInfo(r: ItemRow): ItemInfo {
  const { imageSha, ...rest } = r;
  return { ...rest, imageUrl: imageSha ? imageUrl('item', r.itemNo, imageSha) : null };
}

export async function itemsByNo(
  db: Db,
  locale: Locale,
  itemNos: readonly string[],
): Promise<Map<string, ItemInfo>> {
  const unique = [...new Set(itemNos)];
  if (unique.length === 0) return new Map();
  const rows = (await selectItems(db, locale, itemsByNoStatement, unique)).map(toItemInfo);
  return new Map(rows.map((r) => [r.itemNo, r]));
}

export async function itemsById(
  db: Db,
  locale: Locale,
  ids: readonly string[],
): Promise<Map<string, ItemInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = (await selectItems(db, locale, itemsByIdStatement, unique)).map(toItemInfo);
  return new Map(rows.map((r) => [r.id, r]));
}

// Item rows by id and by number, per locale, kept by this process: the order list's add path reads the items of
// the list and the ones added on every call (docs/decisions/0011). Cleared with the other catalogue caches when
// the catalogue changes (the revision, within a second; at once for this process's own writers). An unknown
// number is remembered as such until then too.
const itemRowCache = createCache<ItemRow | null>({ ttlMs: 10 * 60_000, maxEntries: 100_000 });

/**
 * The items with these ids and these numbers (each once), in the locale, from the cache; what it lacks is read
 * in one statement.
 */
export async function cachedItemRows(
  db: Db,
  locale: Locale,
  ids: readonly string[],
  itemNos: readonly string[],
): Promise<ItemRow[]> {
  const missing = { ids: [] as string[], nos: [] as string[] };
  let batch: Promise<{ byId: Map<string, ItemRow>; byNo: Map<string, ItemRow> }> | null = null;
  // why: deferred to a microtask, so every key the cache lacks is collected before the one statement runs
  const load = () => {
    batch ??= Promise.resolve()
      .then(() => runStatement<ItemRow>(db, itemsByIdOrNoStatement, [missing.ids, locale, missing.nos]))
      .then((found) => ({
        byId: new Map(found.map((r) => [r.id, r])),
        byNo: new Map(found.map((r) => [r.itemNo, r])),
      }));
    return batch;
  };
  const rows = await Promise.all([
    ...[...new Set(ids)].map((id) =>
      itemRowCache.get(db, `${locale}|id|${id}`, () => {
        missing.ids.push(id);
        return load().then((found) => found.byId.get(id) ?? null);
      }),
    ),
    ...[...new Set(itemNos)].map((no) =>
      itemRowCache.get(db, `${locale}|no|${no}`, () => {
        missing.nos.push(no);
        return load().then((found) => found.byNo.get(no) ?? null);
      }),
    ),
  ]);
  const byId = new Map<string, ItemRow>();
  for (const r of rows) if (r) byId.set(r.id, r);
  return [...byId.values()];
}

/** itemsById from the per-process item cache (cachedItemRows): for reads of many items at once on ctx.db. */
export async function cachedItemsById(
  db: Db,
  locale: Locale,
  ids: readonly string[],
): Promise<Map<string, ItemInfo>> {
  const rows = (await cachedItemRows(db, locale, ids, [])).map(toItemInfo);
  return new Map(rows.map((r) => [r.id, r]));
}

export function toSetInfo({ imageSha, ...r }: SetRow): SetInfo {
  return { ...r, imageUrl: imageSha ? imageUrl('set', r.setNo, imageSha) : null };
}

export async function setsByNo(
  db: Db,
  locale: Locale,
  setNos: readonly string[],
): Promise<Map<string, SetInfo>> {
  const unique = [...new Set(setNos)];
  if (unique.length === 0) return new Map();
  return new Map(
    (await selectSets(db, locale, setsByNoStatement, unique)).map(toSetInfo).map((s) => [s.setNo, s]),
  );
}

export async function setsById(
  db: Db,
  locale: Locale,
  ids: readonly string[],
): Promise<Map<string, SetInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map(
    (await selectSets(db, locale, setsByIdStatement, unique)).map(toSetInfo).map((s) => [s.id, s]),
  );
}

/** An item delivered with another (MeegeleverdeItems): which, and how many come with one piece. */
export interface Accessory {
  itemId: string;
  itemNo: string;
  perPiece: number;
}

/** Per item id, the items delivered with it in their order (none: not in the map). */
export async function accessoriesOf(db: Db, itemIds: readonly string[]): Promise<Map<string, Accessory[]>> {
  const out = new Map<string, Accessory[]>();
  if (itemIds.length === 0) return out;
  for (const r of await selectAccessories(db, [...new Set(itemIds)])) {
    const list = out.get(r.itemId) ?? [];
    list.push({ itemId: r.accessoryId, itemNo: r.accessoryNo, perPiece: r.perPiece });
    out.set(r.itemId, list);
  }
  return out;
}

/** Refuses unknown or blocked item numbers with 422 error.onbekend_materieel naming them. */
export function requireKnownItems(found: Map<string, ItemInfo>, wanted: readonly string[]): void {
  const unknown = [...new Set(wanted)].filter((no) => {
    const item = found.get(no);
    return !item || item.blocked;
  });
  if (unknown.length) {
    throw new AppError('rule', 'error.onbekend_materieel', {
      details: { itemNos: unknown },
      params: { itemNo: unknown.join(', ') },
    });
  }
}

/** Refuses item ids that are unknown or blocked (e.g. on a stored list) with 422 error.onbekend_materieel. */
export function requireKnownItemIds(found: Map<string, ItemInfo>, itemIds: readonly string[]): void {
  const unknown = itemIds.filter((id) => !found.get(id) || found.get(id)?.blocked);
  if (unknown.length) {
    const nos = unknown.map((id) => found.get(id)?.itemNo ?? id);
    throw new AppError('rule', 'error.onbekend_materieel', {
      details: { itemNos: nos },
      params: { itemNo: nos.join(', ') },
    });
  }
}

/**
 * Every picture URL of an item (by number or id): its main picture, then its image documents in the pictures'
 * category (setting Documenten_CategorieAfbeeldingen; empty: none); null when there is no such item.
 */
export async function itemImageUrls(db: Db, idOrNo: string, category: string): Promise<string[] | null> {
  const item = await selectItemWithImage(db, idOrNo);
  if (!item) return null;
  const urls: string[] = [];
  if (item.imageSha && item.imageContentType && servableImageTypes.has(item.imageContentType))
    urls.push(imageUrl('item', item.itemNo, item.imageSha));
  const pictures = category ? await selectItemImageDocuments(db, item.id, category) : [];
  for (const doc of pictures) {
    if (doc.id !== item.imageFileId && servableImageTypes.has(doc.contentType))
      urls.push(imageUrl('item', doc.id, doc.sha256));
  }
  return urls;
}

// ── prices (product §6) ─────────────────────────────────────────────────────────────────────────

export interface PricedFields {
  showPrice: boolean;
  priceOnDemand: boolean;
  salePrice: string | null;
  dayPrice: string | null;
  weekPrice: string | null;
}

/** How prices are shown to this viewer (hasLocation: a project location is selected for this call). */
export async function priceDisplayFor(ctx: Ctx, hasLocation: boolean): Promise<PriceDisplay> {
  const [ShowPriceInternalPrices, ToonPrijsMaterieellocatie, PubliekePrijzen] = await Promise.all([
    getSetting(ctx, 'ShowPriceInternalPrices'),
    getSetting(ctx, 'ToonPrijsMaterieellocatie'),
    getSetting(ctx, 'PubliekePrijzen'),
  ]);
  return priceDisplay(
    { kind: ctx.user ? ctx.user.kind : null, isAdmin: isAdmin({ user: ctx.user }), hasLocation },
    { ShowPriceInternalPrices, ToonPrijsMaterieellocatie, PubliekePrijzen },
  );
}

export function pricesOf(
  item: Pick<ItemInfo, 'salePrice' | 'dayPrice' | 'weekPrice'> | null | undefined,
  display: PriceDisplay,
): PricedFields {
  const show = display === 'show' && !!item;
  return {
    showPrice: show,
    priceOnDemand: display === 'on_demand',
    salePrice: show ? (item.salePrice ?? null) : null,
    dayPrice: show ? (item.dayPrice ?? null) : null,
    weekPrice: show ? (item.weekPrice ?? null) : null,
  };
}

/** Each item's category (id and name in the locale), for screens of other areas that filter by category. */
export async function itemCategories(
  db: Db,
  locale: Locale,
  itemIds: readonly string[],
): Promise<Map<string, { categoryId: string | null; categoryName: string | null }>> {
  const unique = [...new Set(itemIds)];
  if (unique.length === 0) return new Map();
  const rows = await selectItemCategories(db, locale, unique);
  return new Map(rows.map((r) => [r.itemId, { categoryId: r.categoryId, categoryName: r.categoryName }]));
}
