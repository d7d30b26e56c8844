import type { FavouriteList } from '@mp/contract/api/favourites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../client';
import { favouriteListKeys } from './keys';

/** POST /api/v2.0/FavoriteLists/{id}/items */
export function addFavouriteItems(listId: string, itemNos: string[]): Promise<FavouriteList> {
  return api.post(
    `/FavoriteLists/${pathParam('id', listId)}/items`,
    { itemNos },
    { answer: (c) => c.favourites.favouriteList },
  );
}

export function useAddFavouriteItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ listId, itemNos }: { listId: string; itemNos: string[] }) =>
      addFavouriteItems(listId, itemNos),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteListKeys.all }),
  });
}
