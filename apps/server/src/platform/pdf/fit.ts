/*
 * Making labels fit (issue #31 item 16): a label or a column header wraps at spaces only, never inside a word
 * ("Creditnotanum/mer"), and an amount never wraps at all. These pure rules size the columns from what they hold;
 * pdf.ts measures the texts in the document's fonts.
 */

/**
 * The table's column widths: each column's share of `total`, but at least its `minimum` (its header's widest word,
 * an amount's whole width), taken from the columns that have room above their own minimum, in proportion to that
 * room. When the minimums together exceed `total`, they are scaled down alike and `scale` says by how much (the
 * caller writes the headers that much smaller).
 */
export function columnWidths(
  shares: readonly number[],
  minimums: readonly number[],
  total: number,
): { widths: number[]; scale: number } {
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
  const needed = sum(minimums);
  if (needed > total) return { widths: minimums.map((m) => (m * total) / needed), scale: total / needed };
  const natural = shares.map((s) => (s / sum(shares)) * total);
  const short = sum(natural.map((w, i) => Math.max(0, minimums[i] - w)));
  if (short === 0) return { widths: natural, scale: 1 };
  const room = sum(natural.map((w, i) => Math.max(0, w - minimums[i])));
  return {
    widths: natural.map((w, i) => (w <= minimums[i] ? minimums[i] : w - ((w - minimums[i]) * short) / room)),
    scale: 1,
  };
}

/**
 * The width of a block's label column (of `column` points): the longest label whole when that leaves the value
 * most of the column, else wide enough for the widest word (wrapping at spaces), at most half the column.
 */
export function labelWidth(
  column: number,
  wholeLabels: readonly number[],
  widestWords: readonly number[],
): number {
  const whole = Math.max(0, ...wholeLabels);
  const word = Math.max(0, ...widestWords);
  return Math.min(Math.max(word, Math.min(whole, column * 0.45)), column * 0.5);
}
