import type { StockPage, StockSort } from '@mp/contract/api/stock';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { stockKeys } from '../../../shared/api/query-keys';

export interface StockParams {
  locationNo: string;
  categoryId: string;
  sortBy: StockSort;
  pageSize: number;
  pageNumber: number;
  query: string;
}

/** GET /api/v2.0/PlantInventoryItems/{categoryId}?plantLocation=&sortBy=&pageSize=&pageNumber=&query= */
export function getStock(p: StockParams, signal?: AbortSignal): Promise<StockPage> {
  return api.get(`/PlantInventoryItems/${pathParam('id', p.categoryId)}`, {
    signal,
    answer: (c) => c.stock.stockPage,
    query: {
      plantLocation: p.locationNo,
      sortBy: p.sortBy,
      pageSize: p.pageSize,
      pageNumber: p.pageNumber,
      query: p.query || undefined,
    },
  });
}

export const stockQueryOptions = (p: StockParams) =>
  queryOptions({ queryKey: stockKeys.list(p), queryFn: ({ signal }) => getStock(p, signal) });

export function useStock(p: StockParams | null) {
  return useQuery({
    ...stockQueryOptions(
      p ?? { locationNo: '', categoryId: '', sortBy: 'default', pageSize: 50, pageNumber: 1, query: '' },
    ),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}
