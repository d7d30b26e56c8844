import type { OrderListSummary } from '@mp/contract/api/ordering';
import { useQuery } from '@tanstack/react-query';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';
import {
  activeOrderListStore,
  getOrderLists,
  type OrderListsAnswer,
  orderListKeys,
  orderListsQueryOptions,
  targetListOf,
} from '../../../shared/ui/ordering/order-lists';

export type { OrderListSummary, OrderListsAnswer };
// The fetcher and keys live in shared/ui/ordering: catalogue, search, details, sets and favourites add to
// the order list too, and features do not import each other.
export { getOrderLists, orderListKeys, orderListsQueryOptions };

export function useOrderLists() {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const signedIn = useStore(sessionStore, (s) => s !== null);
  return useQuery({ ...orderListsQueryOptions(locationNo ?? ''), enabled: signedIn && locationNo !== null });
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
