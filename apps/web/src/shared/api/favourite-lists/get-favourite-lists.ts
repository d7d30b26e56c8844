// Favourite lists: the Favorieten page and the Details page's "add to a favourite list" both use them.
import type { FavouriteList } from '@mp/contract/api/favourites';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStore } from '../../lib/store';
import { selectedLocationStore } from '../../session/location';
import { sessionStore } from '../../session/session';
import { api } from '../client';
import { favouriteListKeys } from './keys';

export type { FavouriteList };

/** GET /api/v2.0/FavoriteLists?plantLocation=: the user's own lists plus those of the selected location. */
export async function getFavouriteLists(
  locationNo: string | null,
  signal?: AbortSignal,
): Promise<FavouriteList[]> {
  const body = await api.get('/FavoriteLists', {
    query: { plantLocation: locationNo ?? undefined },
    signal,
    answer: (c) => c.favourites.favouriteListsResponse,
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
