import type { OrderListSummary } from '@mp/contract/api/ordering';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { isApiError } from '../../../shared/api/errors';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';

export type { OrderListSummary };

export const orderListKeys = {
  all: ['order-lists'] as const,
  lists: () => [...orderListKeys.all, 'list'] as const,
  list: (locationNo: string) => [...orderListKeys.lists(), locationNo] as const,
};

export interface OrderListsAnswer {
  orderLists: OrderListSummary[];
  multipleLists: boolean;
}

/** GET /api/v2.0/OrderLists/{plantLocation}: the user's order lists on the location (a location without any answers none). */
export async function getOrderLists(locationNo: string, signal?: AbortSignal): Promise<OrderListsAnswer> {
  try {
    const body = await api.get<OrderListsAnswer>(`/OrderLists/${pathParam('plantLocation', locationNo)}`, { signal });
    return { orderLists: body?.orderLists ?? [], multipleLists: body?.multipleLists ?? false };
  } catch (e) {
    if (isApiError(e) && e.status === 404) return { orderLists: [], multipleLists: false };
    throw e;
  }
}

export const orderListsQueryOptions = (locationNo: string) =>
  queryOptions({
    queryKey: orderListKeys.list(locationNo),
    queryFn: ({ signal }) => getOrderLists(locationNo, signal),
    staleTime: 30_000,
    retry: false,
  });

export function useOrderLists() {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const signedIn = useStore(sessionStore, (s) => s !== null);
  return useQuery({ ...orderListsQueryOptions(locationNo ?? ''), enabled: signedIn && locationNo !== null });
}

/** The default list of the selected location (the one used when none is chosen), if any. */
export function defaultListOf(answer: OrderListsAnswer | undefined): OrderListSummary | undefined {
  return answer?.orderLists.find((l) => l.isDefault) ?? answer?.orderLists[0];
}

/** The number of lines on the default order list of the selected location; 0 without a location. */
export function useOrderListCount(): number {
  const { data } = useOrderLists();
  return defaultListOf(data)?.lineCount ?? 0;
}
