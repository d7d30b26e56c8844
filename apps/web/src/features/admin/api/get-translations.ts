import type { Locale } from '@mp/contract/i18n/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

export const translationKeys = {
  all: ['translations'] as const,
  details: () => [...translationKeys.all, 'detail'] as const,
  detail: (locale: Locale) => [...translationKeys.details(), locale] as const,
};

export interface TranslationsView {
  locale: Locale;
  translations: Record<string, string>;
  overrides: Record<string, string>;
}

/** GET /api/v2.0/Translations/{locale}: every text with the admins' overrides. */
export const getTranslations = (locale: Locale, signal?: AbortSignal) =>
  api.get<TranslationsView>(`/Translations/${pathParam('locale', locale)}`, { signal });

export const translationsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: translationKeys.detail(locale),
    queryFn: ({ signal }) => getTranslations(locale, signal),
  });

export function useTranslationsView(locale: Locale) {
  return useQuery(translationsQueryOptions(locale));
}
