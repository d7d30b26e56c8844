import type { Tx } from '../../platform/http/idempotency.ts';
import { enqueue, erpOutboxEnabled, type StatusChangePayload } from '../erp/index.ts';
import { selectRequestForErp, selectRequestNo } from './requests.erp.queries.ts';

/*
 * What the ERP is told about requests (decision 0027, "Portal → ERP"), each on the transaction of the portal's own
 * write: a new request of any kind (recordOrderRequest and recordRequest, the one place the four submits share), a
 * cancellation (the requester's and the department's) and the department's other moves (changeStatus, the one writer
 * of a status, and movePlannedDay). With no ERP configured nothing is read and nothing is written.
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

/**
 * The department's move of a request — taken, planned or re-planned, rejected with its reason, carried out — goes to
 * the ERP too (when it was announced there), so the request there stands as in the portal.
 */
export async function announceStatus(
  tx: Tx,
  id: string,
  change: StatusChangePayload['status'],
  o: { plannedDate: string | null; note: string | null },
): Promise<void> {
  if (!erpOutboxEnabled()) return;
  const requestNo = await selectRequestNo(tx, id);
  if (!requestNo) return;
  await enqueue(tx, {
    kind: 'statusChange',
    aggregate: 'plant_request',
    aggregateId: id,
    documentNo: requestNo,
    payload: {
      requestNo,
      status: change,
      plannedDate: change === 'planned' ? o.plannedDate : null,
      note: change === 'rejected' ? o.note : null,
    },
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
