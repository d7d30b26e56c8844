import type { LocationCostItems, LocationCosts } from '@mp/contract/api/costs';
import { useQuery } from '@tanstack/react-query';
import { localeStore } from '../i18n/locale';
import { useStore } from '../lib/store';
import { api, pathParam } from './client';

export type { LocationCostItems, LocationCosts };

export const locationCostKeys = {
  all: ['location-costs'] as const,
  one: (locationNo: string, locale: string) => [...locationCostKeys.all, locationNo, locale] as const,
  items: (locationNo: string, locale: string) =>
    [...locationCostKeys.all, locationNo, locale, 'items'] as const,
};

/**
 * GET /api/v2.0/PlantLocations/{plantLocation}/costs: what the location's equipment costs (issue #37 point 1) — the
 * cost page and the card on Home read the same answer.
 */
export function useLocationCosts(locationNo: string | null) {
  const locale = useStore(localeStore);
  return useQuery({
    queryKey: locationCostKeys.one(locationNo ?? '', locale),
    queryFn: ({ signal }): Promise<LocationCosts> =>
      api.get(`/PlantLocations/${pathParam('plantLocation', locationNo)}/costs`, {
        signal,
        answer: (c) => c.costs.locationCosts,
      }),
    enabled: locationNo !== null,
    staleTime: 60_000,
  });
}

/** GET …/costs/items: every item with its plants, asked for when the page shows them all. */
export function useLocationCostItems(locationNo: string, enabled: boolean) {
  const locale = useStore(localeStore);
  return useQuery({
    queryKey: locationCostKeys.items(locationNo, locale),
    queryFn: ({ signal }): Promise<LocationCostItems> =>
      api.get(`/PlantLocations/${pathParam('plantLocation', locationNo)}/costs/items`, {
        signal,
        answer: (c) => c.costs.locationCostItems,
      }),
    enabled,
    staleTime: 60_000,
  });
}
