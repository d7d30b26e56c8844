// How rent is charged (decision 0022, issue #31 item 16): per unit on site, whole weeks at the week price and the
// remaining days at the day price, the remaining days costing at most one week price. An invoice shows each part as
// a line of its own — "4 weeks × € 72,15" and "3 days × € 14,00" — so the price and the unit a line shows are the
// ones its amount was computed with.

export type RentUnit = 'day' | 'week';

export interface RentCharge {
  unit: RentUnit;
  /** How many days or weeks. */
  count: number;
  /** The price of one unit (one piece for one day or week), in cents. */
  priceCents: number;
  /** The calendar days of the interval this part covers, from its start (the week part first). */
  days: number;
}

/**
 * The parts of the rent for one piece on site for `days` days: weeks at `weekCents`, then days at `dayCents`; when
 * the remaining days would cost more than a week, they are charged as one more week. Without a week price: days.
 */
export function rentCharges(days: number, dayCents: number, weekCents: number | null): RentCharge[] {
  if (days <= 0) return [];
  if (weekCents === null) return [{ unit: 'day', count: days, priceCents: dayCents, days }];
  let weeks = Math.floor(days / 7);
  let rest = days % 7;
  if (rest * dayCents > weekCents) {
    weeks += 1;
    rest = 0;
  }
  const parts: RentCharge[] = [];
  if (weeks > 0) parts.push({ unit: 'week', count: weeks, priceCents: weekCents, days: days - rest });
  if (rest > 0) parts.push({ unit: 'day', count: rest, priceCents: dayCents, days: rest });
  return parts;
}
