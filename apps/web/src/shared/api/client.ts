import { SESSION_COOKIE_HEADER } from '@mp/contract/rules/session';
import type { z } from 'zod';
import { localeStore } from '../i18n/locale';
import { markReachable, markUnreachable } from '../offline/online';
import { endSession, ensureFreshSession, refreshSession, sessionStore } from '../session/session';
import { ANSWERS_CHECKED, type AnswerSchema, checkAnswer } from './answer-check';
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
  /** The contract schema of the answer, checked in development and tests (see ./answer-check.ts). */
  answer?: AnswerSchema;
}

/** The answer type of a call: what its contract schema describes. */
export type Answer<S extends z.ZodType> = z.output<S>;

/** Options of a fetcher's call: `answer` names the contract schema of the answer (see ./answer-check.ts). */
export type CallOptions<S extends z.ZodType> = Omit<RequestOptions, 'method' | 'body' | 'answer'> & {
  answer: AnswerSchema<S>;
};

/** Path parameters must be defined (product §5: 'The parameter X must be defined.'). */
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
    // a browser's refresh token is an HttpOnly cookie, never in an answer the page can read (decision 0012)
    [SESSION_COOKIE_HEADER]: '1',
    ...options.headers,
  };
  // a session kept without a token at an offline start (keepSessionUnrenewed) sends none
  if (session?.accessToken) headers.authorization = `Bearer ${session.accessToken}`;
  // a FormData body (an upload) sets its own multipart content type with its boundary
  const form = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !form) headers['content-type'] = 'application/json';
  if (method !== 'GET') {
    const token = await antiForgeryToken(retried.xsrf);
    if (token) headers[XSRF_HEADER] = token;
  }
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers,
      body:
        options.body === undefined
          ? undefined
          : form
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
      credentials: 'same-origin',
    });
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    // no answer at all: no reception, whatever navigator.onLine says (decision 0031)
    markUnreachable();
    throw new ApiError(0, NETWORK_ERROR_CODE, 'Network error');
  }
  markReachable();
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
 * built from the server's { code, message, details } (or the generic error). With `answer`, the answer is
 * checked against that contract schema in development and tests (null included: a call that answers
 * nothing names `c.common.noContent`).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const url = buildUrl(path, options.query);
  const res = await send(url, options, { auth: false, xsrf: false });
  if (!res.ok) throw await errorFromResponse(res);
  const text = res.status === 204 ? '' : await res.text();
  const body = text === '' ? null : (JSON.parse(text) as unknown);
  if (!ANSWERS_CHECKED) return body as T;
  return (await checkAnswer(`${options.method ?? 'GET'} ${url.split('?')[0]}`, options.answer, body)) as T;
}

/** The calls of the fetchers: each names the contract schema of its answer (see ./answer-check.ts). */
export const api = {
  get: <S extends z.ZodType>(path: string, options: CallOptions<S>) =>
    apiRequest<Answer<S>>(path, { ...options, method: 'GET' }),
  post: <S extends z.ZodType>(path: string, body: unknown, options: CallOptions<S>) =>
    apiRequest<Answer<S>>(path, { ...options, method: 'POST', body }),
  put: <S extends z.ZodType>(path: string, body: unknown, options: CallOptions<S>) =>
    apiRequest<Answer<S>>(path, { ...options, method: 'PUT', body }),
  patch: <S extends z.ZodType>(path: string, body: unknown, options: CallOptions<S>) =>
    apiRequest<Answer<S>>(path, { ...options, method: 'PATCH', body }),
  delete: <S extends z.ZodType>(path: string, options: CallOptions<S>) =>
    apiRequest<Answer<S>>(path, { ...options, method: 'DELETE' }),
};

/** A file from the API (with the user's token, which a plain link cannot send); errors as apiRequest. */
export async function apiFile(path: string): Promise<{ blob: Blob; fileName: string | null }> {
  const res = await send(buildUrl(path), { headers: { accept: '*/*' } }, { auth: false, xsrf: false });
  if (!res.ok) throw await errorFromResponse(res);
  const disposition = res.headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return { blob: await res.blob(), fileName: encoded ? decodeURIComponent(encoded) : null };
}
