import { SESSION_COOKIE_HEADER } from '@mp/contract/api/auth';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { PENDING_TTL_SECONDS } from './oidc.ts';

export const REFRESH_TOKEN_HEADER = 'x-refresh-token';

/**
 * The refresh token of a browser session (docs/decisions/0012): HttpOnly, SameSite=Strict, never readable by
 * the page's scripts; `__Host-` and Secure on an https portal. Lives as long as a refresh token may.
 */
export function refreshCookie(deps: Pick<Deps, 'config'>) {
  const secure = deps.config.publicUrl.startsWith('https:');
  return {
    name: secure ? '__Host-mp-refresh' : 'mp-refresh',
    options: {
      path: '/',
      httpOnly: true,
      sameSite: 'strict' as const,
      secure,
      maxAge: deps.config.REFRESH_TOKEN_ABSOLUTE_SECONDS,
    },
  };
}

/**
 * A token answer for this caller: a browser that asked (X-Session-Cookie: 1) gets its refresh token as the
 * HttpOnly cookie and not in the body; an API client gets it in the body as before.
 */
export function answerTokens<T extends { refreshToken?: string }>(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: Pick<Deps, 'config'>,
  pair: T,
): T {
  if (req.headers[SESSION_COOKIE_HEADER] !== '1' || !pair.refreshToken) return pair;
  const cookie = refreshCookie(deps);
  reply.setCookie(cookie.name, pair.refreshToken, cookie.options);
  const { refreshToken: _, ...rest } = pair;
  return rest as T;
}

/** The refresh token the caller sent in the session cookie, if any. */
export function cookieRefreshToken(req: FastifyRequest, deps: Pick<Deps, 'config'>): string | null {
  return req.cookies?.[refreshCookie(deps).name] ?? null;
}

export function clearRefreshCookie(reply: FastifyReply, deps: Pick<Deps, 'config'>): void {
  const cookie = refreshCookie(deps);
  reply.clearCookie(cookie.name, { path: '/', secure: cookie.options.secure });
}

/** Calls that work without signing in ignore a stale bearer token instead of failing on it. */
export function publicCtx(req: FastifyRequest, deps: Pick<Deps, 'db' | 'clock' | 'loadSettings'>): Ctx {
  return {
    user: null,
    locale: req.locale,
    db: deps.db,
    now: deps.clock(),
    ip: req.ip,
    settings: () => deps.loadSettings(deps.db),
  };
}

/** The cookie that carries the sealed OIDC state between the two external-login calls. */
export function pendingCookie(deps: Deps) {
  const secure = deps.config.publicUrl.startsWith('https:');
  return {
    name: secure ? '__Host-mp-oidc' : 'mp-oidc',
    options: { path: '/', httpOnly: true, sameSite: 'lax' as const, secure, maxAge: PENDING_TTL_SECONDS },
  };
}

/** The device cookie (auth.devices.ts): a year, HttpOnly, sent only to the portal itself. */
export function deviceCookie(deps: Deps) {
  const secure = deps.config.publicUrl.startsWith('https:');
  return {
    name: secure ? '__Host-mp-device' : 'mp-device',
    options: { path: '/', httpOnly: true, sameSite: 'strict' as const, secure, maxAge: 365 * 24 * 3600 },
  };
}

/** Signs in with the caller's device cookie and hands the (new) one back; the answer is the token pair. */
export async function loginWithDevice<T extends { deviceToken: string }>(
  req: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  signIn: (device: string | null) => Promise<T>,
): Promise<Omit<T, 'deviceToken'>> {
  const cookie = deviceCookie(deps);
  const { deviceToken, ...pair } = await signIn(req.cookies?.[cookie.name] ?? null);
  reply.setCookie(cookie.name, deviceToken, cookie.options);
  return pair;
}

export function takePendingCookie(req: FastifyRequest, reply: FastifyReply, deps: Deps): string | undefined {
  const cookie = pendingCookie(deps);
  const value = req.cookies?.[cookie.name];
  if (value !== undefined) reply.clearCookie(cookie.name, { path: '/', secure: cookie.options.secure });
  return value;
}

export function bearerOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : null;
}
