import type { OrderList } from '@mp/contract/api/order-lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { orderListKeys } from '../../../shared/api/order-lists/keys';

/** GET /api/v2.0/OrderLists/{plantLocation}/{id}: one list with its lines and totals. */
export function getOrderList(locationNo: string, id: string, signal?: AbortSignal): Promise<OrderList> {
  return api.get(`/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}`, {
    signal,
    answer: (c) => c.orderLists.orderList,
  });
}

export const orderListQueryOptions = (locationNo: string, id: string) =>
  queryOptions({
    queryKey: orderListKeys.detail(locationNo, id),
    queryFn: ({ signal }) => getOrderList(locationNo, id, signal),
    staleTime: 10_000,
  });

export function useOrderList(locationNo: string | null, id: string | undefined) {
  return useQuery({
    ...orderListQueryOptions(locationNo ?? '', id ?? ''),
    enabled: locationNo !== null && id !== undefined,
  });
}
