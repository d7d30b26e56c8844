import { locales } from '@mp/contract/i18n/locales';
import { pickLocale, visibleLocales } from '@mp/contract/rules/languages';
import type { QueryClient } from '@tanstack/react-query';
import { corporateIdentityQueryOptions } from '../shared/api/get-corporate-identity';
import { settingsQueryOptions, settingsViewer } from '../shared/api/get-settings';
import { loadLocale, switchLocale } from '../shared/i18n/i18n';
import { preferencesStore } from '../shared/session/preferences';
import { endSession, followOtherTabs, refreshSession, sessionStore } from '../shared/session/session';

/**
 * Start-up, before the first page: a stored session is silently refreshed (failure signs out, spec §4);
 * settings, corporate identity and the texts of the chosen language load meanwhile (the loading screen).
 */
export async function boot(queryClient: QueryClient): Promise<void> {
  followOtherTabs();
  const stored = preferencesStore.get().locale;
  // texts of the likely language load while the session is refreshed
  const early = loadLocale(pickLocale(stored, undefined, locales)).catch(() => undefined);
  const corporate = queryClient.prefetchQuery(corporateIdentityQueryOptions());

  if (sessionStore.get()) {
    const outcome = await refreshSession();
    if (outcome === 'failed') endSession('refresh-failed');
  }

  const settings = await queryClient
    .fetchQuery(settingsQueryOptions(settingsViewer()))
    .catch(() => undefined);
  const offered = settings ? visibleLocales(settings.boolValues) : [...locales];
  const locale = pickLocale(stored, settings?.stringValues.DefaultLanguage, offered);
  await early;
  await switchLocale(locale).catch(() => undefined);
  await corporate;
}
