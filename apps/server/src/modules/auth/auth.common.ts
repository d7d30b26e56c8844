import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { can, hasRole, isAdmin, isDepartment, isKeyUser } from '@mp/contract/permissions';
import type { Config } from '../../config.ts';
import { hashPassword } from '../../platform/auth/password.ts';
import { type LoginType, signAccessToken, type TokenSettings } from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, fieldErrors } from '../../platform/errors.ts';
import type { AuthUser, Ctx } from '../../platform/http/context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { getSetting } from '../settings/index.ts';
import { bumpSessionGeneration, insertRefreshToken, type UserRow } from './auth.queries.ts';
import type { Oidc } from './oidc.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from './password-policy.ts';

// What the auth services of this folder share: the types, the tokens of a session, errors, helpers.

export const RESET_TOKEN_TTL_MINUTES = 60;

/** The user as the login answer shows them. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  internalExternal: 'Internal' | 'External';
  language: string;
  /** The equipment department (decision 0018). */
  isDepartment: boolean;
  /** A customer's key user (decision 0023): manages its customer's users. */
  isKeyUser: boolean;
  /** The board (named role management): the complaints overview. */
  isManagement: boolean;
  /** Holds AppRapportage (admins too): reports and page usage. */
  canReport: boolean;
  /** May change the corporate identity (admins, AppCorporateIdentity holders; decision 0026). */
  canCorporateIdentity: boolean;
  /** Runs the ERP connection (admins, BusinessCentral holders; decision 0027): the Koppelingen page. */
  canErp: boolean;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
  /** Access token expiry, seconds since epoch. */
  expiresAt: number;
  user: PublicUser;
}

/** Minimal structured logger (Fastify's pino logger fits); auth events are logged without secrets. */
export interface Log {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export interface AuthDeps {
  config: Config;
  tokens: TokenSettings;
  mailer: Mailer;
  oidc: Oidc;
  log: Log;
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
export const randomToken = () => randomBytes(32).toString('base64url');

export const wrongCredentials = () => new AppError('unauthenticated', 'Inloggen.onjuiste_gegevens');
export const invalidRefresh = () => new AppError('unauthenticated', 'error.token_ongeldig');
export const invalidReset = () => new AppError('invalid', 'error.reset_token_ongeldig');

export function toAuthUser(u: UserRow): AuthUser {
  return {
    id: u.id,
    email: u.email,
    name: u.name,
    role: u.role,
    kind: u.kind,
    permissions: u.permissions,
    customerId: u.customerId,
  };
}

export function toPublicUser(u: UserRow): PublicUser {
  return {
    id: u.id,
    name: u.name,
    email: u.email,
    isAdmin: isAdmin({ user: u }),
    internalExternal: u.kind === 'internal' ? 'Internal' : 'External',
    language: u.language,
    isDepartment: isDepartment({ user: { role: u.role, kind: u.kind, permissions: u.permissions ?? [] } }),
    isKeyUser: isKeyUser({ user: { ...u, permissions: u.permissions ?? [] } }),
    isManagement: hasRole(
      { user: { role: u.role, kind: u.kind, permissions: u.permissions ?? [] } },
      'management',
    ),
    canReport: can(
      { user: { role: u.role, kind: u.kind, permissions: u.permissions ?? [] } },
      'AppRapportage',
      'read',
    ),
    canCorporateIdentity: can(
      { user: { role: u.role, kind: u.kind, permissions: u.permissions ?? [] } },
      'AppCorporateIdentity',
      'write',
    ),
    canErp: can(
      { user: { role: u.role, kind: u.kind, permissions: u.permissions ?? [] } },
      'BusinessCentral',
      'write',
    ),
  };
}

// why: an unknown e-mail is verified against this hash, so it costs as much time as a known one.
let dummy: ReturnType<typeof hashPassword> | undefined;
export const dummyHash = () => {
  dummy ??= hashPassword(randomToken());
  return dummy;
};

/** Work whose duration must not show in the answer (mail for a known account): run after replying. */
export function later(log: Log, what: string, work: () => Promise<void>): void {
  setImmediate(() => {
    work().catch((err) => log.error({ err, what }, 'background auth work failed'));
  });
}

export function checkNewPassword(password: string, field: string, email?: string): void {
  const problem = passwordProblem(password, email);
  if (problem) {
    const params = { min: PASSWORD_MIN, max: PASSWORD_MAX };
    throw fieldErrors(
      'invalid',
      'error.ongeldige_invoer',
      { [field]: { code: problem, params } },
      { details: { in: 'body' } },
    );
  }
}

/** A new refresh-token family (a session) with its first access token. */
export async function startSession(
  ctx: Ctx,
  deps: AuthDeps,
  user: UserRow,
  loginType: LoginType,
): Promise<TokenPair> {
  const familyId = randomUUID();
  const familyExpiresAt = new Date(ctx.now.getTime() + deps.config.REFRESH_TOKEN_ABSOLUTE_SECONDS * 1000);
  return continueSession(ctx, deps, user, { familyId, familyExpiresAt, loginType });
}

export async function continueSession(
  ctx: Ctx,
  deps: AuthDeps,
  user: UserRow,
  family: { familyId: string; familyExpiresAt: Date; loginType: LoginType },
): Promise<TokenPair> {
  const refreshToken = randomToken();
  const expiresAt = new Date(
    Math.min(
      ctx.now.getTime() + deps.config.REFRESH_TOKEN_TTL_SECONDS * 1000,
      family.familyExpiresAt.getTime(),
    ),
  );
  await insertRefreshToken(ctx.db, {
    userId: user.id,
    familyId: family.familyId,
    tokenHash: sha256(refreshToken),
    sessionGeneration: user.sessionGeneration,
    loginType: family.loginType,
    expiresAt,
    familyExpiresAt: family.familyExpiresAt,
    createdAt: ctx.now,
  });
  const access = await signAccessToken(
    deps.tokens,
    {
      user: toAuthUser(user),
      loginType: family.loginType,
      upn: user.upn ?? user.email,
      sessionId: family.familyId,
      generation: user.sessionGeneration,
      accessVersion: user.accessVersion,
    },
    ctx.now,
  );
  return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt, user: toPublicUser(user) };
}

export async function endAllSessions(db: Db, userId: string, now: Date): Promise<void> {
  await bumpSessionGeneration(db, userId, now);
}

export async function portalName(ctx: Ctx): Promise<string> {
  return (await getSetting(ctx, 'CustomTitle')).trim() || 'Materieelportaal';
}
