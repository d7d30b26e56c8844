import { integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { moment, timestamps } from './common.ts';

/**
 * The portal's webhook subscriptions at the ERP (issue #33, decision 0027): one row per collection of the ERP that
 * notifies its changes (the adapter's key, `standard:items`, `rental:plants`), with the synced entities whose
 * delta a notification of it queues. Kept by the `erp.webhooks` job: made when missing, renewed a day before it
 * expires, made again when the ERP lost it.
 */
export const erpSubscriptions = pgTable('erp_subscriptions', {
  target: text().primaryKey(),
  /** The synced entities a change of the target makes stale: a notification queues their delta. */
  entities: text().array().notNull(),
  /** The ERP's subscription id; null until the ERP made it. */
  subscriptionId: text().unique(),
  /** The resource as the ERP holds it (`/api/v2.0/companies({id})/items`). */
  resource: text(),
  notificationUrl: text(),
  expiresAt: moment(),
  etag: text(),
  /**
   * The secret the ERP sends back in each notification: random per subscription, never answered or logged,
   * compared in constant time. Kept as it is (not hashed): a renewal sends it again, as BC asks.
   */
  clientState: text().notNull(),
  /** A subscribe or renewal of this row is waiting for the ERP's validation request until then. */
  handshakeUntil: moment(),
  renewedAt: moment(),
  lastNotificationAt: moment(),
  notificationCount: integer().notNull().default(0),
  /** The last failure to make or renew it, as a translation key and its values. */
  lastErrorCode: text(),
  lastErrorParams: jsonb().$type<Record<string, string>>(),
  lastErrorAt: moment(),
  ...timestamps(),
});
