import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render';
import { localeStore } from '../i18n/locale';
import { sessionStore, startSession } from '../session/session';
import { apiRequest, buildUrl, pathParam } from './client';
import { ApiError } from './errors';

const user = {
  id: 'u1',
  name: 'Jan',
  email: 'j@x.nl',
  isAdmin: false,
  internalExternal: 'Internal' as const,
  language: 'nl-NL' as const,
  permissions: [],
};

// why: the server is the system's edge; each test answers by path.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStore.set(null);
  localeStore.set('nl-NL');
});
afterEach(() => vi.unstubAllGlobals());

describe('api client', () => {
  it('sends the locale and the bearer token', async () => {
    startSession({
      accessToken: 'tok',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user,
    });
    localeStore.set('de-DE');
    fetchMock.mockResolvedValueOnce(json({ ok: true }));
    await apiRequest('/PlantLocations');
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/v2.0/PlantLocations');
    const headers = init?.headers as Record<string, string>;
    expect(headers.authorization).toBe('Bearer tok');
    expect(headers['x-locale']).toBe('de-DE');
    expect(headers['accept-language']).toBe('de-DE');
  });

  it('answers null for 204 and for an empty 200', async () => {
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await apiRequest('/x')).toBeNull();
    fetchMock.mockResolvedValueOnce(new Response('', { status: 200 }));
    expect(await apiRequest('/x')).toBeNull();
  });

  it('turns the server error body into an ApiError with field errors', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          code: 'error.ongeldige_invoer',
          message: 'De invoer is niet geldig.',
          details: { fields: { email: { code: 'validation.email_ongeldig', message: 'x' } } },
        },
        400,
      ),
    );
    const error = (await apiRequest('/x').catch((e) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('error.ongeldige_invoer');
    expect(error.fieldErrors.email.code).toBe('validation.email_ongeldig');
  });

  it('gives the generic error for an answer that is not the error shape', async () => {
    fetchMock.mockResolvedValueOnce(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = (await apiRequest('/x').catch((e) => e)) as ApiError;
    expect(error.code).toBe('error.server_fout');
    expect(error.message).toBe('An unexpected server error occurred.');
    expect(error.details?.status).toBe(502);
  });

  it('renews a refused token once and retries the call', async () => {
    startSession({
      accessToken: 'old',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user,
    });
    fetchMock.mockImplementation(async (input, init) => {
      const path = String(input);
      if (path.endsWith('/Auth/refresh-login')) {
        return json({
          accessToken: 'new',
          refreshToken: 's'.repeat(20),
          expiresAt: Date.now() / 1000 + 900,
          user,
        });
      }
      if (path.endsWith('/AntiForgery/token')) return json({ token: 'x' });
      const auth = (init?.headers as Record<string, string> | undefined)?.authorization;
      return auth === 'Bearer new'
        ? json({ ok: 1 })
        : json({ code: 'error.token_ongeldig', message: 'x' }, 401);
    });
    expect(await apiRequest('/PlantLocations')).toEqual({ ok: 1 });
    expect(sessionStore.get()?.accessToken).toBe('new');
  });

  it('ends the session when renewing is refused', async () => {
    startSession({
      accessToken: 'old',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user,
    });
    fetchMock.mockImplementation(async (input) => {
      if (String(input).endsWith('/AntiForgery/token')) return json({ token: 'x' });
      return json({ code: 'error.token_ongeldig', message: 'x' }, 401);
    });
    await expect(apiRequest('/PlantLocations')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.get()).toBeNull();
  });

  it('requires path parameters and refuses null query values (spec §5)', () => {
    expect(() => pathParam('plantLocation', '')).toThrow('The parameter plantLocation must be defined.');
    expect(() => buildUrl('/x', { a: null })).toThrow('cannot be null');
    expect(buildUrl('/Search', { query: 'a b', limit: undefined })).toBe('/api/v2.0/Search?query=a+b');
  });
});
