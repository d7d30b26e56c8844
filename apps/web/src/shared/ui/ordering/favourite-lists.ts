// Favourite lists: the Favorieten page and the Details page's "add to a favourite list" both use them.
import type { FavouriteList } from '@mp/contract/api/ordering';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../api/client';
import { useStore } from '../../lib/store';
import { selectedLocationStore } from '../../session/location';
import { sessionStore } from '../../session/session';

export type { FavouriteList };

export const favouriteListKeys = {
  all: ['favourite-lists'] as const,
  lists: () => [...favouriteListKeys.all, 'list'] as const,
  list: (locationNo: string | null) => [...favouriteListKeys.lists(), locationNo ?? ''] as const,
};

/** GET /api/v2.0/FavoriteLists?plantLocation=: the user's own lists plus those of the selected location. */
export async function getFavouriteLists(
  locationNo: string | null,
  signal?: AbortSignal,
): Promise<FavouriteList[]> {
  const body = await api.get('/FavoriteLists', {
    query: { plantLocation: locationNo ?? undefined },
    signal,
    answer: (c) => c.ordering.favouriteListsResponse,
  });
  return body?.lists ?? [];
}

export const favouriteListsQueryOptions = (locationNo: string | null) =>
  queryOptions({
    queryKey: favouriteListKeys.list(locationNo),
    queryFn: ({ signal }) => getFavouriteLists(locationNo, signal),
  });

export function useFavouriteLists(enabled = true) {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const signedIn = useStore(sessionStore, (s) => s !== null);
  return useQuery({ ...favouriteListsQueryOptions(locationNo), enabled: enabled && signedIn });
}

/** POST /api/v2.0/FavoriteLists/{id}/items */
export function addFavouriteItems(listId: string, itemNos: string[]): Promise<FavouriteList> {
  return api.post(
    `/FavoriteLists/${pathParam('id', listId)}/items`,
    { itemNos },
    {
      answer: (c) => c.ordering.favouriteList,
    },
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

/** POST /api/v2.0/FavoriteLists: a new list (for every location). */
export function createFavouriteList(name: string): Promise<FavouriteList> {
  return api.post('/FavoriteLists', { name }, { answer: (c) => c.ordering.favouriteList });
}

export function useCreateFavouriteList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) => createFavouriteList(name),
    onSettled: () => queryClient.invalidateQueries({ queryKey: favouriteListKeys.all }),
  });
}
