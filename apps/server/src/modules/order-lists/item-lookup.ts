import type { Locale } from '@mp/contract/i18n';
import { type PriceDisplay, priceDisplay } from '@mp/contract/rules/prices';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { files, items, itemTranslations, sets, setTranslations } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { imageUrl } from '../images/images.service.ts';
import { getSetting } from '../settings/settings.service.ts';

// why: the catalogue module (another issue) owns items and sets; until it offers a lookup service,
// ordering reads the few columns it needs (number, description in the locale, prices, weight) here.

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

const tLoc = alias(itemTranslations, 't_loc');
const tNl = alias(itemTranslations, 't_nl');
const sLoc = alias(setTranslations, 's_loc');
const sNl = alias(setTranslations, 's_nl');
const itemImage = alias(files, 'item_image');
const setImage = alias(files, 'set_image');

/** The columns of an item in a locale (nl-NL, then the number, as fallback description). */
export function itemColumns() {
  return {
    id: items.id,
    itemNo: items.itemNo,
    description: sql<string>`coalesce(${tLoc.description}, ${tNl.description}, ${items.itemNo})`,
    rentalType: items.rentalType,
    rentalUnit: items.rentalUnit,
    dayPrice: items.dayPrice,
    weekPrice: items.weekPrice,
    salePrice: items.salePrice,
    weight: items.weight,
    blocked: items.blocked,
    imageSha: itemImage.sha256,
  };
}

type ItemRow = {
  id: string;
  itemNo: string;
  description: string;
  rentalType: ItemInfo['rentalType'];
  rentalUnit: string;
  dayPrice: string | null;
  weekPrice: string | null;
  salePrice: string | null;
  weight: string | null;
  blocked: boolean;
  imageSha: string | null;
};

function toItemInfo(r: ItemRow): ItemInfo {
  const { imageSha, ...rest } = r;
  return { ...rest, imageUrl: imageSha ? imageUrl('item', r.itemNo, imageSha) : null };
}

async function selectItems(db: Db, locale: Locale, where: ReturnType<typeof inArray>): Promise<ItemInfo[]> {
  const rows = await db
    .select(itemColumns())
    .from(items)
    .leftJoin(tLoc, and(eq(tLoc.itemId, items.id), eq(tLoc.locale, locale)))
    .leftJoin(tNl, and(eq(tNl.itemId, items.id), eq(tNl.locale, 'nl-NL')))
    .leftJoin(itemImage, eq(itemImage.id, items.imageFileId))
    .where(where);
  return rows.map(toItemInfo);
}

export async function itemsByNo(
  db: Db,
  locale: Locale,
  itemNos: readonly string[],
): Promise<Map<string, ItemInfo>> {
  const unique = [...new Set(itemNos)];
  if (unique.length === 0) return new Map();
  const rows = await selectItems(db, locale, inArray(items.itemNo, unique));
  return new Map(rows.map((r) => [r.itemNo, r]));
}

export async function itemsById(
  db: Db,
  locale: Locale,
  ids: readonly string[],
): Promise<Map<string, ItemInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await selectItems(db, locale, inArray(items.id, unique));
  return new Map(rows.map((r) => [r.id, r]));
}

async function selectSets(db: Db, locale: Locale, where: ReturnType<typeof inArray>): Promise<SetInfo[]> {
  const rows = await db
    .select({
      id: sets.id,
      setNo: sets.setNo,
      description: sql<string>`coalesce(${sLoc.description}, ${sNl.description}, ${sets.setNo})`,
      longDescription: sql<string | null>`coalesce(${sLoc.longDescription}, ${sNl.longDescription})`,
      active: sets.active,
      imageSha: setImage.sha256,
    })
    .from(sets)
    .leftJoin(sLoc, and(eq(sLoc.setId, sets.id), eq(sLoc.locale, locale)))
    .leftJoin(sNl, and(eq(sNl.setId, sets.id), eq(sNl.locale, 'nl-NL')))
    .leftJoin(setImage, eq(setImage.id, sets.imageFileId))
    .where(where);
  return rows.map(({ imageSha, ...r }) => ({
    ...r,
    imageUrl: imageSha ? imageUrl('set', r.setNo, imageSha) : null,
  }));
}

export async function setsByNo(
  db: Db,
  locale: Locale,
  setNos: readonly string[],
): Promise<Map<string, SetInfo>> {
  const unique = [...new Set(setNos)];
  if (unique.length === 0) return new Map();
  return new Map((await selectSets(db, locale, inArray(sets.setNo, unique))).map((s) => [s.setNo, s]));
}

export async function setsById(
  db: Db,
  locale: Locale,
  ids: readonly string[],
): Promise<Map<string, SetInfo>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map((await selectSets(db, locale, inArray(sets.id, unique))).map((s) => [s.id, s]));
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

// ── prices (spec §6) ─────────────────────────────────────────────────────────────────────────

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
    { kind: ctx.user ? ctx.user.kind : null, isAdmin: ctx.user?.role === 'admin', hasLocation },
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

/** Σ amount × value over decimal strings with at most `scale` decimals, exact (no float sums). */
export function sumDecimal(pairs: Array<[number, string | null]>, scale = 3): string | null {
  let total = 0n;
  let any = false;
  const factor = 10n ** BigInt(scale);
  for (const [amount, value] of pairs) {
    if (value === null || value === '') continue;
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(value);
    if (!m) continue;
    const frac = (m[3] ?? '').padEnd(scale, '0').slice(0, scale);
    const scaled = BigInt(m[2]) * factor + BigInt(frac || '0');
    total += (m[1] ? -scaled : scaled) * BigInt(amount);
    any = true;
  }
  if (!any) return null;
  const negative = total < 0n;
  const abs = negative ? -total : total;
  const whole = abs / factor;
  const frac = (abs % factor).toString().padStart(scale, '0');
  return `${negative ? '-' : ''}${whole}.${frac}`;
}
