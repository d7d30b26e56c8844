// Runs before the app's code has even downloaded (a tiny separate entry in index.html, no imports): starts
// the start-up requests that do not depend on the session, so they travel in parallel with the app bundle.
// src/app/boot.ts and src/shared/i18n/i18n.ts pick the answers up (window.__mpPreboot) or ask again.

interface PrebootState {
  identity: Promise<unknown>;
  translations: { locale: string; texts: Promise<Record<string, string> | null> };
  /** The anonymous settings; absent when a session is stored (those settings come after the session refresh). */
  settings?: Promise<unknown>;
}

const locales = ['nl-NL', 'en-US', 'fr-FR', 'de-DE'];

function stored(key: string): unknown {
  try {
    return JSON.parse(localStorage.getItem(key) ?? 'null');
  } catch {
    return null;
  }
}

const json = (url: string) =>
  fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then((r) => (r.ok ? r.json() : null))
    .catch(() => null);

const preference = (stored('mp.preferences') as { locale?: string } | null)?.locale;
const locale = preference && locales.includes(preference) ? preference : 'nl-NL';
const signedIn = stored('mp.auth') !== null;

const state: PrebootState = {
  identity: json('/api/v2.0/CorporateIdentity').then(
    (identity: { bannerUrl?: string | null; logoUrl?: string | null } | null) => {
      // the banner is the largest thing on most pages: its download starts as soon as its address is known
      for (const src of [identity?.bannerUrl, identity?.logoUrl]) if (src) new Image().src = src;
      return identity;
    },
  ),
  translations: {
    locale,
    texts: json(`/api/v2.0/Translations/${locale}`).then(
      (b: { translations?: Record<string, string> } | null) => b?.translations ?? null,
    ),
  },
  settings: signedIn ? undefined : json('/api/v2.0/Settings/all'),
};
(window as unknown as { __mpPreboot?: PrebootState }).__mpPreboot = state;

// The first date formatter of a page loads the language's date data, some 20 ms of work. Home shows dates
// right after its first paint (the news): there it is done now, while the main thread only waits for the
// app's code, instead of in the middle of rendering the news.
if (location.pathname === '/') {
  try {
    new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(0);
  } catch {}
}
