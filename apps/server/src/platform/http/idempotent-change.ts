import { z } from 'zod';
import type { Ctx } from './context.ts';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyKeyOf,
  onTx,
  withIdempotency,
} from './idempotency.ts';

/**
 * Idempotent LINE changes (issue #36 point 4b, decision 0031 "The offline queue"): adding to and editing the
 * removal list and the order list. A change the phone queued while offline carries an Idempotency-Key fixed when
 * it was queued; sent twice (the first answer was lost), it takes effect once. Unlike a submit the key is
 * optional: an online add sends none and costs nothing more (issue #34's add budget); with one, the change runs
 * inside withIdempotency's transaction.
 *
 * What is stored with the key is no answer, only what finds it again (`stored`, null by default): a repeat answers
 * the list as it is NOW (`current`), read with the caller's access checked again, which is what the phone wants
 * after it caught up, and keeps the key row small. The same key with another body (or on
 * another list: the scope names it) answers 422 error.idempotency_conflict; keys are per user.
 */
export const optionalIdempotencyHeaders = z
  .object({
    [IDEMPOTENCY_HEADER]: z.string().optional().meta({
      description:
        'Optional. A change queued offline sends one value per change, reused when it is sent again: a repeat takes effect once and answers the list as it is now.',
      pattern: '^[\\x21-\\x7e]{1,255}$',
      maxLength: 255,
    }),
  })
  .passthrough();

export interface IdempotentChange<T> {
  /** Names the change and what it changes (e.g. `removal-list.line.update:<location>:<line>`). */
  scope: string;
  body: unknown;
  /** The change on the context it is given (a transaction's when a key came). */
  change: (ctx: Ctx) => Promise<T>;
  /** What is kept with the key to answer a repeat (e.g. the location a scan put the plant on); null if omitted. */
  stored?: (answer: T) => unknown;
  /**
   * The answer of a repeat: the list as it is now, given what `stored` kept. It reads with the caller's access
   * checked again, so a caller who lost access since gets the refusal, never a stored answer.
   */
  current: (ctx: Ctx, stored: unknown) => Promise<T>;
}

/** Runs the change once per key (when the request has one) and says so on a repeat (Idempotent-Replayed). */
export async function idempotentChange<T>(
  ctx: Ctx,
  req: { headers: Record<string, string | string[] | undefined> },
  reply: { header: (name: string, value: string) => unknown },
  c: IdempotentChange<T>,
): Promise<T> {
  if (req.headers[IDEMPOTENCY_HEADER] === undefined) return c.change(ctx);
  const key = idempotencyKeyOf(req.headers);
  let answer: T | undefined;
  const result = await withIdempotency(ctx, { key, scope: c.scope, body: c.body }, async (tx) => {
    const done = await c.change(onTx(ctx, tx));
    answer = done;
    return { status: 200, body: c.stored ? c.stored(done) : null };
  });
  if (!result.replayed) return answer as T;
  reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
  return c.current(ctx, result.body);
}
