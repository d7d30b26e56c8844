// Payloads of the cost on site (issue #37 point 1, decision 0033): what the equipment on a location costs — this
// month so far, since the start, projected to the month's end and to the project's expected end date — per item and
// per numbered plant, per week by category, and the same summed over a customer's locations for the management.
// Computed with the invoicing run's own arithmetic (decision 0022): the figures are the invoices that follow.
import { z } from 'zod';
import { calendarDay, decimal, locationNumber } from './common.ts';

/** An amount excl. and incl. VAT (21 % on each month's sum, as the invoice counts it). */
export const costAmount = z.object({ exclVat: decimal, inclVat: decimal });
export type CostAmount = z.infer<typeof costAmount>;

/** The figures of one item, one numbered plant or a whole location (excl. VAT per row; totals carry VAT too). */
const costFigures = {
  /** This calendar month up to and including today. */
  monthToDate: decimal,
  /** Since the first movement onto the location, up to and including today. */
  sinceStart: decimal,
  /** This month if nothing moves until its last day: the month's invoice. */
  projectedMonthEnd: decimal,
  /** Since the start until the project's expected end date if nothing moves; null without an end date. */
  projectedProjectEnd: decimal.nullable(),
  /** What it costs per day while it stays (until the end date; without one, averaged over a week). */
  perDay: decimal,
};

export const costPlant = z.object({ plantNo: z.string(), onSite: z.number().int(), ...costFigures });
export type CostPlant = z.infer<typeof costPlant>;

export const costItem = z.object({
  itemNo: z.string(),
  description: z.string(),
  categoryId: z.string().nullable(),
  /** On the location now (pieces, or the item's rental unit). */
  onSite: z.number().int(),
  /** The item's rental unit ('stuk', 'm', 'set'), shown when Details_UseRentalUnit. */
  rentalUnit: z.string(),
  ...costFigures,
  /** Numbered plants: each plant's share. */
  plants: z.array(costPlant),
});
export type CostItem = z.infer<typeof costItem>;

/** A bar of the chart: a week (its Monday) and its cost per category (excl. VAT). */
export const costWeek = z.object({
  week: calendarDay,
  byCategory: z.array(z.object({ categoryId: z.string(), amount: decimal })),
  total: decimal,
});
export type CostWeek = z.infer<typeof costWeek>;

/** The chart's categories: the catalogue's, plus `costs` (transport and handling of orders) and `other`. */
export const costCategory = z.object({ id: z.string(), name: z.string() });

export const endDateState = z.enum(['set', 'none', 'past']);
export type EndDateState = z.infer<typeof endDateState>;

export const costTotals = z.object({
  monthToDate: costAmount,
  sinceStart: costAmount,
  projectedMonthEnd: costAmount,
  /** null when the location has no end date, or it lies before today (endDateState). */
  projectedProjectEnd: costAmount.nullable(),
  /** Buy-backs credited since the start (credit memos), excl. VAT: not in the figures above. */
  creditedSinceStart: decimal,
  perDay: decimal,
});
export type CostTotals = z.infer<typeof costTotals>;

/** GET /api/v2.0/PlantLocations/{plantLocation}/costs */
export const locationCostsParams = z.object({ plantLocation: locationNumber }).strict();

export const locationCosts = z.object({
  locationNo: z.string(),
  description: z.string(),
  today: calendarDay,
  /** The first day anything stood on the location; null: never anything. */
  since: calendarDay.nullable(),
  endDate: calendarDay.nullable(),
  endDateState,
  /** May the caller change the end date (the location's data)? */
  endDateEditable: z.boolean(),
  currency: z.string(),
  totals: costTotals,
  /** The last 26 weeks up to this one, oldest first. */
  weeks: z.array(costWeek),
  categories: z.array(costCategory),
  /** The 10 most expensive items since the start, with their plants (every item: GET …/costs/items). */
  items: z.array(costItem),
  /** How many items have a cost since the start or stand on the location now. */
  itemCount: z.number().int(),
});
export type LocationCosts = z.infer<typeof locationCosts>;

/** GET /api/v2.0/PlantLocations/{plantLocation}/costs/items: every item with its plants, the most expensive first. */
export const locationCostItems = z.object({ items: z.array(costItem) });
export type LocationCostItems = z.infer<typeof locationCostItems>;

/** GET /api/v2.0/Reports/costs?customerId=: the management's view over a customer's locations. */
export const customerCostsQuery = z.object({ customerId: z.uuid().optional() }).strict();

export const customerCostLocation = z.object({
  locationNo: z.string(),
  description: z.string(),
  endDate: calendarDay.nullable(),
  endDateState,
  totals: costTotals,
});

export const customerCosts = z.object({
  customerName: z.string().nullable(),
  today: calendarDay,
  currency: z.string(),
  totals: costTotals.omit({ projectedProjectEnd: true }).extend({
    /** Over the locations that have an end date (the others count to their month's end). */
    projectedProjectEnd: costAmount,
  }),
  weeks: z.array(costWeek),
  categories: z.array(costCategory),
  locations: z.array(customerCostLocation),
  /** The 10 most expensive items since the start over every location. */
  topItems: z.array(costItem.omit({ plants: true })),
});
export type CustomerCosts = z.infer<typeof customerCosts>;
