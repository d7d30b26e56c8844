import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { favouriteListKeys } from '../../../shared/api/favourite-lists/keys';

/** DELETE /api/v2.0/FavoriteLists/{id}: the list with its items. */
export function deleteFavouriteList(id: string): Promise<null> {
  return api.delete(`/FavoriteLists/${pathParam('id', id)}`, {
    answer: (c) => c.common.noContent,
  });
}

export function useDeleteFavouriteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteFavouriteList(id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteListKeys.all }),
  });
}
