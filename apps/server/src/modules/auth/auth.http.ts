import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { PENDING_TTL_SECONDS } from './oidc.ts';

export const REFRESH_TOKEN_HEADER = 'x-refresh-token';

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
