import type { Depot, DepotList } from '@mp/contract/api/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from './client';

export type { Depot, DepotList };
export type DepotPurpose = 'order' | 'removal';

export const depotKeys = {
  all: ['depots'] as const,
  list: (purpose: DepotPurpose) => [...depotKeys.all, 'list', purpose] as const,
};

/**
 * GET /api/v2.0/PlantLocations/depots/{order|removal}: where an order can be collected, or equipment can go back to;
 * defaultDepotNo is preselected.
 */
export async function getDepots(purpose: DepotPurpose, signal?: AbortSignal): Promise<DepotList> {
  const body = await api.get(`/PlantLocations/depots/${pathParam('purpose', purpose)}`, {
    signal,
    answer: (c) => c.locations.depotList,
  });
  return { defaultDepotNo: body?.defaultDepotNo ?? null, depots: body?.depots ?? [] };
}

export const depotsQueryOptions = (purpose: DepotPurpose) =>
  queryOptions({
    queryKey: depotKeys.list(purpose),
    queryFn: ({ signal }) => getDepots(purpose, signal),
    staleTime: 10 * 60_000,
  });

export function useDepots(purpose: DepotPurpose) {
  return useQuery(depotsQueryOptions(purpose));
}

/** The depot to preselect: the configured default, else the one marked default, else the first. */
export function defaultDepotOf(list: DepotList | undefined): string | null {
  if (!list || list.depots.length === 0) return null;
  return (
    list.depots.find((d) => d.depotNo === list.defaultDepotNo)?.depotNo ??
    list.depots.find((d) => d.isDefault)?.depotNo ??
    list.depots[0]?.depotNo ??
    null
  );
}
