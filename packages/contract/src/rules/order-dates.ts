/**
 * The delivery-date rules of the order wizard (product §5 and §9), as one pure decision shared by the
 * web form (date picker, field messages) and the server (which decides). Days are calendar days
 * 'YYYY-MM-DD' in the Europe/Amsterdam calendar: "today" is the Dutch today, whatever the clock's zone.
 *
 * - OrderWizardBlockWeekend: Saturday and Sunday are never a delivery day.
 * - OrderWizardBlockDaysToOrder (N): the earliest day is today + N (0 = today is allowed).
 * - A rush order (only with OrderWizardEnableRush) skips the blocked days: it may be delivered
 *   tomorrow, and today only with Bestellen_EnableVandaagOpSpoed.
 * - Bestellen_DagenInVerleden (P): the P days before today may be chosen too (to record equipment that
 *   was already delivered); 0 = no day in the past.
 * - The expected return day is optional and never before the delivery day.
 */

export const ORDER_TIME_ZONE = 'Europe/Amsterdam';
/** No delivery day further ahead than this (a sane bound; typos like 2062 are caught). */
export const MAX_DAYS_AHEAD = 730;

export interface OrderDateSettings {
  OrderWizardBlockWeekend: boolean;
  OrderWizardBlockDaysToOrder: number;
  Bestellen_DagenInVerleden: number;
  OrderWizardEnableRush: boolean;
  Bestellen_EnableVandaagOpSpoed: boolean;
}

export type OrderDateField = 'deliveryDate' | 'expectedReturnDate' | 'rush';

/** A broken rule: the field it belongs to and a translation key (with its parameters). */
export interface OrderDateProblem {
  field: OrderDateField;
  code: string;
  params?: Record<string, string | number>;
}

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Whether the text is a real calendar day 'YYYY-MM-DD' (2026-02-30 is not). */
export function isCalendarDay(value: string): boolean {
  const m = DAY_PATTERN.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return (
    d.getUTCFullYear() === Number(m[1]) &&
    d.getUTCMonth() === Number(m[2]) - 1 &&
    d.getUTCDate() === Number(m[3])
  );
}

function toUtc(day: string): Date {
  const m = DAY_PATTERN.exec(day);
  if (!m) throw new RangeError(`not a calendar day: ${day}`);
  return new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
}

function fromUtc(d: Date): string {
  return d.toISOString().slice(0, 10);
}

// why: making an Intl formatter costs far more than using one; the server asks on every submit.
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day of a moment in a time zone (default Europe/Amsterdam). */
export function calendarDayIn(moment: Date, timeZone = ORDER_TIME_ZONE): string {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(moment);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

export function addDays(day: string, days: number): string {
  const d = toUtc(day);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtc(d);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(day: string): number {
  return toUtc(day).getUTCDay();
}

export function isWeekend(day: string): boolean {
  const w = weekday(day);
  return w === 0 || w === 6;
}

/** Whether rush may be chosen at all. */
export function rushAllowed(s: OrderDateSettings): boolean {
  return s.OrderWizardEnableRush;
}

/** The first day from which future delivery is allowed (before weekend skipping). */
function firstFutureDay(today: string, s: OrderDateSettings, rush: boolean): string {
  const block = Math.max(0, Math.trunc(s.OrderWizardBlockDaysToOrder));
  if (rush && s.OrderWizardEnableRush) {
    const rushFirst = s.Bestellen_EnableVandaagOpSpoed ? 0 : 1;
    return addDays(today, Math.min(block, rushFirst));
  }
  return addDays(today, block);
}

/** The earliest allowed future delivery day (today or later), weekends skipped when blocked. */
export function earliestDeliveryDate(today: string, s: OrderDateSettings, rush = false): string {
  let day = firstFutureDay(today, s, rush);
  if (s.OrderWizardBlockWeekend) while (isWeekend(day)) day = addDays(day, 1);
  return day;
}

/** The earliest day in the past that may be chosen (today when Bestellen_DagenInVerleden is 0). */
export function earliestPastDate(today: string, s: OrderDateSettings): string {
  return addDays(today, -Math.max(0, Math.trunc(s.Bestellen_DagenInVerleden)));
}

/** The problem with one delivery day, or null when it may be chosen (what a date picker asks). */
export function deliveryDateProblem(
  day: string,
  today: string,
  s: OrderDateSettings,
  rush = false,
): OrderDateProblem | null {
  if (!isCalendarDay(day)) return { field: 'deliveryDate', code: 'validation.datum_ongeldig' };
  if (rush && !s.OrderWizardEnableRush) return { field: 'rush', code: 'error.spoed_niet_toegestaan' };
  if (s.OrderWizardBlockWeekend && isWeekend(day))
    return { field: 'deliveryDate', code: 'validation.datum_weekend' };
  const offset = daysBetween(today, day);
  if (offset > MAX_DAYS_AHEAD) {
    return {
      field: 'deliveryDate',
      code: 'validation.datum_te_ver',
      params: { date: addDays(today, MAX_DAYS_AHEAD) },
    };
  }
  if (offset < 0) {
    if (daysBetween(earliestPastDate(today, s), day) >= 0) return null;
    return { field: 'deliveryDate', code: 'validation.datum_in_verleden' };
  }
  const earliest = earliestDeliveryDate(today, s, rush);
  if (daysBetween(earliest, day) < 0) {
    return { field: 'deliveryDate', code: 'validation.datum_te_vroeg', params: { date: earliest } };
  }
  return null;
}

export function isSelectableDeliveryDate(
  day: string,
  today: string,
  s: OrderDateSettings,
  rush = false,
): boolean {
  return deliveryDateProblem(day, today, s, rush) === null;
}

/** Every broken date rule of an order form (empty = fine). */
export function checkOrderDates(
  input: { deliveryDate: string; expectedReturnDate?: string | null; rush?: boolean },
  today: string,
  s: OrderDateSettings,
): OrderDateProblem[] {
  const problems: OrderDateProblem[] = [];
  const rush = input.rush === true;
  const delivery = deliveryDateProblem(input.deliveryDate, today, s, rush);
  if (delivery) problems.push(delivery);
  const ret = input.expectedReturnDate;
  if (ret !== undefined && ret !== null && ret !== '') {
    if (!isCalendarDay(ret))
      problems.push({ field: 'expectedReturnDate', code: 'validation.datum_ongeldig' });
    else if (isCalendarDay(input.deliveryDate) && daysBetween(input.deliveryDate, ret) < 0) {
      problems.push({ field: 'expectedReturnDate', code: 'validation.retourdatum_voor_leverdatum' });
    } else if (daysBetween(today, ret) > MAX_DAYS_AHEAD * 3) {
      problems.push({
        field: 'expectedReturnDate',
        code: 'validation.datum_te_ver',
        params: { date: addDays(today, MAX_DAYS_AHEAD * 3) },
      });
    }
  }
  return problems;
}

/** The settings of the removal wizard's date (Afvoeren_*). */
export interface RemovalDateSettings {
  Afvoeren_Blokkeerweekenden: boolean;
  Afvoeren_Blokkeerdagen: number;
  Afvoeren_DagenInVerleden: number;
}

/**
 * The removal date follows the order wizard's rules (no rush): Afvoeren_Blokkeerweekenden blocks Saturday and
 * Sunday, Afvoeren_Blokkeerdagen (N) makes today + N the earliest day, Afvoeren_DagenInVerleden (P) allows the P
 * days before today. One decision for the date picker and the server.
 */
export function removalDateRules(s: RemovalDateSettings): OrderDateSettings {
  return {
    OrderWizardBlockWeekend: s.Afvoeren_Blokkeerweekenden,
    OrderWizardBlockDaysToOrder: s.Afvoeren_Blokkeerdagen,
    Bestellen_DagenInVerleden: s.Afvoeren_DagenInVerleden,
    OrderWizardEnableRush: false,
    Bestellen_EnableVandaagOpSpoed: false,
  };
}

/** The settings of the relocation wizard's date (Verplaatsen_*). */
export interface RelocationDateSettings {
  Verplaatsen_DagenInVerleden: number;
}

/**
 * The move date follows the order wizard's rules without blocked days or weekends (equipment moves between the
 * customer's own sites): any day from today, and the Verplaatsen_DagenInVerleden days before it.
 */
export function relocationDateRules(s: RelocationDateSettings): OrderDateSettings {
  return {
    OrderWizardBlockWeekend: false,
    OrderWizardBlockDaysToOrder: 0,
    Bestellen_DagenInVerleden: s.Verplaatsen_DagenInVerleden,
    OrderWizardEnableRush: false,
    Bestellen_EnableVandaagOpSpoed: false,
  };
}

/** The settings of the transport wizard's date (TransportAanvraag_*). */
export interface TransportDateSettings {
  TransportAanvraag_DageninInVerleden: number;
}

/**
 * The transport date follows the relocation's rules: any day from today (weekends too), and the
 * TransportAanvraag_DageninInVerleden days before it.
 */
export function transportDateRules(s: TransportDateSettings): OrderDateSettings {
  return relocationDateRules({ Verplaatsen_DagenInVerleden: s.TransportAanvraag_DageninInVerleden });
}

/** A time of day 'HH:MM' (24 hours) as minutes since midnight, or null when it is not one. */
export function minutesOfDay(time: string): number | null {
  const m = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export interface TransportTimes {
  transportDate: string;
  loadingFrom: string;
  loadingUntil: string;
  /** Empty: the transport date. */
  unloadingDate?: string | null;
  unloadingFrom: string;
  unloadingUntil: string;
}

export type TransportTimeField = 'transportDate' | 'loadingUntil' | 'unloadingDate' | 'unloadingUntil';
export type TransportTimeProblem = Omit<OrderDateProblem, 'field'> & { field: TransportTimeField };

/**
 * The transport's windows: each ends after it begins, unloading is never on a day before the transport date, and
 * on the same day unloading ends after loading begins. One decision for the form and the server.
 */
export function transportTimeProblems(
  t: TransportTimes,
  today: string,
  s: TransportDateSettings,
): TransportTimeProblem[] {
  const problems: TransportTimeProblem[] = [];
  const date = deliveryDateProblem(t.transportDate, today, transportDateRules(s));
  if (date) problems.push({ ...date, field: 'transportDate' });
  const minutes = (v: string) => minutesOfDay(v) ?? Number.NaN;
  if (!(minutes(t.loadingUntil) > minutes(t.loadingFrom)))
    problems.push({ field: 'loadingUntil', code: 'validation.tijdvak_ongeldig' });
  const unloadingDay = t.unloadingDate || t.transportDate;
  if (!isCalendarDay(unloadingDay)) {
    problems.push({ field: 'unloadingDate', code: 'validation.datum_ongeldig' });
    return problems;
  }
  if (isCalendarDay(t.transportDate) && daysBetween(t.transportDate, unloadingDay) < 0) {
    problems.push({ field: 'unloadingDate', code: 'validation.losdatum_voor_transportdatum' });
  } else if (daysBetween(today, unloadingDay) > MAX_DAYS_AHEAD) {
    problems.push({
      field: 'unloadingDate',
      code: 'validation.datum_te_ver',
      params: { date: addDays(today, MAX_DAYS_AHEAD) },
    });
  }
  if (!(minutes(t.unloadingUntil) > minutes(t.unloadingFrom)))
    problems.push({ field: 'unloadingUntil', code: 'validation.tijdvak_ongeldig' });
  else if (unloadingDay === t.transportDate && !(minutes(t.unloadingUntil) > minutes(t.loadingFrom)))
    problems.push({ field: 'unloadingUntil', code: 'validation.lossen_voor_laden' });
  return problems;
}
