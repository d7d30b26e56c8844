import { describe, expect, it } from 'vitest';
import { rentCharges } from './rent.ts';

const total = (days: number, day: number, week: number | null) =>
  rentCharges(days, day, week).reduce((sum, c) => sum + c.count * c.priceCents, 0);

describe('rent charges', () => {
  it('charges whole weeks at the week price and the rest at the day price, each as a part of its own', () => {
    // 31 days at € 14,00 a day and € 72,15 a week: 4 weeks and 3 days
    expect(rentCharges(31, 1400, 7215)).toEqual([
      { unit: 'week', count: 4, priceCents: 7215, days: 28 },
      { unit: 'day', count: 3, priceCents: 1400, days: 3 },
    ]);
  });

  it('charges remaining days that would cost more than a week as one more week', () => {
    // day 10.00, week 45.00: 5 days cost 45.00 (a week), 12 days 90.00 (two weeks)
    expect(rentCharges(5, 1000, 4500)).toEqual([{ unit: 'week', count: 1, priceCents: 4500, days: 5 }]);
    expect(rentCharges(12, 1000, 4500)).toEqual([{ unit: 'week', count: 2, priceCents: 4500, days: 12 }]);
    expect(rentCharges(3, 1000, 4500)).toEqual([{ unit: 'day', count: 3, priceCents: 1000, days: 3 }]);
  });

  it('charges days only without a week price, and nothing for no days', () => {
    expect(rentCharges(9, 1000, null)).toEqual([{ unit: 'day', count: 9, priceCents: 1000, days: 9 }]);
    expect(rentCharges(0, 1000, 4500)).toEqual([]);
  });

  it('comes to the rule of decision 0022 for every length of stay', () => {
    const rule = (d: number, day: number, week: number) =>
      Math.floor(d / 7) * week + Math.min((d % 7) * day, week);
    for (let d = 1; d <= 70; d++) {
      expect(total(d, 1400, 7215), `${d} days`).toBe(rule(d, 1400, 7215));
      expect(total(d, 1000, 4500), `${d} days`).toBe(rule(d, 1000, 4500));
      expect(total(d, 999, 9000), `${d} days`).toBe(rule(d, 999, 9000));
    }
  });
});
