import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { moment } from './common.ts';

/** What a message of the outbox tells the ERP (decision 0027, "Portal → ERP"). */
export const erpOutboxKind = pgEnum('erp_outbox_kind', [
  'request',
  'cancellation',
  'locationRequest',
  'complaint',
  'statusChange',
]);
/**
 * waiting: to be delivered at `next_attempt_at`; sending: a worker has it (until `next_attempt_at`, its lease: a worker
 * that died leaves it due again); sent: the ERP has it; dead: refused for good or out of tries, for an admin to retry.
 */
export const erpOutboxStatus = pgEnum('erp_outbox_status', ['waiting', 'sending', 'sent', 'dead']);
/** The portal's row a message is about (its document number is the ERP's external document number). */
export const erpOutboxAggregate = pgEnum('erp_outbox_aggregate', [
  'plant_request',
  'location_request',
  'complaint',
]);

/**
 * The transactional outbox (portal → ERP): a row is written in the same transaction as the portal's own row (only
 * when an ERP is configured) and delivered by the `erp-outbox` worker (modules/erp/outbox.*).
 */
export const erpOutbox = pgTable(
  'erp_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The order of writing: a document's later message (its cancellation) waits until the earlier ones are sent. */
    seq: bigint({ mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    kind: erpOutboxKind().notNull(),
    /** The portal's number of the document: the ERP's externalDocumentNumber. */
    documentNo: text().notNull(),
    aggregateKind: erpOutboxAggregate().notNull(),
    aggregateId: uuid().notNull(),
    /** What is sent, in the portal's words, as it was when the row was written (the adapter maps it). */
    payload: jsonb().notNull(),
    status: erpOutboxStatus().notNull().default('waiting'),
    /** Tries the ERP answered with a failure (an unreachable ERP, 429 and 503 do not count). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastAttemptAt: moment(),
    /** The last failure as a translation key and its values (never a secret, never the ERP's raw text alone). */
    lastErrorCode: text(),
    lastErrorParams: jsonb().$type<Record<string, string>>(),
    /** The ERP's id (BC systemId) and ETag of the document once delivered. */
    erpId: text(),
    etag: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: moment(),
    /**
     * The W3C traceparent of the transaction that wrote the row, so its delivery joins that request's trace
     * (decision 0030 "What the portal is doing"); null when tracing was off.
     */
    traceParent: text(),
  },
  (t) => [
    // the worker's pick: due rows in order (partial: sent and dead rows add no entry)
    index('erp_outbox_due_idx').on(t.nextAttemptAt, t.seq).where(sql`${t.status} in ('waiting', 'sending')`),
    // a request's status (the detail page) and a document's earlier messages
    index('erp_outbox_aggregate_idx').on(t.aggregateId, t.seq),
    // the admin's lists and counts per status
    index('erp_outbox_status_idx').on(t.status, t.seq),
  ],
);
