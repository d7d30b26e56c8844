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
import {
  availableForRemoval,
  daysOnSite,
  idleDaysOf,
  inspectionDueBeforeEnd,
  inspectionLevelOf,
} from '@mp/contract/rules/stock';
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
import {
  type ListedAmounts,
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
const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

const cmp = (a: string | number | null, b: string | number | null): number => {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
};

function sorter(sort: StockSort): (a: StockLine, b: StockLine) => number {
  const base = (a: StockLine, b: StockLine) =>
    cmp(a.itemNo, b.itemNo) || cmp(a.plantNo ?? '', b.plantNo ?? '');
  const by = (f: (l: StockLine) => string | number | null, desc: boolean) => (a: StockLine, b: StockLine) => {
    const av = f(a);
    const bv = f(b);
    // Missing values go last both ways.
    if (av === null || bv === null) return cmp(av, bv) || base(a, b);
    return (desc ? -cmp(av, bv) : cmp(av, bv)) || base(a, b);
  };
  switch (sort) {
    case 'itemNo':
    case 'default':
    // idle first is per request (removal-list entries move a line): idleFirst reorders the default order
    case 'idle':
      return base;
    case 'itemNoDesc':
      return (a, b) => -base(a, b);
    case 'description':
    case 'descriptionDesc':
      return by((l) => l.description, sort.endsWith('Desc'));
    case 'plantNo':
    case 'plantNoDesc':
      return by((l) => l.plantNo, sort.endsWith('Desc'));
    case 'quantity':
    case 'quantityDesc':
      return by((l) => l.quantity, sort.endsWith('Desc'));
    case 'onSiteSince':
    case 'onSiteSinceDesc':
      return by((l) => l.onSiteSince, sort.endsWith('Desc'));
    case 'nextInspection':
    case 'nextInspectionDesc':
      return by((l) => l.nextInspection, sort.endsWith('Desc'));
  }
}

/** A location's stock described for one kind of viewer: shared by every request of that kind (stock.cache.ts). */
interface DescribedStock {
  /** Every line, unsorted; the per-caller removal amounts are 0 here (forCaller fills them in). */
  lines: StockLine[];
  /** Each line's `itemId|plantId`, the key of its removal amounts. */
  ids: Map<StockLine, string>;
  /** Each line's words in lower case (item number, description, plant number), for the text filter. */
  text: Map<StockLine, string>;
  /** The lines in each sort order asked so far. */
  sorted: Map<StockSort, StockLine[]>;
  /** Each line's last movement every viewer sees (StockRow.lastMoved). */
  lastMoved: Map<StockLine, string>;
  categories: StockPage['categories'];
}

/** How one request sees a location's stock: the shared description and the caller's own figures. */
interface StockView {
  location: LocationAccess;
  described: DescribedStock;
  rows: StockRow[];
  listed: Map<string, ListedAmounts>;
  /** What open removal and relocation requests take off, per line id. */
  leaving: Map<string, number>;
  canRemove: boolean;
  countOthers: boolean;
  s: SettingsMap;
  /** Today (Europe/Amsterdam). */
  day: string;
  /** The project's end (the location's end date), null when none is set. */
  projectEnd: string | null;
}

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
 * The line's last movement (decision 0034): what every viewer sees (ledger, inspection, scan) or a removal-list
 * entry of anybody, whichever is later.
 */
function lastMovedOf(view: StockView, l: StockLine): string {
  const kept = view.described.lastMoved.get(l) ?? l.onSiteSince;
  const listed = view.listed.get(view.described.ids.get(l) ?? '')?.listedOn;
  return listed && listed > kept ? listed : kept;
}

/** Days without movement when the line is idle (Materieelvoorraad_StilstandDagen), else null. */
const idleDaysOfLine = (view: StockView, l: StockLine) =>
  idleDaysOf(lastMovedOf(view, l), view.day, view.s.Materieelvoorraad_StilstandDagen);

/** Idle lines first, the longest idle first, each group in the default order (a stable sort). */
function idleFirst(view: StockView, lines: StockLine[]): StockLine[] {
  const days = new Map(lines.map((l) => [l, idleDaysOfLine(view, l) ?? -1]));
  return [...lines].sort((a, b) => (days.get(b) ?? -1) - (days.get(a) ?? -1));
}

/** These lines with the caller's removal amounts: on their list, on others', and what they may still put on. */
function forCaller(view: StockView, lines: StockLine[]): StockLine[] {
  return lines.map((l) => {
    const id = view.described.ids.get(l) ?? '';
    const amounts = view.listed.get(id);
    const others = amounts?.others ?? 0;
    const leaving = view.leaving.get(id) ?? 0;
    const idleDays = idleDaysOfLine(view, l);
    return {
      ...l,
      idleSince: idleDays === null ? null : lastMovedOf(view, l),
      idleDays,
      onMyRemovalList: amounts?.mine ?? 0,
      onOtherRemovalLists: view.countOthers ? others : 0,
      leaving,
      availableForRemoval: view.canRemove
        ? availableForRemoval(l.quantity, others, view.countOthers, leaving)
        : 0,
    };
  });
}

const words = (text: string | undefined) => (text ?? '').toLowerCase().split(/\s+/).filter(Boolean);

/** The lines of the category (the empty guid: all) that hold every word, in the sort order (do not change them). */
function matching(
  view: StockView,
  categoryId: string,
  text: string | undefined,
  sort: StockSort,
): StockLine[] {
  const d = view.described;
  const lines = matchingIn(d, categoryId, text, sort);
  return sort === 'idle' ? idleFirst(view, lines) : lines;
}

function matchingIn(
  d: DescribedStock,
  categoryId: string,
  text: string | undefined,
  sort: StockSort,
): StockLine[] {
  let sorted = d.sorted.get(sort);
  if (!sorted) {
    sorted = [...d.lines].sort(sorter(sort));
    d.sorted.set(sort, sorted);
  }
  const terms = words(text);
  const category = categoryId === EMPTY_GUID ? null : categoryId.toLowerCase();
  if (!category && terms.length === 0) return sorted;
  return sorted.filter(
    (l) => (!category || l.categoryId === category) && terms.every((w) => (d.text.get(l) ?? '').includes(w)),
  );
}

const quantityOf = (lines: StockLine[]) => lines.reduce((n, l) => n + l.quantity, 0);

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
