import type { ErpStatus } from '@mp/contract/api/requests';
import type { Db } from '../../platform/db/database.ts';
import type { Tx } from '../../platform/http/idempotency.ts';
import { storedTraceParent } from '../../platform/telemetry/telemetry.ts';
import type { NewOutboxMessage } from './outbox.messages.ts';
import { insertMessage, selectAggregateState } from './outbox.queries.ts';

/*
 * The outbox's write side (decision 0027, "Portal → ERP: a transactional outbox"). An area that makes something the
 * ERP must know — a request of any kind, its cancellation, a location request, a complaint — calls `enqueue` on the
 * transaction that writes its own row, so both commit or neither does. With no ERP configured (ERP=none, the
 * embedded default) nothing is written and nothing is read to build the message (`erpOutboxEnabled`).
 */

let enabled = false;

/**
 * Whether messages are written: set once where the app is put together (erpOutboxRoutes, from the configuration's
 * ERP), so the areas' transactions need no ERP of their own to pass along.
 */
export function useErpOutbox(on: boolean): void {
  enabled = on;
}

/** Whether an ERP is configured: an area builds a message only then. */
export function erpOutboxEnabled(): boolean {
  return enabled;
}

/**
 * Writes `message` in the caller's transaction when an ERP is configured (nothing otherwise). A cancellation of a
 * request that was never announced (made while no ERP was configured) writes nothing either. With tracing on, the
 * row keeps the request's trace context: its delivery joins that trace (decision 0030).
 */
export async function enqueue(tx: Tx | Db, message: NewOutboxMessage): Promise<void> {
  if (!enabled) return;
  await insertMessage(tx, message, storedTraceParent());
}

/**
 * Where a portal row stands with the ERP, as the user is told. not_connected: nothing about it was ever written (no
 * ERP, or made before one was configured); failed: a message is dead-lettered (the ERP does not have it: the
 * department must be called); waiting: a message is still on its way; sent: the ERP has every message about it.
 * A row that ended in the portal (`endedInPortal`: a cancelled or rejected request) of which the ERP never received
 * anything shows nothing: the ERP has nothing to act on, so there is no one to call (the admin still sees the dead
 * messages); once the ERP has it, a dead later message (its cancellation) is `failed` like any other.
 */
export async function erpStatusOf(
  db: Db | Tx,
  aggregateId: string,
  options: { endedInPortal?: boolean } = {},
): Promise<ErpStatus> {
  const s = await selectAggregateState(db, aggregateId);
  if (s.total === 0) return 'not_connected';
  if (s.dead > 0) return options.endedInPortal && s.sent === 0 ? 'not_connected' : 'failed';
  if (s.open > 0) return 'waiting';
  return 'sent';
}
