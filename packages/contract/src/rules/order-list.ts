/**
 * Pure rules of an order list's sets (docs/decisions/0007), shared by the server (what it stores and counts) and
 * the web (what the list shows while a typed amount is not saved yet).
 */

/**
 * A set line's amount changes from `from` to `to`: every line below it scales by to / from, rounded, at least 1.
 * Parts at the set's own amounts stay exact multiples; amounts the user edited scale along.
 */
export function scaledPartAmount(amount: number, from: number, to: number): number {
  return Math.max(1, Math.round((amount * to) / Math.max(1, from)));
}

/**
 * "Stuks totaal": the pieces that will arrive — the amounts of the item lines at every depth. A set counts as its
 * parts (which already hold the set's amount), never as a piece of its own, just as the weight and the prices
 * count only item lines.
 */
export function piecesOf(lines: readonly { type: 'item' | 'set'; amount: number }[]): number {
  let pieces = 0;
  for (const l of lines) if (l.type === 'item') pieces += l.amount;
  return pieces;
}
