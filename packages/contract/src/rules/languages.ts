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
 * The interface language to use: the stored choice when offered, else the default-language setting
 * when offered, else the first offered language, else nl-NL.
 */
export function pickLocale(
  stored: string | null | undefined,
  defaultLanguage: string | undefined,
  offered: readonly Locale[],
): Locale {
  const ok = (l: string | null | undefined): l is Locale => !!l && (offered as readonly string[]).includes(l);
  if (ok(stored)) return stored;
  if (ok(defaultLanguage)) return defaultLanguage;
  return offered[0] ?? 'nl-NL';
}
