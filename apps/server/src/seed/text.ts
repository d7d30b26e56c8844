import { type Locale, locales } from '@mp/contract/i18n/locales';

export type Text = Record<Locale, string>;
export { type Locale, locales };

export function t(nl: string, en: string, fr: string, de: string): Text {
  return { 'nl-NL': nl, 'en-US': en, 'fr-FR': fr, 'de-DE': de };
}

export function same(s: string): Text {
  return t(s, s, s, s);
}

export type Part = string | Text | ((l: Locale) => string) | null | undefined | false;

/** Joins parts with spaces per locale; a Text contributes its locale's word, a function is called. */
export function words(...parts: Part[]): Text {
  const out = {} as Text;
  for (const l of locales) {
    out[l] = parts
      .map((p) => (!p ? '' : typeof p === 'string' ? p : typeof p === 'function' ? p(l) : p[l]))
      .filter((s) => s.length > 0)
      .join(' ');
  }
  return out;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A number as the locale writes it ('3,50' in nl/fr/de, '3.50' in en). */
export function num(x: number, decimals = 0): (l: Locale) => string {
  return (l) => {
    const key = `${l}:${decimals}`;
    let f = formats.get(key);
    if (!f) {
      f = new Intl.NumberFormat(l, {
        minimumFractionDigits: decimals,
        maximumFractionDigits: decimals,
        useGrouping: false,
      });
      formats.set(key, f);
    }
    return f.format(x);
  };
}
