import type { StockHistory } from '@mp/contract/api/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { stockKeys } from '../../../shared/api/query-keys';

/** GET /api/v2.0/PlantInventoryItems/{itemNo}/history?plantLocation=&plantNo= */
export function getHistory(
  locationNo: string,
  itemNo: string,
  plantNo: string | null,
  signal?: AbortSignal,
): Promise<StockHistory> {
  return api.get(`/PlantInventoryItems/${pathParam('id', itemNo)}/history`, {
    signal,
    answer: (c) => c.stock.stockHistory,
    query: { plantLocation: locationNo, plantNo: plantNo ?? undefined },
  });
}

export const historyQueryOptions = (locationNo: string, itemNo: string, plantNo: string | null) =>
  queryOptions({
    queryKey: stockKeys.history(locationNo, itemNo, plantNo),
    queryFn: ({ signal }) => getHistory(locationNo, itemNo, plantNo, signal),
    retry: false,
  });

export function useHistory(locationNo: string | null, itemNo: string, plantNo: string | null) {
  return useQuery({
    ...historyQueryOptions(locationNo ?? '', itemNo, plantNo),
    enabled: locationNo !== null,
  });
}
