import type { StockSort } from '@mp/contract/api/stock';

export interface StockParams {
  locationNo: string;
  categoryId: string;
  sortBy: StockSort;
  pageSize: number;
  pageNumber: number;
  query: string;
}

export const stockKeys = {
  all: ['stock'] as const,
  lists: () => [...stockKeys.all, 'list'] as const,
  list: (p: StockParams) => [...stockKeys.lists(), p] as const,
  plants: () => [...stockKeys.all, 'plant'] as const,
  plant: (locationNo: string, itemNo: string, plantNo: string) =>
    [...stockKeys.plants(), locationNo, itemNo, plantNo] as const,
  everywhere: (categoryId: string, query: string) =>
    [...stockKeys.all, 'locations', categoryId, query] as const,
  inspections: (locationNo: string | null) => [...stockKeys.all, 'inspections', locationNo] as const,
  histories: () => [...stockKeys.all, 'history'] as const,
  history: (locationNo: string, itemNo: string, plantNo: string | null) =>
    [...stockKeys.histories(), locationNo, itemNo, plantNo] as const,
};
