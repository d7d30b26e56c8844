import type { FavouriteList } from '@mp/contract/api/favourites';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../client';
import { favouriteListKeys } from './keys';

/** POST /api/v2.0/FavoriteLists: a new list (for every location). */
export function createFavouriteList(name: string): Promise<FavouriteList> {
  return api.post('/FavoriteLists', { name }, { answer: (c) => c.favourites.favouriteList });
}

export function useCreateFavouriteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createFavouriteList(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteListKeys.all }),
  });
}
