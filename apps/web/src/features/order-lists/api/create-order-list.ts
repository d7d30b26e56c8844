import type { OrderList } from '@mp/contract/api/order-lists';
import { api, pathParam } from '../../../shared/api/client';
import { useListMutation } from './use-list-mutation';

/** POST /api/v2.0/OrderLists/{plantLocation} (only with Bestellen_EnableMeerdereBestellijsten). */
export function createOrderList(locationNo: string, name: string): Promise<OrderList> {
  return api.post(
    `/OrderLists/${pathParam('plantLocation', locationNo)}`,
    { name },
    { answer: (c) => c.orderLists.orderList },
  );
}

export function useCreateOrderList() {
  return useListMutation(
    (v: { locationNo: string; name: string }) => createOrderList(v.locationNo, v.name),
    (v) => v.locationNo,
  );
}
