import type { PgBoss } from 'pg-boss';
import type { Db } from '../../platform/db/database.ts';
import { type ClaimedDelivery, claimDue, disableGone, pruneEvents, recordTry } from './webhooks.queries.ts';
import { type SendResult, sendWebhook } from './webhooks.send.ts';
import { signedHeaders } from './webhooks.signature.ts';

/*
 * The webhook worker (decision 0032, "Delivery"), on the model of the ERP outbox's: a drain claims due deliveries in
 * small batches (`for update skip locked`, leased), sends them outside any transaction, and records each try:
 *   - 2xx: delivered;
 *   - 410 Gone: failed, and the endpoint disabled (reason gone);
 *   - anything else (another status, a redirect — never followed —, a timeout, a refused address, no connection):
 *     tried again after 30 s, doubling up to 2 h, less up to a quarter (jitter), until 24 h after the event (or
 *     after "send again"), then failed.
 * The `webhook-id` is the event's id on every try, so a receiver that got a try whose answer was lost can drop the
 * repeat. The pg-boss queue `webhooks` (policy stately: one drain at a time across processes) drains at start, every
 * minute and POLL_SECONDS after each drain, and prunes what is older than KEEP_DAYS once an hour.
 */

export const WEBHOOKS_QUEUE = 'webhooks';
export const WEBHOOKS_CRON = '* * * * *';
const FIRST_WAIT_S = 30;
const MAX_WAIT_S = 2 * 3600;
export const SEND_TIMEOUT_MS = 10_000;
const LEASE_MS = 60_000;
const BATCH = 32;
const POLL_SECONDS = 2;
/** Events (with their deliveries and log) kept this long. */
export const KEEP_DAYS = 30;
const PRUNE_EVERY_MS = 3600_000;

export interface WebhookWorkerDeps {
  db: Db;
  clock: () => Date;
  /** WEBHOOKS_ALLOW_LOOPBACK: development and tests may call loopback addresses (and http). */
  allowLoopback: boolean;
  /** [0, 1): the jitter's dice. */
  random?: () => number;
  send?: typeof sendWebhook;
  timeoutMs?: number;
  log?: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

export interface DrainResult {
  delivered: number;
  retried: number;
  failed: number;
}

/** The wait after the n-th failed try: 30 s doubling, capped at 2 h, less up to a quarter. */
export function backoffSeconds(n: number, random: () => number): number {
  const full = Math.min(FIRST_WAIT_S * 2 ** Math.max(0, n - 1), MAX_WAIT_S);
  return full * (0.75 + 0.25 * random());
}

/** The body an endpoint receives. */
export function bodyOf(type: string, at: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: at.toISOString(), data });
}

/** The secrets that sign now: the current one, and the previous one during a rotation's overlap. */
export function signingSecrets(
  e: { secret: string; previousSecret: string | null; previousSecretUntil: Date | null },
  now: Date,
): string[] {
  return e.previousSecret && e.previousSecretUntil && e.previousSecretUntil > now
    ? [e.secret, e.previousSecret]
    : [e.secret];
}

async function sendOne(deps: WebhookWorkerDeps, d: ClaimedDelivery, now: Date): Promise<SendResult> {
  const body = bodyOf(d.eventType, d.eventCreatedAt, d.data);
  const timestamp = Math.floor(now.getTime() / 1000);
  try {
    return await (deps.send ?? sendWebhook)({
      url: d.url,
      body,
      headers: signedHeaders(signingSecrets(d, now), d.eventId, timestamp, body),
      timeoutMs: deps.timeoutMs ?? SEND_TIMEOUT_MS,
      allowLoopback: deps.allowLoopback,
    });
  } catch (e) {
    return {
      statusCode: null,
      durationMs: 0,
      errorCode: 'webhooks.fout.onverwacht',
      errorDetail: String((e as Error).message ?? e).slice(0, 200),
    };
  }
}

const plus = (at: Date, seconds: number) => new Date(at.getTime() + Math.ceil(seconds * 1000));

/** Sends every due delivery, batch by batch, until none is due. */
export async function drainWebhooks(deps: WebhookWorkerDeps): Promise<DrainResult> {
  const random = deps.random ?? Math.random;
  const result: DrainResult = { delivered: 0, retried: 0, failed: 0 };
  for (;;) {
    const now = deps.clock();
    const claimed = await claimDue(deps.db, { now, leaseUntil: plus(now, LEASE_MS / 1000), limit: BATCH });
    if (claimed.length === 0) return result;
    const sent = await Promise.all(claimed.map((d) => sendOne(deps, d, now)));
    const at = deps.clock();
    for (const [i, d] of claimed.entries()) {
      const r = sent[i]!;
      const attempts = d.attempts + 1;
      const ok = r.statusCode !== null && r.statusCode >= 200 && r.statusCode < 300;
      const gone = r.statusCode === 410;
      const next = plus(at, backoffSeconds(attempts, random));
      const status = ok ? 'delivered' : gone || next > d.giveUpAt ? 'failed' : 'pending';
      await recordTry(deps.db, d.id, {
        status,
        attempts,
        nextAttemptAt: status === 'pending' ? next : at,
        at,
        statusCode: r.statusCode,
        durationMs: r.durationMs,
        errorCode: ok ? null : r.errorCode,
        errorDetail: ok ? null : r.errorDetail,
      });
      if (gone) await disableGone(deps.db, d.endpointId);
      if (status === 'delivered') result.delivered++;
      else if (status === 'failed') result.failed++;
      else result.retried++;
      if (!ok)
        deps.log?.('warn', 'webhook: delivery failed', {
          delivery: d.id,
          endpoint: d.endpointId,
          code: r.errorCode,
          statusCode: r.statusCode,
          attempts,
          failed: status === 'failed',
        });
    }
  }
}

/** The worker on the job queue: a drain per job, one at a time across processes; hourly, the pruning. */
export async function startWebhookWorker(
  boss: PgBoss,
  deps: WebhookWorkerDeps,
  pollingIntervalSeconds = 2,
): Promise<void> {
  // a production server must not call its own host's services (SSRF): said loudly when the setting is on
  if (deps.allowLoopback)
    deps.log?.(
      'warn',
      'webhooks: WEBHOOKS_ALLOW_LOOPBACK is on — loopback endpoints are called (development and tests only)',
    );
  await boss.createQueue(WEBHOOKS_QUEUE, { policy: 'stately', retryLimit: 0 });
  await boss.schedule(WEBHOOKS_QUEUE, WEBHOOKS_CRON);
  let prunedAt = 0;
  await boss.work(WEBHOOKS_QUEUE, { pollingIntervalSeconds }, async () => {
    try {
      const now = deps.clock().getTime();
      if (now - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = now;
        await pruneEvents(deps.db, new Date(now - KEEP_DAYS * 86_400_000));
      }
      await drainWebhooks(deps);
    } finally {
      await boss.send(WEBHOOKS_QUEUE, {}, { startAfter: POLL_SECONDS }).catch(() => null);
    }
  });
  await boss.send(WEBHOOKS_QUEUE, {});
}
