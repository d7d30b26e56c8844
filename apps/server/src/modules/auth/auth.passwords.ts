import { hashPassword, verifyPassword } from '../../platform/auth/password.ts';
import type { Db } from '../../platform/db/database.ts';
import { errors, fieldErrors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { sendTemplatedMail } from '../../platform/mail/templates.ts';
import {
  type AuthDeps,
  checkNewPassword,
  dummyHash,
  endAllSessions,
  invalidReset,
  later,
  portalName,
  RESET_TOKEN_TTL_MINUTES,
  randomToken,
  sha256,
  startSession,
  type TokenPair,
} from './auth.common.ts';
import {
  consumeResetToken,
  countRecentResetTokens,
  findUsableResetToken,
  findUserByEmail,
  findUserById,
  insertResetToken,
  lockResetTokens,
  setPasswordHash,
} from './auth.queries.ts';
import {
  assertNotThrottled,
  buckets,
  clearBucket,
  RESET_MAILS_PER_ACCOUNT,
  recordAttempt,
  WINDOW_SECONDS,
} from './throttle.ts';

/**
 * Reset and invitation links of one account are issued one at a time: takes the account's turn until the end of the
 * caller's transaction (a count and an insert under it never pass a limit together).
 */
export async function takeLinkTurn(db: Db, userId: string): Promise<void> {
  await lockResetTokens(db, userId);
}

/** Always the same answer; when the account exists (and is enabled) a single-use link is mailed. */
export async function forgotPassword(ctx: Ctx, deps: AuthDeps, input: { email: string }): Promise<void> {
  const bucket = buckets.mailAddress('forgot', ctx.ip);
  await assertNotThrottled(ctx.db, [bucket], ctx.now);
  await recordAttempt(ctx.db, [bucket], ctx.ip, ctx.now);
  const user = await findUserByEmail(ctx.db, input.email.trim());
  deps.log.info({ event: 'password_forgot', userId: user?.id ?? null, ip: ctx.ip }, 'password reset asked');
  if (!user || user.disabled) return;
  const now = ctx.now;
  later(deps.log, 'password reset mail', async () => {
    const since = new Date(now.getTime() - WINDOW_SECONDS * 1000);
    const token = randomToken();
    // why: count and insert under the account's lock, so parallel requests never pass the limit together.
    const issued = await ctx.db.transaction(async (tx) => {
      await takeLinkTurn(tx, user.id);
      if ((await countRecentResetTokens(tx, user.id, since)) >= RESET_MAILS_PER_ACCOUNT) return false;
      await insertResetToken(tx, {
        userId: user.id,
        tokenHash: sha256(token),
        purpose: 'reset',
        expiresAt: new Date(now.getTime() + RESET_TOKEN_TTL_MINUTES * 60 * 1000),
        createdAt: now,
      });
      return true;
    });
    if (!issued) return;
    const link = `${deps.config.publicUrl}/wachtwoord-resetten?token=${encodeURIComponent(token)}`;
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
          portalUrl: deps.config.publicUrl,
        },
      },
    );
  });
}

/** Sets a new password with a mailed token (single use, 60 minutes) and ends every session. */
export async function resetPassword(
  ctx: Ctx,
  deps: AuthDeps,
  input: { token: string; password: string },
): Promise<void> {
  const found = await findUsableResetToken(ctx.db, sha256(input.token), ctx.now);
  if (!found || found.user.disabled) throw invalidReset();
  checkNewPassword(input.password, 'password', found.user.email);
  const hash = await hashPassword(input.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeResetToken(tx, found.token.id, found.user.id, ctx.now))) throw invalidReset();
    await setPasswordHash(tx, found.user.id, hash, ctx.now);
    await endAllSessions(tx, found.user.id, ctx.now);
  });
  await clearBucket(ctx.db, buckets.account(found.user.email));
  deps.log.info({ event: 'password_reset', userId: found.user.id }, 'password reset');
}

/** The signed-in user's own password; other sessions end, this one continues with a new pair. */
export async function changePassword(
  ctx: Ctx,
  deps: AuthDeps,
  input: { currentPassword: string; newPassword: string },
): Promise<TokenPair> {
  const me = requireUser(ctx);
  const user = await findUserById(ctx.db, me.id);
  if (!user || user.disabled) throw errors.unauthenticated();
  const account = buckets.account(user.email);
  await assertNotThrottled(ctx.db, [account], ctx.now);
  const ok = await verifyPassword(user.passwordHash ?? (await dummyHash()), input.currentPassword);
  if (!user.passwordHash || !ok) {
    await recordAttempt(ctx.db, [account], ctx.ip, ctx.now);
    throw fieldErrors(
      'invalid',
      'error.ongeldige_invoer',
      { currentPassword: 'WachtwoordWijzigen.huidig_onjuist' },
      { details: { in: 'body' } },
    );
  }
  checkNewPassword(input.newPassword, 'newPassword', user.email);
  const hash = await hashPassword(input.newPassword);
  const updated = await ctx.db.transaction(async (tx) => {
    await setPasswordHash(tx, user.id, hash, ctx.now);
    await endAllSessions(tx, user.id, ctx.now);
    return findUserById(tx, user.id);
  });
  deps.log.info({ event: 'password_changed', userId: user.id }, 'password changed');
  return startSession(ctx, deps, updated ?? user, 'password');
}
