import { visibleLocales } from '@mp/contract/rules/languages';
import type { QueryClient } from '@tanstack/react-query';
import { settingsQueryOptions, settingsViewer } from '../../../shared/api/get-settings';
import { switchLocale } from '../../../shared/i18n/i18n';
import { localeStore } from '../../../shared/i18n/locale';
import { preferencesStore } from '../../../shared/session/preferences';

/**
 * Signing in shows the account's language (issue #9 item 10) when the portal offers it, unless the user chose
 * a language in this browser with the picker (that choice wins, as at start-up: `pickLocale`). It is not stored
 * as a choice: a reload takes it from the signed-in user again, and the next user of the browser gets theirs.
 * Call before the session starts (the settings in the cache are still the visitor's).
 */
export function takeAccountLanguage(queryClient: QueryClient, language: string): void {
  if (preferencesStore.get().locale) return;
  const settings = queryClient.getQueryData(settingsQueryOptions(settingsViewer()).queryKey);
  const offered = visibleLocales(settings?.boolValues ?? {});
  const locale = offered.find((l) => l === language);
  if (!locale || locale === localeStore.get()) return;
  void switchLocale(locale).catch(() => undefined);
}
