import type { OrderListLine } from '@mp/contract/api/order-lists';
import { piecesOf, scaledPartAmount } from '@mp/contract/rules/order-list';
import { toAmount } from '../../../shared/catalogue/selection';
import { sumTimes } from '../../../shared/lib/decimal';

/** What the user typed on a line and has not seen answered yet. */
export interface LineEdit {
  amount?: number | string;
  comment?: string;
}

export type LineEdits = Readonly<Record<string, LineEdit>>;

/** The amount a line has now: the typed one (null when empty or 0), else the saved one. */
export function effectiveAmount(line: OrderListLine, edit: LineEdit | undefined): number | null {
  if (edit && edit.amount !== undefined) return toAmount(edit.amount);
  return line.amount > 0 ? line.amount : null;
}

/**
 * Spec §5: processing is disabled when the list is empty or any line has an empty or zero amount.
 * Returns the reason as a translation key, or null when the list may be processed.
 */
export function processBlock(lines: readonly OrderListLine[], edits: LineEdits): string | null {
  if (lines.length === 0) return 'Bestellijst.leeg';
  if (lines.some((l) => effectiveAmount(l, edits[l.lineId]) === null)) return 'Bestellijst.aantal_verplicht';
  return null;
}

/**
 * The amount of every line as it will be saved: a typed amount (null when empty or 0), else — below a set whose
 * amount was typed and not saved yet — the saved amount scaled as the server will scale it, else the saved one.
 */
export function effectiveAmounts(
  lines: readonly OrderListLine[],
  edits: LineEdits,
): Map<string, number | null> {
  const byId = new Map(lines.map((l) => [l.lineId, l]));
  const out = new Map<string, number | null>();
  const typed = (l: OrderListLine) => effectiveAmount(l, edits[l.lineId]);
  for (const l of lines) {
    const own = edits[l.lineId]?.amount;
    let amount = typed(l);
    if (own === undefined) {
      // the nearest set above it whose typed amount differs from the saved one scales it (one ratio, as the server)
      for (let up = byId.get(l.parentLineId ?? ''); up; up = byId.get(up.parentLineId ?? '')) {
        const to = typed(up);
        if (to !== null && to !== up.amount) {
          amount = scaledPartAmount(l.amount, up.amount, to);
          break;
        }
      }
    }
    out.set(l.lineId, amount);
  }
  return out;
}

export interface OrderListTotals {
  /** Top-level lines (items and sets). */
  lines: number;
  /** The pieces that will arrive: the item lines at every depth, as the weight counts them (a set is its parts). */
  amount: number;
  /** kg, 3 decimals; null when no item line has a weight. */
  weight: string | null;
  /** Per day and per week over the item lines whose prices are shown; null when none. */
  dayPrice: string | null;
  weekPrice: string | null;
}

/** Totals with the amounts as typed (decimal sums on scaled integers, never floats). */
export function orderListTotals(lines: readonly OrderListLine[], edits: LineEdits): OrderListTotals {
  const top = lines.filter((l) => l.parentLineId === null);
  const items = lines.filter((l) => l.type === 'item');
  const amounts = effectiveAmounts(lines, edits);
  const amountOf = (l: OrderListLine) => amounts.get(l.lineId) ?? 0;
  const priced = items.filter((l) => l.showPrice);
  return {
    lines: top.length,
    amount: piecesOf(lines.map((l) => ({ type: l.type, amount: amountOf(l) }))),
    weight: sumTimes(
      items.map((l) => ({ value: l.weightPerPiece, amount: amountOf(l) })),
      3,
    ),
    dayPrice: sumTimes(
      priced.map((l) => ({ value: l.dayPrice, amount: amountOf(l) })),
      5,
    ),
    weekPrice: sumTimes(
      priced.map((l) => ({ value: l.weekPrice, amount: amountOf(l) })),
      5,
    ),
  };
}

/** Lines in display order: each top-level line followed by its components (depth 1, 2, …). */
export function linesInOrder(lines: readonly OrderListLine[]): { line: OrderListLine; depth: number }[] {
  const out: { line: OrderListLine; depth: number }[] = [];
  const placed = new Set<string>();
  const walk = (parent: string | null, depth: number) => {
    for (const l of lines) {
      if (l.parentLineId !== parent || placed.has(l.lineId)) continue;
      placed.add(l.lineId);
      out.push({ line: l, depth });
      walk(l.lineId, depth + 1);
    }
  };
  walk(null, 0);
  for (const l of lines) if (!placed.has(l.lineId)) out.push({ line: l, depth: 0 });
  return out;
}
