import type { SetDetail, setSummary } from '@mp/contract/api/sets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, pathParam } from '../../../shared/api/client';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';

export type SetSummary = z.infer<typeof setSummary>;

export const setKeys = {
  all: ['sets'] as const,
  lists: () => [...setKeys.all, 'list'] as const,
  list: (locale: string, itemNo?: string) => [...setKeys.lists(), locale, itemNo ?? ''] as const,
  details: () => [...setKeys.all, 'detail'] as const,
  detail: (setNo: string, locationNo: string | null, locale: string) =>
    [...setKeys.details(), setNo, locationNo ?? '', locale] as const,
};

/** GET /api/v2.0/Sets?itemNo=: the active sets (none when MaterieelSets_ToonSets is off). */
export async function getSets(itemNo?: string, signal?: AbortSignal): Promise<SetSummary[]> {
  const body = await api.get('/Sets', {
    signal,
    query: { itemNo },
    answer: (c) => c.sets.setsResponse,
  });
  return body?.sets ?? [];
}

export const setsQueryOptions = (locale: string, itemNo?: string) =>
  queryOptions({
    queryKey: setKeys.list(locale, itemNo),
    queryFn: ({ signal }) => getSets(itemNo, signal),
    staleTime: 5 * 60_000,
  });

export function useSets(itemNo?: string, enabled = true) {
  const locale = useStore(localeStore);
  return useQuery({ ...setsQueryOptions(locale, itemNo), enabled });
}

/** GET /api/v2.0/Sets/{setNo}?plantLocation=: one set with its lines and the Sets_* settings. */
export function getSet(setNo: string, locationNo: string | null, signal?: AbortSignal): Promise<SetDetail> {
  return api.get(`/Sets/${pathParam('id', setNo)}`, {
    signal,
    answer: (c) => c.sets.setDetail,
    query: { plantLocation: locationNo ?? undefined },
  });
}

export const setQueryOptions = (setNo: string, locationNo: string | null, locale: string) =>
  queryOptions({
    queryKey: setKeys.detail(setNo, locationNo, locale),
    queryFn: ({ signal }) => getSet(setNo, locationNo, signal),
    staleTime: 60_000,
  });

export function useSet(setNo: string) {
  const locale = useStore(localeStore);
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  return useQuery(setQueryOptions(setNo, locationNo, locale));
}
