/** Calendar-day helpers on 'YYYY-MM-DD' strings (UTC, no time zone surprises). */

const DAY = 86_400_000;

export function parseDay(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

export function formatDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(day: string, n: number): string {
  return formatDay(parseDay(day) + n * DAY);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to) - parseDay(from)) / DAY);
}

/** 0 = Sunday … 6 = Saturday */
export function weekday(day: string): number {
  return new Date(parseDay(day)).getUTCDay();
}

/** The same day when it is a weekday, else the next Monday. */
export function nextWorkday(day: string): string {
  const w = weekday(day);
  return w === 6 ? addDays(day, 2) : w === 0 ? addDays(day, 1) : day;
}

export function addMonths(day: string, n: number): string {
  const d = new Date(parseDay(day));
  d.setUTCMonth(d.getUTCMonth() + n);
  return formatDay(d.getTime());
}

export function firstOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** A moment on a calendar day, `hour` in UTC (fractions allowed). */
export function at(day: string, hour: number): Date {
  return new Date(parseDay(day) + Math.round(hour * 3_600_000));
}

export function todayUtc(): string {
  return formatDay(Date.now());
}
