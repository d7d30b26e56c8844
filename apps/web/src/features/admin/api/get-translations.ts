import type { TranslationsView } from '@mp/contract/api/translations';
import { type Locale, locales } from '@mp/contract/i18n/locales';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { bundled, loadLocale } from '../../../shared/i18n/i18n';
import { localeStore } from '../../../shared/i18n/locale';

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

/** Every locale's view and own bundle: what the translations page compares (missing, changed, the bundle's text). */
export interface LocaleTexts {
  locale: Locale;
  view: TranslationsView;
  bundle: Record<string, string>;
}

export function useAllTranslations() {
  return useQuery({
    queryKey: [...translationKeys.all, 'every-locale'] as const,
    queryFn: ({ signal }): Promise<LocaleTexts[]> =>
      Promise.all(
        locales.map(async (locale) => {
          const [view, bundle] = await Promise.all([getTranslations(locale, signal), bundled(locale)]);
          return { locale, view, bundle };
        }),
      ),
  });
}

/**
 * PUT /api/v2.0/Translations/{locale} for each locale with changes (key → text; null = back to the bundle). The
 * interface's own language is loaded again, so a change shows at once without a rebuild.
 */
export function useSaveTranslations() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (changes: Partial<Record<Locale, Record<string, string | null>>>) => {
      for (const [locale, texts] of Object.entries(changes) as [Locale, Record<string, string | null>][]) {
        if (Object.keys(texts).length === 0) continue;
        try {
          await api.put(`/Translations/${pathParam('locale', locale)}`, texts, {
            answer: (c) => c.common.noContent,
          });
        } catch (e) {
          // which language was refused: the page shows the message at that language's field
          throw Object.assign(e as object, { locale });
        }
      }
    },
    onSettled: async (_data, _error, changes) => {
      await queryClient.invalidateQueries({ queryKey: translationKeys.all });
      const current = localeStore.get();
      if (changes[current]) await loadLocale(current, { reload: true });
    },
  });
}
