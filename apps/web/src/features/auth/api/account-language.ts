import { visibleLocales } from '@mp/contract/rules/languages';
import type { QueryClient } from '@tanstack/react-query';
import { settingsQueryOptions, settingsViewer } from '../../../shared/api/get-settings';
import { switchLocale } from '../../../shared/i18n/i18n';
import { localeStore } from '../../../shared/i18n/locale';
import { setPreference } from '../../../shared/session/preferences';

/**
 * Signing in takes the account's language (issue #9 item 10) when the portal offers it: it becomes this
 * browser's choice, so later reloads keep it until the user picks another in the language picker.
 * Call before the session starts (the settings in the cache are still the visitor's).
 */
export function takeAccountLanguage(queryClient: QueryClient, language: string): void {
  const settings = queryClient.getQueryData(settingsQueryOptions(settingsViewer()).queryKey);
  const offered = visibleLocales(settings?.boolValues ?? {});
  const locale = offered.find((l) => l === language);
  if (!locale || locale === localeStore.get()) return;
  setPreference('locale', locale);
  void switchLocale(locale).catch(() => undefined);
}
