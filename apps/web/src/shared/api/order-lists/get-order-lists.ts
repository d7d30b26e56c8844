// The order lists of the selected location: every page that puts equipment on them (catalogue, search,
// details, sets, favourites), the order-list feature itself and the shell's count use them.
import type { OrderListSummary } from '@mp/contract/api/order-lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStore } from '../../lib/store';
import { activeOrderListStore } from '../../session/active-order-list';
import { selectedLocationStore } from '../../session/location';
import { sessionStore } from '../../session/session';
import { api, pathParam } from '../client';
import { orderListKeys } from './keys';

export type { OrderListSummary };

export interface OrderListsAnswer {
  orderLists: OrderListSummary[];
  multipleLists: boolean;
}

/**
 * GET /api/v2.0/OrderLists/{plantLocation}: the user's order lists on the location (at least the default
 * one). Every failure — a 404 for a location that is not the user's included — is an error, never "no lists".
 */
export async function getOrderLists(locationNo: string, signal?: AbortSignal): Promise<OrderListsAnswer> {
  const body = await api.get(`/OrderLists/${pathParam('plantLocation', locationNo)}`, {
    signal,
    answer: (c) => c.orderLists.orderListsResponse,
  });
  return { orderLists: body?.orderLists ?? [], multipleLists: body?.multipleLists ?? false };
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

/** The list to show and to add to: the one switched to (when it still exists), else the default. */
export function targetListOf(
  answer: OrderListsAnswer | undefined,
  activeId: string | undefined,
): OrderListSummary | undefined {
  if (!answer) return undefined;
  return (
    (activeId ? answer.orderLists.find((l) => l.id === activeId) : undefined) ??
    answer.orderLists.find((l) => l.isDefault) ??
    answer.orderLists[0]
  );
}

/** The default list of the selected location (the one used when none is chosen), if any. */
export function defaultListOf(answer: OrderListsAnswer | undefined): OrderListSummary | undefined {
  return answer?.orderLists.find((l) => l.isDefault) ?? answer?.orderLists[0];
}

/** The list the user works on at the selected location: the one switched to on Bestellijsten, else the default. */
export function useTargetOrderList(): {
  list: OrderListSummary | undefined;
  query: ReturnType<typeof useOrderLists>;
} {
  const query = useOrderLists();
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? '');
  const activeId = useStore(activeOrderListStore, (a) => a[locationNo]);
  return { list: targetListOf(query.data, activeId), query };
}

/** The number of lines on the order list the user works on at the selected location; 0 without a location. */
export function useOrderListCount(): number {
  return useTargetOrderList().list?.lineCount ?? 0;
}
