import type { Locale } from '@mp/contract/i18n/locales';
import { useMemo } from 'react';
import { localeStore } from '../i18n/locale';
import { useStore } from '../lib/store';

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Numbers, money, weights and dates as the interface language writes them (ARCHITECTURE §6). */
export interface Formatters {
  locale: Locale;
  /** A decimal string ('12.5') as EUR with exactly `decimals` decimals; '' for null. */
  money(value: string | null | undefined, decimals?: number): string;
  /** A number with the locale's separators. */
  number(value: number | string, decimals?: number): string;
  /** A weight in kg with `decimals` decimals, with the unit. */
  weight(value: string | null | undefined, decimals?: number): string;
  /** A calendar day 'YYYY-MM-DD' as the locale writes it (the day itself, never shifted by a time zone). */
  day(value: string | null | undefined): string;
  /** A moment (ISO timestamp) as date and time. */
  dateTime(value: string | null | undefined): string;
}

function clampDecimals(d: number | undefined, fallback: number): number {
  const n = d ?? fallback;
  return Math.max(0, Math.min(5, Math.trunc(n)));
}

export function formattersFor(locale: Locale): Formatters {
  const cache = new Map<string, Intl.NumberFormat>();
  const nf = (key: string, make: () => Intl.NumberFormat) => {
    let f = cache.get(key);
    if (!f) {
      f = make();
      cache.set(key, f);
    }
    return f;
  };
  const dayFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
  const momentFormat = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return {
    locale,
    money(value, decimals) {
      if (value === null || value === undefined || value === '') return '';
      const d = clampDecimals(decimals, 2);
      return nf(`m${d}`, () =>
        Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'EUR',
          minimumFractionDigits: d,
          maximumFractionDigits: d,
        }),
      ).format(Number(value));
    },
    number(value, decimals) {
      const n = typeof value === 'number' ? value : Number(value);
      if (decimals === undefined) return nf('n', () => Intl.NumberFormat(locale)).format(n);
      const d = clampDecimals(decimals, 0);
      return nf(`n${d}`, () =>
        Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }),
      ).format(n);
    },
    weight(value, decimals) {
      if (value === null || value === undefined || value === '') return '';
      const d = clampDecimals(decimals, 1);
      return `${nf(`n${d}`, () =>
        Intl.NumberFormat(locale, { minimumFractionDigits: d, maximumFractionDigits: d }),
      ).format(Number(value))} kg`;
    },
    day(value) {
      if (!value) return '';
      const m = DAY.exec(value.slice(0, 10));
      if (!m) return value;
      return dayFormat.format(new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))));
    },
    dateTime(value) {
      if (!value) return '';
      const d = new Date(value);
      return Number.isNaN(d.getTime()) ? value : momentFormat.format(d);
    },
  };
}

export function useFormat(): Formatters {
  const locale = useStore(localeStore);
  return useMemo(() => formattersFor(locale), [locale]);
}
