import { z } from 'zod';

/*
 * The ERP outbox as its operators see it (decision 0027, "Portal → ERP"): what waits to be delivered to the ERP
 * and what was dead-lettered, with counts, and the retry of a dead message or of all of them. Admins and holders
 * of BusinessCentral, for the Koppelingen page.
 */

export const outboxKinds = [
  'request',
  'cancellation',
  'statusChange',
  'locationRequest',
  'complaint',
] as const;
export const outboxAggregates = ['plant_request', 'location_request', 'complaint'] as const;
/** waiting (due, or after its backoff), sending (a worker has it), sent, dead (for an operator to retry). */
export const outboxStatuses = ['waiting', 'sending', 'sent', 'dead'] as const;

/** GET /api/v2.0/Erp/outbox?status=&page=&pageSize= — waiting also lists those being sent. */
export const outboxListQuery = z
  .object({
    status: z.enum(['waiting', 'dead', 'sent']).default('waiting'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .strict();

export const outboxMessage = z.object({
  id: z.string(),
  kind: z.enum(outboxKinds),
  /** The portal's number of the document (the ERP's external document number). */
  documentNo: z.string(),
  aggregate: z.enum(outboxAggregates),
  aggregateId: z.string(),
  status: z.enum(outboxStatuses),
  /** Failures the ERP answered (dead after 10); an unreachable ERP does not count. */
  attempts: z.number().int(),
  /** When it is tried next (waiting), or until when its worker holds it (sending). */
  nextAttemptAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  /** The last failure: its translation key, its values and the text in the reader's language. */
  lastError: z
    .object({ code: z.string(), params: z.record(z.string(), z.string()), message: z.string() })
    .nullable(),
  /** The ERP's id of the document once delivered. */
  erpId: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
});
export type OutboxMessageView = z.infer<typeof outboxMessage>;

export const outboxList = z.object({
  counts: z.object({
    waiting: z.number().int(),
    sending: z.number().int(),
    sent: z.number().int(),
    dead: z.number().int(),
  }),
  items: z.array(outboxMessage),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
});
export type OutboxList = z.infer<typeof outboxList>;

/** POST /api/v2.0/Erp/outbox/retry-dead: how many dead messages wait again. */
export const outboxRetried = z.object({ retried: z.number().int() });
