import { addDays, daysBetween } from '@mp/contract/rules/order-dates';
import { rentCharges } from '@mp/contract/rules/rent';
import type { NewInvoiceLine, OrderChargeRow, OrderCostRow, RentalIntervalRow } from './invoicing.queries.ts';

/*
 * The invoicing run's arithmetic (issue #13 part 1, decision 0022), pure: what one location owes for one period.
 * Money is counted in cents (integers) and written as decimal strings; nothing is a summed float.
 *
 * - Rent (Verhuur): per interval on site, days = the day it left (or the day after the period) minus the first
 *   day, quantity × (whole weeks × week price + the remaining days × day price, capped at one week price): the
 *   week price is taken wherever it is cheaper than 7 day prices. The weeks and the days are lines of their own
 *   (contract rules/rent.ts), each showing the price and unit its amount was computed with. With UseRentalDiscount
 *   the customer's rental discount comes off each line.
 * - Sale (Verkoop, Verkoop_Terugkoop): quantity × sale price on the delivery's day.
 * - Buy-back (Verkoop_Terugkoop returned): quantity × buy-back price, on a credit memo of its own.
 * - Order costs: each cost line of the orders executed in the period.
 */

export const VAT_PERCENT = 21;
/** Days between the document date and the due date. */
export const PAYMENT_DAYS = 30;

export const cents = (value: string | null | undefined): number => Math.round(Number(value ?? 0) * 100);
export function money(c: number): string {
  const sign = c < 0 ? '-' : '';
  const a = Math.abs(c);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

/** 'YYYY-MM' → its first and last day. */
export function monthPeriod(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const from = `${month}-01`;
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}

/** The month before the one of `day` ('YYYY-MM-DD' → 'YYYY-MM'): what the monthly run invoices. */
export function previousMonthOf(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
}

/**
 * The rental discount that comes off rent (decision 0022): the customer's percentage with UseRentalDiscount on,
 * else none. The invoicing run and the cost model (decision 0033) both take it from here.
 */
export function rentalDiscount(
  useRentalDiscount: boolean,
  customerPercent: string | null | undefined,
): string {
  return useRentalDiscount ? (customerPercent ?? '0') : '0';
}

/** `amount` less `percent` % (a decimal string such as '7.50'), rounded to the cent. */
export function discounted(amount: number, percent: string): number {
  return Math.round((amount * (10_000 - cents(percent))) / 10_000);
}

export interface Totals {
  exclVat: string;
  vat: string;
  inclVat: string;
}

export function totalsOf(lines: readonly { amount: string }[]): Totals {
  const net = lines.reduce((sum, l) => sum + cents(l.amount), 0);
  const vat = Math.round((net * VAT_PERCENT) / 100);
  return { exclVat: money(net), vat: money(vat), inclVat: money(net + vat) };
}

export interface LocationCharges {
  /** Rent, sales and costs: the invoice's lines (none: no invoice). */
  invoiceLines: NewInvoiceLine[];
  /** Buy-backs: the credit memo's lines (none: no credit memo). */
  creditLines: NewInvoiceLine[];
}

/** What one location owes for the period, from its rental intervals, order lines and order costs. */
export function chargesOf(input: {
  intervals: readonly RentalIntervalRow[];
  charges: readonly OrderChargeRow[];
  costs: readonly OrderCostRow[];
  /** The rental discount to apply, '0' when UseRentalDiscount is off. */
  discountPercent: string;
}): LocationCharges {
  const invoiceLines: NewInvoiceLine[] = [];
  const creditLines: NewInvoiceLine[] = [];
  for (const r of input.intervals) {
    const days = daysBetween(r.from, r.until);
    if (days <= 0 || r.quantity <= 0 || r.dayPrice === null) continue;
    let from = r.from;
    for (const part of rentCharges(
      days,
      cents(r.dayPrice),
      r.weekPrice === null ? null : cents(r.weekPrice),
    )) {
      invoiceLines.push({
        kind: 'rental',
        itemId: r.itemId,
        plantId: r.plantId,
        orderId: null,
        description: r.itemName,
        periodFrom: from,
        periodTo: addDays(from, part.days - 1),
        days: part.days,
        quantity: String(r.quantity),
        priceUnit: part.unit,
        unitCount: part.count,
        unitPrice: money(part.priceCents),
        discountPercent: money(cents(input.discountPercent)),
        amount: money(discounted(part.priceCents * part.count * r.quantity, input.discountPercent)),
      });
      from = addDays(from, part.days);
    }
  }
  for (const c of input.charges) {
    const line: NewInvoiceLine = {
      kind: c.orderKind === 'delivery' ? 'sale' : 'credit',
      itemId: c.itemId,
      plantId: c.plantId,
      orderId: c.orderId,
      description: c.itemName,
      periodFrom: c.executedDate,
      periodTo: c.executedDate,
      days: null,
      quantity: String(c.quantity),
      priceUnit: null,
      unitCount: null,
      unitPrice: money(cents(c.unitPrice)),
      discountPercent: '0.00',
      amount: money(cents(c.unitPrice) * c.quantity),
    };
    (c.orderKind === 'delivery' ? invoiceLines : creditLines).push(line);
  }
  for (const c of input.costs) {
    invoiceLines.push({
      kind: 'cost',
      itemId: null,
      plantId: null,
      orderId: c.orderId,
      description: c.description,
      periodFrom: c.executedDate,
      periodTo: c.executedDate,
      days: null,
      quantity: c.quantity,
      priceUnit: null,
      unitCount: null,
      unitPrice: money(cents(c.unitPrice)),
      discountPercent: '0.00',
      amount: money(cents(c.amount)),
    });
  }
  return { invoiceLines, creditLines };
}
