import type { WebhookEventType } from '@mp/contract/api/webhooks';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { insertEvent, type Source } from './webhooks.events.queries.ts';

/*
 * The areas' one call (decision 0032, "Events"): `emitWebhookEvent(tx, source, type, id)` on the transaction of
 * the change, so the event commits with it or not at all. It costs one prepared statement, and writes nothing when
 * no enabled endpoint is subscribed to the type for that customer.
 */

/** The event of the `source` row `id` (a request, order, invoice, complaint or location) after its change. */
export async function emitWebhookEvent(
  tx: Tx | Db,
  source: Source,
  type: WebhookEventType,
  id: string,
  extra: Record<string, unknown> | null = null,
): Promise<void> {
  await insertEvent(tx, source, type, id, extra);
}
