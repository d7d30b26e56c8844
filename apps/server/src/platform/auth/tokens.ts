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
}

export type LoginType = 'password' | 'external';

/** A verified access token: the user plus the session it belongs to. */
export interface AccessTokenClaims {
  user: AuthUser;
  sessionId: string | null;
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

export async function readAccessToken(
  s: TokenSettings,
  token: string,
  now = new Date(),
): Promise<AccessTokenClaims> {
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
    return {
      user,
      sessionId: typeof payload.sid === 'string' ? payload.sid : null,
      loginType: payload.LoginType === 'external' ? 'external' : 'password',
      upn: String(payload.upn ?? user.email),
    };
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw new AppError('unauthenticated', 'error.token_verlopen');
    throw new AppError('unauthenticated', 'error.token_ongeldig');
  }
}
