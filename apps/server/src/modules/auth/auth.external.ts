import { locales } from '@mp/contract/i18n';
import { AppError, errors } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { type AuthDeps, startSession, type TokenPair } from './auth.common.ts';
import {
  findUserByEmail,
  findUserByExternalIdentity,
  insertUser,
  linkExternalIdentity,
  recordLogin,
  type UserRow,
} from './auth.queries.ts';
import { type CallbackParams, type ExternalIdentity, kindOf, type Oidc } from './oidc.ts';
import { assertNotThrottled, buckets, recordAttempt } from './throttle.ts';

/**
 * The account of an external identity: known by (issuer, subject); else the account with the same
 * verified e-mail address if it has no external identity yet; else a new one. Never across providers.
 */
async function resolveExternalUser(ctx: Ctx, deps: AuthDeps, identity: ExternalIdentity): Promise<UserRow> {
  const refuse = (reason: string, code = 'ExternalLogin.mislukt') => {
    deps.log.warn(
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
    kind: kindOf(identity, deps.config.OIDC_INTERNAL_DOMAINS),
    role: 'user',
    language,
    oidcIssuer: identity.issuer,
    oidcSubject: identity.subject,
    upn: identity.upn,
    createdAt: ctx.now,
    updatedAt: ctx.now,
  });
  if (!created) throw refuse('account raced');
  deps.log.info({ event: 'external_user_created', userId: created.id }, 'account created by external login');
  return created;
}

// ── external login (OpenID Connect) ────────────────────────────────────────────────────

export function externalLoginEnabled(deps: AuthDeps): boolean {
  return deps.oidc.enabled;
}

export async function externalLoginUrl(
  ctx: Ctx,
  deps: AuthDeps,
  redirectUrl: string | null,
): Promise<{ url: string; sealed: string }> {
  if (!deps.oidc.enabled) throw errors.notFound();
  return deps.oidc.start(redirectUrl, ctx.now);
}

export async function externalLogin(
  ctx: Ctx,
  deps: AuthDeps,
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
    deps.log.info(
      { event: 'external_login_failed', ip: ctx.ip, reason: String((e as Error).cause ?? e) },
      'external login failed',
    );
    throw e;
  }
  const user = await resolveExternalUser(ctx, deps, result.identity);
  await recordLogin(ctx.db, user.id, ctx.now, result.identity.upn ?? user.upn);
  deps.log.info({ event: 'external_login', userId: user.id, ip: ctx.ip }, 'external login');
  const pair = await startSession(ctx, deps, { ...user, upn: result.identity.upn ?? user.upn }, 'external');
  return { ...pair, redirectUrl: result.redirectUrl };
}
