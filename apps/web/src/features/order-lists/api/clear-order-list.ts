import type { OrderList } from '@mp/contract/api/order-lists';
import { api, pathParam } from '../../../shared/api/client';
import { useListMutation } from './use-list-mutation';

/** DELETE /api/v2.0/OrderLists/{plantLocation}/{id}/orderlistlines: empties the list. */
export function clearOrderList(locationNo: string, id: string): Promise<OrderList> {
  return api.delete(
    `/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}/orderlistlines`,
    {
      answer: (c) => c.orderLists.orderList,
    },
  );
}

export function useClearOrderList() {
  return useListMutation(
    (v: { locationNo: string; id: string }) => clearOrderList(v.locationNo, v.id),
    (v) => v.locationNo,
  );
}
