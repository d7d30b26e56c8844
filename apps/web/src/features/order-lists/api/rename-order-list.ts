import { updateOrderList } from './update-order-list';
import { useListMutation } from './use-list-mutation';

/** PUT /api/v2.0/OrderLists/{plantLocation}/{id} with a new name. */
export function useRenameOrderList() {
  return useListMutation(
    (v: { locationNo: string; id: string; name: string }) =>
      updateOrderList(v.locationNo, v.id, { name: v.name }),
    (v) => v.locationNo,
  );
}
