import { randomInt } from 'node:crypto';
import type { Db } from '../../platform/db/database.ts';
import { errors } from '../../platform/errors.ts';
import { throttleAddress } from '../../platform/http/client-address.ts';
import { clearFailures, deleteOldFailures, failureStats, insertFailures } from './auth.queries.ts';

/**
 * Brute-force throttling kept in the database (login_attempts), so every server process sees the same
 * counts. Keys are per account and per client address; the address is Fastify's req.ip, which ignores
 * X-Forwarded-For unless TRUST_PROXY is set, so rotating that header does not open a new bucket.
 */
export interface Bucket {
  key: string;
  limit: number;
}

export const WINDOW_SECONDS = 15 * 60;
export const LOGIN_LIMIT_PER_ACCOUNT = 10;
export const LOGIN_LIMIT_PER_ADDRESS = 30;
/** Forgot-password and registration requests per address (each sends mail). */
export const MAIL_LIMIT_PER_ADDRESS = 10;
/** Reset mails per account per window; further requests are answered the same but send nothing. */
export const RESET_MAILS_PER_ACCOUNT = 3;

const normalEmail = (email: string) => email.trim().toLowerCase();

export const buckets = {
  account: (email: string): Bucket => ({
    key: `account:${normalEmail(email)}`,
    limit: LOGIN_LIMIT_PER_ACCOUNT,
  }),
  /** Failures from one trusted device (a device cookie of this account): they lock only that device. */
  device: (nonce: string): Bucket => ({ key: `device:${nonce}`, limit: LOGIN_LIMIT_PER_ACCOUNT }),
  /** Per client address; an IPv6 client by its /64 (throttleAddress): rotating inside it opens no new bucket. */
  address: (ip: string): Bucket => ({ key: `ip:${throttleAddress(ip)}`, limit: LOGIN_LIMIT_PER_ADDRESS }),
  mailAddress: (kind: 'forgot' | 'register', ip: string): Bucket => ({
    key: `${kind}-ip:${throttleAddress(ip)}`,
    limit: MAIL_LIMIT_PER_ADDRESS,
  }),
};

/** Throws 429 with Retry-After (seconds until the oldest counted attempt leaves the window) when full. */
export async function assertNotThrottled(db: Db, list: Bucket[], now: Date): Promise<void> {
  const since = new Date(now.getTime() - WINDOW_SECONDS * 1000);
  const stats = await Promise.all(list.map((b) => failureStats(db, b.key, since)));
  let retryAfter = 0;
  stats.forEach((s, i) => {
    if (s.count < list[i].limit || !s.oldest) return;
    const wait = Math.ceil((s.oldest.getTime() + WINDOW_SECONDS * 1000 - now.getTime()) / 1000);
    retryAfter = Math.max(retryAfter, wait, 1);
  });
  if (retryAfter > 0) throw errors.tooMany(retryAfter);
}

export async function recordAttempt(db: Db, list: Bucket[], ip: string, now: Date): Promise<void> {
  await insertFailures(
    db,
    list.map((b) => b.key),
    ip,
    now,
  );
  // why: the table only needs the current window; an occasional sweep keeps it small without a job.
  if (randomInt(100) === 0) await deleteOldFailures(db, new Date(now.getTime() - 24 * 3600 * 1000));
}

export async function clearBucket(db: Db, bucket: Bucket): Promise<void> {
  await clearFailures(db, bucket.key);
}
