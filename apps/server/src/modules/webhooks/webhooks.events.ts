import type { WebhookEventType } from '@mp/contract/api/webhooks';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { insertEvent, type Source, selectSubscribedTypes } from './webhooks.events.queries.ts';

/*
 * The areas' one call (decision 0032, "Events"): `emitWebhookEvent(tx, source, type, id)` on the transaction of
 * the change, so the event commits with it or not at all. It writes nothing when no enabled endpoint is subscribed
 * to the type for that customer — and sends nothing at all to PostgreSQL when no enabled endpoint anywhere is
 * subscribed to the type: the process keeps the set of subscribed types (loaded when the routes are registered,
 * dropped when an endpoint is written here or, from another process, on the `mp_webhooks` NOTIFY), so a portal
 * without webhooks keeps its round trips per submit (decision 0011).
 */

/** The channel an endpoint's write NOTIFYs: every process drops its set of subscribed types. */
export const WEBHOOKS_CHANNEL = 'mp_webhooks';

let subscribed: Promise<ReadonlySet<string>> | null = null;

/** The event types some enabled endpoint subscribes to (loaded once, until forgotten). */
export function subscribedTypes(db: Tx | Db): Promise<ReadonlySet<string>> {
  if (!subscribed) {
    const loading = selectSubscribedTypes(db);
    subscribed = loading;
    // a failed load is not kept
    loading.catch(() => {
      if (subscribed === loading) subscribed = null;
    });
  }
  return subscribed;
}

/** An endpoint was written (here, or in another process: its NOTIFY): the next event reads the types again. */
export function forgetWebhookSubscriptions(): void {
  subscribed = null;
}

/** The event of the `source` row `id` (a request, order, invoice, complaint or location) after its change. */
export async function emitWebhookEvent(
  tx: Tx | Db,
  source: Source,
  type: WebhookEventType,
  id: string,
  extra: Record<string, unknown> | null = null,
): Promise<void> {
  // a type nobody subscribes to costs no round trip; a stale "subscribed" costs one, and the statement decides
  if (!(await subscribedTypes(tx)).has(type)) return;
  await insertEvent(tx, source, type, id, extra);
}
