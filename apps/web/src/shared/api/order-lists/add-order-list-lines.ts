import type { AddOrderListLinesInput, OrderList } from '@mp/contract/api/order-lists';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { offlineQueue } from '../../offline/lazy';
import { isOnline } from '../../offline/online';
import { activeOrderListStore } from '../../session/active-order-list';
import { selectedLocationStore } from '../../session/location';
import { sessionStore } from '../../session/session';
import { ApiError, isApiError, NETWORK_ERROR_CODE } from '../errors';
import { addOrderListLines } from './add-lines-call';
import { orderListsQueryOptions, targetListOf } from './get-order-lists';
import { orderListKeys } from './keys';

export { addOrderListLines };

/** Error codes of a refused add before anything was sent (the caller explains them). */
export const NOT_SIGNED_IN = 'error.niet_ingelogd';
export const NO_LOCATION = 'Bestellijst.kies_locatie';
export const NOTHING_TO_ADD = 'Catalogus.selectie_leeg';
/** Offline, and no order list of the location was read on this phone: nothing to queue onto. */
export const NO_LIST_OFFLINE = 'OfflineWachtrij.geen_bestellijst';

/** The order lists of the location: asked when online, else (or when asking fails for the network) as kept. */
async function listsOf(queryClient: QueryClient, locationNo: string) {
  const options = orderListsQueryOptions(locationNo);
  const kept = () => {
    const lists = queryClient.getQueryData(options.queryKey);
    if (!lists) throw new ApiError(0, NO_LIST_OFFLINE, 'no order list kept offline');
    return lists;
  };
  if (!isOnline()) return kept();
  try {
    return await queryClient.fetchQuery(options);
  } catch (e) {
    if (isApiError(e) && e.code === NETWORK_ERROR_CODE) return kept();
    throw e;
  }
}

async function addToTarget(
  queryClient: QueryClient,
  input: AddOrderListLinesInput,
  childLinesIncluded: boolean,
): Promise<OrderList | null> {
  if (!sessionStore.get()) throw new ApiError(401, NOT_SIGNED_IN, 'not signed in');
  const locationNo = selectedLocationStore.get()?.locationNo;
  if (!locationNo) throw new ApiError(0, NO_LOCATION, 'no location');
  // product §5: adding an empty list of items, sets or details is rejected locally
  if (input.lines.length === 0) throw new ApiError(0, NOTHING_TO_ADD, 'nothing to add');
  const answer = await listsOf(queryClient, locationNo);
  const target = targetListOf(answer, activeOrderListStore.get()[locationNo]);
  if (!target) throw new ApiError(404, 'error.niet_gevonden', 'no order list');
  const label = input.lines.map((l) => `${l.amount} × ${l.itemNo}`).join(', ');
  const { sendOrQueue } = await offlineQueue();
  const out = await sendOrQueue<OrderList>(
    { kind: 'order.add', locationNo, orderListId: target.id, input, childLinesIncluded },
    label,
  );
  // without reception the add waits in the offline queue (decision 0031): null, the caller says it was kept
  if (out.queued) return null;
  queryClient.setQueryData(orderListKeys.detail(locationNo, out.answer.id), out.answer);
  return out.answer;
}

/**
 * Puts items or sets on the order list the user works on at the selected location. Refuses locally
 * (ApiError with NOT_SIGNED_IN, NO_LOCATION, NOTHING_TO_ADD or NO_LIST_OFFLINE as code) when that cannot work.
 * Answers null when the add waits in the offline queue.
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
  return isApiError(e) && [NOT_SIGNED_IN, NO_LOCATION, NOTHING_TO_ADD, NO_LIST_OFFLINE].includes(e.code);
}
