import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import { z } from 'zod';
import { idempotencyKeys } from '../../db/schema/index.ts';
import type { Db } from '../db/database.ts';
import { runStatement, statement } from '../db/prepared.ts';
import { AppError, fieldErrors } from '../errors.ts';
import { type Mailer, type MailMessage, outboxInsertSql } from '../mail/mailer.ts';
import { type Ctx, requireUser } from './context.ts';

/**
 * Idempotent submits, Stripe-style (SECURITY.md "Reliability"; ARCHITECTURE.md §5).
 *
 * Every submit that creates something runs as `withIdempotency(ctx, { key, scope, body }, (tx) => work)`.
 * In ONE transaction:
 *   1. `insert … on conflict do nothing` the key row (user, key, scope, sha-256 of the canonical body), in a
 *      statement of its own or as the first part of the work's first statement (`takeKey`).
 *      A concurrent submit with the same key blocks on that insert until the first one commits or
 *      rolls back: PostgreSQL waits on the uncommitted unique-key row, so exactly one runs the work.
 *   2. The key was new: run the work in the same transaction and store its answer on the key row (with the
 *      work's mails, if it answers any, in the same statement: their outbox rows).
 *      A crash (SIGKILL) before the commit leaves nothing: no request, no lines, no key, so a retry
 *      with the same key creates exactly one. A refused submit (4xx) rolls back too and may be retried.
 *   3. The key existed: `beforeReplay` checks what the work would have checked (the caller's access), then
 *      the row is locked (`select … for update`); a different body (or scope) answers 422
 *      error.idempotency_conflict; otherwise the stored answer is replayed (same status, same body).
 *
 * The work must use the transaction it is given (never the pool): a request waiting for the pool while
 * others wait on its key would stall until the pool's connection timeout.
 *
 * Keys are kept at least IDEMPOTENCY_KEY_TTL_HOURS (Stripe: 24 h); a maintenance job removes older ones
 * (platform/jobs/jobs.ts). A retry after that is a new submit.
 */

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The header the client sends; one fresh random value (a UUID) per user action, reused on retries. */
/** The service context on a transaction: every read of a unit of work goes through it. */
export function onTx(ctx: Ctx, tx: Tx): Ctx {
  return { ...ctx, db: tx as unknown as Db };
}

export const IDEMPOTENCY_HEADER = 'idempotency-key';
/** Replays carry this header so clients and logs can tell them apart. */
export const IDEMPOTENT_REPLAY_HEADER = 'idempotent-replayed';

const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/**
 * The header of a submit behind a key. Required, and the document says so (issue #16 part 2); the route reads it
 * with idempotencyKeyOf, whose own error (error.idempotency_key_verplicht) names the header, so the schema lets
 * a missing one through to it.
 */
export const idempotencyHeaders = z
  .object({
    [IDEMPOTENCY_HEADER]: z.string().optional().meta({
      description: 'One fresh value per submit; reused on retries (printable ASCII, no spaces).',
      pattern: KEY_PATTERN.source,
      maxLength: 255,
    }),
  })
  .passthrough()
  .meta({ required: [IDEMPOTENCY_HEADER] });

/** How long a key and its stored answer are kept at least. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/** Removes keys older than the TTL; answers how many. */
export async function deleteExpiredIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - IDEMPOTENCY_KEY_TTL_HOURS * 3_600_000);
  const gone = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, before))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}

export interface IdempotentAnswer<T> {
  status: number;
  body: T;
  /** True when this answer is the stored answer of an earlier submit with the same key. */
  replayed: boolean;
}

/** JSON with object keys sorted at every level and undefined dropped: equal data, equal text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value))
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function requestHash(scope: string, body: unknown): string {
  return createHash('sha256').update(canonicalJson({ scope, body })).digest('hex');
}

/** The key from the request headers: required, printable ASCII without spaces, at most 255 characters. */
export function idempotencyKeyOf(headers: Record<string, string | string[] | undefined>): string {
  const raw = headers[IDEMPOTENCY_HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined || value === '') {
    throw fieldErrors('invalid', 'error.idempotency_key_verplicht', {
      'Idempotency-Key': 'validation.verplicht',
    });
  }
  if (!KEY_PATTERN.test(value)) {
    throw fieldErrors('invalid', 'error.idempotency_key_verplicht', {
      'Idempotency-Key': 'validation.ongeldig_formaat',
    });
  }
  return value;
}

/**
 * The key's insert; answers the key when it was new. A work may run it inside its own first statement, as a CTE
 * with its values as $1–$4 (`takeKey`): one round trip fewer (docs/decisions/0011).
 */
export const keyInsertSql = `insert into idempotency_keys (user_id, key, scope, request_hash)
  values ($1::uuid, $2::text, $3::text, $4::text) on conflict do nothing returning key`;
// why: two statements of every submit, prepared (docs/decisions/0011)
const insertKey = statement(keyInsertSql);
const storeAnswer =
  statement(`update idempotency_keys set response_status = $3::int, response_body = $4::jsonb
  where user_id = $1::uuid and key = $2::text returning response_body as body`);
// why: the answer and the work's mails in one statement, one round trip fewer for an order submit (decision 0011)
const storeAnswerWithMail = statement(`with mail as (${outboxInsertSql('$5')})
  update idempotency_keys set response_status = $3::int, response_body = $4::jsonb
  where user_id = $1::uuid and key = $2::text
  returning response_body as body, array(select id from mail) as "mailIds"`);

/** What a unit of work answers; `mail` is queued with the stored answer, in its statement. */
export interface WorkAnswer<T> {
  status: number;
  body: T;
  mail?: { mailer: Mailer; messages: MailMessage[] };
}

export async function withIdempotency<T>(
  ctx: Ctx,
  opts: {
    key: string;
    scope: string;
    body: unknown;
    /**
     * Checked before a stored answer is replayed (on the key's transaction): a work that checks the caller's
     * access itself must check it for a replay here too, or a replay would skip it.
     */
    beforeReplay?: (tx: Tx) => Promise<void>;
    /**
     * Inserts the key in the work's first statement instead of one of its own: runs `keyInsertSql` (a CTE of
     * that statement, whose other parts must wait for it) with `keyValues` as $1–$4 and answers whether the key
     * was new. The work then reads that statement's result (a closure).
     */
    takeKey?: (tx: Tx, keyValues: readonly unknown[]) => Promise<boolean>;
  },
  work: (tx: Tx) => Promise<WorkAnswer<T>>,
): Promise<IdempotentAnswer<T>> {
  const user = requireUser(ctx);
  if (!KEY_PATTERN.test(opts.key)) idempotencyKeyOf({ [IDEMPOTENCY_HEADER]: opts.key });
  const hash = requestHash(opts.scope, opts.body);
  const where = and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, opts.key));

  return ctx.db.transaction(async (tx) => {
    const keyValues = [user.id, opts.key, opts.scope, hash];
    const isNew = opts.takeKey
      ? await opts.takeKey(tx, keyValues)
      : (await runStatement(tx, insertKey, keyValues)).length > 0;

    if (!isNew) {
      await opts.beforeReplay?.(tx);
      // The key was used before; its transaction has committed (the insert waited for it). Lock the row
      // anyway so a replay never reads a half-written answer.
      const [row] = await tx.select().from(idempotencyKeys).where(where).for('update');
      if (!row) throw new AppError('conflict', 'error.conflict');
      if (row.requestHash !== hash || row.scope !== opts.scope) {
        throw new AppError('rule', 'error.idempotency_conflict', { details: { key: opts.key } });
      }
      if (row.responseStatus === null) throw new AppError('conflict', 'error.conflict');
      return { status: row.responseStatus, body: row.responseBody as T, replayed: true };
    }

    const result = await work(tx);
    const answer = [user.id, opts.key, result.status, JSON.stringify(result.body ?? null)];
    const mail = result.mail?.messages.length ? result.mail : null;
    // The first caller gets the body as stored (read back from jsonb), so it equals every replay exactly.
    const [stored] = await runStatement<{ body: unknown; mailIds?: string[] }>(
      tx,
      mail ? storeAnswerWithMail : storeAnswer,
      mail ? [...answer, mail.mailer.outboxRows(mail.messages)] : answer,
    );
    if (mail) await mail.mailer.scheduled(stored.mailIds ?? []);
    return { status: result.status, body: stored.body as T, replayed: false };
  });
}
