// Runs before the app's code has even downloaded (a tiny separate entry in index.html, no imports): starts
// the start-up requests that do not depend on the session, so they travel in parallel with the app bundle.
// src/app/boot.ts and src/shared/i18n/i18n.ts pick the answers up (window.__mpPreboot) or ask again.

interface PrebootState {
  identity: Promise<unknown>;
  translations: { locale: string; texts: Promise<Record<string, string> | null> };
  /** The anonymous settings; absent when a session is stored (those settings come after the session refresh). */
  settings?: Promise<unknown>;
  /** A stored session's renewal (POST Auth/refresh-login) and, when it worked, that user's settings. */
  session?: Promise<PrebootSession | null>;
}

interface PrebootSession {
  status: number;
  body: unknown;
  /** The anti-forgery token the renewal was sent with (the app keeps using it). */
  xsrf: string;
  settings: Promise<unknown> | null;
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

/**
 * A browser that was signed in renews its access token from the HttpOnly refresh cookie before anything else can
 * be asked for it; started here, the two requests of that (anti-forgery token, refresh) and the user's settings
 * travel while the app's code downloads. Under the same Web Lock as src/shared/session/session.ts's renewals
 * ('mp-refresh'): a refresh token is single use, so two tabs must never send the same one. The header names are
 * those of @mp/contract/rules/session and shared/api/anti-forgery.ts (no imports here: this file stays tiny).
 */
function renewSession(): Promise<PrebootSession | null> {
  const work = async (): Promise<PrebootSession | null> => {
    const xsrf = await json('/api/v2.0/AntiForgery/token').then(
      (b: { token?: string } | null) => b?.token ?? null,
    );
    if (!xsrf) return null;
    const res = await fetch('/api/v2.0/Auth/refresh-login', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'x-session-cookie': '1',
        'x-xsrf-token': xsrf,
      },
      body: '{}',
      credentials: 'same-origin',
    });
    const body = (await res.json().catch(() => null)) as { accessToken?: string } | null;
    const settings =
      res.ok && body?.accessToken
        ? fetch('/api/v2.0/Settings/all', {
            headers: { accept: 'application/json', authorization: `Bearer ${body.accessToken}` },
            credentials: 'same-origin',
          })
            .then((r) => (r.ok ? r.json() : null))
            .catch(() => null)
        : null;
    return { status: res.status, body, xsrf, settings };
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return (locks ? (locks.request('mp-refresh', work) as Promise<PrebootSession | null>) : work()).catch(
    () => null,
  );
}

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
  session: signedIn ? renewSession() : undefined,
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
