import type { PublicUser, TokenPair } from '@mp/contract/api/auth';
import { isTokenExpired } from '@mp/contract/rules/session';
import { ContractDriftError, checkAnswer } from '../api/answer-check';
import { antiForgeryToken, isAntiForgeryRefusal, XSRF_HEADER } from '../api/anti-forgery';
import { isRecord, readStored, storageKeys, writeStored } from '../lib/storage';
import { createStore } from '../lib/store';

export interface Session {
  accessToken: string;
  refreshToken: string;
  /** Seconds since epoch. */
  expiresAt: number;
  user: PublicUser;
}

export type SessionEndReason = 'logout' | 'expired' | 'refresh-failed';

function parseSession(raw: unknown): Session | null {
  if (!isRecord(raw)) return null;
  const { accessToken, refreshToken, expiresAt, user } = raw;
  if (typeof accessToken !== 'string' || typeof refreshToken !== 'string' || typeof expiresAt !== 'number')
    return null;
  if (!isRecord(user) || typeof user.id !== 'string') return null;
  return { accessToken, refreshToken, expiresAt, user: user as unknown as PublicUser };
}

export const sessionStore = createStore<Session | null>(readStored(storageKeys.auth, parseSession));

const endListeners = new Set<(reason: SessionEndReason) => void>();

/** Runs when a session ends (logout, expiry, failed refresh): the app clears location, order list and removal list. */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

export function startSession(tokens: TokenPair): void {
  const session: Session = {
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    user: tokens.user,
  };
  writeStored(storageKeys.auth, session);
  sessionStore.set(session);
}

export function updateSessionUser(user: PublicUser): void {
  const s = sessionStore.get();
  if (!s) return;
  const next = { ...s, user };
  writeStored(storageKeys.auth, next);
  sessionStore.set(next);
}

export function endSession(reason: SessionEndReason): void {
  const had = sessionStore.get() !== null;
  writeStored(storageKeys.auth, null);
  sessionStore.set(null);
  if (had) for (const l of [...endListeners]) l(reason);
}

export function isSignedIn(): boolean {
  return sessionStore.get() !== null;
}

export function isSessionExpired(nowMs = Date.now()): boolean {
  const s = sessionStore.get();
  return s !== null && isTokenExpired(s.expiresAt, nowMs);
}

/** ok: renewed; failed: the server refused (the session is over); offline: no answer (try again later). */
export type RefreshOutcome = 'ok' | 'failed' | 'offline' | 'none';
let inFlight: Promise<RefreshOutcome> | null = null;

/**
 * Renews the access token with the refresh token (POST Auth/refresh-login), one call at a time: a refresh
 * token is single use (rotation), so two parallel refreshes would look like a replay to the server.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (inFlight) return inFlight;
  const current = sessionStore.get();
  if (!current) return Promise.resolve('none');
  inFlight = (async (): Promise<RefreshOutcome> => {
    try {
      const post = async (renewXsrf: boolean) => {
        const xsrf = await antiForgeryToken(renewXsrf);
        return fetch('/api/v2.0/Auth/refresh-login', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            ...(xsrf ? { [XSRF_HEADER]: xsrf } : {}),
          },
          body: JSON.stringify({ refreshToken: current.refreshToken }),
          credentials: 'same-origin',
        });
      };
      let res = await post(false);
      if (await isAntiForgeryRefusal(res)) res = await post(true);
      if (res.status >= 500) return 'offline';
      if (!res.ok) return 'failed';
      const body = await checkAnswer(
        'POST /api/v2.0/Auth/refresh-login',
        (c) => c.auth.tokenPair,
        (await res.json()) as TokenPair,
      );
      // another tab may have signed out meanwhile
      if (sessionStore.get()?.refreshToken !== current.refreshToken)
        return sessionStore.get() ? 'ok' : 'failed';
      startSession(body);
      return 'ok';
    } catch (e) {
      // a drifted answer (development and tests) is a bug to see, not a network failure
      if (e instanceof ContractDriftError) throw e;
      return 'offline';
    } finally {
      inFlight = null;
    }
  })();
  return inFlight;
}

/** Refreshes when the token expires within `marginSeconds`; 'none' when not signed in. */
export async function ensureFreshSession(marginSeconds = 30, nowMs = Date.now()): Promise<RefreshOutcome> {
  const s = sessionStore.get();
  if (!s) return 'none';
  if (!isTokenExpired(s.expiresAt - marginSeconds, nowMs)) return 'ok';
  return refreshSession();
}

/** Another tab signed in, refreshed or signed out: follow it. */
export function followOtherTabs(): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key !== storageKeys.auth) return;
    const next = e.newValue ? parseSession(JSON.parse(e.newValue)) : null;
    if (next) sessionStore.set(next);
    else endSession('logout');
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}
