import { defaultLocale, isLocale, type Locale, locales } from '@mp/contract/i18n';

/** The request's locale: explicit X-Locale header, else the best Accept-Language match, else nl-NL. */
export function resolveLocale(explicit: string | undefined, acceptLanguage: string | undefined): Locale {
  if (explicit && isLocale(explicit)) return explicit;
  if (acceptLanguage) {
    const wanted = acceptLanguage
      .split(',')
      .map((part) => {
        const [tag, q] = part.trim().split(';q=');
        return { tag: tag.toLowerCase(), q: q ? Number(q) : 1 };
      })
      .filter((x) => x.tag && !Number.isNaN(x.q))
      .sort((a, b) => b.q - a.q);
    for (const { tag } of wanted) {
      const exact = locales.find((l) => l.toLowerCase() === tag);
      if (exact) return exact;
      const byLanguage = locales.find((l) => l.slice(0, 2).toLowerCase() === tag.slice(0, 2));
      if (byLanguage) return byLanguage;
    }
  }
  return defaultLocale;
}
