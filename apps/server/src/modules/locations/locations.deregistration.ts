import type { Db } from '../../platform/db/database.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { countStockLines, markDeregistered } from './locations.manage.queries.ts';

/*
 * The locations' part of a deregistration (decision 0023; the workflow is workflows/deregister-location.ts): what
 * still stands on the location, and the deregistration recorded on it.
 */

/**
 * The stock lines on the location (bulk items and plants with a quantity; sale items left out with `ignoreSale`) and
 * whether its deregistration is pending. With `lock` the location row is locked first, so two deregistrations of one
 * location take turns.
 */
export function deregistrationState(
  db: Db,
  locationId: string,
  opts: { ignoreSale: boolean; lock?: boolean },
): Promise<{ lines: number; pending: boolean }> {
  return countStockLines(db, locationId, opts.ignoreSale, opts.lock ?? false);
}

/**
 * The location closed now, or pending until the stock ledger takes its last stock away (buy-off noted); the
 * customers' systems hear of it (signed webhooks, decision 0032: `pending` says whether stock still has to go).
 */
export async function recordDeregistration(
  db: Db,
  locationId: string,
  v: { now: Date; pending: boolean; buyOff: boolean },
): Promise<void> {
  await markDeregistered(db, locationId, v);
  await emitWebhookEvent(db, 'location', 'location.deregistered', locationId, { pending: v.pending });
}
