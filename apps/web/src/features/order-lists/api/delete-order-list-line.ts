import type { OrderList } from '@mp/contract/api/order-lists';
import { api, pathParam } from '../../../shared/api/client';
import { useListMutation } from './use-list-mutation';

/** DELETE /api/v2.0/OrderLists/{plantLocation}/{id}/orderlistlines/{lineId} (a set line goes with its components). */
export function deleteOrderListLine(locationNo: string, id: string, lineId: string): Promise<OrderList> {
  return api.delete(
    `/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}/orderlistlines/${pathParam('lineId', lineId)}`,
    { answer: (c) => c.orderLists.orderList },
  );
}

export function useDeleteOrderListLine() {
  return useListMutation(
    (v: { locationNo: string; id: string; lineId: string }) =>
      deleteOrderListLine(v.locationNo, v.id, v.lineId),
    (v) => v.locationNo,
  );
}
