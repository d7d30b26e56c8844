/*
 * How a Business Central value becomes the portal's (docs/erp/business-central.md §9–§10): BC gives an unset field
 * as its empty value ('', 0, '0001-01-01'); a price, weight or interval of 0 and an empty text become null.
 */

export type Raw = Record<string, unknown>;

export const str = (v: unknown): string => (typeof v === 'string' ? v : v == null ? '' : String(v));
export const text = (v: unknown): string | null => str(v).trim() || null;
export const bool = (v: unknown): boolean => v === true;
export const int = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0);
/** A decimal as the portal stores it (a string); 0 and unset are null (BC has no null decimal). */
export const money = (v: unknown): string | null => (typeof v === 'number' && v !== 0 ? String(v) : null);
/** A BC date; '0001-01-01' and '' are unset. */
export const date = (v: unknown): string | null => {
  const s = str(v).slice(0, 10);
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && s !== '0001-01-01' ? s : null;
};
