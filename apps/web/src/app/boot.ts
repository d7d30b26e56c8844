import type { CorporateIdentity } from '@mp/contract/api/shell';
import { locales } from '@mp/contract/i18n/locales';
import { pickLocale, visibleLocales } from '@mp/contract/rules/languages';
import type { QueryClient } from '@tanstack/react-query';
import { checkAnswer } from '../shared/api/answer-check';
import { corporateIdentityKeys, corporateIdentityQueryOptions } from '../shared/api/get-corporate-identity';
import {
  type SettingsPayload,
  settingsKeys,
  settingsQueryOptions,
  settingsViewer,
} from '../shared/api/get-settings';
import { loadLocale, switchLocale } from '../shared/i18n/i18n';
import { takePreboot } from '../shared/lib/preboot';
import { preferencesStore } from '../shared/session/preferences';
import {
  adoptPrebootRenewal,
  endSession,
  followOtherTabs,
  keepSessionUnrenewed,
  refreshSession,
  sessionStore,
  storedSessionUser,
} from '../shared/session/session';

/** The corporate identity: the answer src/preboot.ts already asked for, else a request of its own. */
async function corporateIdentity(queryClient: QueryClient): Promise<void> {
  const early = await takePreboot('identity').catch(() => null);
  if (early) {
    const identity = await checkAnswer(
      'GET /api/v2.0/CorporateIdentity (preboot)',
      (c) => c.shell.corporateIdentity,
      early as CorporateIdentity,
    );
    queryClient.setQueryData(corporateIdentityKeys.all, identity);
    return;
  }
  const identity = await queryClient.fetchQuery(corporateIdentityQueryOptions());
  // the banner image is the largest thing on most pages: its download starts as soon as its address is known
  for (const src of [identity?.bannerUrl, identity?.logoUrl]) if (src) new Image().src = src;
}

/** The settings for whoever is signed in now (the anonymous ones, or the renewed user's, may already be on their way). */
async function settingsNow(
  queryClient: QueryClient,
  signedIn: Promise<unknown> | null,
): Promise<SettingsPayload | undefined> {
  const viewer = settingsViewer();
  const early = await (viewer === 'anonymous'
    ? takePreboot('settings')
    : (signedIn ?? Promise.resolve(null))
  ).catch(() => null);
  if (early) {
    const settings = await checkAnswer(
      'GET /api/v2.0/Settings/all (preboot)',
      (c) => c.settings.settingsPayload,
      early as SettingsPayload,
    );
    queryClient.setQueryData(settingsKeys.group('all', viewer), settings);
    return settings;
  }
  return queryClient.fetchQuery(settingsQueryOptions(viewer)).catch(() => undefined);
}

/** The browser's languages in order of preference (none outside a browser). */
const browserLanguages = (): readonly string[] =>
  typeof navigator === 'undefined' ? [] : (navigator.languages ?? [navigator.language]).filter(Boolean);

/**
 * Start-up, before the first page: a stored session is silently refreshed (a refusal signs out, product §4);
 * settings, corporate identity and the texts of the chosen language load meanwhile (the loading screen).
 */
export async function boot(queryClient: QueryClient): Promise<void> {
  followOtherTabs();
  const stored = preferencesStore.get().locale;
  const more = { account: storedSessionUser()?.language, browser: browserLanguages() };
  // texts of the likely language load while the session is refreshed
  const early = loadLocale(pickLocale(stored, undefined, locales, more)).catch(() => undefined);
  const corporate = corporateIdentity(queryClient).catch(() => undefined);

  // The access token is never stored: a browser that was signed in renews it from its HttpOnly cookie (src/preboot.ts
  // started that; its settings for the renewed user come with it).
  let signedInSettings: Promise<unknown> | null = null;
  if (storedSessionUser()) {
    const early = await takePreboot('session').catch(() => null);
    const outcome = early ? await adoptPrebootRenewal(early) : await refreshSession();
    if (outcome === 'failed') endSession('refresh-failed');
    // no answer (no reception): the user stays signed in for what is kept offline, renewed when the network is back
    if (outcome === 'offline') keepSessionUnrenewed();
    if (outcome === 'ok' && early?.status === 200) signedInSettings = early.settings;
  }

  const settings = await settingsNow(queryClient, signedInSettings);
  const offered = settings ? visibleLocales(settings.boolValues) : [...locales];
  const account = sessionStore.get()?.user.language ?? more.account;
  const locale = pickLocale(stored, settings?.stringValues.DefaultLanguage, offered, { ...more, account });
  await early;
  await switchLocale(locale).catch(() => undefined);
  await corporate;
}
