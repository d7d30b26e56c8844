// The order lists of the selected location, shared by every page that puts equipment on them (catalogue,
// search, details, sets, favourites) and by the order-list feature itself. why here: features never import
// each other, and adding to the order list is a building block of several features.
import type { AddOrderListLinesInput, OrderList, OrderListSummary } from '@mp/contract/api/ordering';
import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../api/client';
import { ApiError, isApiError } from '../../api/errors';
import { createStore } from '../../lib/store';
import { selectedLocationStore } from '../../session/location';
import { onSessionEnd, sessionStore } from '../../session/session';

export const orderListKeys = {
  all: ['order-lists'] as const,
  lists: () => [...orderListKeys.all, 'list'] as const,
  list: (locationNo: string) => [...orderListKeys.lists(), locationNo] as const,
  details: () => [...orderListKeys.all, 'detail'] as const,
  detail: (locationNo: string, id: string) => [...orderListKeys.details(), locationNo, id] as const,
  drafts: () => [...orderListKeys.all, 'draft'] as const,
  draft: (locationNo: string, id: string) => [...orderListKeys.drafts(), locationNo, id] as const,
};

export interface OrderListsAnswer {
  orderLists: OrderListSummary[];
  multipleLists: boolean;
}

/** GET /api/v2.0/OrderLists/{plantLocation}: the user's order lists on the location (a location without any answers none). */
export async function getOrderLists(locationNo: string, signal?: AbortSignal): Promise<OrderListsAnswer> {
  try {
    const body = await api.get(`/OrderLists/${pathParam('plantLocation', locationNo)}`, {
      signal,
      answer: (c) => c.ordering.orderListsResponse,
    });
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

// ── the active list (Bestellijsten: the list the user switched to; else the default) ─────────────

const ACTIVE_KEY = 'mp.activeOrderList';

function readActive(): Record<string, string> {
  try {
    const raw = JSON.parse(localStorage.getItem(ACTIVE_KEY) ?? '{}') as unknown;
    return typeof raw === 'object' && raw !== null && !Array.isArray(raw)
      ? (raw as Record<string, string>)
      : {};
  } catch {
    return {};
  }
}

/** Per location number: the id of the order list the user works on (only set after switching lists). */
export const activeOrderListStore = createStore<Record<string, string>>(readActive());

export function setActiveOrderList(locationNo: string, id: string | null): void {
  const next = { ...activeOrderListStore.get() };
  if (id) next[locationNo] = id;
  else delete next[locationNo];
  try {
    localStorage.setItem(ACTIVE_KEY, JSON.stringify(next));
  } catch {}
  activeOrderListStore.set(next);
}

onSessionEnd(() => {
  try {
    localStorage.removeItem(ACTIVE_KEY);
  } catch {}
  activeOrderListStore.set({});
});

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

// ── adding lines ──────────────────────────────────────────────────────────────────────────────

/** Error codes of a refused add before anything was sent (the caller explains them). */
export const NOT_SIGNED_IN = 'error.niet_ingelogd';
export const NO_LOCATION = 'Bestellijst.kies_locatie';
export const NOTHING_TO_ADD = 'Catalogus.selectie_leeg';

/** POST /api/v2.0/OrderLists/{plantLocation}/{orderListId}/orderlistlines?childLinesIncluded= */
export function addOrderListLines(
  locationNo: string,
  orderListId: string,
  input: AddOrderListLinesInput,
  childLinesIncluded = false,
): Promise<OrderList> {
  return api.post(
    `/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('orderListId', orderListId)}/orderlistlines`,
    input,
    {
      query: childLinesIncluded ? { childLinesIncluded: 'true' } : undefined,
      answer: (c) => c.ordering.orderList,
    },
  );
}

async function addToTarget(
  queryClient: QueryClient,
  input: AddOrderListLinesInput,
  childLinesIncluded: boolean,
): Promise<OrderList> {
  if (!sessionStore.get()) throw new ApiError(401, NOT_SIGNED_IN, 'not signed in');
  const locationNo = selectedLocationStore.get()?.locationNo;
  if (!locationNo) throw new ApiError(0, NO_LOCATION, 'no location');
  // spec §5: adding an empty list of items, sets or details is rejected locally
  if (input.lines.length === 0) throw new ApiError(0, NOTHING_TO_ADD, 'nothing to add');
  const answer = await queryClient.fetchQuery(orderListsQueryOptions(locationNo));
  const target = targetListOf(answer, activeOrderListStore.get()[locationNo]);
  if (!target) throw new ApiError(404, 'error.niet_gevonden', 'no order list');
  const list = await addOrderListLines(locationNo, target.id, input, childLinesIncluded);
  queryClient.setQueryData(orderListKeys.detail(locationNo, list.id), list);
  return list;
}

/**
 * Puts items or sets on the order list the user works on at the selected location. Refuses locally
 * (ApiError with NOT_SIGNED_IN, NO_LOCATION or NOTHING_TO_ADD as code) when that cannot work.
 * The main bar's count follows: the order-list queries are invalidated.
 */
export function useAddToOrderList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      input,
      childLinesIncluded = false,
    }: {
      input: AddOrderListLinesInput;
      childLinesIncluded?: boolean;
    }) => addToTarget(queryClient, input, childLinesIncluded),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListKeys.lists() }),
  });
}

/** Whether an add failed for a reason the user fixes in the page (sign in, pick a location, fill in amounts). */
export function isLocalRefusal(e: unknown): e is ApiError {
  return isApiError(e) && [NOT_SIGNED_IN, NO_LOCATION, NOTHING_TO_ADD].includes(e.code);
}
