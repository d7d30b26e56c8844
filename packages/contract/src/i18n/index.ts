import deDE from './de-DE.json' with { type: 'json' };
import enUS from './en-US.json' with { type: 'json' };
import frFR from './fr-FR.json' with { type: 'json' };
import { defaultLocale, isLocale, type Locale, type LocalizedText, locales } from './locales.ts';
import nlNL from './nl-NL.json' with { type: 'json' };

export { defaultLocale, isLocale, type Locale, type LocalizedText, locales };

/** One locale's texts: nested objects (i18next style), keys joined with '.', placeholders as {{name}}. */
export interface TranslationBundle {
  readonly [key: string]: string | TranslationBundle;
}

type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/** Every dotted key of the nl-NL bundle (the other bundles have exactly the same keys; a test checks it). */
export type TranslationKey = Leaves<typeof nlNL>;

export type TranslationParams = Readonly<Record<string, string | number>>;

/** Admin overrides from the database: locale → dotted key → text. Consulted before the bundles. */
export type TranslationOverrides = Readonly<Partial<Record<Locale, Readonly<Record<string, string>>>>>;

export const bundles: Readonly<Record<Locale, TranslationBundle>> = {
  'nl-NL': nlNL,
  'en-US': enUS,
  'fr-FR': frFR,
  'de-DE': deDE,
};

/** The bundle as one flat map of dotted keys to texts. */
export function flatten(bundle: TranslationBundle, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(bundle)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else Object.assign(out, flatten(value, path));
  }
  return out;
}

const flatCache = new Map<Locale, Readonly<Record<string, string>>>();

/** The flattened bundle of a locale (computed once). */
export function flatBundle(locale: Locale): Readonly<Record<string, string>> {
  let flat = flatCache.get(locale);
  if (!flat) {
    flat = Object.freeze(flatten(bundles[locale]));
    flatCache.set(locale, flat);
  }
  return flat;
}

export function isTranslationKey(key: string): key is TranslationKey {
  return Object.hasOwn(flatBundle(defaultLocale), key);
}

const placeholderPattern = /\{\{\s*([\w.-]+)\s*\}\}/g;

/** The distinct placeholder names in a text, sorted: 'Hi {{name}}, {{count}}' → ['count', 'name']. */
export function placeholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(placeholderPattern), (m) => m[1]))].sort();
}

/**
 * Replaces {{name}} with params.name. A placeholder without a value stays visible, so a missing
 * parameter shows up instead of silently disappearing. Values are not escaped: the renderer does
 * that (React for the web, the mail builder for HTML mail).
 */
export function interpolate(text: string, params?: TranslationParams): string {
  if (!params) return text;
  return text.replace(placeholderPattern, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

function lookup(locale: Locale, key: string, overrides?: TranslationOverrides): string | undefined {
  const own = overrides?.[locale];
  if (own && Object.hasOwn(own, key)) return own[key];
  const flat = flatBundle(locale);
  return Object.hasOwn(flat, key) ? flat[key] : undefined;
}

/**
 * The text for `key` in `locale`: admin override, then the locale's bundle, then the same two for
 * nl-NL (the fallback), then the key itself. Placeholders are filled from `params`.
 */
export function translate(
  locale: Locale,
  key: TranslationKey | (string & {}),
  params?: TranslationParams,
  overrides?: TranslationOverrides,
): string {
  const wanted = isLocale(locale) ? locale : defaultLocale;
  const text =
    lookup(wanted, key, overrides) ??
    (wanted === defaultLocale ? undefined : lookup(defaultLocale, key, overrides));
  return interpolate(text ?? key, params);
}
