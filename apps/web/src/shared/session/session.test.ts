// Issue #9 item 1: the web keeps no token where a script could read it later — local storage holds only who is
// signed in; the access token lives in memory; the refresh token is the server's HttpOnly cookie.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render';
import { storageKeys } from '../lib/storage';
import {
  adoptPrebootRenewal,
  endSession,
  refreshSession,
  sessionStore,
  startSession,
  storedSessionUser,
} from './session';

const user = {
  id: 'u1',
  name: 'Jan',
  email: 'j@x.nl',
  isAdmin: false,
  internalExternal: 'Internal' as const,
  language: 'nl-NL',
};
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(() => {
  endSession('logout');
  vi.unstubAllGlobals();
});

describe('the session in the browser', () => {
  it('stores the user but no token in local storage', () => {
    startSession({
      accessToken: 'secret-access',
      refreshToken: 'secret-refresh-1234',
      expiresAt: 1e10,
      user,
    });
    const raw = localStorage.getItem(storageKeys.auth) ?? '';
    expect(raw).toContain('u1');
    expect(raw).not.toContain('secret-access');
    expect(raw).not.toContain('secret-refresh');
    expect(sessionStore.get()?.accessToken).toBe('secret-access');
  });

  it('after a reload renews from the cookie: no token in the request, the session cookie asked for', async () => {
    localStorage.setItem(storageKeys.auth, JSON.stringify({ user }));
    sessionStore.set(null);
    expect(storedSessionUser()?.id).toBe('u1');
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/AntiForgery/token')) return json({ token: 'x' });
      return json({ accessToken: 'fresh', expiresAt: 1e10, user });
    });
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect([a, b]).toEqual(['ok', 'ok']);
    const calls = fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/Auth/refresh-login'));
    expect(calls).toHaveLength(1); // one renewal at a time: a refresh token is single use
    const init = calls[0][1] as RequestInit;
    expect(JSON.parse(String(init.body))).toEqual({});
    expect((init.headers as Record<string, string>)['x-session-cookie']).toBe('1');
    expect(init.credentials).toBe('same-origin');
    expect(sessionStore.get()?.accessToken).toBe('fresh');
  });

  it('a refused renewal ends the session and forgets the user', async () => {
    localStorage.setItem(storageKeys.auth, JSON.stringify({ user }));
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/AntiForgery/token')) return json({ token: 'x' });
      return json({ code: 'error.token_ongeldig', message: 'x', details: {} }, 401);
    });
    expect(await refreshSession()).toBe('failed');
    endSession('refresh-failed');
    expect(localStorage.getItem(storageKeys.auth)).toBeNull();
  });

  it('takes the renewal the preboot made before the app loaded, and renews itself when that one failed', async () => {
    localStorage.setItem(storageKeys.auth, JSON.stringify({ user }));
    sessionStore.set(null);
    // a token answer: the session starts without another request
    const ok = await adoptPrebootRenewal({
      status: 200,
      body: { accessToken: 'early', expiresAt: 1e10, user },
      xsrf: 'x',
    });
    expect(ok).toBe('ok');
    expect(sessionStore.get()?.accessToken).toBe('early');
    expect(fetchMock).not.toHaveBeenCalled();
    // a server error or an anti-forgery refusal: renewed the ordinary way
    sessionStore.set(null);
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/AntiForgery/token')) return json({ token: 'y' });
      return json({ accessToken: 'later', expiresAt: 1e10, user });
    });
    expect(await adoptPrebootRenewal({ status: 503, body: null, xsrf: 'x' })).toBe('ok');
    expect(sessionStore.get()?.accessToken).toBe('later');
    expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/Auth/refresh-login'))).toBe(true);
    // a refusal: the session is over (the caller ends it)
    expect(
      await adoptPrebootRenewal({ status: 401, body: { code: 'error.sessie_verlopen' }, xsrf: 'x' }),
    ).toBe('failed');
  });
});
