import type { Tx } from '../../platform/http/idempotency.ts';
import { enqueue, erpOutboxEnabled } from '../erp/index.ts';
import { selectRequestForErp, selectRequestNo } from './requests.erp.queries.ts';

/*
 * What the ERP is told about requests (decision 0027, "Portal → ERP"), each on the transaction of the portal's own
 * write: a new request of any kind (recordOrderRequest and recordRequest, the one place the four submits share) and
 * a cancellation (changeStatus, the one writer of a status: the requester's and the department's). With no ERP
 * configured nothing is read and nothing is written.
 */

/** A new request, with its lines, goes to the ERP. */
export async function announceRequest(tx: Tx, id: string): Promise<void> {
  if (!erpOutboxEnabled()) return;
  const payload = await selectRequestForErp(tx, id);
  if (!payload) return;
  await enqueue(tx, {
    kind: 'request',
    aggregate: 'plant_request',
    aggregateId: id,
    documentNo: payload.requestNo,
    payload,
  });
}

/** A cancelled request is cancelled in the ERP too (when it was announced there). */
export async function announceCancellation(
  tx: Tx,
  id: string,
  by: 'requester' | 'department',
  note: string | null,
): Promise<void> {
  if (!erpOutboxEnabled()) return;
  const requestNo = await selectRequestNo(tx, id);
  if (!requestNo) return;
  await enqueue(tx, {
    kind: 'cancellation',
    aggregate: 'plant_request',
    aggregateId: id,
    documentNo: requestNo,
    payload: { requestNo, by, note },
  });
}
