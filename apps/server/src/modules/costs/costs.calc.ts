import { addDays, daysBetween } from '@mp/contract/rules/order-dates';
import { rentCharges } from '@mp/contract/rules/rent';
import {
  cents,
  chargesOf,
  discounted,
  monthPeriod,
  type NewInvoiceLine,
  type PeriodCharges,
  type RentalIntervalRow,
  totalsOf,
} from '../invoices/index.ts';

/*
 * The cost model (issue #37 point 1, decision 0033), pure: what a location's equipment cost and will cost, priced
 * month by month with the invoicing run's own `chargesOf` (decision 0022) over the run's own reads
 * (`periodCharges`), so a month's figure is that month's invoice. Money in cents.
 *
 * - A month before this one: its invoice (rent, sales, order costs; buy-backs apart, as the credit memo).
 * - This month so far: as if the month ended today (rent up to and including today).
 * - This month projected: the month's invoice if nothing moves until its last day.
 * - Until the project's end: the months before, this month and each month up to the end date with what stands on
 *   the location today, the last month up to and including the end date.
 */

/** How many days a rate is averaged over when the project has no end date (or it has passed): one week. */
const DEFAULT_SPAN_DAYS = 7;
/** The chart's weeks. */
export const CHART_WEEKS = 26;

/**
 * The rent per day of `amount` pieces over a span of days: the rent of the span (rentCharges, as the invoice charges
 * it) divided by its days, less the discount. Not rented (a sale item, no day price): 0.
 */
export function perDayCents(
  amount: number,
  price: { rentalType: string; dayPrice: string | null; weekPrice: string | null },
  spanDays: number,
  discountPercent: string,
): number {
  if (price.rentalType !== 'Verhuur' || price.dayPrice === null || amount <= 0) return 0;
  const days = Math.max(1, spanDays);
  const span = rentCharges(
    days,
    cents(price.dayPrice),
    price.weekPrice === null ? null : cents(price.weekPrice),
  ).reduce((sum, part) => sum + part.priceCents * part.count, 0);
  return discounted(Math.round((span * amount) / days), discountPercent);
}

/** The days from `on` up to and including the project's end; a week without an end (or past it). */
export function spanUntil(on: string, end: string | null): number {
  if (!end || end < on) return DEFAULT_SPAN_DAYS;
  return daysBetween(on, end) + 1;
}

const monthOf = (day: string) => day.slice(0, 7);
/** The earlier of two calendar days ('YYYY-MM-DD' sorts as text). */
const earlier = (a: string, b: string) => (a <= b ? a : b);
function nextMonth(month: string): string {
  return monthOf(addDays(monthPeriod(month).to, 1));
}

/** Each interval cut at the month boundaries it spans, by month ('YYYY-MM'): what each month's invoice reads. */
export function splitByMonth(intervals: readonly RentalIntervalRow[]): Map<string, RentalIntervalRow[]> {
  const out = new Map<string, RentalIntervalRow[]>();
  for (const r of intervals) {
    let from = r.from;
    while (from < r.until) {
      const month = monthOf(from);
      const after = addDays(monthPeriod(month).to, 1);
      const until = earlier(r.until, after);
      const list = out.get(month) ?? [];
      list.push({ ...r, from, until });
      out.set(month, list);
      from = until;
    }
  }
  return out;
}

/** The intervals cut off at `until` (exclusive). */
function cutAt(intervals: readonly RentalIntervalRow[], until: string): RentalIntervalRow[] {
  return intervals
    .filter((r) => r.from < until)
    .map((r) => ({ ...r, until: r.until < until ? r.until : until }));
}

function groupBy<T>(rows: readonly T[], key: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of rows) {
    const k = key(r);
    const list = out.get(k);
    if (list) list.push(r);
    else out.set(k, [r]);
  }
  return out;
}

export type Figure = 'monthToDate' | 'sinceStart' | 'projectedMonthEnd' | 'projectedProjectEnd';
const FIGURES: readonly Figure[] = ['monthToDate', 'sinceStart', 'projectedMonthEnd', 'projectedProjectEnd'];

export interface RowCosts {
  itemId: string;
  itemNo: string;
  plantId: string | null;
  plantNo: string | null;
  description: string;
  onSite: number;
  perDay: number;
  cents: Record<Figure, number>;
}

export interface MonthTotals {
  exclVat: number;
  inclVat: number;
}

export interface CostModel {
  endDateState: 'set' | 'none' | 'past';
  /** Per figure: the sum over its months of each month's invoice total (VAT on each month's sum). */
  totals: Record<Figure, MonthTotals | null>;
  creditedSinceStart: number;
  perDay: number;
  /** Per (item, plant). */
  rows: RowCosts[];
  /** Per week (its Monday) and category key: what was charged (up to today). */
  weeks: Array<{ week: string; byCategory: Map<string, number>; total: number }>;
}

const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7));

export function costModel(input: {
  today: string;
  endDate: string | null;
  discountPercent: string;
  /** periodCharges over [the first day of the first month with anything, the last day of this month]. */
  read: PeriodCharges;
  /** An item's category key for the chart (its catalogue category, or 'other'). */
  categoryOf: (itemId: string) => string;
}): CostModel {
  const { today, endDate, discountPercent } = input;
  const current = monthOf(today);
  const currentEnd = monthPeriod(current).to;
  const afterToday = addDays(today, 1);
  const intervalsByMonth = splitByMonth(input.read.intervals);
  const chargesByMonth = groupBy(input.read.charges, (c) => monthOf(c.executedDate));
  const costsByMonth = groupBy(input.read.costs, (c) => monthOf(c.executedDate));
  const price = (intervals: RentalIntervalRow[], month: string | null) =>
    chargesOf({
      intervals,
      charges: month ? (chargesByMonth.get(month) ?? []) : [],
      costs: month ? (costsByMonth.get(month) ?? []) : [],
      discountPercent,
    });

  const endDateState = endDate === null ? 'none' : endDate < today ? 'past' : 'set';
  // the lines of each figure, by month (a month's VAT is on its own sum, as on its invoice)
  const figureMonths: Record<Figure, NewInvoiceLine[][]> = {
    monthToDate: [],
    sinceStart: [],
    projectedMonthEnd: [],
    projectedProjectEnd: [],
  };
  let credited = 0;
  const months = new Set([...intervalsByMonth.keys(), ...chargesByMonth.keys(), ...costsByMonth.keys()]);
  for (const month of [...months].sort()) {
    if (month >= current) continue;
    const { invoiceLines, creditLines } = price(intervalsByMonth.get(month) ?? [], month);
    figureMonths.sinceStart.push(invoiceLines);
    figureMonths.projectedProjectEnd.push(invoiceLines);
    credited += creditLines.reduce((s, l) => s + cents(l.amount), 0);
  }
  const thisMonth = intervalsByMonth.get(current) ?? [];
  const toDate = price(cutAt(thisMonth, afterToday), current);
  credited += toDate.creditLines.reduce((s, l) => s + cents(l.amount), 0);
  figureMonths.monthToDate.push(toDate.invoiceLines);
  figureMonths.sinceStart.push(toDate.invoiceLines);
  figureMonths.projectedMonthEnd.push(price(thisMonth, current).invoiceLines);
  // what stands on the location today stays: through the end date, month by month
  const standing = thisMonth.filter((r) => r.from <= today && r.until > today);
  if (endDateState === 'set' && endDate) {
    const cut = endDate < currentEnd ? addDays(endDate, 1) : addDays(currentEnd, 1);
    figureMonths.projectedProjectEnd.push(price(cutAt(thisMonth, cut), current).invoiceLines);
    for (let m = nextMonth(current); m <= monthOf(endDate); m = nextMonth(m)) {
      const p = monthPeriod(m);
      const until = addDays(earlier(endDate, p.to), 1);
      figureMonths.projectedProjectEnd.push(
        price(
          standing.map((r) => ({ ...r, from: p.from, until })),
          null,
        ).invoiceLines,
      );
    }
  }

  const rows = new Map<string, RowCosts>();
  const rowOf = (l: { itemId: string; plantId: string | null }, source: RentalIntervalRow | null) => {
    const key = `${l.itemId}|${l.plantId ?? ''}`;
    let row = rows.get(key);
    if (!row) {
      row = {
        itemId: l.itemId,
        itemNo: source?.itemNo ?? '',
        plantId: l.plantId,
        plantNo: source?.plantNo ?? null,
        description: source?.itemName ?? '',
        onSite: 0,
        perDay: 0,
        cents: { monthToDate: 0, sinceStart: 0, projectedMonthEnd: 0, projectedProjectEnd: 0 },
      };
      rows.set(key, row);
    }
    return row;
  };
  const span = spanUntil(today, endDateState === 'set' ? endDate : null);
  for (const r of standing) {
    const row = rowOf(r, r);
    row.onSite += r.quantity;
    row.perDay += perDayCents(r.quantity, { rentalType: 'Verhuur', ...r }, span, discountPercent);
  }
  const totals = {} as Record<Figure, MonthTotals | null>;
  for (const figure of FIGURES) {
    if (figure === 'projectedProjectEnd' && endDateState !== 'set') {
      totals[figure] = null;
      continue;
    }
    let exclVat = 0;
    let inclVat = 0;
    for (const lines of figureMonths[figure]) {
      const t = totalsOf(lines);
      exclVat += cents(t.exclVat);
      inclVat += cents(t.inclVat);
      for (const l of lines) {
        if (l.itemId === null) continue;
        rowOf({ itemId: l.itemId, plantId: l.plantId }, null).cents[figure] += cents(l.amount);
      }
    }
    totals[figure] = { exclVat, inclVat };
  }
  // names of rows that only sales made (no interval): from the sale lines
  for (const lines of figureMonths.sinceStart)
    for (const l of lines) {
      if (l.itemId === null) continue;
      const row = rowOf({ itemId: l.itemId, plantId: l.plantId }, null);
      if (!row.description) row.description = l.description;
    }
  for (const r of input.read.intervals) {
    const row = rows.get(`${r.itemId}|${r.plantId ?? ''}`);
    if (row && !row.itemNo)
      Object.assign(row, { itemNo: r.itemNo, plantNo: r.plantNo, description: r.itemName });
  }
  for (const c of input.read.charges) {
    const row = rows.get(`${c.itemId}|${c.plantId ?? ''}`);
    if (row && !row.itemNo)
      Object.assign(row, { itemNo: c.itemNo, plantNo: c.plantNo, description: c.itemName });
  }

  return {
    endDateState,
    totals,
    creditedSinceStart: credited,
    perDay: [...rows.values()].reduce((s, r) => s + r.perDay, 0),
    rows: [...rows.values()],
    weeks: weeksOf(figureMonths.sinceStart.flat(), today, input.categoryOf),
  };
}

/** A calendar day as a whole number of days since 1970-01-01 (cheap arithmetic for the weeks). */
const dayNo = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / 86_400_000;

/**
 * What was charged per week and category, the last CHART_WEEKS weeks up to today's: each line's amount spread over
 * the days of its period in whole cents — the first i days of a line of A cents over D days hold floor(A·i / D), so
 * the days' shares add up to the line — summed per week.
 */
export function weeksOf(
  lines: readonly NewInvoiceLine[],
  today: string,
  categoryOf: (itemId: string) => string,
): CostModel['weeks'] {
  const firstMonday = addDays(mondayOf(today), -7 * (CHART_WEEKS - 1));
  const first = dayNo(firstMonday);
  const end = first + 7 * CHART_WEEKS;
  const weeks = Array.from({ length: CHART_WEEKS }, () => new Map<string, number>());
  for (const l of lines) {
    const from = dayNo(l.periodFrom ?? today);
    const to = l.periodTo ? dayNo(l.periodTo) : from;
    const stop = Math.min(to + 1, end);
    let day = Math.max(from, first);
    if (day >= stop) continue;
    const category = l.kind === 'cost' || l.itemId === null ? 'costs' : categoryOf(l.itemId);
    const amount = cents(l.amount);
    const days = to - from + 1;
    const upTo = (d: number) => Math.floor((amount * (d - from)) / days);
    while (day < stop) {
      const w = Math.floor((day - first) / 7);
      const next = Math.min(first + 7 * (w + 1), stop);
      const part = upTo(next) - upTo(day);
      const week = weeks[w] as Map<string, number>;
      if (part !== 0) week.set(category, (week.get(category) ?? 0) + part);
      day = next;
    }
  }
  return weeks.map((byCategory, i) => ({
    week: addDays(firstMonday, 7 * i),
    byCategory,
    total: [...byCategory.values()].reduce((s, v) => s + v, 0),
  }));
}
