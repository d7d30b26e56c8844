import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import type {
  AllStock,
  InspectionsList,
  StockLine,
  StockPage,
  StockQuery,
  StockSort,
} from '@mp/contract/api/stock';
import { addDays, calendarDayIn, daysBetween } from '@mp/contract/rules/order-dates';
import type { PriceDisplay } from '@mp/contract/rules/prices';
import { daysOnSite, inspectionDueBeforeEnd, inspectionLevelOf } from '@mp/contract/rules/stock';
import {
  hasAccess,
  type LocationAccess,
  type LocationIds,
  requireAccess,
} from '../../platform/auth/access.ts';
import { sumDecimal } from '../../platform/decimal.ts';
import { errors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import type { SettingsMap } from '../../platform/settings.ts';
import {
  cachedItemsById,
  itemCategories,
  itemsById,
  priceDisplayFor,
  pricesOf,
  seenCatalogueRevision,
} from '../catalogue/index.ts';
import { cachedStockRows, cachedStockView } from './stock.cache.ts';
import { cmp, type DescribedStock, forCaller, matching, quantityOf, type StockView } from './stock.lines.ts';
import {
  type StockRow,
  selectLatestInspections,
  selectLocationsWithStock,
  selectStockStates,
} from './stock.queries.ts';

/*
 * Equipment on site (issue #10, decision 0014): the stock of a location, one plant, the stock history.
 * Reads AppMaterieelvoorraad; the location must be the caller's (foreign = unknown = 404): every call asks
 * requireAccess first.
 */

export const AREA = 'AppMaterieelvoorraad';

export const today = (ctx: Ctx) => calendarDayIn(ctx.now);

/**
 * The next inspection shown for a plant: for a plant hired in from another rental company (plants.external) only
 * with MaterieelVoorraad_ToonExternMaterieelKeuringsDatum (decision 0014).
 */
export function shownInspection(
  due: string | null,
  external: boolean,
  day: string,
  s: SettingsMap,
): { nextInspection: string | null; inspectionLevel: StockLine['inspectionLevel'] } {
  if (!due || (external && !s.MaterieelVoorraad_ToonExternMaterieelKeuringsDatum)) {
    return { nextInspection: null, inspectionLevel: null };
  }
  return { nextInspection: due, inspectionLevel: inspectionLevelOf(due, day, s) };
}

/** Whether the caller may put something of this location on a removal list (writes there, holds AppAfvoerlijst). */
export async function removalAllowed(ctx: Ctx, location: LocationAccess, s: SettingsMap): Promise<boolean> {
  if (s.Materieelvoorraad_NietMeerAfvoeren || !location.writable) return false;
  return hasAccess(ctx, { permission: 'area.write', area: 'AppAfvoerlijst' });
}

// why: localeCompare with options builds a collator per call; one shared collator sorts a site's stock ~20× faster.
export const lineId = (itemId: string, plantId: string | null) => `${itemId}|${plantId ?? ''}`;

async function describeStock(
  ctx: Ctx,
  rows: StockRow[],
  display: PriceDisplay,
  day: string,
  s: SettingsMap,
): Promise<DescribedStock> {
  const itemIds = rows.map((r) => r.itemId);
  const [items, categories] = await Promise.all([
    cachedItemsById(ctx.db, ctx.locale, itemIds),
    itemCategories(ctx.db, ctx.locale, itemIds),
  ]);
  const ids = new Map<StockLine, string>();
  const text = new Map<StockLine, string>();
  const lastMoved = new Map<StockLine, string>();
  const counts = new Map<string, { id: string; name: string; lines: number }>();
  const lines: StockLine[] = [];
  for (const r of rows) {
    const item = items.get(r.itemId);
    if (!item) continue;
    const prices = pricesOf(item, display);
    const rented = item.rentalType === 'Verhuur';
    const category = categories.get(r.itemId);
    const line: StockLine = {
      key: r.plantNo ? `${item.itemNo}/${r.plantNo}` : item.itemNo,
      itemNo: item.itemNo,
      description: item.description,
      categoryId: category?.categoryId ?? null,
      plantNo: r.plantNo,
      quantity: r.quantity,
      rentalType: item.rentalType,
      rentalUnit: item.rentalUnit,
      onSiteSince: r.since,
      daysOnSite: daysOnSite(r.since, day),
      ...prices,
      lineDayRent: rented ? sumDecimal([[r.quantity, prices.dayPrice]], 2) : null,
      lineWeekRent: rented ? sumDecimal([[r.quantity, prices.weekPrice]], 2) : null,
      weightPerPiece: item.weight,
      imageUrl: item.imageUrl,
      ...shownInspection(r.nextDue, r.external, day, s),
      external: r.external,
      onMyRemovalList: 0,
      onOtherRemovalLists: 0,
      leaving: 0,
      availableForRemoval: 0,
      idleSince: null,
      idleDays: null,
    };
    lines.push(line);
    lastMoved.set(line, r.lastMoved);
    ids.set(line, lineId(r.itemId, r.plantId));
    text.set(line, `${line.itemNo} ${line.description} ${line.plantNo ?? ''}`.toLowerCase());
    if (line.categoryId) {
      const c = counts.get(line.categoryId) ?? {
        id: line.categoryId,
        name: category?.categoryName ?? '',
        lines: 0,
      };
      c.lines++;
      counts.set(line.categoryId, c);
    }
  }
  return {
    lines,
    ids,
    text,
    sorted: new Map(),
    lastMoved,
    categories: [...counts.values()].sort((a, b) => cmp(a.name, b.name)),
  };
}

/**
 * The stock of these locations as the caller sees it: one statement for the revisions and the removal amounts,
 * then each location's description from the per-process cache (read again only when its stock moved).
 */
async function stockViews(ctx: Ctx, locations: LocationAccess[]): Promise<StockView[]> {
  const user = requireUser(ctx);
  const [s, display, states] = await Promise.all([
    ctx.settings(),
    priceDisplayFor(ctx, true),
    selectStockStates(
      ctx.db,
      locations.map((l) => l.locationId),
      user.id,
    ),
  ]);
  const day = today(ctx);
  const key = [
    ctx.locale,
    display,
    day,
    s.MaterieelvoorraadKeuringsdatumInfoDays,
    s.MaterieelvoorraadKeuringsdatumWarningDays,
    s.MaterieelvoorraadKeuringsdatumDangerDays,
    s.MaterieelVoorraad_ToonExternMaterieelKeuringsDatum,
    seenCatalogueRevision(ctx.db),
  ].join('|');
  const countOthers = s.Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers;
  return Promise.all(
    locations.map(async (location) => {
      const state = states.get(location.locationId);
      const revision = state?.revision ?? '0';
      const [rows, described, canRemove] = await Promise.all([
        cachedStockRows(ctx.db, location.locationId, revision),
        cachedStockView(ctx.db, location.locationId, revision, key, (r) =>
          describeStock(ctx, r, display, day, s),
        ),
        removalAllowed(ctx, location, s),
      ]);
      const listed = new Map((state?.listed ?? []).map((a) => [lineId(a.itemId, a.plantId), a]));
      const leaving = new Map((state?.leaving ?? []).map((a) => [lineId(a.itemId, a.plantId), a.amount]));
      const projectEnd = state?.endDate ?? null;
      return { location, described, rows, listed, leaving, canRemove, countOthers, s, day, projectEnd };
    }),
  );
}

export async function stockView(ctx: Ctx, location: LocationAccess): Promise<StockView> {
  const [view] = await stockViews(ctx, [location]);
  return view as StockView;
}

/**
 * The caller's locations (requireAccess `locations.read`) in the one shape (an admin's: those with stock), by number;
 * a deregistered one is left out.
 */
async function readableLocations(ctx: Ctx, ids: LocationIds): Promise<LocationAccess[]> {
  const list = ids === 'all' ? await selectLocationsWithStock(ctx.db) : ids;
  const out = await requireAccess(ctx, { permission: 'location.read', locationIds: list });
  return out.sort((a, b) => cmp(a.locationNo, b.locationNo));
}

/** Most lines one location shows on the all-stock screen (its totals count every line). */
export const MAX_LINES_PER_LOCATION = 100;

/**
 * VoorradenLocaties and FindMaterieelOnMaterieelVoorraad: the stock of every location of the caller, grouped by
 * location with totals, filtered by category and words. All stock needs Materieelvoorraad_ToonAllevoorraden;
 * the search (with words) does not.
 */
export async function allStock(
  ctx: Ctx,
  categoryId: string,
  query: { query?: string; sortBy: StockSort },
  purpose: 'all' | 'search',
): Promise<AllStock> {
  const ids = await requireAccess(ctx, { permission: 'locations.read', area: AREA });
  if (purpose === 'all' && !(await ctx.settings()).Materieelvoorraad_ToonAllevoorraden) {
    throw errors.forbidden('Materieelvoorraad.alle_voorraden_uit');
  }
  const views = await stockViews(ctx, await readableLocations(ctx, ids));
  const groups: AllStock['locations'] = [];
  for (const view of views) {
    const lines = matching(view, categoryId, query.query, query.sortBy);
    if (lines.length === 0) continue;
    groups.push({
      locationNo: view.location.locationNo,
      description: view.location.description,
      items: forCaller(view, lines.slice(0, MAX_LINES_PER_LOCATION)),
      totalLines: lines.length,
      totalQuantity: quantityOf(lines),
    });
  }
  return {
    locations: groups,
    totalLines: groups.reduce((n, g) => n + g.totalLines, 0),
    totalQuantity: groups.reduce((n, g) => n + g.totalQuantity, 0),
    maxLinesPerLocation: MAX_LINES_PER_LOCATION,
  };
}

/**
 * MaterieelKeuringen: the numbered plants on the caller's locations (or one) by due date, overdue first, with
 * colour and certificate; all of them with ShowAllInspections, else those due within the info window.
 */
export async function plantInspections(ctx: Ctx, locationNo?: string): Promise<InspectionsList> {
  // one location, or all of the caller's (then with the stock's area too)
  const locations = locationNo
    ? [await requireAccess(ctx, { permission: 'location.read', area: 'AppKeuringen', locationNo })]
    : await readableLocations(
        ctx,
        await requireAccess(ctx, { permission: 'locations.read', area: ['AppKeuringen', AREA] }),
      );
  const s = await ctx.settings();
  const day = today(ctx);
  const showsAll = s.ShowAllInspections;
  const rows = await selectLatestInspections(
    ctx.db,
    locations.map((l) => l.locationId),
    showsAll ? null : addDays(day, s.MaterieelvoorraadKeuringsdatumInfoDays),
  );
  const items = await itemsById(
    ctx.db,
    ctx.locale,
    rows.map((r) => r.itemId),
  );
  return {
    items: rows.map((r) => ({
      locationNo: r.locationNo,
      itemNo: items.get(r.itemId)?.itemNo ?? '',
      description: items.get(r.itemId)?.description ?? '',
      plantNo: r.plantNo,
      lastInspectedOn: r.lastInspectedOn,
      result: r.result,
      nextDueDate: r.nextDueDate,
      level: inspectionLevelOf(r.nextDueDate, day, s),
      daysLeft: daysBetween(day, r.nextDueDate),
      certificateDocumentId: r.certificateDocumentId,
    })),
    showsAll,
    infoDays: s.MaterieelvoorraadKeuringsdatumInfoDays,
  };
}

/** GET PlantInventoryItems/{categoryId}: one page of the location's stock, sorted and filtered. */
export async function stockPage(ctx: Ctx, categoryId: string, query: StockQuery): Promise<StockPage> {
  const view = await stockView(
    ctx,
    await requireAccess(ctx, { permission: 'location.read', area: AREA, locationNo: query.plantLocation }),
  );
  const lines = matching(view, categoryId, query.query, query.sortBy);
  const start = (query.pageNumber - 1) * query.pageSize;
  return {
    locationNo: view.location.locationNo,
    items: forCaller(view, lines.slice(start, start + query.pageSize)),
    total: lines.length,
    totalQuantity: quantityOf(lines),
    pageNumber: query.pageNumber,
    pageSize: query.pageSize,
    categories: view.described.categories,
    canRemove: view.canRemove,
    bulkReturn: view.canRemove && view.s.MaterieelvoorraadBulkTerugsturenEnabled,
    idleAfterDays: view.s.Materieelvoorraad_StilstandDagen,
    projectEnd: view.projectEnd,
  };
}

/** ToonVoorraad: every line of the location's stock (filtered by words), in item order, with the total quantity. */
export async function allStockLines(
  ctx: Ctx,
  locationNo: string,
  text?: string,
): Promise<{ lines: StockLine[]; totalQuantity: number }> {
  const view = await stockView(
    ctx,
    await requireAccess(ctx, { permission: 'location.read', area: AREA, locationNo }),
  );
  const lines = matching(view, EMPTY_GUID, text, 'default');
  return { lines: forCaller(view, lines), totalQuantity: quantityOf(lines) };
}

/** Every line of the location's stock that the page would show (category, words, sort), unpaged: for an export. */
export async function stockForExport(
  ctx: Ctx,
  categoryId: string,
  query: { plantLocation: string; query?: string; sortBy: StockSort },
): Promise<{ locationNo: string; lines: StockLine[]; s: SettingsMap }> {
  const view = await stockView(
    ctx,
    await requireAccess(ctx, { permission: 'location.read', area: AREA, locationNo: query.plantLocation }),
  );
  const lines = matching(view, categoryId, query.query, query.sortBy);
  return { locationNo: view.location.locationNo, lines: forCaller(view, lines), s: view.s };
}

/** CheckVoorraadAanwezig: whether anything is on the location, and how much. */
export async function stockPresent(
  ctx: Ctx,
  locationNo: string,
): Promise<{ present: boolean; quantity: number; lines: number }> {
  const { rows } = await stockView(
    ctx,
    await requireAccess(ctx, { permission: 'location.read', area: AREA, locationNo }),
  );
  const quantity = rows.reduce((n, r) => n + r.quantity, 0);
  return { present: quantity > 0, quantity, lines: rows.length };
}

/**
 * The idle lines of the location (decision 0034) as the caller sees them, the longest idle first, and the plants
 * whose next inspection falls due before the project's end (by due date).
 */
export async function idleStockLines(
  ctx: Ctx,
  locationNo: string,
): Promise<{
  location: LocationAccess;
  lines: StockLine[];
  idleAfterDays: number;
  canRemove: boolean;
  projectEnd: string | null;
  dueBeforeEnd: StockLine[];
}> {
  const view = await stockView(
    ctx,
    await requireAccess(ctx, { permission: 'location.read', area: AREA, locationNo }),
  );
  const lines = forCaller(view, matching(view, EMPTY_GUID, undefined, 'idle')).filter(
    (l) => l.idleDays !== null,
  );
  const due = view.described.lines
    .filter((l) => inspectionDueBeforeEnd(l.nextInspection, view.projectEnd))
    .sort((a, b) => cmp(a.nextInspection, b.nextInspection) || cmp(a.plantNo, b.plantNo));
  return {
    location: view.location,
    lines,
    idleAfterDays: view.s.Materieelvoorraad_StilstandDagen,
    canRemove: view.canRemove,
    projectEnd: view.projectEnd,
    dueBeforeEnd: forCaller(view, due),
  };
}
