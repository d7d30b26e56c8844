import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { favouriteListKeys } from '../../../shared/api/favourite-lists/keys';

/** DELETE /api/v2.0/FavoriteLists/{id}/items/{itemNumber} */
export function removeFavouriteItem(id: string, itemNo: string): Promise<null> {
  return api.delete(`/FavoriteLists/${pathParam('id', id)}/items/${pathParam('itemNumber', itemNo)}`, {
    answer: (c) => c.common.noContent,
  });
}

export function useRemoveFavouriteItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; itemNo: string }) => removeFavouriteItem(v.id, v.itemNo),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteListKeys.all }),
  });
}
