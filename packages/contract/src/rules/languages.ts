import { type Locale, locales } from '../i18n/locales.ts';

/** The visibility setting of each interface language (product §1). */
export const languageVisibilitySetting = {
  'nl-NL': 'Taal_ZichtbaarNederlands',
  'en-US': 'Taal_ZichtbaarEngels',
  'fr-FR': 'Taal_ZichtbaarFrans',
  'de-DE': 'Taal_ZichtbaarDuits',
} as const satisfies Record<Locale, string>;

/** The languages the picker offers: those whose visibility setting is on (a missing value counts as on). */
export function visibleLocales(boolValues: Readonly<Record<string, boolean>>): Locale[] {
  return locales.filter((l) => boolValues[languageVisibilitySetting[l]] !== false);
}

/**
 * The offered language that best matches a list of language tags in order of preference (a browser's
 * `navigator.languages`, an Accept-Language header): the exact tag first, else the same primary language
 * (`en-GB` → en-US, `de-AT` → de-DE); undefined when none matches.
 */
export function matchLocale(tags: readonly string[], offered: readonly Locale[]): Locale | undefined {
  for (const tag of tags) {
    const exact = offered.find((l) => l.toLowerCase() === tag.toLowerCase());
    if (exact) return exact;
    const primary = tag.toLowerCase().split('-')[0];
    const same = offered.find((l) => l.slice(0, 2) === primary);
    if (same) return same;
  }
  return undefined;
}

/**
 * The interface language to use (issue #9 item 10): the language chosen in this browser with the picker when
 * offered; else the signed-in account's language; else the browser's languages; else the default-language
 * setting; else the first offered language; else nl-NL.
 */
export function pickLocale(
  stored: string | null | undefined,
  defaultLanguage: string | undefined,
  offered: readonly Locale[],
  more: { account?: string | null; browser?: readonly string[] } = {},
): Locale {
  const ok = (l: string | null | undefined): l is Locale => !!l && (offered as readonly string[]).includes(l);
  if (ok(stored)) return stored;
  if (ok(more.account)) return more.account;
  const browser = matchLocale(more.browser ?? [], offered);
  if (browser) return browser;
  if (ok(defaultLanguage)) return defaultLanguage;
  return offered[0] ?? 'nl-NL';
}
