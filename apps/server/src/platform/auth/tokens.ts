import { decodeProtectedHeader, errors as joseErrors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../errors.ts';
import type { AuthUser } from '../http/context.ts';

export const ROLE_CLAIM = 'http://schemas.microsoft.com/ws/2008/06/identity/claims/role';
const ALG = 'HS256';
const TYPE = 'at+jwt';

export interface TokenSettings {
  secret: Uint8Array;
  issuer: string;
  audience: string;
  accessTtlSeconds: number;
}

export interface AccessTokenInput {
  user: AuthUser;
  loginType: LoginType;
  upn?: string | null;
  /** The refresh-token family this access token belongs to (claim `sid`); logout revokes it. */
  sessionId?: string | null;
  /** The user's session generation (claim `gen`); a password change, reset or disabling bumps it. */
  generation?: number;
  /** The version of the user's rights (claim `av`, users.access_version); any change of them bumps it. */
  accessVersion?: number;
}

export type LoginType = 'password' | 'external';

/** A verified access token: the user plus the session it belongs to. */
export interface AccessTokenClaims {
  user: AuthUser;
  sessionId: string | null;
  /** Claim `gen`; 0 for a token without one. */
  generation: number;
  /** Claim `av`; 0 for a token without one. */
  accessVersion: number;
  loginType: LoginType;
  upn: string;
}

/** Header parameters that point at other keys; an attacker could use them to supply their own key. */
const KEY_HEADERS = ['jwk', 'jku', 'x5u', 'x5c', 'x5t', 'x5t#S256', 'kid'] as const;

export async function signAccessToken(s: TokenSettings, input: AccessTokenInput, now = new Date()) {
  const iat = Math.floor(now.getTime() / 1000);
  const exp = iat + s.accessTtlSeconds;
  const { user } = input;
  const token = await new SignJWT({
    email: user.email,
    name: user.name,
    LoginType: input.loginType,
    upn: input.upn ?? user.email,
    InternalExternal: user.kind === 'internal' ? 'Internal' : 'External',
    [ROLE_CLAIM]: user.role === 'admin' ? 'Admin' : 'User',
    perm: user.permissions,
    cid: user.customerId,
    ...(input.sessionId ? { sid: input.sessionId } : {}),
    ...(input.generation ? { gen: input.generation } : {}),
    ...(input.accessVersion ? { av: input.accessVersion } : {}),
  })
    .setProtectedHeader({ alg: ALG, typ: TYPE })
    .setSubject(user.id)
    .setIssuer(s.issuer)
    .setAudience(s.audience)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(s.secret);
  return { token, expiresAt: exp };
}

/** Verifies signature (HS256 only), type, issuer, audience and expiry; anything else is 401. */
export async function verifyAccessToken(
  s: TokenSettings,
  token: string,
  now = new Date(),
): Promise<AuthUser> {
  return (await readAccessToken(s, token, now)).user;
}

/**
 * Tokens verified before, per token settings: every request carries its token again, and an HMAC check
 * through WebCrypto costs more than the quick search it guards. Only the exact same string hits; its
 * expiry is checked against the clock on every use, as jose would. Frozen: callers share the claims.
 */
const verified = new WeakMap<TokenSettings, Map<string, { claims: AccessTokenClaims; exp: number }>>();
const VERIFIED_MAX = 5000;

export async function readAccessToken(
  s: TokenSettings,
  token: string,
  now = new Date(),
): Promise<AccessTokenClaims> {
  let cache = verified.get(s);
  if (!cache) {
    cache = new Map();
    verified.set(s, cache);
  }
  const hit = cache.get(token);
  if (hit) {
    // jose: expired when exp <= now (whole seconds, no tolerance)
    if (hit.exp > Math.floor(now.getTime() / 1000)) return hit.claims;
    cache.delete(token);
    throw new AppError('unauthenticated', 'error.token_verlopen');
  }
  const claims = await verifyAndRead(s, token, now);
  cache.set(token, claims);
  if (cache.size > VERIFIED_MAX) cache.delete(cache.keys().next().value as string);
  return claims.claims;
}

async function verifyAndRead(
  s: TokenSettings,
  token: string,
  now: Date,
): Promise<{ claims: AccessTokenClaims; exp: number }> {
  try {
    const header = decodeProtectedHeader(token);
    // why: jose ignores these for a symmetric key, but a token that carries them was not made by us.
    if (KEY_HEADERS.some((k) => k in header) || header.crit !== undefined) throw new Error('key header');
    const { payload } = await jwtVerify(token, s.secret, {
      algorithms: [ALG],
      issuer: s.issuer,
      audience: s.audience,
      typ: TYPE,
      currentDate: now,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    const role = payload[ROLE_CLAIM] === 'Admin' ? 'admin' : 'user';
    const user: AuthUser = {
      id: String(payload.sub),
      email: String(payload.email ?? ''),
      name: String(payload.name ?? ''),
      role,
      kind: payload.InternalExternal === 'Internal' ? 'internal' : 'external',
      permissions: Array.isArray(payload.perm) ? payload.perm.map(String) : [],
      customerId: typeof payload.cid === 'string' ? payload.cid : null,
    };
    Object.freeze(user.permissions);
    const claims: AccessTokenClaims = Object.freeze({
      user: Object.freeze(user),
      sessionId: typeof payload.sid === 'string' ? payload.sid : null,
      generation: typeof payload.gen === 'number' && Number.isSafeInteger(payload.gen) ? payload.gen : 0,
      accessVersion: typeof payload.av === 'number' && Number.isSafeInteger(payload.av) ? payload.av : 0,
      loginType: payload.LoginType === 'external' ? 'external' : 'password',
      upn: String(payload.upn ?? user.email),
    });
    return { claims, exp: payload.exp as number };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new AppError('unauthenticated', 'error.token_verlopen');
    throw new AppError('unauthenticated', 'error.token_ongeldig');
  }
}
