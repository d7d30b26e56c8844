import { bundles, flatten, type Locale, locales } from '@mp/contract/i18n';
import { samePlaceholders } from '@mp/contract/rules/translations';
import { requireAccess } from '../../platform/auth/access.ts';
import { fieldErrors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { saveOverrides, selectOverrides } from './translations.queries.ts';

const flatBundles = Object.fromEntries(locales.map((l) => [l, flatten(bundles[l])])) as Record<
  Locale,
  Record<string, string>
>;
const knownKeys = new Set(Object.keys(flatBundles['nl-NL']));

export interface TranslationsView {
  locale: Locale;
  /** Flat key → text: the locale's bundle, nl-NL for missing keys, admin overrides on top. */
  translations: Record<string, string>;
  overrides: Record<string, string>;
}

export async function readTranslations(ctx: Ctx, locale: Locale): Promise<TranslationsView> {
  const rows = await selectOverrides(ctx.db, locale);
  const overrides = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  const translations = { ...flatBundles['nl-NL'], ...flatBundles[locale], ...overrides };
  return { locale, translations, overrides };
}

/** Admin: override texts of one locale; a null value removes the override (back to the bundle). */
export async function saveTranslations(
  ctx: Ctx,
  locale: Locale,
  changes: Record<string, string | null>,
): Promise<void> {
  const admin = await requireAccess(ctx, { permission: 'admin' });
  const fields: Record<string, string> = {};
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (!knownKeys.has(key)) fields[key] = 'validation.onbekende_waarde';
    else if (value === null || value === flatBundles[locale][key]) remove.push(key);
    else if (value.trim() === '') fields[key] = 'validation.verplicht';
    // why: a text without the fields its code fills in (or with one it does not) shows braces to every user
    else if (!samePlaceholders(value, flatBundles[locale][key] ?? flatBundles['nl-NL'][key] ?? ''))
      fields[key] = 'Translations.placeholders_ongelijk';
    else set[key] = value;
  }
  if (Object.keys(fields).length)
    throw fieldErrors('invalid', 'error.ongeldige_invoer', fields, { details: { in: 'body' } });
  await saveOverrides(ctx.db, locale, set, remove, admin.id);
}
