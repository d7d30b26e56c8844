import { calendarDayIn } from '@mp/contract/rules/order-dates';
import type { Db } from '../../platform/db/database.ts';
import { money, rentalDiscount } from '../invoices/index.ts';
import { loadSettings } from '../settings/index.ts';
import { perDayCents, spanUntil } from './costs.calc.ts';
import { selectCostLocation, selectItemPrices } from './costs.queries.ts';

/*
 * What equipment on a location costs per day (decision 0033), for "returning it now saves ca. € … until the
 * project's end" (idle equipment, issue #37 point 2). The rule is the invoice's (decision 0022): the catalogue's day
 * and week prices through `rentCharges` (whole weeks at the week price, the rest at the day price, capped at a week),
 * less the customer's rental discount with UseRentalDiscount. Excl. VAT.
 */

/** The location's expected end date (the project's end, `plant_locations.end_date`); null when none is set. */
export async function projectEnd(db: Db, locationId: string): Promise<Date | null> {
  const location = await selectCostLocation(db, locationId);
  return location?.endDate ? new Date(`${location.endDate}T00:00:00Z`) : null;
}

/**
 * The rent per day of each line from `on` until the project's end (costs.calc perDayCents): per day × days left is
 * what staying costs. Without an end date (or one before `on`) averaged over a week.
 */
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
