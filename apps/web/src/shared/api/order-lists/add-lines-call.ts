import type { AddOrderListLinesInput, OrderList } from '@mp/contract/api/order-lists';
import { api, pathParam } from '../client';
import { keyHeader } from '../idempotent-submit';

/** POST /api/v2.0/OrderLists/{plantLocation}/{orderListId}/orderlistlines?childLinesIncluded= */
export function addOrderListLines(
  locationNo: string,
  orderListId: string,
  input: AddOrderListLinesInput,
  childLinesIncluded = false,
  idempotencyKey?: string,
): Promise<OrderList> {
  return api.post(
    `/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('orderListId', orderListId)}/orderlistlines`,
    input,
    {
      headers: keyHeader(idempotencyKey),
      query: childLinesIncluded ? { childLinesIncluded: 'true' } : undefined,
      answer: (c) => c.orderLists.orderList,
    },
  );
}
