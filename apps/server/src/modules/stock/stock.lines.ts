import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import type { StockLine, StockPage, StockSort } from '@mp/contract/api/stock';
import { availableForRemoval, idleDaysOf } from '@mp/contract/rules/stock';
import type { LocationAccess } from '../../platform/auth/access.ts';
import type { SettingsMap } from '../../platform/settings.ts';
import type { ListedAmounts, StockRow } from './stock.queries.ts';

/*
 * A location's stock as one request sees it (decision 0014): the shared description of a location's lines
 * (stock.service.ts builds and keeps it), and what each request does with it — the sort orders, the category and
 * text filter, idle first (decision 0034), and the caller's own removal amounts.
 */

const collator = new Intl.Collator('nl', { numeric: true, sensitivity: 'base' });

export const cmp = (a: string | number | null, b: string | number | null): number => {
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
export interface DescribedStock {
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
export interface StockView {
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
export function forCaller(view: StockView, lines: StockLine[]): StockLine[] {
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
export function matching(
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

export const quantityOf = (lines: StockLine[]) => lines.reduce((n, l) => n + l.quantity, 0);
