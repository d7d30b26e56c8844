import type { PgBoss } from 'pg-boss';
import type { Db } from '../../platform/db/database.ts';
import { inStoredTrace, outsideTraces } from '../../platform/telemetry/telemetry.ts';
import type { DeliveryResult, OutboxMessage } from './erp.port.ts';
import {
  buryBehindDead,
  type ClaimedMessage,
  claimDue,
  markFailed,
  markSent,
  UNAVAILABLE_PREFIX,
} from './outbox.queries.ts';

/*
 * The outbox's worker (decision 0027, "Portal → ERP"). A drain takes due messages in small batches — `for update
 * skip locked`, marked sending with a lease, committed — and delivers them outside any transaction, then records
 * each outcome:
 *   - sent: the ERP's id and ETag kept;
 *   - refused (a 4xx the ERP will always answer): dead at once;
 *   - behind a dead message of its document (a cancellation after a request the ERP never got): dead, saying so
 *     (BEHIND_DEAD); an operator's retry of either takes both, in order;
 *   - a failure the ERP answered (500, a dropped answer, an unexpected answer): tried again after 1 min, doubling,
 *     capped at 1 h, with jitter; dead after MAX_TRIES such tries;
 *   - the ERP unavailable (not reached, 429, 503, its API or credentials missing; the adapter answers retry with an
 *     `ErpOutbox.wacht.*` code): the try does not count, and the whole outbox waits — Retry-After when the ERP says
 *     it, else a doubling wait from 1 min to 1 h — so no call goes out before then, from any process, a new
 *     message's neither (claimDue).
 * A worker that dies while sending leaves its rows in `sending`; when the lease runs out they are due again, and the
 * adapter's delivery is idempotent (it looks the document up by its number first), so the ERP gets each once.
 *
 * The pg-boss queue `erp-outbox` (policy stately: one drain queued, one running, across all processes) runs a drain
 * when the worker starts, on a cron every minute and POLL_SECONDS after each drain (so a new message goes within
 * seconds; the cron restarts the chain if a process died holding it).
 *
 * Traces (decision 0030 "What the portal is doing"): each delivery is a span `erp-outbox deliver` in the trace of the
 * request that wrote the row (its traceparent, kept on the row), linked to the drain job's span; the ERP calls are
 * under it. Each drain is a trace of its own (the next drain is queued outside the current one's trace).
 */

export const ERP_OUTBOX_QUEUE = 'erp-outbox';
export const ERP_OUTBOX_CRON = '* * * * *';
/** Failures the ERP answered before a message is dead-lettered. */
export const MAX_TRIES = 10;
const FIRST_WAIT_S = 60;
const MAX_WAIT_S = 3600;
/** How long a worker holds a message it is sending; a delivery is aborted before. */
const LEASE_MS = 5 * 60_000;
const DELIVERY_TIMEOUT_MS = LEASE_MS - 60_000;
/** Messages delivered at once. */
const BATCH = 16;
/** The longest a new message waits for the next drain. */
const POLL_SECONDS = 5;

/** The writing side of the configured ERP's adapter (erp.port.ts: ErpDelivery). */
export interface Delivery {
  deliver(message: OutboxMessage, signal?: AbortSignal): Promise<DeliveryResult>;
}

export interface OutboxWorkerDeps {
  db: Db;
  clock: () => Date;
  /** The configured ERP's delivery (made afresh per drain: its settings may have changed). */
  delivery: () => Promise<Delivery> | Delivery;
  /** [0, 1): the jitter's dice (Math.random). */
  random?: () => number;
  log?: (level: 'info' | 'warn', message: string, fields?: Record<string, unknown>) => void;
}

export interface DrainResult {
  sent: number;
  retried: number;
  dead: number;
  /** The ERP asked to wait (or could not be reached): nothing goes before this moment. */
  pausedUntil: Date | null;
}

/** The wait after the n-th counted failure: 1 min doubling, capped at 1 h, less up to a quarter (jitter). */
export function backoffSeconds(n: number, random: () => number): number {
  const full = Math.min(FIRST_WAIT_S * 2 ** Math.max(0, n - 1), MAX_WAIT_S);
  return full * (0.75 + 0.25 * random());
}

/** What happened to one message, and what the row becomes. */
type Outcome =
  | { kind: 'sent'; erpId: string; etag: string | null }
  | {
      kind: 'failed';
      status: 'waiting' | 'dead';
      attempts: number;
      waitS: number;
      code: string;
      params: Record<string, string> | null;
    }
  | { kind: 'unavailable'; waitS: number; code: string; params: Record<string, string> | null };

function outcomeOf(m: ClaimedMessage, r: DeliveryResult, now: Date, random: () => number): Outcome {
  if (r.outcome === 'sent') return { kind: 'sent', erpId: r.erpId, etag: r.etag };
  const params = r.errorParams ?? null;
  if (r.outcome === 'refused')
    return { kind: 'failed', status: 'dead', attempts: m.attempts + 1, waitS: 0, code: r.errorCode, params };
  if (r.errorCode.startsWith(UNAVAILABLE_PREFIX)) {
    const code = r.errorCode;
    // Retry-After as the ERP says (never earlier); else double the wait since the last unavailable try
    if (r.afterSeconds !== null) return { kind: 'unavailable', waitS: r.afterSeconds, code, params };
    const since =
      m.previousErrorCode?.startsWith(UNAVAILABLE_PREFIX) && m.previousAttemptAt
        ? (now.getTime() - m.previousAttemptAt.getTime()) / 1000
        : 0;
    const full = Math.min(Math.max(FIRST_WAIT_S, since * 2), MAX_WAIT_S);
    return { kind: 'unavailable', waitS: full * (0.75 + 0.25 * random()), code, params };
  }
  const attempts = m.attempts + 1;
  const waitS = Math.max(backoffSeconds(attempts, random), r.afterSeconds ?? 0);
  return {
    kind: 'failed',
    status: attempts >= MAX_TRIES ? 'dead' : 'waiting',
    attempts,
    waitS,
    code: r.errorCode,
    params,
  };
}

async function deliverOne(delivery: Delivery, m: ClaimedMessage): Promise<DeliveryResult> {
  const message: OutboxMessage = {
    id: m.id,
    kind: m.kind,
    documentNo: m.documentNo,
    payload: m.payload,
    erpId: m.erpId,
    etag: m.etag,
    firstTry: m.previousAttemptAt === null,
  };
  const attributes = {
    'messaging.message.id': m.id,
    'erp.outbox.kind': m.kind,
    'erp.document_no': m.documentNo,
  };
  try {
    return await inStoredTrace('erp-outbox deliver', m.traceParent, attributes, async (span) => {
      const r = await delivery.deliver(message, AbortSignal.timeout(DELIVERY_TIMEOUT_MS));
      span.setAttribute('erp.outbox.outcome', r.outcome);
      if (r.outcome !== 'sent') span.setAttribute('erp.outbox.error_code', r.errorCode);
      return r;
    });
  } catch (e) {
    // an adapter's own failure (a bug, not the ERP): counted, so it ends dead instead of looping
    return {
      outcome: 'retry',
      afterSeconds: null,
      errorCode: 'ErpOutbox.fout.onverwacht',
      errorParams: { message: String((e as Error).message ?? e).slice(0, 200) },
    };
  }
}

const plus = (at: Date, seconds: number) => new Date(at.getTime() + Math.ceil(seconds * 1000));

/** Delivers every due message (batch by batch) until none is due or the ERP asks to wait. */
export async function drainOutbox(deps: OutboxWorkerDeps): Promise<DrainResult> {
  const random = deps.random ?? Math.random;
  const result: DrainResult = { sent: 0, retried: 0, dead: 0, pausedUntil: null };
  let delivery: Delivery | null = null;
  // what waits behind a dead message of its document would wait forever: dead too, saying why (at the start, and
  // after a batch in which one died)
  let bury = true;
  for (;;) {
    const now = deps.clock();
    if (bury) result.dead += await buryBehindDead(deps.db, now);
    bury = false;
    const claimed = await claimDue(deps.db, {
      now,
      leaseUntil: new Date(now.getTime() + LEASE_MS),
      limit: BATCH,
    });
    if (claimed.length === 0) return result;
    delivery ??= await deps.delivery();
    const ready = delivery;
    const delivered = await Promise.all(claimed.map((m) => deliverOne(ready, m)));
    const at = deps.clock();
    let pause = 0;
    const sent: { id: string; erpId: string; etag: string | null }[] = [];
    for (const [i, m] of claimed.entries()) {
      const o = outcomeOf(m, delivered[i]!, at, random);
      if (o.kind === 'sent') {
        sent.push({ id: m.id, erpId: o.erpId, etag: o.etag });
        result.sent++;
      } else if (o.kind === 'failed') {
        await markFailed(deps.db, m.id, {
          status: o.status,
          attempts: o.attempts,
          nextAttemptAt: plus(at, o.waitS),
          errorCode: o.code,
          errorParams: o.params,
        });
        if (o.status === 'dead') {
          result.dead++;
          bury = true;
        } else result.retried++;
        deps.log?.('warn', 'erp outbox: delivery failed', {
          id: m.id,
          documentNo: m.documentNo,
          code: o.code,
          attempts: o.attempts,
          dead: o.status === 'dead',
        });
      } else {
        pause = Math.max(pause, o.waitS);
        await markFailed(deps.db, m.id, {
          status: 'waiting',
          attempts: m.attempts,
          nextAttemptAt: plus(at, o.waitS),
          errorCode: o.code,
          errorParams: o.params,
        });
        result.retried++;
      }
    }
    await markSent(deps.db, sent, at);
    if (pause > 0) {
      // the rows marked above hold the pause: claimDue takes nothing before it ends
      result.pausedUntil = plus(at, pause);
      deps.log?.('info', 'erp outbox: the ERP asks to wait', { until: result.pausedUntil.toISOString() });
      return result;
    }
  }
}

/**
 * Runs the outbox on the job queue: a drain per job, one at a time across processes, at start, every minute and
 * POLL_SECONDS after each drain.
 */
export async function startOutboxWorker(
  boss: PgBoss,
  deps: OutboxWorkerDeps,
  pollingIntervalSeconds = 2,
): Promise<void> {
  await boss.createQueue(ERP_OUTBOX_QUEUE, { policy: 'stately', retryLimit: 0 });
  await boss.schedule(ERP_OUTBOX_QUEUE, ERP_OUTBOX_CRON);
  await boss.work(ERP_OUTBOX_QUEUE, { pollingIntervalSeconds }, async () => {
    try {
      await drainOutbox(deps);
    } finally {
      // the next drain. A drain leaves nothing due behind it — what waits, waits a minute or more, or for the ERP's
      // pause, or for an earlier message of its document — so only new messages can come sooner: POLL_SECONDS.
      // (outside this drain's trace: else every drain would continue the previous one's, one trace for ever)
      const next = () => boss.send(ERP_OUTBOX_QUEUE, {}, { startAfter: POLL_SECONDS });
      await outsideTraces(next).catch(() => null);
    }
  });
  // at once: what a stopped (or crashed) server left behind goes now, not at the next minute
  await boss.send(ERP_OUTBOX_QUEUE, {});
}
