import type {
  ExitOrderDetail,
  ExitOrderSummary,
  OrderDetail,
  OrderList,
  OrderSummary,
} from '@mp/contract/api/orders';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, apiFile, pathParam } from '../../../shared/api/client';

export type { ExitOrderDetail, ExitOrderSummary, OrderDetail, OrderSummary };
export type ListedKind = 'delivery' | 'removal' | 'move_to' | 'move_from';

export interface OrderListParams {
  locationNo: string;
  kind: ListedKind;
  status?: string;
  query?: string;
  page: number;
  pageSize: number;
}

export const orderKeys = {
  all: ['orders'] as const,
  list: (p: OrderListParams) => [...orderKeys.all, 'list', p] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  exitList: (locationNo: string, page: number) => [...orderKeys.all, 'exit-list', locationNo, page] as const,
  exitDetail: (id: string) => [...orderKeys.all, 'exit-detail', id] as const,
  photo: (url: string) => [...orderKeys.all, 'photo', url] as const,
};

/** GET /api/v2.0/PlantOrders: the selected location's orders of one kind, newest first. */
export function useOrders(p: OrderListParams | null) {
  return useQuery({
    ...queryOptions({
      queryKey: orderKeys.list(p ?? { locationNo: '', kind: 'delivery', page: 1, pageSize: 25 }),
      queryFn: ({ signal }): Promise<OrderList> =>
        api.get('/PlantOrders', {
          signal,
          answer: (c) => c.orders.orderList,
          query: {
            plantLocation: p?.locationNo,
            kind: p?.kind,
            status: p?.status || undefined,
            query: p?.query || undefined,
            page: p?.page,
            pageSize: p?.pageSize,
          },
        }),
    }),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2.0/PlantOrders/{id}. */
export function useOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.detail(id),
    queryFn: ({ signal }): Promise<OrderDetail> =>
      api.get(`/PlantOrders/${pathParam('id', id)}`, { signal, answer: (c) => c.orders.orderDetail }),
  });
}

/** GET /api/v2.0/ExitOrders: the selected location's exit orders. */
export function useExitOrders(locationNo: string | null, page: number, pageSize: number) {
  return useQuery({
    queryKey: orderKeys.exitList(locationNo ?? '', page),
    queryFn: ({ signal }) =>
      api.get('/ExitOrders', {
        signal,
        answer: (c) => c.orders.exitOrderList,
        query: { plantLocation: locationNo ?? '', page, pageSize },
      }),
    enabled: locationNo !== null,
    placeholderData: keepPreviousData,
  });
}

/** GET /api/v2.0/ExitOrders/{id}. */
export function useExitOrder(id: string) {
  return useQuery({
    queryKey: orderKeys.exitDetail(id),
    queryFn: ({ signal }): Promise<ExitOrderDetail> =>
      api.get(`/ExitOrders/${pathParam('id', id)}`, { signal, answer: (c) => c.orders.exitOrderDetail }),
  });
}

/** A private photo (fetched with the user's token) as an object URL, kept while the page shows it. */
export function usePhoto(url: string) {
  return useQuery({
    queryKey: orderKeys.photo(url),
    queryFn: async () => URL.createObjectURL((await apiFile(url)).blob),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
