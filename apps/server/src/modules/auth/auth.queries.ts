import { and, asc, count, eq, gt, isNull, lt, min, ne, sql } from 'drizzle-orm';
import { loginAttempts, passwordResetTokens, refreshTokens, users } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export type UserRow = typeof users.$inferSelect;
export type RefreshTokenRow = typeof refreshTokens.$inferSelect;

const byEmail = (email: string) => sql`lower(${users.email}) = lower(${email})`;

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(byEmail(email)).limit(1);
  return row;
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function findUserByExternalIdentity(
  db: Db,
  issuer: string,
  subject: string,
): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.oidcIssuer, issuer), eq(users.oidcSubject, subject)))
    .limit(1);
  return row;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** Links an external identity to an account that has none yet; false when someone else was quicker. */
export async function linkExternalIdentity(
  db: Db,
  userId: string,
  identity: { issuer: string; subject: string; upn: string | null },
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ oidcIssuer: identity.issuer, oidcSubject: identity.subject, upn: identity.upn, updatedAt: now })
    .where(and(eq(users.id, userId), isNull(users.oidcIssuer), isNull(users.oidcSubject)))
    .returning({ id: users.id });
  return rows.length === 1;
}

export async function recordLogin(db: Db, userId: string, now: Date, upn?: string | null): Promise<void> {
  await db
    .update(users)
    .set(upn === undefined ? { lastLoginAt: now } : { lastLoginAt: now, upn })
    .where(eq(users.id, userId));
}

/** Sets a new password hash and bumps the session generation: every refresh token of the user dies. */
export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  now: Date,
): Promise<number> {
  const [row] = await db
    .update(users)
    .set({ passwordHash, sessionGeneration: sql`${users.sessionGeneration} + 1`, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ sessionGeneration: users.sessionGeneration });
  return row?.sessionGeneration ?? 0;
}

export async function bumpSessionGeneration(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1`, updatedAt: now })
    .where(eq(users.id, userId));
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(and(eq(refreshTokens.userId, userId), isNull(refreshTokens.revokedAt)));
}

export async function setUserDisabled(
  db: Db,
  userId: string,
  disabled: boolean,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ disabled, updatedAt: now })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Sets approved_at once (an approved account stays approved as it was); false when there is no such user. */
export async function approveUser(db: Db, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({
      approvedAt: sql`coalesce(${users.approvedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  return rows.length === 1;
}

/** Active administrators, for mails to the department. */
export async function adminEmails(db: Db): Promise<{ email: string; language: string }[]> {
  return db
    .select({ email: users.email, language: users.language })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.disabled, false)))
    .orderBy(asc(users.email));
}

// ── refresh tokens ──────────────────────────────────────────────────────────────────────────

export async function insertRefreshToken(db: Db, values: typeof refreshTokens.$inferInsert): Promise<void> {
  await db.insert(refreshTokens).values(values);
}

export async function findRefreshToken(
  db: Db,
  tokenHash: string,
): Promise<{ token: RefreshTokenRow; user: UserRow } | undefined> {
  const [row] = await db
    .select({ token: refreshTokens, user: users })
    .from(refreshTokens)
    .innerJoin(users, eq(users.id, refreshTokens.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

/** Marks a refresh token used; false when it was used or revoked already (a replay or a race). */
export async function markRefreshTokenUsed(db: Db, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.id, id), isNull(refreshTokens.usedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  return rows.length === 1;
}

export async function revokeFamily(db: Db, familyId: string, now: Date, userId?: string): Promise<void> {
  await db
    .update(refreshTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        userId ? eq(refreshTokens.userId, userId) : undefined,
      ),
    );
}

/** Old rows are useless after their family's absolute expiry. */
export async function deleteExpiredRefreshTokens(db: Db, before: Date): Promise<void> {
  await db.delete(refreshTokens).where(lt(refreshTokens.familyExpiresAt, before));
}

// ── password reset tokens ───────────────────────────────────────────────────────────────────

export async function insertResetToken(
  db: Db,
  values: typeof passwordResetTokens.$inferInsert,
): Promise<void> {
  await db.insert(passwordResetTokens).values(values);
}

/** Serialises reset-token issuing per account until the end of the transaction. */
export async function lockResetTokens(db: Db, userId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`reset:${userId}`}))`);
}

export async function countRecentResetTokens(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row?.n ?? 0;
}

/** A reset token that is unused and not expired, with its user. */
export async function findUsableResetToken(db: Db, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ token: passwordResetTokens, user: users })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/** Consumes the token (single use) and every other open token of the same user; false if already used. */
export async function consumeResetToken(db: Db, id: string, userId: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.id, id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (rows.length !== 1) return false;
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        ne(passwordResetTokens.id, id),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  return true;
}

// ── login attempts (throttling) ─────────────────────────────────────────────────────────────

export async function failureStats(
  db: Db,
  subject: string,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const [row] = await db
    .select({ count: count(), oldest: min(loginAttempts.createdAt) })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.subject, subject), gt(loginAttempts.createdAt, since)));
  return { count: row?.count ?? 0, oldest: row?.oldest ?? null };
}

export async function insertFailures(
  db: Db,
  subjects: string[],
  address: string | null,
  now: Date,
): Promise<void> {
  if (subjects.length === 0) return;
  await db.insert(loginAttempts).values(subjects.map((subject) => ({ subject, address, createdAt: now })));
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db.delete(loginAttempts).where(eq(loginAttempts.subject, subject));
}

export async function deleteOldFailures(db: Db, before: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.createdAt, before));
}
