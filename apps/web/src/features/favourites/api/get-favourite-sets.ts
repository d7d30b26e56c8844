import type { setSummary } from '@mp/contract/api/sets';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';

export type FavouriteSet = z.infer<typeof setSummary>;

/**
 * GET /api/v2.0/Sets?favourites=true: the sets the rental company recommends (FavorietenSets), in the setting's
 * order; none when the setting is empty or MaterieelSets_ToonSets is off.
 */
export async function getFavouriteSets(signal?: AbortSignal): Promise<FavouriteSet[]> {
  const body = await api.get('/Sets', {
    signal,
    query: { favourites: 'true' },
    answer: (c) => c.sets.setsResponse,
  });
  return body?.sets ?? [];
}

export function useFavouriteSets() {
  const locale = useStore(localeStore);
  return useQuery({
    queryKey: ['sets', 'favourites', locale],
    queryFn: ({ signal }) => getFavouriteSets(signal),
    staleTime: 5 * 60_000,
  });
}
