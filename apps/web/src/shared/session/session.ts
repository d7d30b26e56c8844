import type { PublicUser, TokenPair } from '@mp/contract/api/auth';
import { isTokenExpired, SESSION_COOKIE_HEADER } from '@mp/contract/rules/session';
import { ContractDriftError, checkAnswer } from '../api/answer-check';
import {
  adoptAntiForgeryToken,
  antiForgeryToken,
  isAntiForgeryRefusal,
  XSRF_HEADER,
} from '../api/anti-forgery';
import { isRecord, readStored, storageKeys, writeStored } from '../lib/storage';
import { createStore } from '../lib/store';

/**
 * A signed-in session (docs/decisions/0012, issue #9 item 1): the access token lives in memory only; the
 * refresh token is an HttpOnly cookie the page's scripts cannot read (asked for with X-Session-Cookie: 1).
 * Local storage keeps only who is signed in (the user's public profile), so a reload knows to renew.
 */
export interface Session {
  accessToken: string;
  /** Seconds since epoch. */
  expiresAt: number;
  user: PublicUser;
}

export type SessionEndReason = 'logout' | 'expired' | 'refresh-failed';

/** What local storage holds of a session: the user, never a token. */
function parseStoredUser(raw: unknown): PublicUser | null {
  if (!isRecord(raw) || !isRecord(raw.user) || typeof raw.user.id !== 'string') return null;
  return raw.user as unknown as PublicUser;
}

/** The user this browser was signed in as at the last visit (renewed from the cookie at start-up), if any. */
export function storedSessionUser(): PublicUser | null {
  return readStored(storageKeys.auth, parseStoredUser);
}

export const sessionStore = createStore<Session | null>(null);

const endListeners = new Set<(reason: SessionEndReason) => void>();

/** Runs when a session ends (logout, expiry, failed refresh): the app clears location, order list and removal list. */
export function onSessionEnd(listener: (reason: SessionEndReason) => void): () => void {
  endListeners.add(listener);
  return () => endListeners.delete(listener);
}

// Tabs of the same browser share the session: a new access token or the end is told to the others.
type TabMessage = { type: 'session'; session: Session } | { type: 'end' };
const channel: BroadcastChannel | null =
  typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('mp-session');
const tell = (m: TabMessage) => {
  try {
    channel?.postMessage(m);
  } catch {}
};

function setSession(session: Session): void {
  writeStored(storageKeys.auth, { user: session.user });
  sessionStore.set(session);
}

/** Starts (or renews) the session from a token answer; the refresh token, if one came, is not kept. */
export function startSession(tokens: TokenPair): void {
  const session: Session = {
    accessToken: tokens.accessToken,
    expiresAt: tokens.expiresAt,
    user: tokens.user,
  };
  setSession(session);
  tell({ type: 'session', session });
}

export function updateSessionUser(user: PublicUser): void {
  const s = sessionStore.get();
  if (!s) return;
  startSession({ ...s, user });
}

/**
 * Start-up without an answer from the server (no reception, decision 0031): the stored user stays signed in with no
 * access token (expired at once), so the signed-in pages and what is kept of them offline open; the next call or
 * navigation renews it, and a refusal then ends the session as usual.
 */
export function keepSessionUnrenewed(): void {
  const user = storedSessionUser();
  if (user && !sessionStore.get()) sessionStore.set({ accessToken: '', expiresAt: 0, user });
}

export function endSession(reason: SessionEndReason, fromOtherTab = false): void {
  const had = sessionStore.get() !== null || storedSessionUser() !== null;
  writeStored(storageKeys.auth, null);
  sessionStore.set(null);
  if (!fromOtherTab) tell({ type: 'end' });
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

/** Runs `work` while no other tab of this browser renews (Web Locks); directly where the API is missing. */
function exclusively<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (locks.request('mp-refresh', work) as Promise<T>) : work();
}

/**
 * Renews the access token from the HttpOnly refresh cookie (POST Auth/refresh-login), one call at a time
 * in this browser: a refresh token is single use (rotation), so two tabs renewing with the same cookie at
 * once would look like a replay. Under the lock a tab that another tab has just served takes that token.
 */
export function refreshSession(): Promise<RefreshOutcome> {
  if (inFlight) return inFlight;
  if (!sessionStore.get() && !storedSessionUser()) return Promise.resolve('none');
  const before = sessionStore.get()?.accessToken ?? null;
  inFlight = exclusively(async (): Promise<RefreshOutcome> => {
    try {
      const now = sessionStore.get();
      if (now && now.accessToken !== before && !isTokenExpired(now.expiresAt - 30, Date.now())) return 'ok';
      if (!now && !storedSessionUser()) return 'failed'; // another tab signed out meanwhile
      const post = async (renewXsrf: boolean) => {
        const xsrf = await antiForgeryToken(renewXsrf);
        return fetch('/api/v2.0/Auth/refresh-login', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'application/json',
            [SESSION_COOKIE_HEADER]: '1',
            ...(xsrf ? { [XSRF_HEADER]: xsrf } : {}),
          },
          body: '{}',
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
      startSession(body);
      return 'ok';
    } catch (e) {
      // a drifted answer (development and tests) is a bug to see, not a network failure
      if (e instanceof ContractDriftError) throw e;
      return 'offline';
    }
  }).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

/**
 * Takes the renewal src/preboot.ts made before the app's code loaded: a token answer starts the session, a refusal
 * (401) ends it; anything else (no answer, a server error, an anti-forgery refusal) renews the ordinary way.
 */
export async function adoptPrebootRenewal(
  early: { status: number; body: unknown; xsrf: string } | null,
): Promise<RefreshOutcome> {
  if (!early || early.status >= 500 || early.status === 403) return refreshSession();
  adoptAntiForgeryToken(early.xsrf);
  if (early.status !== 200) return 'failed';
  try {
    startSession(
      await checkAnswer(
        'POST /api/v2.0/Auth/refresh-login (preboot)',
        (c) => c.auth.tokenPair,
        early.body as TokenPair,
      ),
    );
    return 'ok';
  } catch (e) {
    if (e instanceof ContractDriftError) throw e;
    return refreshSession();
  }
}

/** Refreshes when the token expires within `marginSeconds`; 'none' when not signed in. */
export async function ensureFreshSession(marginSeconds = 30, nowMs = Date.now()): Promise<RefreshOutcome> {
  const s = sessionStore.get();
  if (!s) return 'none';
  if (!isTokenExpired(s.expiresAt - marginSeconds, nowMs)) return 'ok';
  return refreshSession();
}

/** Another tab signed in, renewed or signed out: follow it. */
export function followOtherTabs(): () => void {
  const onMessage = (e: MessageEvent<TabMessage>) => {
    if (e.data?.type === 'session') {
      writeStored(storageKeys.auth, { user: e.data.session.user });
      sessionStore.set(e.data.session);
    } else if (e.data?.type === 'end') endSession('logout', true);
  };
  // why: a tab of an older version (or a browser without BroadcastChannel) still shows a sign-out here.
  const onStorage = (e: StorageEvent) => {
    if (e.key === storageKeys.auth && !e.newValue && sessionStore.get()) endSession('logout', true);
  };
  channel?.addEventListener('message', onMessage);
  window.addEventListener('storage', onStorage);
  return () => {
    channel?.removeEventListener('message', onMessage);
    window.removeEventListener('storage', onStorage);
  };
}
