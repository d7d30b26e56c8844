import type { Depot, DepotList } from '@mp/contract/api/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

export type { Depot, DepotList };

export const depotKeys = {
  all: ['depots'] as const,
  list: (purpose: 'order' | 'removal') => [...depotKeys.all, 'list', purpose] as const,
};

/** GET /api/v2.0/PlantLocations/depots/order: where an order can be collected; defaultDepotNo is preselected. */
export async function getOrderDepots(signal?: AbortSignal): Promise<DepotList> {
  const body = await api.get('/PlantLocations/depots/order', {
    signal,
    answer: (c) => c.locations.depotList,
  });
  return { defaultDepotNo: body?.defaultDepotNo ?? null, depots: body?.depots ?? [] };
}

export const orderDepotsQueryOptions = () =>
  queryOptions({
    queryKey: depotKeys.list('order'),
    queryFn: ({ signal }) => getOrderDepots(signal),
    staleTime: 10 * 60_000,
  });

export function useOrderDepots() {
  return useQuery(orderDepotsQueryOptions());
}

/** The depot to preselect: the configured default, else the one marked default, else the first. */
export function defaultDepotOf(list: DepotList | undefined): string | null {
  if (!list || list.depots.length === 0) return null;
  return (
    list.depots.find((d) => d.depotNo === list.defaultDepotNo)?.depotNo ??
    list.depots.find((d) => d.isDefault)?.depotNo ??
    list.depots[0].depotNo
  );
}
