import type { OrderList } from '@mp/contract/api/order-lists';
import { api, pathParam } from '../client';
import { keyHeader } from '../idempotent-submit';

/*
 * Taking lines off an order list: the editor's calls, which the offline queue sends too (with the change's
 * Idempotency-Key; none online, decision 0031). Both answer the list as it is after the change.
 */

const linesPath = (locationNo: string, id: string) =>
  `/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}/orderlistlines`;

/** DELETE /api/v2.0/OrderLists/{plantLocation}/{id}/orderlistlines/{lineId} (a set line goes with its components). */
export function deleteOrderListLine(
  locationNo: string,
  id: string,
  lineId: string,
  idempotencyKey?: string,
): Promise<OrderList> {
  return api.delete(`${linesPath(locationNo, id)}/${pathParam('lineId', lineId)}`, {
    headers: keyHeader(idempotencyKey),
    answer: (c) => c.orderLists.orderList,
  });
}

/** DELETE /api/v2.0/OrderLists/{plantLocation}/{id}/orderlistlines: empties the list. */
export function clearOrderList(locationNo: string, id: string, idempotencyKey?: string): Promise<OrderList> {
  return api.delete(linesPath(locationNo, id), {
    headers: keyHeader(idempotencyKey),
    answer: (c) => c.orderLists.orderList,
  });
}
