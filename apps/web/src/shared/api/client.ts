import { localeStore } from '../i18n/locale';
import { endSession, ensureFreshSession, refreshSession, sessionStore } from '../session/session';
import { antiForgeryToken, isAntiForgeryRefusal, XSRF_HEADER } from './anti-forgery';
import { ApiError, errorFromResponse, NETWORK_ERROR_CODE } from './errors';

export const API_BASE = '/api/v2.0';

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Send the bearer token when signed in (default true). */
  auth?: boolean;
}

/** Path parameters must be defined (spec §5: 'The parameter X must be defined.'). */
export function pathParam(name: string, value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '')
    throw new Error(`The parameter ${name} must be defined.`);
  return encodeURIComponent(String(value));
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = path.startsWith('/api') ? path : `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (v === null) throw new Error(`The query parameter ${k} cannot be null.`);
    params.set(k, String(v));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send(
  url: string,
  options: RequestOptions,
  retried: { auth: boolean; xsrf: boolean },
): Promise<Response> {
  const method = options.method ?? 'GET';
  const useAuth = options.auth !== false;
  if (useAuth && (await ensureFreshSession()) === 'failed') endSession('expired');
  const session = useAuth ? sessionStore.get() : null;
  const locale = localeStore.get();
  const headers: Record<string, string> = {
    accept: 'application/json',
    'accept-language': locale,
    'x-locale': locale,
    ...options.headers,
  };
  if (session) headers.authorization = `Bearer ${session.accessToken}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = await antiForgeryToken(retried.xsrf);
    if (token) headers[XSRF_HEADER] = token;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    throw new ApiError(0, NETWORK_ERROR_CODE, 'Network error');
  }
  if (res.status === 401 && session && !retried.auth) {
    // The access token was refused: renew once and retry; when renewing fails the session has ended.
    const outcome = await refreshSession();
    if (outcome === 'ok') return send(url, options, { ...retried, auth: true });
    endSession('expired');
  }
  if (method !== 'GET' && !retried.xsrf && (await isAntiForgeryRefusal(res))) {
    return send(url, options, { ...retried, xsrf: true });
  }
  return res;
}

/**
 * Calls the API. 200 with an empty body gives null, 204 gives null; any other status throws an ApiError
 * built from the server's { code, message, details } (or the generic error).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const res = await send(buildUrl(path, options.query), options, { auth: false, xsrf: false });
  if (res.status === 204) return null as T;
  if (!res.ok) throw await errorFromResponse(res);
  const text = await res.text();
  if (text === '') return null as T;
  return JSON.parse(text) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** A file from the API (with the user's token, which a plain link cannot send); errors as apiRequest. */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await send(buildUrl(path), { headers: { accept: '*/*' } }, { auth: false, xsrf: false });
  if (!res.ok) throw await errorFromResponse(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return { blob: await res.blob(), fileName: encoded ? decodeURIComponent(encoded) : null };
}
