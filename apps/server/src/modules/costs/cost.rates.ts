import { calendarDayIn, daysBetween } from '@mp/contract/rules/order-dates';
import { rentCharges } from '@mp/contract/rules/rent';
import type { Db } from '../../platform/db/database.ts';
import { cents, discounted, money, rentalDiscount } from '../invoices/index.ts';
import { loadSettings } from '../settings/index.ts';
import { selectCostLocation, selectItemPrices } from './costs.queries.ts';

/*
 * What equipment on a location costs per day (decision 0033), for "returning it now saves ca. € … until the
 * project's end" (idle equipment, issue #37 point 2). The rule is the invoice's (decision 0022): the catalogue's day
 * and week prices through `rentCharges` (whole weeks at the week price, the rest at the day price, capped at a week),
 * less the customer's rental discount with UseRentalDiscount. Excl. VAT.
 */

/** How many days a rate is averaged over when the project has no end date (or it has passed): one week. */
const DEFAULT_SPAN_DAYS = 7;

/** The location's expected end date (the project's end, `plant_locations.end_date`); null when none is set. */
export async function projectEnd(db: Db, locationId: string): Promise<Date | null> {
  const location = await selectCostLocation(db, locationId);
  return location?.endDate ? new Date(`${location.endDate}T00:00:00Z`) : null;
}

/**
 * The rent per day of `amount` pieces, from `on` until the project's end: the rent of that span (rentCharges, as
 * the invoice charges it) divided by its days, so per day × days left is what staying costs. Without an end date (or
 * one before `on`) the span is a week. Not rented (a sale item, no day price): 0.
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

export async function dailyCosts(
  db: Db,
  locationId: string,
  lines: Array<{ itemNo: string; plantNo: string | null; amount: number }>,
  on: Date,
): Promise<Array<{ itemNo: string; plantNo: string | null; perDay: string }>> {
  const [location, prices, settings] = await Promise.all([
    selectCostLocation(db, locationId),
    selectItemPrices(
      db,
      lines.map((l) => l.itemNo),
    ),
    loadSettings(db),
  ]);
  const discount = rentalDiscount(Boolean(settings.UseRentalDiscount), location?.discountPercent);
  const span = spanUntil(calendarDayIn(on), location?.endDate ?? null);
  const byNo = new Map(prices.map((p) => [p.itemNo, p]));
  return lines.map((l) => {
    const price = byNo.get(l.itemNo);
    const perDay = price ? perDayCents(l.amount, price, span, discount) : 0;
    return { itemNo: l.itemNo, plantNo: l.plantNo, perDay: money(perDay) };
  });
}
