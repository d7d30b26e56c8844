import { rentCharges } from '@mp/contract/rules/rent';
import { describe, expect, it } from 'vitest';
import {
  cents,
  chargesOf,
  discounted,
  money,
  monthPeriod,
  previousMonthOf,
  totalsOf,
} from './invoicing.calc.ts';

const rentPerUnit = (days: number, day: number, week: number | null) =>
  rentCharges(days, day, week).reduce((sum, c) => sum + c.count * c.priceCents, 0);

describe('the invoicing arithmetic', () => {
  it('takes the week price for full weeks and caps the remaining days at one week price', () => {
    // day 10.00, week 45.00: 3 days 30.00; 5 days 45.00 (capped); 7 days 45.00; 11 days 45 + 40; 14 days 90
    expect([3, 5, 7, 11, 14].map((d) => rentPerUnit(d, 1000, 4500))).toEqual([3000, 4500, 4500, 8500, 9000]);
    // without a week price a week is seven days
    expect(rentPerUnit(9, 1000, null)).toBe(9000);
  });

  it('rounds a discount to the cent and writes money exactly', () => {
    expect(discounted(8500, '7.50')).toBe(7863); // 78.625 → 78.63
    expect(discounted(8500, '0')).toBe(8500);
    expect([money(0), money(5), money(123456), money(-1999)]).toEqual(['0.00', '0.05', '1234.56', '-19.99']);
  });

  it('knows the months (leap years, December)', () => {
    expect(monthPeriod('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthPeriod('2026-12')).toEqual({ from: '2026-12-01', to: '2026-12-31' });
    expect(previousMonthOf('2027-01-02')).toBe('2026-12');
    expect(previousMonthOf('2026-11-25')).toBe('2026-10');
  });

  it('adds VAT to the sum of the lines, not line by line', () => {
    expect(totalsOf([{ amount: '0.05' }, { amount: '0.05' }, { amount: '0.05' }])).toEqual({
      exclVat: '0.15',
      vat: '0.03',
      inclVat: '0.18',
    });
  });

  it('puts sales and costs on the invoice, buy-backs on the credit memo, and skips empty rent', () => {
    const interval = {
      locationId: 'l',
      itemId: 'i',
      itemNo: 'I-1',
      itemName: 'Hek',
      plantId: null,
      plantNo: null,
      quantity: 2,
      dayPrice: '1.00',
      weekPrice: null,
    };
    const r = chargesOf({
      intervals: [
        { ...interval, from: '2026-02-01', until: '2026-02-04' },
        // a day price of nothing is not rent
        { ...interval, from: '2026-02-04', until: '2026-02-05', dayPrice: null },
      ],
      charges: [
        {
          locationId: 'l',
          orderId: 'o',
          orderNo: 'O-1',
          orderKind: 'delivery',
          executedDate: '2026-02-02',
          itemId: 's',
          itemNo: 'S-1',
          itemName: 'Zand',
          plantId: null,
          plantNo: null,
          quantity: 3,
          unitPrice: '2.50',
        },
        {
          locationId: 'l',
          orderId: 'o2',
          orderNo: 'O-2',
          orderKind: 'removal',
          executedDate: '2026-02-03',
          itemId: 's',
          itemNo: 'S-1',
          itemName: 'Zand',
          plantId: null,
          plantNo: null,
          quantity: 1,
          unitPrice: '1.00',
        },
      ],
      costs: [],
      discountPercent: '10',
    });
    expect(r.invoiceLines.map((l) => [l.kind, l.amount, l.days])).toEqual([
      ['rental', '5.40', 3],
      ['sale', '7.50', null],
    ]);
    expect(r.creditLines.map((l) => [l.kind, l.amount])).toEqual([['credit', '1.00']]);
  });

  it('shows on each rent line the price and unit its amount was computed with (issue #31 item 16)', () => {
    // € 14,00 a day, € 72,15 a week, 2 pieces from 1 to 31 January (31 days), 10 % discount
    const { invoiceLines } = chargesOf({
      intervals: [
        {
          locationId: 'l',
          itemId: 'i',
          itemNo: 'I-1',
          itemName: 'Schaftkeet',
          plantId: null,
          plantNo: null,
          quantity: 2,
          dayPrice: '14.00',
          weekPrice: '72.15',
          from: '2026-01-01',
          until: '2026-02-01',
        },
      ],
      charges: [],
      costs: [],
      discountPercent: '10',
    });
    expect(
      invoiceLines.map((l) => [
        l.periodFrom,
        l.periodTo,
        l.days,
        l.priceUnit,
        l.unitCount,
        l.unitPrice,
        l.amount,
      ]),
    ).toEqual([
      ['2026-01-01', '2026-01-28', 28, 'week', 4, '72.15', '519.48'], // 2 × 4 × 72.15 = 577.20, less 10 %
      ['2026-01-29', '2026-01-31', 3, 'day', 3, '14.00', '75.60'], // 2 × 3 × 14.00 = 84.00, less 10 %
    ]);
    // price × units × quantity, less the discount, is the amount on every line
    for (const l of invoiceLines) {
      const gross = cents(l.unitPrice) * (l.unitCount ?? 1) * Number(l.quantity);
      expect(money(discounted(gross, l.discountPercent))).toBe(l.amount);
    }
  });
});
