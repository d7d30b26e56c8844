import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { orderListKeys } from '../../../shared/api/order-lists/keys';
import { setActiveOrderList } from '../../../shared/session/active-order-list';

/** DELETE /api/v2.0/OrderLists/{plantLocation}/{id}: the whole list (only with several lists). */
export function deleteOrderList(locationNo: string, id: string): Promise<null> {
  return api.delete(`/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}`, {
    answer: (c) => c.common.noContent,
  });
}

export function useDeleteOrderList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { locationNo: string; id: string }) => deleteOrderList(v.locationNo, v.id),
    onSuccess: (_d, v) => {
      queryClient.removeQueries({ queryKey: orderListKeys.detail(v.locationNo, v.id) });
      setActiveOrderList(v.locationNo, null);
    },
    onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: orderListKeys.list(v.locationNo) }),
  });
}
