import type {
  CostItem,
  CostTotals,
  CostWeek,
  LocationCostItems,
  LocationCosts,
} from '@mp/contract/api/costs';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { money, monthPeriod, periodCharges, rentalDiscount } from '../invoices/index.ts';
import { type CostModel, costModel, type RowCosts } from './costs.calc.ts';
import { selectCostFingerprint, selectCostLocation, selectItemCategories } from './costs.queries.ts';

/*
 * The cost on site (issue #37 point 1, decision 0033): a location's cost model in the payload of its page. Who: the
 * functional area AppMaterieelFacturen (costs are the invoices to come) and the location among the caller's (the
 * read-only role reads); anyone else's location answers 404 like an unknown one.
 */

export const COSTS_AREA = 'AppMaterieelFacturen';
const OTHER_CATEGORY = 'other';

export interface LocationModel {
  model: CostModel;
  today: string;
  since: string | null;
  endDate: string | null;
  categories: Map<string, string>;
  units: Map<string, string>;
  categoryOfItem: Map<string, string>;
}

/** The cost model of one location as of today (no access check: the caller did it). */
export async function modelOfLocation(
  db: Db,
  locationId: string,
  opts: { now: Date; locale: string; defaultLocale: string; useRentalDiscount: boolean },
): Promise<LocationModel> {
  const today = calendarDayIn(opts.now);
  const location = await selectCostLocation(db, locationId);
  if (!location) throw new AppError('not_found', 'error.locatie_onbekend');
  const first = location.firstMovement && location.firstMovement < today ? location.firstMovement : today;
  const read = await periodCharges(
    db,
    [locationId],
    { from: monthPeriod(first.slice(0, 7)).from, to: monthPeriod(today.slice(0, 7)).to },
    opts.locale,
  );
  const itemIds = [...read.intervals.map((r) => r.itemId), ...read.charges.map((c) => c.itemId)];
  const cats = await selectItemCategories(db, itemIds, opts.locale, opts.defaultLocale);
  const categoryOfItem = new Map(cats.map((c) => [c.itemId, c.categoryId ?? OTHER_CATEGORY]));
  const categories = new Map<string, string>();
  for (const c of cats) if (c.categoryId) categories.set(c.categoryId, c.categoryName ?? c.categoryId);
  const model = costModel({
    today,
    endDate: location.endDate,
    discountPercent: rentalDiscount(opts.useRentalDiscount, location.discountPercent),
    read,
    categoryOf: (id) => categoryOfItem.get(id) ?? OTHER_CATEGORY,
  });
  return {
    model,
    today,
    since: location.firstMovement,
    endDate: location.endDate,
    categories,
    units: new Map(cats.map((c) => [c.itemId, c.rentalUnit])),
    categoryOfItem,
  };
}

const amount = (a: { exclVat: number; inclVat: number }) => ({
  exclVat: money(a.exclVat),
  inclVat: money(a.inclVat),
});

export function totalsPayload(model: CostModel): CostTotals {
  const t = model.totals;
  const zero = { exclVat: 0, inclVat: 0 };
  return {
    monthToDate: amount(t.monthToDate ?? zero),
    sinceStart: amount(t.sinceStart ?? zero),
    projectedMonthEnd: amount(t.projectedMonthEnd ?? zero),
    projectedProjectEnd: t.projectedProjectEnd ? amount(t.projectedProjectEnd) : null,
    creditedSinceStart: money(model.creditedSinceStart),
    perDay: money(model.perDay),
  };
}

export function weeksPayload(weeks: CostModel['weeks']): CostWeek[] {
  return weeks.map((w) => ({
    week: w.week,
    byCategory: [...w.byCategory].map(([categoryId, c]) => ({ categoryId, amount: money(c) })),
    total: money(w.total),
  }));
}

/**
 * The chart's categories that occur in these weeks, named in the caller's language; our own two — 'costs' (order
 * costs) and 'other' (items without a category) — come without a name: the page names them in its language.
 */
export function categoriesPayload(
  weeks: CostModel['weeks'],
  names: Map<string, string>,
): LocationCosts['categories'] {
  const ids = new Set(weeks.flatMap((w) => [...w.byCategory.keys()]));
  return [...ids]
    .map((id) => ({ id, name: names.get(id) ?? '' }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Rows per item with their plants, the most expensive since the start first. */
export function itemsPayload(lm: LocationModel, endSet: boolean): CostItem[] {
  const byItem = new Map<string, RowCosts[]>();
  for (const r of lm.model.rows) {
    const list = byItem.get(r.itemId) ?? [];
    list.push(r);
    byItem.set(r.itemId, list);
  }
  const figures = (rows: RowCosts[]) => {
    const sum = (f: keyof RowCosts['cents']) => rows.reduce((s, r) => s + r.cents[f], 0);
    return {
      monthToDate: money(sum('monthToDate')),
      sinceStart: money(sum('sinceStart')),
      projectedMonthEnd: money(sum('projectedMonthEnd')),
      projectedProjectEnd: endSet ? money(sum('projectedProjectEnd')) : null,
      perDay: money(rows.reduce((s, r) => s + r.perDay, 0)),
    };
  };
  const items: Array<CostItem & { sort: number }> = [];
  for (const [itemId, rows] of byItem) {
    const first = rows[0];
    const plants = rows
      .filter((r) => r.plantId !== null)
      .map((r) => ({ plantNo: r.plantNo ?? '', onSite: r.onSite, ...figures([r]) }))
      .sort((a, b) => Number(b.sinceStart) - Number(a.sinceStart) || a.plantNo.localeCompare(b.plantNo));
    const category = lm.categoryOfItem.get(itemId);
    items.push({
      itemNo: first.itemNo,
      description: first.description,
      categoryId: category && category !== OTHER_CATEGORY ? category : null,
      onSite: rows.reduce((s, r) => s + r.onSite, 0),
      rentalUnit: lm.units.get(itemId) ?? 'stuk',
      ...figures(rows),
      plants,
      sort: rows.reduce((s, r) => s + r.cents.sinceStart, 0),
    });
  }
  return items
    .sort((a, b) => b.sort - a.sort || a.itemNo.localeCompare(b.itemNo))
    .map(({ sort: _, ...item }) => item);
}

export type CostPayload = Omit<LocationCosts, 'endDateEditable'> & { allItems: CostItem[] };

/**
 * The figures of a location, kept per process by (location, language, day, discount setting) while its fingerprint
 * (selectCostFingerprint: its stock movements, executed orders, end date and discount) stays the same — asked again
 * at most once a CHECK_MS (a change shows within a second), kept at most PRICE_MINUTES, after which catalogue
 * prices changed meanwhile count. One computation at a time per key: requests that come while it runs wait for it.
 * (The busiest location at scale 100 takes a few hundred ms to compute; decision 0033.)
 */
const PRICE_MINUTES = 5;
const CHECK_MS = 1000;
/** The items the page's answer carries (the top 10); the others on request. */
const TOP_ITEMS = 10;
const KEPT = 500;
const kept = new Map<
  string,
  { fingerprint: string; at: number; checkedAt: number; payload: Promise<CostPayload> }
>();

/** Forgets every kept figure (tests that change prices). */
export function forgetCosts(): void {
  kept.clear();
}

export async function costPayload(
  ctx: Ctx,
  location: { locationId: string; locationNo: string; description: string },
): Promise<CostPayload> {
  const settings = await ctx.settings();
  const useRentalDiscount = Boolean(settings.UseRentalDiscount);
  const key = `${location.locationId}|${ctx.locale}|${calendarDayIn(ctx.now)}|${useRentalDiscount}`;
  const now = ctx.now.getTime();
  const hit = kept.get(key);
  const fresh = hit && now >= hit.at && now - hit.at < PRICE_MINUTES * 60_000;
  if (hit && fresh && now >= hit.checkedAt && now - hit.checkedAt < CHECK_MS) return hit.payload;
  const fingerprint = (await selectCostFingerprint(ctx.db, location.locationId)) ?? '';
  if (hit && fresh && hit.fingerprint === fingerprint) {
    hit.checkedAt = now;
    return hit.payload;
  }
  const payload = (async (): Promise<CostPayload> => {
    const lm = await modelOfLocation(ctx.db, location.locationId, {
      now: ctx.now,
      locale: ctx.locale,
      defaultLocale: String(settings.DefaultLanguage ?? 'nl-NL'),
      useRentalDiscount,
    });
    return {
      locationNo: location.locationNo,
      description: location.description,
      today: lm.today,
      since: lm.since,
      endDate: lm.endDate,
      endDateState: lm.model.endDateState,
      currency: 'EUR',
      totals: totalsPayload(lm.model),
      weeks: weeksPayload(lm.model.weeks),
      categories: categoriesPayload(lm.model.weeks, lm.categories),
      items: [],
      itemCount: 0,
      allItems: itemsPayload(lm, lm.model.endDateState === 'set'),
    };
  })().then((p) => ({ ...p, items: p.allItems.slice(0, TOP_ITEMS), itemCount: p.allItems.length }));
  kept.delete(key);
  kept.set(key, { fingerprint, at: now, checkedAt: now, payload });
  if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
  // a failed computation is not kept
  payload.catch(() => {
    if (kept.get(key)?.payload === payload) kept.delete(key);
  });
  return payload;
}

const readable = (ctx: Ctx, locationNo: string) =>
  requireAccess(ctx, { permission: 'location.read', area: COSTS_AREA, locationNo, allowDeregistered: true });

/** GET PlantLocations/{plantLocation}/costs */
export async function readLocationCosts(ctx: Ctx, locationNo: string): Promise<LocationCosts> {
  const location = await readable(ctx, locationNo);
  const { allItems: _, ...payload } = await costPayload(ctx, location);
  // who may write on the location edits its data, the end date with it (an admin, a member with role user)
  return { ...payload, endDateEditable: location.writable };
}

/** GET PlantLocations/{plantLocation}/costs/items */
export async function readLocationCostItems(ctx: Ctx, locationNo: string): Promise<LocationCostItems> {
  const location = await readable(ctx, locationNo);
  return { items: (await costPayload(ctx, location)).allItems };
}
