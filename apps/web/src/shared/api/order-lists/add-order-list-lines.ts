import type { AddOrderListLinesInput, OrderList } from '@mp/contract/api/order-lists';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { activeOrderListStore } from '../../session/active-order-list';
import { selectedLocationStore } from '../../session/location';
import { sessionStore } from '../../session/session';
import { api, pathParam } from '../client';
import { ApiError, isApiError } from '../errors';
import { keyHeader } from '../idempotent-submit';
import { orderListsQueryOptions, targetListOf } from './get-order-lists';
import { orderListKeys } from './keys';

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
  idempotencyKey?: string,
): Promise<OrderList> {
  return api.post(
    `/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('orderListId', orderListId)}/orderlistlines`,
    input,
    {
      headers: keyHeader(idempotencyKey),
      query: childLinesIncluded ? { childLinesIncluded: 'true' } : undefined,
      answer: (c) => c.orderLists.orderList,
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
  // product §5: adding an empty list of items, sets or details is rejected locally
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
