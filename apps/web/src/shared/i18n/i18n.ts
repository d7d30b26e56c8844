import { defaultLocale, type Locale } from '@mp/contract/i18n/locales';
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { checkAnswer } from '../api/answer-check';
import { API_BASE } from '../api/client';
import { takePrebootTranslations } from '../lib/preboot';
import { localeStore } from './locale';

/**
 * Texts are flat keys ('Inloggen.titel'): the server's GET Translations/{locale} answers the bundled
 * JSON of packages/contract with nl-NL for missing keys and the admins' overrides on top, so that one
 * call is all the app needs. When it fails, the bundled JSON (a lazy chunk) is used instead.
 */
export const i18n: I18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  lng: defaultLocale,
  fallbackLng: defaultLocale,
  resources: {},
  keySeparator: false,
  nsSeparator: false,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
});

const bundledJson = import.meta.glob<Record<string, unknown>>(
  '../../../../../packages/contract/src/i18n/*.json',
  {
    import: 'default',
  },
);

export function flattenBundle(
  bundle: Record<string, unknown>,
  prefix = '',
  out: Record<string, string> = {},
) {
  for (const [key, value] of Object.entries(bundle)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out[path] = value;
    else if (typeof value === 'object' && value !== null)
      flattenBundle(value as Record<string, unknown>, path, out);
  }
  return out;
}

/** A locale's own bundled texts (flat keys; a lazy chunk per locale), without nl-NL under it. */
export async function bundled(locale: Locale): Promise<Record<string, string>> {
  const load = Object.entries(bundledJson).find(([path]) => path.endsWith(`/${locale}.json`))?.[1];
  return load ? flattenBundle(await load()) : {};
}

async function fromServer(locale: Locale): Promise<Record<string, string>> {
  const operation = `GET ${API_BASE}/Translations/${locale}`;
  const early = await takePrebootTranslations(locale);
  if (early)
    return await checkAnswer(
      `${operation} (preboot)`,
      (c) => c.translations.translationsView.shape.translations,
      early,
    );
  const res = await fetch(`${API_BASE}/Translations/${locale}`, { headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`translations ${res.status}`);
  const body = await checkAnswer(
    operation,
    (c) => c.translations.translationsView,
    (await res.json()) as { translations: Record<string, string> },
  );
  return body.translations;
}

const loaded = new Map<Locale, Promise<void>>();

/** Loads the texts of a locale once (server, else bundled with the nl-NL bundle under it). */
export function loadLocale(locale: Locale, { reload = false } = {}): Promise<void> {
  const existing = loaded.get(locale);
  if (existing && !reload) return existing;
  const p = (async () => {
    let texts: Record<string, string>;
    try {
      texts = await fromServer(locale);
    } catch {
      const [base, own] = await Promise.all([
        locale === defaultLocale ? Promise.resolve({}) : bundled(defaultLocale),
        bundled(locale),
      ]);
      texts = { ...base, ...own };
    }
    // flat keys: a shallow merge, and no deep copy of a freshly parsed object (both cost the first render time)
    i18n.addResourceBundle(locale, 'translation', texts, false, true, { silent: false, skipCopy: true });
  })();
  loaded.set(locale, p);
  p.catch(() => loaded.delete(locale));
  return p;
}

/** Shows the interface in `locale` once its texts are there; sets <html lang> and the API's locale. */
export async function switchLocale(locale: Locale): Promise<void> {
  await loadLocale(locale);
  await i18n.changeLanguage(locale);
  localeStore.set(locale);
  document.documentElement.lang = locale.slice(0, 2);
}

/** Translates an error code from the server, falling back to the server's own message. */
export function translateCode(code: string, fallback?: string, params?: Record<string, unknown>): string {
  return i18n.exists(code) ? i18n.t(code, params) : (fallback ?? i18n.t('error.algemene_error'));
}
