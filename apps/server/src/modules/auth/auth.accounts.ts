import type { Db } from '../../platform/db/database.ts';
import { approveUser, bumpSessionGeneration, setUserDisabled } from './auth.queries.ts';

/**
 * Disables (or enables) an account; disabling ends every session of it at once (refresh tokens revoked,
 * access tokens of the old generation refused). False when there is no such user (nothing changed).
 */
export async function setAccountDisabled(
  db: Db,
  userId: string,
  disabled: boolean,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await setUserDisabled(tx, userId, disabled, now))) return false;
    if (disabled) await bumpSessionGeneration(tx, userId, now);
    return true;
  });
}

/** Approves a self-registered account: it may sign in from now on. False when there is no such user. */
export async function approveAccount(db: Db, userId: string, now: Date): Promise<boolean> {
  return approveUser(db, userId, now);
}
