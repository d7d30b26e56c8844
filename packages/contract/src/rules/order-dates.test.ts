import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDayIn,
  checkOrderDates,
  daysBetween,
  deliveryDateProblem,
  earliestDeliveryDate,
  isCalendarDay,
  isWeekend,
  MAX_DAYS_AHEAD,
  type OrderDateSettings,
} from './order-dates.ts';

const base: OrderDateSettings = {
  OrderWizardBlockWeekend: true,
  OrderWizardBlockDaysToOrder: 1,
  Bestellen_DagenInVerleden: 0,
  OrderWizardEnableRush: true,
  Bestellen_EnableVandaagOpSpoed: true,
};
// 2026-11-23 is a Monday; 2026-11-27 a Friday; 2026-11-28/29 the weekend.
const MON = '2026-11-23';
const FRI = '2026-11-27';

describe('calendar helpers', () => {
  it('checks real calendar days', () => {
    expect(isCalendarDay('2026-02-28')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-13-01')).toBe(false);
    expect(isCalendarDay('26-1-1')).toBe(false);
    expect(isCalendarDay('2026-11-23T00:00:00Z')).toBe(false);
  });

  it('adds days across months and daylight saving changes', () => {
    expect(addDays('2026-10-24', 2)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });

  it('takes today in the Amsterdam calendar, not UTC', () => {
    // 23:30 UTC on Sunday 22 November is already Monday 00:30 in Amsterdam (UTC+1 in winter).
    expect(calendarDayIn(new Date('2026-11-22T23:30:00Z'))).toBe('2026-11-23');
    // 22:30 UTC on 30 June is 00:30 on 1 July in summer time (UTC+2).
    expect(calendarDayIn(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(calendarDayIn(new Date('2026-06-30T21:30:00Z'))).toBe('2026-06-30');
  });

  it('knows the weekend', () => {
    expect(isWeekend('2026-11-28')).toBe(true);
    expect(isWeekend('2026-11-29')).toBe(true);
    expect(isWeekend(MON)).toBe(false);
  });
});

describe('delivery date rules', () => {
  it('blocks the weekend only when the setting is on', () => {
    expect(deliveryDateProblem('2026-11-28', MON, base)?.code).toBe('validation.datum_weekend');
    expect(deliveryDateProblem('2026-11-28', MON, { ...base, OrderWizardBlockWeekend: false })).toBeNull();
  });

  it('refuses days before today + blocked days, naming the earliest day', () => {
    const s = { ...base, OrderWizardBlockDaysToOrder: 2 };
    expect(deliveryDateProblem(MON, MON, s)).toMatchObject({
      field: 'deliveryDate',
      code: 'validation.datum_te_vroeg',
    });
    expect(deliveryDateProblem('2026-11-24', MON, s)).toMatchObject({ params: { date: '2026-11-25' } });
    expect(deliveryDateProblem('2026-11-25', MON, s)).toBeNull();
  });

  it('skips the weekend when computing the earliest day', () => {
    expect(earliestDeliveryDate(FRI, base)).toBe('2026-11-30');
    expect(earliestDeliveryDate(FRI, { ...base, OrderWizardBlockWeekend: false })).toBe('2026-11-28');
  });

  it('allows today with 0 blocked days', () => {
    expect(deliveryDateProblem(MON, MON, { ...base, OrderWizardBlockDaysToOrder: 0 })).toBeNull();
  });

  it('lets a rush order skip the blocked days; today only with Bestellen_EnableVandaagOpSpoed', () => {
    const s = { ...base, OrderWizardBlockDaysToOrder: 3 };
    expect(deliveryDateProblem(MON, MON, s, true)).toBeNull();
    expect(deliveryDateProblem('2026-11-24', MON, s, true)).toBeNull();
    const noToday = { ...s, Bestellen_EnableVandaagOpSpoed: false };
    expect(deliveryDateProblem(MON, MON, noToday, true)?.code).toBe('validation.datum_te_vroeg');
    expect(deliveryDateProblem('2026-11-24', MON, noToday, true)).toBeNull();
    expect(earliestDeliveryDate(MON, noToday, true)).toBe('2026-11-24');
  });

  it('refuses rush when rush is not enabled', () => {
    const s = { ...base, OrderWizardEnableRush: false };
    expect(deliveryDateProblem('2026-12-01', MON, s, true)).toMatchObject({
      field: 'rush',
      code: 'error.spoed_niet_toegestaan',
    });
  });

  it('keeps the weekend blocked for rush orders too', () => {
    expect(deliveryDateProblem('2026-11-28', FRI, base, true)?.code).toBe('validation.datum_weekend');
  });

  it('allows Bestellen_DagenInVerleden days in the past, no more', () => {
    expect(deliveryDateProblem('2026-11-20', MON, base)?.code).toBe('validation.datum_in_verleden');
    const s = { ...base, Bestellen_DagenInVerleden: 3 };
    expect(deliveryDateProblem('2026-11-20', MON, s)).toBeNull();
    expect(deliveryDateProblem('2026-11-19', MON, s)?.code).toBe('validation.datum_in_verleden');
    // today itself stays blocked by the blocked days
    expect(deliveryDateProblem(MON, MON, s)?.code).toBe('validation.datum_te_vroeg');
  });

  it('refuses a day absurdly far ahead', () => {
    expect(
      deliveryDateProblem(addDays(MON, MAX_DAYS_AHEAD + 7), MON, { ...base, OrderWizardBlockWeekend: false })
        ?.code,
    ).toBe('validation.datum_te_ver');
  });

  it('checks the return day against the delivery day', () => {
    expect(
      checkOrderDates({ deliveryDate: '2026-11-25', expectedReturnDate: '2026-11-24' }, MON, base),
    ).toEqual([{ field: 'expectedReturnDate', code: 'validation.retourdatum_voor_leverdatum' }]);
    expect(
      checkOrderDates({ deliveryDate: '2026-11-25', expectedReturnDate: '2026-11-25' }, MON, base),
    ).toEqual([]);
    expect(checkOrderDates({ deliveryDate: '2026-11-25', expectedReturnDate: null }, MON, base)).toEqual([]);
    expect(
      checkOrderDates({ deliveryDate: '2026-11-25', expectedReturnDate: '2026-02-30' }, MON, base)[0].code,
    ).toBe('validation.datum_ongeldig');
  });

  it('reports an invalid delivery day as such', () => {
    expect(checkOrderDates({ deliveryDate: 'morgen' }, MON, base)).toEqual([
      { field: 'deliveryDate', code: 'validation.datum_ongeldig' },
    ]);
  });
});
