import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { localeStore } from '../../../shared/i18n/locale';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';

export const itemDetailsKeys = {
  all: ['item-details'] as const,
  details: () => [...itemDetailsKeys.all, 'detail'] as const,
  detail: (itemNo: string, locationNo: string | null, locale: string) =>
    [...itemDetailsKeys.details(), itemNo, locationNo ?? '', locale] as const,
};

/** GET /api/v2.0/PlantTypes/{itemNo}?plantLocation=: everything the Details page shows. */
export function getItemDetails(itemNo: string, locationNo: string | null, signal?: AbortSignal) {
  return api.get(`/PlantTypes/${pathParam('id', itemNo)}`, {
    signal,
    answer: (c) => c.catalogue.itemDetails,
    query: { plantLocation: locationNo ?? undefined },
  });
}

export const itemDetailsQueryOptions = (itemNo: string, locationNo: string | null, locale: string) =>
  queryOptions({
    queryKey: itemDetailsKeys.detail(itemNo, locationNo, locale),
    queryFn: ({ signal }) => getItemDetails(itemNo, locationNo, signal),
    staleTime: 60_000,
  });

export function useItemDetails(itemNo: string) {
  const locale = useStore(localeStore);
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  return useQuery(itemDetailsQueryOptions(itemNo, locationNo, locale));
}
