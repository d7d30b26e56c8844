import type { TranslationsView } from '@mp/contract/api/translations';
import type { Locale } from '@mp/contract/i18n/locales';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

export const translationKeys = {
  all: ['translations'] as const,
  details: () => [...translationKeys.all, 'detail'] as const,
  detail: (locale: Locale) => [...translationKeys.details(), locale] as const,
};

export type { TranslationsView };

/** GET /api/v2.0/Translations/{locale}: every text with the admins' overrides. */
export const getTranslations = (locale: Locale, signal?: AbortSignal) =>
  api.get(`/Translations/${pathParam('locale', locale)}`, {
    signal,
    answer: (c) => c.translations.translationsView,
  });

export const translationsQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: translationKeys.detail(locale),
    queryFn: ({ signal }) => getTranslations(locale, signal),
  });

export function useTranslationsView(locale: Locale) {
  return useQuery(translationsQueryOptions(locale));
}
