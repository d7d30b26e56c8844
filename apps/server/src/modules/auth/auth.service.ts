import { verifyPassword } from '../../platform/auth/password.ts';
import { readAccessToken } from '../../platform/auth/tokens.ts';
import { AppError, errors } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import {
  type AuthDeps,
  continueSession,
  dummyHash,
  invalidRefresh,
  sha256,
  startSession,
  type TokenPair,
  wrongCredentials,
} from './auth.common.ts';
import { newDeviceToken, trustedDevice } from './auth.devices.ts';
import {
  deleteExpiredRefreshTokens,
  findRefreshToken,
  findUserByEmail,
  markRefreshTokenUsed,
  recordLogin,
  revokeFamily,
} from './auth.queries.ts';
import { assertNotThrottled, buckets, clearBucket, recordAttempt } from './throttle.ts';

// Sessions: login, refresh-token rotation, logout. Passwords, registration and the external login have
// files of their own (auth.passwords.ts, auth.register.ts, auth.external.ts).

/**
 * Signs in with e-mail and password. `device` is the caller's device cookie: from a device that signed in to this
 * account before, failures count against that device only; from anywhere else against the account's untrusted
 * clients (auth.devices.ts). The answer carries a device token for the caller to keep.
 */
export async function login(
  ctx: Ctx,
  deps: AuthDeps,
  input: { email: string; password: string; device?: string | null },
): Promise<TokenPair & { deviceToken: string }> {
  const trusted = trustedDevice(deps.tokens.secret, input.device, input.email);
  const account = trusted ? buckets.device(trusted) : buckets.account(input.email);
  const address = buckets.address(ctx.ip);
  await assertNotThrottled(ctx.db, [account, address], ctx.now);
  const user = await findUserByEmail(ctx.db, input.email.trim());
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyHash()), input.password);
  if (!user?.passwordHash || !ok) {
    await recordAttempt(ctx.db, [account, address], ctx.ip, ctx.now);
    deps.log.info({ event: 'login_failed', userId: user?.id ?? null, ip: ctx.ip }, 'login failed');
    throw wrongCredentials();
  }
  // Told only to someone who knows the password.
  if (user.disabled) {
    deps.log.info({ event: 'login_disabled', userId: user.id, ip: ctx.ip }, 'login of a disabled account');
    throw errors.forbidden('error.account_geblokkeerd');
  }
  if (!user.approvedAt) {
    deps.log.info(
      { event: 'login_pending', userId: user.id, ip: ctx.ip },
      'login of an account awaiting approval',
    );
    throw errors.forbidden('error.account_wacht_op_goedkeuring');
  }
  await clearBucket(ctx.db, account);
  await recordLogin(ctx.db, user.id, ctx.now);
  deps.log.info({ event: 'login', userId: user.id, ip: ctx.ip, trustedDevice: Boolean(trusted) }, 'login');
  const pair = await startSession(ctx, deps, user, 'password');
  return {
    ...pair,
    deviceToken: trusted && input.device ? input.device : newDeviceToken(deps.tokens.secret, input.email),
  };
}

/** Rotates a refresh token; a used one that comes back revokes its whole family. */
export async function refresh(ctx: Ctx, deps: AuthDeps, refreshToken: string): Promise<TokenPair> {
  const found = await findRefreshToken(ctx.db, sha256(refreshToken));
  if (!found) throw invalidRefresh();
  const { token, user } = found;
  if (token.revokedAt) throw invalidRefresh();
  if (token.usedAt) {
    await revokeFamily(ctx.db, token.familyId, ctx.now);
    deps.log.warn(
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
  return continueSession(ctx, deps, user, {
    familyId: token.familyId,
    familyExpiresAt: token.familyExpiresAt,
    loginType: token.loginType === 'external' ? 'external' : 'password',
  });
}

/** Ends the session of this access token (claim sid) and of the refresh token when one is given. */
export async function logout(
  ctx: Ctx,
  deps: AuthDeps,
  input: { accessToken: string | null; refreshToken: string | null },
): Promise<void> {
  const user = requireUser(ctx);
  if (input.accessToken) {
    const claims = await readAccessToken(deps.tokens, input.accessToken, ctx.now);
    if (claims.sessionId) await revokeFamily(ctx.db, claims.sessionId, ctx.now, user.id);
  }
  if (input.refreshToken) {
    const found = await findRefreshToken(ctx.db, sha256(input.refreshToken));
    if (found && found.user.id === user.id)
      await revokeFamily(ctx.db, found.token.familyId, ctx.now, user.id);
  }
  deps.log.info({ event: 'logout', userId: user.id }, 'logout');
}
