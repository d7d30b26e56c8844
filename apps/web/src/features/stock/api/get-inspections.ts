import type { InspectionsList } from '@mp/contract/api/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { stockKeys } from '../../../shared/api/query-keys';

/** GET /api/v2.0/PlantInspections?plantLocation= (absent: every location of the user). */
export function getInspections(locationNo: string | null, signal?: AbortSignal): Promise<InspectionsList> {
  return api.get('/PlantInspections', {
    signal,
    answer: (c) => c.stock.inspectionsList,
    query: { plantLocation: locationNo ?? undefined },
  });
}

export const inspectionsQueryOptions = (locationNo: string | null) =>
  queryOptions({
    queryKey: stockKeys.inspections(locationNo),
    queryFn: ({ signal }) => getInspections(locationNo, signal),
    retry: false,
  });

export function useInspections(locationNo: string | null) {
  return useQuery(inspectionsQueryOptions(locationNo));
}
