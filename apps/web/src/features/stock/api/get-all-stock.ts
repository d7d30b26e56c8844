import { EMPTY_GUID } from '@mp/contract';
import type { AllStock } from '@mp/contract/api/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { stockKeys } from '../../../shared/api/query-keys';

/** GET /api/v2.0/PlantInventoryItems/{categoryId}/locations?query= : stock of every location, or the search over them. */
export function getAllStock(query: string, signal?: AbortSignal, categoryId = EMPTY_GUID): Promise<AllStock> {
  return api.get(`/PlantInventoryItems/${pathParam('id', categoryId)}/locations`, {
    signal,
    answer: (c) => c.stock.allStock,
    query: { query: query || undefined },
  });
}

export const allStockQueryOptions = (query: string) =>
  queryOptions({
    queryKey: stockKeys.everywhere(EMPTY_GUID, query),
    queryFn: ({ signal }) => getAllStock(query, signal),
    retry: false,
  });

export function useAllStock(query: string, enabled = true) {
  return useQuery({ ...allStockQueryOptions(query), enabled, placeholderData: keepPreviousData });
}
