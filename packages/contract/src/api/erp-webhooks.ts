import { z } from 'zod';
import { erpKind } from './erp-sync.ts';

/*
 * Webhooks from the ERP (issue #33, decision 0027): what Business Central posts to Erp/notifications, and where the
 * portal's subscriptions stand (GET Erp/subscriptions, for the Koppelingen page). Never a clientState.
 */

/** One notification entry as BC sends it; fields the portal does not read are allowed. */
export const erpNotificationEntry = z.looseObject({
  subscriptionId: z.string().max(200),
  clientState: z.string().max(4096).nullish(),
  resource: z.string().max(4096).optional(),
  /** created, updated, deleted, or collection (many changes at once). */
  changeType: z.string().max(100).optional(),
  lastModifiedDateTime: z.string().max(100).optional(),
  expirationDateTime: z.string().max(100).optional(),
});

/** POST Erp/notifications: BC's batch of notifications (none: its validation request, with ?validationToken=). */
export const erpNotifications = z.looseObject({ value: z.array(erpNotificationEntry).max(100_000) });

export const erpNotificationQuery = z.object({
  /** BC's handshake when it subscribes or renews: echoed as plain text. */
  validationToken: z.string().min(1).max(1024).optional(),
});

/** One target of the ERP the portal keeps a subscription to. */
export const erpSubscriptionState = z.object({
  /** The ERP's collection (`standard:items`, `rental:plants`). */
  target: z.string(),
  /** The entities whose delta a notification of it queues. */
  entities: z.array(z.string()),
  /** active: the ERP holds it and it has not expired; pending: being made (or not made yet); failed: the last try failed. */
  state: z.enum(['active', 'pending', 'failed']),
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
  renewedAt: z.iso.datetime({ offset: true }).nullable(),
  lastNotificationAt: z.iso.datetime({ offset: true }).nullable(),
  notificationCount: z.number().int(),
  lastError: z
    .object({ code: z.string(), message: z.string(), at: z.iso.datetime({ offset: true }).nullable() })
    .nullable(),
});

/** GET Erp/subscriptions. */
export const erpSubscriptionStates = z.object({
  erp: erpKind,
  /** ERP_WEBHOOKS (on, or auto with a public https address or the fake): without, the schedule runs the deltas. */
  webhooks: z.boolean(),
  /** Where the ERP posts its notifications (null without webhooks). */
  notificationUrl: z.string().nullable(),
  subscriptions: z.array(erpSubscriptionState),
});
export type ErpSubscriptionStates = z.infer<typeof erpSubscriptionStates>;
