import type { FavouriteList } from '@mp/contract/api/favourites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { favouriteListKeys } from '../../../shared/api/favourite-lists/keys';

/** PUT /api/v2.0/FavoriteLists/{id} */
export function renameFavouriteList(id: string, name: string): Promise<FavouriteList> {
  return api.put(
    `/FavoriteLists/${pathParam('id', id)}`,
    { name },
    { answer: (c) => c.favourites.favouriteList },
  );
}

export function useRenameFavouriteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; name: string }) => renameFavouriteList(v.id, v.name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteListKeys.all }),
  });
}
