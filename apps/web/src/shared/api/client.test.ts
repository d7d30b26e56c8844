import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/render';
import { localeStore } from '../i18n/locale';
import { sessionStore, startSession } from '../session/session';
import { ContractDriftError } from './answer-check';
import { api, apiRequest, buildUrl, pathParam } from './client';
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

  it('reads a field error in its one wire shape { code, message, params? } only (issue #32 item 4)', async () => {
    fetchMock.mockResolvedValueOnce(
      json(
        {
          code: 'error.ongeldige_invoer',
          message: 'De invoer is niet geldig.',
          details: {
            fields: {
              amount: { code: 'validation.te_groot', message: 'Hoogstens 9999.', params: { max: 9999 } },
              old: 'validation.verplicht',
            },
          },
        },
        400,
      ),
    );
    const error = (await apiRequest('/x').catch((e) => e)) as ApiError;
    expect(error.fieldErrors).toEqual({
      amount: { code: 'validation.te_groot', message: 'Hoogstens 9999.', params: { max: 9999 } },
    });
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
          expiresAt: Math.floor(Date.now() / 1000) + 900,
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

  it('requires path parameters and refuses null query values (product §5)', () => {
    expect(() => pathParam('plantLocation', '')).toThrow('The parameter plantLocation must be defined.');
    expect(() => buildUrl('/x', { a: null })).toThrow('cannot be null');
    expect(buildUrl('/Search', { query: 'a b', limit: undefined })).toBe('/api/v2.0/Search?query=a+b');
  });

  it('checks an answer against its contract schema (tests and development): drift fails loudly', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // the server renamed buildId and sends the version as a number
    fetchMock.mockResolvedValueOnce(
      json({ angularEnabled: false, externalLogin: false, version: 2, build: 'x' }),
    );
    const error = await api
      .get('/AppConfig', { auth: false, answer: (c) => c.shell.appConfig })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ContractDriftError);
    const message = (error as ContractDriftError).message;
    expect(message).toContain('GET /api/v2.0/AppConfig answered outside its contract');
    expect(message).toMatch(/- version: .*expected string/);
    expect(message).toMatch(/- buildId: .*expected string/);
    expect((error as ContractDriftError).issues.map((i) => i.path.join('.'))).toEqual(['version', 'buildId']);
    expect(logged).toHaveBeenCalledWith(message);
  });

  it('passes an answer that keeps its contract on as it came, and checks "no content" as null', async () => {
    const answer = {
      angularEnabled: false,
      externalLogin: false,
      version: '1.0.0',
      buildId: 'b',
      extra: true,
    };
    fetchMock.mockResolvedValueOnce(json(answer));
    expect(await api.get('/AppConfig', { answer: (c) => c.shell.appConfig })).toEqual(answer);
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));
    expect(await api.get('/Auth/logout', { answer: (c) => c.common.noContent })).toBeNull();
    // a call that should answer tokens but answers nothing has drifted too
    vi.spyOn(console, 'error').mockImplementation(() => {});
    fetchMock.mockImplementation(async (input) =>
      String(input).endsWith('/AntiForgery/token')
        ? json({ token: 'x' })
        : new Response(null, { status: 204 }),
    );
    await expect(
      api.post('/Auth/login', { email: 'a@b.nl', password: 'x' }, { answer: (c) => c.auth.tokenPair }),
    ).rejects.toThrow('POST /api/v2.0/Auth/login answered outside its contract');
  });
});
