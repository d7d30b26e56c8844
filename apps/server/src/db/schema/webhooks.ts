import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { moment, timestamps } from './common.ts';
import { customers } from './customers.ts';
import { users } from './identity.ts';

/*
 * Signed webhooks for the customers' own systems (issue #37 point 4, decision 0032). An endpoint subscribes to event
 * types; an event is written in the transaction of the change it reports, with a delivery row for every enabled
 * endpoint subscribed to it whose owner may see it (same statement); the `webhooks` worker sends the deliveries.
 */

/** Why an endpoint is disabled: by a person, or because it answered 410 Gone. */
export const webhookDisabledReason = pgEnum('webhook_disabled_reason', ['manual', 'gone']);
/** pending: to send at `next_attempt_at`; sending: a worker holds it (its lease); delivered: 2xx; failed: given up. */
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', [
  'pending',
  'sending',
  'delivered',
  'failed',
]);

export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** The customer whose events it receives; null: every customer's (made by an admin only). */
    customerId: uuid().references(() => customers.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    description: text().notNull().default(''),
    eventTypes: text().array().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: webhookDisabledReason(),
    /** `whsec_` + base64 of 32 random bytes (Standard Webhooks); shown once, kept to sign. */
    secret: text().notNull(),
    /** The secret before the last rotation: it signs alongside the new one until `previousSecretUntil`. */
    previousSecret: text(),
    previousSecretUntil: moment(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [index('webhook_endpoints_customer_idx').on(t.customerId)],
);

export const webhookEvents = pgTable(
  'webhook_events',
  {
    /** The `webhook-id` header: the same on every try and on "send again" (the receiver's idempotency key). */
    id: uuid().primaryKey().defaultRandom(),
    type: text().notNull(),
    /** Whose event it is; only endpoints of this customer (or of all customers) receive it. */
    customerId: uuid().references(() => customers.id, { onDelete: 'cascade' }),
    /** The `data` of the body, as it was when the change committed. */
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('webhook_events_created_idx').on(t.createdAt)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: webhookDeliveryStatus().notNull().default('pending'),
    /** Tries so far (counted afresh by "send again"). */
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Retries stop (failed) after this moment: 24 h after the event, or after "send again". */
    giveUpAt: timestamp({ withTimezone: true }).notNull().default(sql`now() + interval '24 hours'`),
    lastAttemptAt: moment(),
    deliveredAt: moment(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_endpoint_idx').on(t.eventId, t.endpointId),
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.createdAt),
  ],
);

/** The delivery log: one row per try (what the endpoint answered, how long it took, what went wrong). */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: uuid()
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: timestamp({ withTimezone: true }).notNull(),
    /** The HTTP status the endpoint answered; null when none (refused address, timeout, connection error). */
    statusCode: integer(),
    durationMs: integer().notNull(),
    /** A translation key (`webhooks.fout.*`) when no 2xx came. */
    errorCode: text(),
    errorDetail: text(),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);
