import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';
import { runStatement, statement } from '../../platform/db/prepared.ts';
import type { NewOutboxMessage, OutboxAggregate } from './outbox.messages.ts';

/*
 * The SQL of the ERP outbox (decision 0027, "Portal → ERP"): the write in the portal's transaction, the worker's
 * pick (`for update skip locked`: each due row goes to one worker across processes), its outcomes, the status a
 * request shows and the admin's lists.
 */

type Q = Db | object;
const q = (db: Q) => db as Db;

export type OutboxStatus = 'waiting' | 'sending' | 'sent' | 'dead';

// why: part of every submit's transaction when an ERP is configured, so prepared (docs/decisions/0011). A
// cancellation or a status change is written only for a request that was announced (one submitted while no ERP was
// configured is not there to change).
const insertStatement =
  statement(`insert into erp_outbox (kind, document_no, aggregate_kind, aggregate_id, payload, trace_parent)
  select $1::erp_outbox_kind, $2::text, $3::erp_outbox_aggregate, $4::uuid, $5::jsonb, $6::text
  where $1::erp_outbox_kind not in ('cancellation', 'statusChange')
    or exists (select 1 from erp_outbox where aggregate_id = $4::uuid and kind = 'request')
  returning id`);

/**
 * Writes a message on the caller's transaction, with the W3C traceparent of the request writing it (null: tracing
 * off); null when a cancellation or status change had no announced request.
 */
export async function insertMessage(
  db: Q,
  m: NewOutboxMessage,
  traceParent: string | null = null,
): Promise<string | null> {
  const [row] = await runStatement<{ id: string }>(db, insertStatement, [
    m.kind,
    m.documentNo,
    m.aggregate,
    m.aggregateId,
    JSON.stringify(m.payload),
    traceParent,
  ]);
  return row?.id ?? null;
}

/** A message as the worker delivers it. */
export type ClaimedMessage = {
  id: string;
  kind: NewOutboxMessage['kind'];
  documentNo: string;
  aggregateId: string;
  payload: Record<string, unknown>;
  etag: string | null;
  erpId: string | null;
  attempts: number;
  /** The try before this one (null: the first) and what it met, for the next wait. */
  previousAttemptAt: Date | null;
  previousErrorCode: string | null;
  /** The W3C traceparent of the transaction that wrote it (null: written while tracing was off). */
  traceParent: string | null;
};

// the document's id and ETag as the last message sent about it left them (its request, or a later status change)
const lastSent = (column: 'etag' | 'erp_id') =>
  sql.raw(`select e.${column} from erp_outbox e
    where e.aggregate_id = m.aggregate_id and e.status = 'sent' and e.${column} is not null
    order by e.seq desc limit 1`);

/** The error codes of a try that found the ERP unavailable (not reached, 429, 503): the outbox waits. */
export const UNAVAILABLE_PREFIX = 'ErpOutbox.wacht.';

/**
 * Takes up to `limit` due messages for this worker: waiting ones whose time has come, and sending ones whose
 * worker's lease ran out (it died). Nothing while the ERP asked to wait (a message that found it unavailable waits
 * for a later moment: until then no message goes, a new one neither). A document's message waits while an earlier
 * one of it is not sent (the cancellation after its request). Marked sending with a lease until `leaseUntil`,
 * committed at once by the caller.
 */
export async function claimDue(
  db: Q,
  o: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMessage[]> {
  const r = await q(db).execute<ClaimedMessage>(sql`
    with due as (
      select o.id, o.last_attempt_at as prev_at, o.last_error_code as prev_code
      from erp_outbox o
      where o.status in ('waiting', 'sending') and o.next_attempt_at <= ${o.now}
        and not exists (
          select 1 from erp_outbox p
          -- (the status twice: the second lets the planner use the partial index)
          where p.status = 'waiting' and p.status in ('waiting', 'sending') and p.next_attempt_at > ${o.now}
            and starts_with(p.last_error_code, ${UNAVAILABLE_PREFIX}))
        and not exists (
          select 1 from erp_outbox e
          where e.aggregate_id = o.aggregate_id and e.seq < o.seq and e.status <> 'sent')
      order by o.next_attempt_at, o.seq
      limit ${o.limit}
      for update of o skip locked)
    update erp_outbox m
    set status = 'sending', next_attempt_at = ${o.leaseUntil}, last_attempt_at = ${o.now}
    from due
    where m.id = due.id
    returning m.id, m.kind, m.document_no as "documentNo", m.aggregate_id as "aggregateId", m.payload,
      -- a cancellation or a status change updates the document its request made: its id and latest ETag
      coalesce(m.etag, (${lastSent('etag')})) as etag, coalesce(m.erp_id, (${lastSent('erp_id')})) as "erpId",
      m.attempts, m.trace_parent as "traceParent",
      due.prev_at as "previousAttemptAt", due.prev_code as "previousErrorCode"`);
  return r.rows.map((row) => ({
    ...row,
    previousAttemptAt: row.previousAttemptAt ? new Date(row.previousAttemptAt) : null,
  }));
}

/** The messages of a batch the ERP took, with its id and ETag of each document: one statement. */
export async function markSent(
  db: Q,
  sent: { id: string; erpId: string; etag: string | null }[],
  now: Date,
): Promise<void> {
  if (sent.length === 0) return;
  await q(db).execute(sql`
    update erp_outbox o
    set status = 'sent', erp_id = v."erpId", etag = v.etag, sent_at = ${now},
      last_error_code = null, last_error_params = null
    from jsonb_to_recordset(${JSON.stringify(sent)}::jsonb) as v(id uuid, "erpId" text, etag text)
    where o.id = v.id`);
}

/** A failed try: waiting again at `nextAttemptAt`, or dead; with the error as a translation key and its values. */
export async function markFailed(
  db: Q,
  id: string,
  o: {
    status: 'waiting' | 'dead';
    attempts: number;
    nextAttemptAt: Date;
    errorCode: string;
    errorParams: Record<string, string> | null;
  },
): Promise<void> {
  await q(db).execute(sql`
    update erp_outbox
    set status = ${o.status}, attempts = ${o.attempts}, next_attempt_at = ${o.nextAttemptAt},
      last_error_code = ${o.errorCode},
      last_error_params = ${o.errorParams === null ? null : JSON.stringify(o.errorParams)}::jsonb
    where id = ${id}`);
}

/** The error code of a message dead because an earlier message of its document is dead (it cannot go first). */
export const BEHIND_DEAD = 'ErpOutbox.fout.voorganger_mislukt';

/**
 * A waiting message whose document has an earlier dead message (a cancellation behind a request the ERP never got)
 * is dead too, with BEHIND_DEAD: it would otherwise wait forever. A retry of either takes
 * both again, in order (reviveDead). How many.
 */
export async function buryBehindDead(db: Q, now: Date): Promise<number> {
  const r = await q(db).execute(sql`
    update erp_outbox m
    set status = 'dead', last_attempt_at = ${now}, last_error_code = ${BEHIND_DEAD},
      last_error_params = jsonb_build_object('documentNo', m.document_no)
    -- (the status twice: the second lets the planner use the partial index)
    where m.status = 'waiting' and m.status in ('waiting', 'sending')
      and exists (
        select 1 from erp_outbox e where e.aggregate_id = m.aggregate_id and e.seq < m.seq and e.status = 'dead')`);
  return r.rowCount ?? 0;
}

/** Where the messages about one portal row stand. */
export async function selectAggregateState(
  db: Q,
  aggregateId: string,
): Promise<{ total: number; dead: number; open: number; sent: number }> {
  const r = await q(db).execute<{ total: number; dead: number; open: number; sent: number }>(sql`
    select count(*)::int as total,
      count(*) filter (where status = 'dead')::int as dead,
      count(*) filter (where status in ('waiting', 'sending'))::int as open,
      count(*) filter (where status = 'sent')::int as sent
    from erp_outbox where aggregate_id = ${aggregateId}`);
  return r.rows[0] ?? { total: 0, dead: 0, open: 0, sent: 0 };
}

// ── the admin's view ─────────────────────────────────────────────────────────────────────────

export type OutboxRow = {
  id: string;
  kind: NewOutboxMessage['kind'];
  documentNo: string;
  aggregateKind: OutboxAggregate;
  aggregateId: string;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastErrorCode: string | null;
  lastErrorParams: Record<string, string> | null;
  erpId: string | null;
  createdAt: Date;
  sentAt: Date | null;
};

export async function selectCounts(db: Q): Promise<Record<OutboxStatus, number>> {
  const r = await q(db).execute<{ status: OutboxStatus; n: number }>(sql`
    select status, count(*)::int as n from erp_outbox group by status`);
  const counts: Record<OutboxStatus, number> = { waiting: 0, sending: 0, sent: 0, dead: 0 };
  for (const row of r.rows) counts[row.status] = row.n;
  return counts;
}

const outboxColumns = sql`id, kind, document_no as "documentNo", aggregate_kind as "aggregateKind",
  aggregate_id as "aggregateId", status, attempts, next_attempt_at as "nextAttemptAt",
  last_attempt_at as "lastAttemptAt", last_error_code as "lastErrorCode", last_error_params as "lastErrorParams",
  erp_id as "erpId", created_at as "createdAt", sent_at as "sentAt"`;

const asRow = (row: OutboxRow): OutboxRow => ({
  ...row,
  nextAttemptAt: new Date(row.nextAttemptAt),
  lastAttemptAt: row.lastAttemptAt ? new Date(row.lastAttemptAt) : null,
  createdAt: new Date(row.createdAt),
  sentAt: row.sentAt ? new Date(row.sentAt) : null,
});

/** A page of messages in the given statuses, newest first. */
export async function selectMessages(
  db: Q,
  o: { statuses: OutboxStatus[]; offset: number; limit: number },
): Promise<{ rows: OutboxRow[]; total: number }> {
  const statuses = sql.join(
    o.statuses.map((s) => sql`${s}`),
    sql`, `,
  );
  const [page, total] = await Promise.all([
    q(db).execute<OutboxRow>(sql`
      select ${outboxColumns} from erp_outbox where status in (${statuses})
      order by seq desc limit ${o.limit} offset ${o.offset}`),
    q(db).execute<{ n: number }>(
      sql`select count(*)::int as n from erp_outbox where status in (${statuses})`,
    ),
  ]);
  return { rows: page.rows.map(asRow), total: total.rows[0]?.n ?? 0 };
}

/**
 * A dead message (or every one) waiting again, due now, its tries counted afresh. With `id`: every dead message of
 * its document with it — a document's messages go in order, so a cancellation dead behind its request follows the
 * request's retry, and a retry of that cancellation takes its request along.
 */
export async function reviveDead(db: Q, o: { id?: string; now: Date }): Promise<OutboxRow[]> {
  const r = await q(db).execute<OutboxRow>(sql`
    update erp_outbox set status = 'waiting', attempts = 0, next_attempt_at = ${o.now}
    where status = 'dead'
      ${o.id ? sql`and aggregate_id = (select aggregate_id from erp_outbox where id = ${o.id} and status = 'dead')` : sql``}
    returning ${outboxColumns}`);
  return r.rows.map(asRow);
}

export async function selectMessage(db: Q, id: string): Promise<OutboxRow | null> {
  const r = await q(db).execute<OutboxRow>(sql`select ${outboxColumns} from erp_outbox where id = ${id}`);
  return r.rows[0] ? asRow(r.rows[0]) : null;
}
