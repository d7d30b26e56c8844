// Payloads of the Translations calls (v2); the bundled texts are ../i18n/*.json.
import { z } from 'zod';
import { locales } from '../i18n/locales.ts';

/** GET /api/v2.0/Translations/{locale}: every text (bundled, nl-NL under it) with the admins' overrides. */
export const translationsLocale = z.enum(locales);
export const translationsView = z.object({
  locale: translationsLocale,
  translations: z.record(z.string(), z.string()),
  overrides: z.record(z.string(), z.string()),
});
export type TranslationsView = z.infer<typeof translationsView>;

/** PUT /api/v2.0/Translations/{locale} (admins): key → text; null restores the bundled text. */
export const translationChanges = z.record(
  // a key of the bundles (words joined by dots); whether it exists is the server's check
  z
    .string()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z0-9_-]+(?:\.[A-Za-z0-9_-]+)*$/, 'validation.ongeldig_formaat'),
  // null (or the bundle's own text) goes back to the bundle; a blank text is refused
  z.string().max(4000).regex(/\S/, 'validation.verplicht').nullable(),
);
