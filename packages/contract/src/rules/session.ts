/**
 * Token expiry and the route guards of product §4, as pure decisions. The web app's loaders act on them;
 * the server never needs them, but they live here with the other shared rules so they are tested alone.
 */

/**
 * Header by which a browser asks for its refresh token as an HttpOnly cookie instead of in the answer. Here, not in
 * api/auth.ts, so the web app's first bundle takes the name without zod and the auth schemas.
 */
export const SESSION_COOKIE_HEADER = 'x-session-cookie';

/** Expiry compares the expiration time (seconds since epoch) times 1000 with the current time in ms. */
export function isTokenExpired(expiresAtSeconds: number | null | undefined, nowMs: number): boolean {
  if (expiresAtSeconds === null || expiresAtSeconds === undefined) return true;
  return expiresAtSeconds * 1000 < nowMs;
}

/** Seconds until the token expires (negative when expired). */
export function secondsUntilExpiry(expiresAtSeconds: number, nowMs: number): number {
  return expiresAtSeconds - nowMs / 1000;
}

export interface AuthSnapshot {
  authenticated: boolean;
  /** Seconds since epoch; null when not signed in. */
  expiresAt: number | null;
}

export type AuthRouteDecision = 'allow' | 'login' | 'expired';

/**
 * Auth routes: not signed in → Inloggen (with redirectUrl); signed in but expired → the info
 * snackbar info.token_verlopen and Inloggen; otherwise go on.
 */
export function decideAuthRoute(auth: AuthSnapshot, nowMs: number): AuthRouteDecision {
  if (!auth.authenticated) return 'login';
  if (isTokenExpired(auth.expiresAt, nowMs)) return 'expired';
  return 'allow';
}

export type OpenRouteDecision = 'allow' | 'token-expired';

/** Every other route: a signed-in user with an expired token triggers the token-expired action; navigation goes on. */
export function decideOpenRoute(auth: AuthSnapshot, nowMs: number): OpenRouteDecision {
  return auth.authenticated && isTokenExpired(auth.expiresAt, nowMs) ? 'token-expired' : 'allow';
}

export type SettingsDataDecision = 'allow' | 'fetch-settings' | 'login' | 'not-found';

/**
 * Settings-data routes. `allowAnonymous` is undefined while the setting is unknown; `fetchFailed` is
 * true when fetching the settings failed.
 * - signed in: go on (the settings load with the shell);
 * - unknown and not signed in: fetch the settings first (then decide again);
 * - the fetch failed: NotFound;
 * - anonymous use off: Inloggen.
 */
export function decideSettingsDataRoute(input: {
  authenticated: boolean;
  allowAnonymous: boolean | undefined;
  fetchFailed?: boolean;
}): SettingsDataDecision {
  if (input.authenticated) return 'allow';
  if (input.fetchFailed) return 'not-found';
  if (input.allowAnonymous === undefined) return 'fetch-settings';
  return input.allowAnonymous ? 'allow' : 'login';
}

/**
 * The page to return to after signing in: only a path on this site (no scheme, no `//host`), never the
 * sign-in page itself; anything else gives Home.
 */
export function safeRedirectPath(redirectUrl: string | null | undefined, fallback = '/'): string {
  if (!redirectUrl) return fallback;
  if (!redirectUrl.startsWith('/') || redirectUrl.startsWith('//') || redirectUrl.startsWith('/\\'))
    return fallback;
  if (/^\/inloggen(\/|\?|#|$)/i.test(redirectUrl)) return fallback;
  return redirectUrl;
}
