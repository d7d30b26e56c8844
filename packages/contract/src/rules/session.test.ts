import { describe, expect, it } from 'vitest';
import {
  decideAuthRoute,
  decideOpenRoute,
  decideSettingsDataRoute,
  isTokenExpired,
  safeRedirectPath,
} from './session.ts';

const now = 1_800_000_000_000;

describe('token expiry', () => {
  it('compares seconds times 1000 with now', () => {
    expect(isTokenExpired(now / 1000 + 1, now)).toBe(false);
    expect(isTokenExpired(now / 1000, now)).toBe(false);
    expect(isTokenExpired(now / 1000 - 1, now)).toBe(true);
  });
  it('treats a missing expiry as expired', () => {
    expect(isTokenExpired(null, now)).toBe(true);
  });
});

describe('auth route guard', () => {
  it('sends anonymous visitors to Inloggen', () => {
    expect(decideAuthRoute({ authenticated: false, expiresAt: null }, now)).toBe('login');
  });
  it('reports an expired token', () => {
    expect(decideAuthRoute({ authenticated: true, expiresAt: now / 1000 - 60 }, now)).toBe('expired');
  });
  it('lets a valid session through', () => {
    expect(decideAuthRoute({ authenticated: true, expiresAt: now / 1000 + 60 }, now)).toBe('allow');
  });
});

describe('other routes', () => {
  it('runs the token-expired action and goes on', () => {
    expect(decideOpenRoute({ authenticated: true, expiresAt: now / 1000 - 1 }, now)).toBe('token-expired');
    expect(decideOpenRoute({ authenticated: false, expiresAt: null }, now)).toBe('allow');
    expect(decideOpenRoute({ authenticated: true, expiresAt: now / 1000 + 100 }, now)).toBe('allow');
  });
});

describe('settings-data route guard', () => {
  it('lets signed-in users through without settings', () => {
    expect(decideSettingsDataRoute({ authenticated: true, allowAnonymous: undefined })).toBe('allow');
  });
  it('fetches settings when the anonymous setting is unknown', () => {
    expect(decideSettingsDataRoute({ authenticated: false, allowAnonymous: undefined })).toBe(
      'fetch-settings',
    );
  });
  it('goes to NotFound when the fetch failed', () => {
    expect(
      decideSettingsDataRoute({ authenticated: false, allowAnonymous: undefined, fetchFailed: true }),
    ).toBe('not-found');
  });
  it('goes to Inloggen when anonymous use is off, through when on', () => {
    expect(decideSettingsDataRoute({ authenticated: false, allowAnonymous: false })).toBe('login');
    expect(decideSettingsDataRoute({ authenticated: false, allowAnonymous: true })).toBe('allow');
  });
});

describe('redirect after login', () => {
  it('keeps local paths with query', () => {
    expect(safeRedirectPath('/favorieten?x=1')).toBe('/favorieten?x=1');
  });
  it('refuses other sites and the sign-in page', () => {
    expect(safeRedirectPath('https://evil.example/')).toBe('/');
    expect(safeRedirectPath('//evil.example/')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath('/inloggen?redirectUrl=/x')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
  });
});
