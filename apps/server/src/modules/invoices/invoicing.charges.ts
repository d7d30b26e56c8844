import type { Db } from '../../platform/db/database.ts';
import {
  type NewInvoiceLine,
  type OrderChargeRow,
  type OrderCostRow,
  type RentalIntervalRow,
  selectOrderCharges,
  selectOrderCosts,
  selectRentalIntervals,
} from './invoicing.queries.ts';

export type { NewInvoiceLine, OrderChargeRow, OrderCostRow, RentalIntervalRow };

export interface PeriodCharges {
  intervals: RentalIntervalRow[];
  charges: OrderChargeRow[];
  costs: OrderCostRow[];
}

/**
 * What these locations were charged for in [from, to] — the rental intervals, the sales and buy-backs, the order
 * costs — as the invoicing run reads it (decision 0022). The run and the cost model (decision 0033) both read
 * through here and price with `chargesOf`, so the cost shown on site is the invoice that follows.
 */
export async function periodCharges(
  db: Db,
  locationIds: readonly string[],
  period: { from: string; to: string },
  locale: string,
): Promise<PeriodCharges> {
  const [intervals, charges, costs] = await Promise.all([
    selectRentalIntervals(db, locationIds, period, locale),
    selectOrderCharges(db, locationIds, period, locale),
    selectOrderCosts(db, locationIds, period),
  ]);
  return { intervals, charges, costs };
}
