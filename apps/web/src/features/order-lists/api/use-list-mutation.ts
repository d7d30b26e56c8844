import type { OrderList } from '@mp/contract/api/order-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { orderListKeys } from '../../../shared/api/order-lists/keys';

/**
 * A change that answers the whole list: the answer goes into the detail cache, the summaries (main-bar
 * count) are invalidated.
 */
export function useListMutation<V, R extends OrderList | null>(
  run: (v: V) => Promise<R>,
  locationOf: (v: V) => string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (list, v) => {
      if (list) queryClient.setQueryData(orderListKeys.detail(locationOf(v), list.id), list);
    },
    onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: orderListKeys.list(locationOf(v)) }),
  });
}
