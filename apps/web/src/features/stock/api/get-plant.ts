import type { PlantDetail } from '@mp/contract/api/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { stockKeys } from '../../../shared/api/query-keys';

/** GET /api/v2.0/PlantInventoryItems/{itemNo}/plants/{plantNo}?plantLocation= */
export function getPlant(
  locationNo: string,
  itemNo: string,
  plantNo: string,
  signal?: AbortSignal,
): Promise<PlantDetail> {
  return api.get(`/PlantInventoryItems/${pathParam('id', itemNo)}/plants/${pathParam('plantNo', plantNo)}`, {
    signal,
    answer: (c) => c.stock.plantDetail,
    query: { plantLocation: locationNo },
  });
}

export const plantQueryOptions = (locationNo: string, itemNo: string, plantNo: string) =>
  queryOptions({
    queryKey: stockKeys.plant(locationNo, itemNo, plantNo),
    queryFn: ({ signal }) => getPlant(locationNo, itemNo, plantNo, signal),
    retry: false,
  });

export function usePlant(locationNo: string | null, itemNo: string, plantNo: string) {
  return useQuery({ ...plantQueryOptions(locationNo ?? '', itemNo, plantNo), enabled: locationNo !== null });
}
