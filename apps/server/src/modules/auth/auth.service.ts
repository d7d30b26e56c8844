import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { defaultLocale, isLocale, locales, translate } from '@mp/contract/i18n';
import type { Config } from '../../config.ts';
import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import {
  type LoginType,
  readAccessToken,
  signAccessToken,
  type TokenSettings,
} from '../../platform/auth/tokens.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { type AuthUser, type Ctx, requireUser } from '../../platform/http/context.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { sendTemplatedMail } from '../../platform/mail/templates.ts';
import { getSetting } from '../settings/index.ts';
import {
  adminEmails,
  bumpSessionGeneration,
  consumeResetToken,
  countRecentResetTokens,
  deleteExpiredRefreshTokens,
  findRefreshToken,
  findUsableResetToken,
  findUserByEmail,
  findUserByExternalIdentity,
  findUserById,
  insertRefreshToken,
  insertResetToken,
  insertUser,
  linkExternalIdentity,
  markRefreshTokenUsed,
  recordLogin,
  revokeFamily,
  setPasswordHash,
  type UserRow,
} from './auth.queries.ts';
import { type CallbackParams, type ExternalIdentity, kindOf, type Oidc } from './oidc.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from './password-policy.ts';
import {
  assertNotThrottled,
  buckets,
  clearBucket,
  RESET_MAILS_PER_ACCOUNT,
  recordAttempt,
  WINDOW_SECONDS,
} from './throttle.ts';

export const RESET_TOKEN_TTL_MINUTES = 60;

/** The user as the login answer shows them. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  isAdmin: boolean;
  internalExternal: 'Internal' | 'External';
  language: string;
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
const randomToken = () => randomBytes(32).toString('base64url');

const wrongCredentials = () => new AppError('unauthenticated', 'Inloggen.onjuiste_gegevens');
const invalidRefresh = () => new AppError('unauthenticated', 'error.token_ongeldig');
const invalidReset = () => new AppError('invalid', 'error.reset_token_ongeldig');

/** A 400 naming one field, shaped like schema validation errors: details.fields[field] = { code, message }. */
function fieldError(
  ctx: Ctx,
  field: string,
  code: string,
  params?: Record<string, string | number>,
): AppError {
  return errors.invalid({
    in: 'body',
    fields: { [field]: { code, message: translate(ctx.locale, code, params) } },
  });
}

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
    isAdmin: u.role === 'admin',
    internalExternal: u.kind === 'internal' ? 'Internal' : 'External',
    language: u.language,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;

export function createAuthService(deps: AuthDeps) {
  const { config, tokens, log } = deps;
  // why: an unknown e-mail is verified against this hash, so it costs as much time as a known one.
  const dummyHash = hashPassword(randomToken());

  /** Work whose duration must not show in the answer (mail for a known account): run after replying. */
  function later(what: string, work: () => Promise<void>): void {
    setImmediate(() => {
      work().catch((err) => log.error({ err, what }, 'background auth work failed'));
    });
  }

  function checkNewPassword(ctx: Ctx, password: string, field: string, email?: string): void {
    const problem = passwordProblem(password, email);
    if (problem) throw fieldError(ctx, field, problem, { min: PASSWORD_MIN, max: PASSWORD_MAX });
  }

  /** A new refresh-token family (a session) with its first access token. */
  async function startSession(ctx: Ctx, user: UserRow, loginType: LoginType): Promise<TokenPair> {
    const familyId = randomUUID();
    const familyExpiresAt = new Date(ctx.now.getTime() + config.REFRESH_TOKEN_ABSOLUTE_SECONDS * 1000);
    return continueSession(ctx, user, { familyId, familyExpiresAt, loginType });
  }

  async function continueSession(
    ctx: Ctx,
    user: UserRow,
    family: { familyId: string; familyExpiresAt: Date; loginType: LoginType },
  ): Promise<TokenPair> {
    const refreshToken = randomToken();
    const expiresAt = new Date(
      Math.min(ctx.now.getTime() + config.REFRESH_TOKEN_TTL_SECONDS * 1000, family.familyExpiresAt.getTime()),
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
      tokens,
      {
        user: toAuthUser(user),
        loginType: family.loginType,
        upn: user.upn ?? user.email,
        sessionId: family.familyId,
      },
      ctx.now,
    );
    return { accessToken: access.token, refreshToken, expiresAt: access.expiresAt, user: toPublicUser(user) };
  }

  async function endAllSessions(db: Db, userId: string, now: Date): Promise<void> {
    await bumpSessionGeneration(db, userId, now);
  }

  async function portalName(ctx: Ctx): Promise<string> {
    return (await getSetting(ctx, 'CustomTitle')).trim() || 'Materieelportaal';
  }

  async function mailToDepartment(ctx: Ctx, values: Record<string, string>): Promise<void> {
    const department = await getSetting(ctx, 'OrderWizardDefaultReceiver');
    const to = department
      ? [{ email: department, language: await getSetting(ctx, 'DefaultLanguage') }]
      : await adminEmails(ctx.db);
    for (const r of to) {
      await sendTemplatedMail(
        { db: ctx.db, mailer: deps.mailer },
        { type: 'NewUserRequest', locale: String(r.language ?? defaultLocale), to: r.email, values },
      );
    }
  }

  /**
   * The account of an external identity: known by (issuer, subject); else the account with the same
   * verified e-mail address if it has no external identity yet; else a new one. Never across providers.
   */
  async function resolveExternalUser(ctx: Ctx, identity: ExternalIdentity): Promise<UserRow> {
    const refuse = (reason: string, code = 'ExternalLogin.mislukt') => {
      log.warn(
        { event: 'external_login_refused', reason, issuer: identity.issuer },
        'external login refused',
      );
      return new AppError('unauthenticated', code);
    };
    const known = await findUserByExternalIdentity(ctx.db, identity.issuer, identity.subject);
    if (known) {
      if (known.disabled) throw refuse('disabled');
      return known;
    }
    if (!identity.email) throw refuse('no e-mail address');
    const byEmail = await findUserByEmail(ctx.db, identity.email);
    if (byEmail) {
      if (!identity.emailVerified) throw refuse('e-mail address not verified');
      if (byEmail.oidcIssuer || byEmail.oidcSubject) {
        throw refuse('account already has another external identity', 'ExternalLogin.geen_account');
      }
      if (byEmail.disabled) throw refuse('disabled');
      const linked = await linkExternalIdentity(
        ctx.db,
        byEmail.id,
        { issuer: identity.issuer, subject: identity.subject, upn: identity.upn },
        ctx.now,
      );
      if (!linked) throw refuse('link raced');
      return { ...byEmail, oidcIssuer: identity.issuer, oidcSubject: identity.subject, upn: identity.upn };
    }
    const language = locales.find((l) => l.toLowerCase() === identity.locale?.toLowerCase()) ?? ctx.locale;
    const created = await insertUser(ctx.db, {
      email: identity.email,
      name: identity.name ?? identity.email,
      passwordHash: null,
      kind: kindOf(identity, config.OIDC_INTERNAL_DOMAINS),
      role: 'user',
      language,
      oidcIssuer: identity.issuer,
      oidcSubject: identity.subject,
      upn: identity.upn,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    });
    if (!created) throw refuse('account raced');
    log.info({ event: 'external_user_created', userId: created.id }, 'account created by external login');
    return created;
  }

  return {
    async login(ctx: Ctx, input: { email: string; password: string }): Promise<TokenPair> {
      const account = buckets.account(input.email);
      const address = buckets.address(ctx.ip);
      await assertNotThrottled(ctx.db, [account, address], ctx.now);
      const user = await findUserByEmail(ctx.db, input.email.trim());
      const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash), input.password);
      if (!user?.passwordHash || !ok) {
        await recordAttempt(ctx.db, [account, address], ctx.ip, ctx.now);
        log.info({ event: 'login_failed', userId: user?.id ?? null, ip: ctx.ip }, 'login failed');
        throw wrongCredentials();
      }
      // Told only to someone who knows the password.
      if (user.disabled) {
        log.info({ event: 'login_disabled', userId: user.id, ip: ctx.ip }, 'login of a disabled account');
        throw errors.forbidden('error.account_geblokkeerd');
      }
      await clearBucket(ctx.db, account);
      await recordLogin(ctx.db, user.id, ctx.now);
      log.info({ event: 'login', userId: user.id, ip: ctx.ip }, 'login');
      return startSession(ctx, user, 'password');
    },

    /** Rotates a refresh token; a used one that comes back revokes its whole family. */
    async refresh(ctx: Ctx, refreshToken: string): Promise<TokenPair> {
      const found = await findRefreshToken(ctx.db, sha256(refreshToken));
      if (!found) throw invalidRefresh();
      const { token, user } = found;
      if (token.revokedAt) throw invalidRefresh();
      if (token.usedAt) {
        await revokeFamily(ctx.db, token.familyId, ctx.now);
        log.warn(
          { event: 'refresh_replay', userId: user.id, familyId: token.familyId, ip: ctx.ip },
          'refresh token replayed',
        );
        throw invalidRefresh();
      }
      if (token.expiresAt <= ctx.now || token.familyExpiresAt <= ctx.now) {
        throw new AppError('unauthenticated', 'error.token_verlopen');
      }
      if (user.disabled || user.sessionGeneration !== token.sessionGeneration) {
        await revokeFamily(ctx.db, token.familyId, ctx.now);
        throw invalidRefresh();
      }
      if (!(await markRefreshTokenUsed(ctx.db, token.id, ctx.now))) {
        // Two requests raced with one token: treat the loser as a replay.
        await revokeFamily(ctx.db, token.familyId, ctx.now);
        throw invalidRefresh();
      }
      // why: a sweep on rotation keeps the table to live families without a job.
      if (Math.random() < 0.01) await deleteExpiredRefreshTokens(ctx.db, ctx.now);
      return continueSession(ctx, user, {
        familyId: token.familyId,
        familyExpiresAt: token.familyExpiresAt,
        loginType: token.loginType === 'external' ? 'external' : 'password',
      });
    },

    /** Ends the session of this access token (claim sid) and of the refresh token when one is given. */
    async logout(
      ctx: Ctx,
      input: { accessToken: string | null; refreshToken: string | null },
    ): Promise<void> {
      const user = requireUser(ctx);
      if (input.accessToken) {
        const claims = await readAccessToken(tokens, input.accessToken, ctx.now);
        if (claims.sessionId) await revokeFamily(ctx.db, claims.sessionId, ctx.now, user.id);
      }
      if (input.refreshToken) {
        const found = await findRefreshToken(ctx.db, sha256(input.refreshToken));
        if (found && found.user.id === user.id)
          await revokeFamily(ctx.db, found.token.familyId, ctx.now, user.id);
      }
      log.info({ event: 'logout', userId: user.id }, 'logout');
    },

    /** Always the same answer; when the account exists (and is enabled) a single-use link is mailed. */
    async forgotPassword(ctx: Ctx, input: { email: string }): Promise<void> {
      const bucket = buckets.mailAddress('forgot', ctx.ip);
      await assertNotThrottled(ctx.db, [bucket], ctx.now);
      await recordAttempt(ctx.db, [bucket], ctx.ip, ctx.now);
      const user = await findUserByEmail(ctx.db, input.email.trim());
      log.info({ event: 'password_forgot', userId: user?.id ?? null, ip: ctx.ip }, 'password reset asked');
      if (!user || user.disabled) return;
      const now = ctx.now;
      later('password reset mail', async () => {
        const since = new Date(now.getTime() - WINDOW_SECONDS * 1000);
        if ((await countRecentResetTokens(ctx.db, user.id, since)) >= RESET_MAILS_PER_ACCOUNT) return;
        const token = randomToken();
        await insertResetToken(ctx.db, {
          userId: user.id,
          tokenHash: sha256(token),
          purpose: 'reset',
          expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
          createdAt: now,
        });
        const link = `${config.publicUrl}/wachtwoord-resetten?token=${encodeURIComponent(token)}`;
        await sendTemplatedMail(
          { db: ctx.db, mailer: deps.mailer },
          {
            type: 'UserForgotPassword',
            locale: user.language,
            to: user.email,
            values: {
              name: user.name,
              email: user.email,
              link,
              url: link,
              minutes: RESET_TOKEN_TTL_MINUTES,
              portal: await portalName(ctx),
              portalUrl: config.publicUrl,
            },
          },
        );
      });
    },

    /** Sets a new password with a mailed token (single use, 60 minutes) and ends every session. */
    async resetPassword(ctx: Ctx, input: { token: string; password: string }): Promise<void> {
      const found = await findUsableResetToken(ctx.db, sha256(input.token), ctx.now);
      if (!found || found.user.disabled) throw invalidReset();
      checkNewPassword(ctx, input.password, 'password', found.user.email);
      const hash = await hashPassword(input.password);
      await ctx.db.transaction(async (tx) => {
        if (!(await consumeResetToken(tx, found.token.id, found.user.id, ctx.now))) throw invalidReset();
        await setPasswordHash(tx, found.user.id, hash, ctx.now);
        await endAllSessions(tx, found.user.id, ctx.now);
      });
      await clearBucket(ctx.db, buckets.account(found.user.email));
      log.info({ event: 'password_reset', userId: found.user.id }, 'password reset');
    },

    /** The signed-in user's own password; other sessions end, this one continues with a new pair. */
    async changePassword(
      ctx: Ctx,
      input: { currentPassword: string; newPassword: string },
    ): Promise<TokenPair> {
      const me = requireUser(ctx);
      const user = await findUserById(ctx.db, me.id);
      if (!user || user.disabled) throw errors.unauthenticated();
      const account = buckets.account(user.email);
      await assertNotThrottled(ctx.db, [account], ctx.now);
      const ok = await verifyPassword(user.passwordHash ?? (await dummyHash), input.currentPassword);
      if (!user.passwordHash || !ok) {
        await recordAttempt(ctx.db, [account], ctx.ip, ctx.now);
        throw fieldError(ctx, 'currentPassword', 'WachtwoordWijzigen.huidig_onjuist');
      }
      checkNewPassword(ctx, input.newPassword, 'newPassword', user.email);
      const hash = await hashPassword(input.newPassword);
      const updated = await ctx.db.transaction(async (tx) => {
        await setPasswordHash(tx, user.id, hash, ctx.now);
        await endAllSessions(tx, user.id, ctx.now);
        return findUserById(tx, user.id);
      });
      log.info({ event: 'password_changed', userId: user.id }, 'password changed');
      return startSession(ctx, updated ?? user, 'password');
    },

    /**
     * Asks for an account (when Registratie_Tonen is on): an external user without locations; the department
     * is told. The answer never says whether the address was taken: that account gets a mail instead.
     */
    async register(
      ctx: Ctx,
      input: {
        name: string;
        email: string;
        password?: string;
        phone?: string;
        company?: string;
        comment?: string;
        language?: string;
      },
    ): Promise<void> {
      if (!(await getSetting(ctx, 'Registratie_Tonen'))) throw errors.forbidden('error.registratie_uit');
      const bucket = buckets.mailAddress('register', ctx.ip);
      await assertNotThrottled(ctx.db, [bucket], ctx.now);
      if (input.password !== undefined) checkNewPassword(ctx, input.password, 'password', input.email);
      await recordAttempt(ctx.db, [bucket], ctx.ip, ctx.now);
      const email = input.email.trim();
      // Hash in both cases so a taken address does not answer faster.
      const hash = input.password !== undefined ? await hashPassword(input.password) : null;
      const existing = await findUserByEmail(ctx.db, email);
      const language = isLocale(input.language) ? input.language : ctx.locale;
      if (existing) {
        log.info(
          { event: 'register_existing', userId: existing.id, ip: ctx.ip },
          'registration for a known address',
        );
        later('already registered mail', async () => {
          await sendTemplatedMail(
            { db: ctx.db, mailer: deps.mailer },
            {
              type: 'UserAlreadyRegistered',
              locale: existing.language,
              to: existing.email,
              values: {
                name: existing.name,
                link: `${config.publicUrl}/wachtwoord-vergeten`,
                portal: await portalName(ctx),
                portalUrl: config.publicUrl,
              },
            },
          );
        });
        return;
      }
      const created = await insertUser(ctx.db, {
        email,
        name: input.name.trim(),
        passwordHash: hash,
        kind: 'external',
        role: 'user',
        phone: input.phone?.trim() || null,
        language,
        createdAt: ctx.now,
        updatedAt: ctx.now,
      });
      if (!created) return; // someone registered the same address a moment ago: same answer
      log.info({ event: 'registered', userId: created.id, ip: ctx.ip }, 'account requested');
      later('new user request mail', async () =>
        mailToDepartment(ctx, {
          portal: await portalName(ctx),
          name: created.name,
          email: created.email,
          phone: created.phone ?? '',
          company: input.company?.trim() ?? '',
          comment: input.comment?.trim() ?? '',
          language,
          link: `${config.publicUrl}/gebruikers`,
          portalUrl: config.publicUrl,
        }),
      );
    },

    // ── external login (OpenID Connect) ────────────────────────────────────────────────────

    externalLoginEnabled(): boolean {
      return deps.oidc.enabled;
    },

    async externalLoginUrl(ctx: Ctx, redirectUrl: string | null): Promise<{ url: string; sealed: string }> {
      if (!deps.oidc.enabled) throw errors.notFound();
      return deps.oidc.start(redirectUrl, ctx.now);
    },

    async externalLogin(
      ctx: Ctx,
      params: CallbackParams,
      sealed: string | undefined,
    ): Promise<TokenPair & { redirectUrl: string | null }> {
      if (!deps.oidc.enabled) throw errors.notFound();
      const address = buckets.address(ctx.ip);
      await assertNotThrottled(ctx.db, [address], ctx.now);
      let result: Awaited<ReturnType<Oidc['finish']>>;
      try {
        result = await deps.oidc.finish(params, sealed, ctx.now);
      } catch (e) {
        await recordAttempt(ctx.db, [address], ctx.ip, ctx.now);
        log.info(
          { event: 'external_login_failed', ip: ctx.ip, reason: String((e as Error).cause ?? e) },
          'external login failed',
        );
        throw e;
      }
      const user = await resolveExternalUser(ctx, result.identity);
      await recordLogin(ctx.db, user.id, ctx.now, result.identity.upn ?? user.upn);
      log.info({ event: 'external_login', userId: user.id, ip: ctx.ip }, 'external login');
      const pair = await startSession(ctx, { ...user, upn: result.identity.upn ?? user.upn }, 'external');
      return { ...pair, redirectUrl: result.redirectUrl };
    },
  };
}
