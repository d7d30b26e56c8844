import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * The SQL of the webhook worker (decision 0032, "Delivery"): the pick of due deliveries (`for update skip locked`:
 * each goes to one worker across processes, leased), the outcome of a try with its log row, and the pruning.
 */

type Q = Db | object;
const q = (db: Q) => db as Db;

export type ClaimedDelivery = {
  id: string;
  attempts: number;
  giveUpAt: Date;
  eventId: string;
  eventType: string;
  eventCreatedAt: Date;
  data: Record<string, unknown>;
  endpointId: string;
  url: string;
  secret: string;
  previousSecret: string | null;
  previousSecretUntil: Date | null;
};

/** Due deliveries of enabled endpoints, marked sending until `leaseUntil` (a worker that dies leaves them due). */
export async function claimDue(
  db: Q,
  o: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedDelivery[]> {
  const r = await q(db).execute<ClaimedDelivery>(sql`
    with due as (
      select d.id from webhook_deliveries d join webhook_endpoints ep on ep.id = d.endpoint_id
      where d.status in ('pending', 'sending') and d.next_attempt_at <= ${o.now} and ep.enabled
      order by d.next_attempt_at
      limit ${o.limit}
      for update of d skip locked)
    update webhook_deliveries d set status = 'sending', next_attempt_at = ${o.leaseUntil}
    from due, webhook_events e, webhook_endpoints ep
    where d.id = due.id and e.id = d.event_id and ep.id = d.endpoint_id
    returning d.id, d.attempts, d.give_up_at as "giveUpAt", e.id as "eventId", e.type as "eventType",
      e.created_at as "eventCreatedAt", e.data, ep.id as "endpointId", ep.url, ep.secret,
      ep.previous_secret as "previousSecret", ep.previous_secret_until as "previousSecretUntil"`);
  return r.rows.map((row) => ({
    ...row,
    giveUpAt: new Date(row.giveUpAt),
    eventCreatedAt: new Date(row.eventCreatedAt),
    previousSecretUntil: row.previousSecretUntil ? new Date(row.previousSecretUntil) : null,
  }));
}

export interface TryOutcome {
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  nextAttemptAt: Date;
  at: Date;
  statusCode: number | null;
  durationMs: number;
  errorCode: string | null;
  errorDetail: string | null;
}

/** The try's outcome on its delivery, and its row in the log. */
export async function recordTry(db: Q, id: string, o: TryOutcome): Promise<void> {
  await q(db).execute(sql`
    with d as (
      update webhook_deliveries set status = ${o.status}, attempts = ${o.attempts},
        next_attempt_at = ${o.nextAttemptAt}, last_attempt_at = ${o.at},
        delivered_at = ${o.status === 'delivered' ? o.at : null}
      where id = ${id} and status = 'sending'
      returning id)
    insert into webhook_attempts (delivery_id, at, status_code, duration_ms, error_code, error_detail)
    select id, ${o.at}, ${o.statusCode}, ${o.durationMs}, ${o.errorCode}, ${o.errorDetail} from d`);
}

/** An endpoint that answered 410 Gone: disabled (its owner enables it again). */
export async function disableGone(db: Q, endpointId: string): Promise<void> {
  await q(db).execute(sql`
    update webhook_endpoints set enabled = false, disabled_reason = 'gone', updated_at = now()
    where id = ${endpointId}`);
}

/**
 * The log kept (decision 0032, "What is kept"): events older than `before` go with their deliveries and tries —
 * except those with a delivery still on its way. How many events.
 */
export async function pruneEvents(db: Q, before: Date): Promise<number> {
  const r = await q(db).execute(sql`
    delete from webhook_events e where e.created_at < ${before}
      and not exists (
        select 1 from webhook_deliveries d where d.event_id = e.id and d.status in ('pending', 'sending'))`);
  return r.rowCount ?? 0;
}
