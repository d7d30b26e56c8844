// The invoices area's public face (issue #13 parts 1–3): the invoicing run, its schedule and the invoice pages.
// Everything else in this folder is private.
export { invoicesRoutes } from './invoices.routes.ts';
// The invoice arithmetic and what it reads, shared with the cost model (modules/costs, decision 0033) so a cost
// shown on site and the invoice that follows cannot drift apart.
export {
  cents,
  chargesOf,
  discounted,
  type LocationCharges,
  money,
  monthPeriod,
  rentalDiscount,
  totalsOf,
  VAT_PERCENT,
} from './invoicing.calc.ts';
export {
  type NewInvoiceLine,
  type OrderChargeRow,
  type OrderCostRow,
  type PeriodCharges,
  periodCharges,
  type RentalIntervalRow,
} from './invoicing.charges.ts';
export { INVOICING_QUEUE, runInvoicing, startInvoicingSchedule } from './invoicing.service.ts';
