import type { favouritesToOrderListInput } from '@mp/contract/api/favourites';
import type { OrderList } from '@mp/contract/api/order-lists';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, pathParam } from '../../../shared/api/client';
import { orderListKeys } from '../../../shared/api/order-lists/keys';

export type FavouritesToOrderListInput = z.input<typeof favouritesToOrderListInput>;

/** POST /api/v2.0/FavoriteLists/{id}/orderlist: every item of the list onto an order list (amounts add up). */
export function favouritesToOrderList(id: string, input: FavouritesToOrderListInput): Promise<OrderList> {
  return api.post(`/FavoriteLists/${pathParam('id', id)}/orderlist`, input, {
    answer: (c) => c.orderLists.orderList,
  });
}

export function useFavouritesToOrderList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; input: FavouritesToOrderListInput }) =>
      favouritesToOrderList(v.id, v.input),
    onSuccess: (list, v) =>
      queryClient.setQueryData(orderListKeys.detail(v.input.plantLocation, list.id), list),
    onSettled: () => queryClient.invalidateQueries({ queryKey: orderListKeys.lists() }),
  });
}
