import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedLocationStore, selectLocation } from '../shared/session/location';
import { sessionStore, startSession } from '../shared/session/session';
import { resetSnackbars, snackbarStore } from '../shared/ui/snackbar/snackbar-store';
import { json, testQueryClient } from '../test/render';
import { createGuards } from './guards';

const NOW = 1_800_000_000_000;
const user = {
  id: 'u1',
  name: 'Jan',
  email: 'jan@x.nl',
  isAdmin: false,
  internalExternal: 'Internal' as const,
  language: 'nl-NL' as const,
  permissions: [],
};
const args = (path: string) =>
  ({ request: new Request(`http://localhost${path}`), params: {} }) as unknown as LoaderFunctionArgs;
const settings = (allowAnonymous: boolean) => ({
  groupingType: 'all',
  boolValues: { AllowAnonymousUsers: allowAnonymous },
  intValues: {},
  stringValues: {},
  multiStrings: {},
});

// why: the server is the system's edge here; its answers are stubbed per test (by path).
const fetchMock = vi.fn<typeof fetch>();
let answers: Record<string, () => Response> = {};
const calls = () => fetchMock.mock.calls.map((c) => String(c[0])).filter((u) => !u.includes('AntiForgery'));

function signIn(expiresAt: number) {
  startSession({ accessToken: 'a', refreshToken: 'r'.repeat(20), expiresAt, user });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  answers = {};
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path.endsWith('/AntiForgery/token')) return json({ token: 'xsrf' });
    const answer = Object.entries(answers).find(([p]) => path.endsWith(p))?.[1];
    return answer ? answer() : json({ code: 'error.niet_gevonden', message: 'x' }, 404);
  });
  resetSnackbars();
  sessionStore.set(null);
  selectLocation(null);
});
afterEach(() => vi.unstubAllGlobals());

describe('auth routes', () => {
  it('send visitors to Inloggen with the page to return to', async () => {
    const guards = createGuards(testQueryClient(), () => NOW);
    const res = (await guards.auth(args('/favorieten?x=1'))) as Response;
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/inloggen?redirectUrl=%2Ffavorieten%3Fx%3D1');
  });

  it('let a valid session through', async () => {
    signIn(NOW / 1000 + 600);
    expect(await createGuards(testQueryClient(), () => NOW).auth(args('/favorieten'))).toBeNull();
    expect(calls()).toEqual([]);
  });

  it('with an expired token that cannot be renewed: info.token_verlopen, Inloggen, location cleared', async () => {
    signIn(NOW / 1000 - 1);
    selectLocation({ locationNo: 'P1', label: 'P1 - Test' });
    answers['/Auth/refresh-login'] = () => json({ code: 'error.token_ongeldig', message: 'x' }, 401);
    const res = (await createGuards(testQueryClient(), () => NOW).auth(args('/bestellijst'))) as Response;
    expect(res.headers.get('location')).toBe('/inloggen?redirectUrl=%2Fbestellijst');
    expect(snackbarStore.get().current?.key).toBe('info.token_verlopen');
    expect(sessionStore.get()).toBeNull();
    expect(selectedLocationStore.get()).toBeNull();
  });

  it('with an expired token that is renewed silently: through', async () => {
    signIn(NOW / 1000 - 1);
    answers['/Auth/refresh-login'] = () =>
      json({ accessToken: 'b', refreshToken: 's'.repeat(20), expiresAt: NOW / 1000 + 900, user });
    expect(await createGuards(testQueryClient(), () => NOW).auth(args('/bestellijst'))).toBeNull();
    expect(sessionStore.get()?.accessToken).toBe('b');
    expect(snackbarStore.get().current).toBeNull();
  });
});

describe('settings-data routes', () => {
  it('fetch the settings when unknown and go on when anonymous use is on', async () => {
    answers['/Settings/all'] = () => json(settings(true));
    expect(await createGuards(testQueryClient(), () => NOW).settingsData(args('/sets'))).toBeNull();
    expect(calls()).toEqual(['/api/v2.0/Settings/all']);
  });

  it('send to Inloggen when anonymous use is off', async () => {
    answers['/Settings/all'] = () => json(settings(false));
    const res = (await createGuards(testQueryClient(), () => NOW).settingsData(args('/sets'))) as Response;
    expect(res.headers.get('location')).toBe('/inloggen?redirectUrl=%2Fsets');
  });

  it('use known settings without fetching again', async () => {
    const qc = testQueryClient();
    answers['/Settings/all'] = () => json(settings(true));
    const guards = createGuards(qc, () => NOW);
    await guards.settingsData(args('/sets'));
    await guards.settingsData(args('/materieel'));
    expect(calls()).toHaveLength(1);
  });

  it('go to NotFound when the settings cannot be fetched', async () => {
    answers['/Settings/all'] = () => json({ code: 'error.server_fout', message: 'x' }, 500);
    const res = (await createGuards(testQueryClient(), () => NOW).settingsData(args('/sets'))) as Response;
    expect(res.headers.get('location')).toBe('/404');
  });

  it('let signed-in users through without asking for settings', async () => {
    signIn(NOW / 1000 + 600);
    expect(await createGuards(testQueryClient(), () => NOW).settingsData(args('/'))).toBeNull();
    expect(calls()).toEqual([]);
  });
});

describe('other routes', () => {
  it('run the token-expired action on an expired token and go on', async () => {
    signIn(NOW / 1000 - 1);
    answers['/Auth/refresh-login'] = () => json({ code: 'error.token_ongeldig', message: 'x' }, 401);
    expect(await createGuards(testQueryClient(), () => NOW).open()).toBeNull();
    expect(sessionStore.get()).toBeNull();
    expect(snackbarStore.get().current).toBeNull();
  });
});
