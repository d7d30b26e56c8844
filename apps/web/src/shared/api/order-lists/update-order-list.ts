import type { OrderList, updateOrderListInput } from '@mp/contract/api/order-lists';
import type { z } from 'zod';
import { api, pathParam } from '../client';
import { keyHeader } from '../idempotent-submit';

export type UpdateOrderListInput = z.infer<typeof updateOrderListInput>;

/**
 * PUT /api/v2.0/OrderLists/{plantLocation}/{id}: rename and/or save amounts and comments of several lines
 * at once (the autosave sends its batch here; the offline queue too, with its Idempotency-Key). Callers put the
 * answer in the cache (orderListKeys.detail) and invalidate orderListKeys.lists() for the counts.
 */
export function updateOrderList(
  locationNo: string,
  id: string,
  input: UpdateOrderListInput,
  idempotencyKey?: string,
): Promise<OrderList> {
  return api.put(`/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}`, input, {
    headers: keyHeader(idempotencyKey),
    answer: (c) => c.orderLists.orderList,
  });
}
