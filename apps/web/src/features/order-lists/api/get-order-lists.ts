import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { isApiError } from '../../../shared/api/errors';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';

export const orderListKeys = {
  all: ['order-lists'] as const,
  lists: () => [...orderListKeys.all, 'list'] as const,
  list: (locationNo: string) => [...orderListKeys.lists(), locationNo] as const,
};

/** One order list of a location (spec §3: id, naam, lines). */
export interface OrderListSummary {
  id: string;
  naam: string;
  lineCount: number;
}

type Raw = Record<string, unknown>;
const arrayOf = (o: Raw, ...names: string[]): unknown[] | undefined => {
  for (const n of names) if (Array.isArray(o[n])) return o[n] as unknown[];
  return undefined;
};

/** Reads the answer leniently (the v2 shape uses English names, the legacy one Dutch). */
export function toOrderLists(body: unknown): OrderListSummary[] {
  if (!body || typeof body !== 'object') return [];
  const raw = body as Raw;
  const lists =
    arrayOf(raw, 'orderLists', 'lijsten', 'lists') ?? (arrayOf(raw, 'lines', 'items', 'regels') ? [raw] : []);
  return lists.map((l, index) => {
    const list = (l ?? {}) as Raw;
    return {
      id: String(list.id ?? list.orderlistId ?? index),
      naam: String(list.naam ?? list.name ?? ''),
      lineCount: (arrayOf(list, 'lines', 'items', 'regels', 'orderListLines') ?? []).length,
    };
  });
}

/** GET /api/v2.0/OrderLists/{plantLocation}. Until a location has order lists the answer is empty (404 counts as none). */
export async function getOrderLists(locationNo: string, signal?: AbortSignal): Promise<OrderListSummary[]> {
  try {
    return toOrderLists(
      await api.get<unknown>(`/OrderLists/${pathParam('plantLocation', locationNo)}`, { signal }),
    );
  } catch (e) {
    if (isApiError(e) && e.status === 404) return [];
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

/** The number of lines on the (first) order list of the selected location; 0 without a location. */
export function useOrderListCount(): number {
  const { data } = useOrderLists();
  return data?.[0]?.lineCount ?? 0;
}
