/** The interface languages; nl-NL is the default and the fallback for missing translations. */
export const locales = ['nl-NL', 'en-US', 'fr-FR', 'de-DE'] as const;

export type Locale = (typeof locales)[number];

export const defaultLocale: Locale = 'nl-NL';

/** A text in every interface language. */
export type LocalizedText = Readonly<Record<Locale, string>>;

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}
