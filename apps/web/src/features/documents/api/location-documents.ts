import type { LocationDocument, LocationDocumentList } from '@mp/contract/api/documents';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

export type { LocationDocument, LocationDocumentList };

export interface LocationDocumentsParams {
  locationNo: string;
  query?: string;
  category?: string;
  page: number;
  pageSize: number;
}

export const documentKeys = {
  all: ['location-documents'] as const,
  list: (p: LocationDocumentsParams) => [...documentKeys.all, p] as const,
};

/** GET /api/v2.0/PlantLocations/{plantLocation}/documents: by category, newest first, filtered by name. */
export function useLocationDocuments(p: LocationDocumentsParams | null) {
  return useQuery({
    queryKey: documentKeys.list(p ?? { locationNo: '', page: 1, pageSize: 50 }),
    queryFn: ({ signal }): Promise<LocationDocumentList> =>
      api.get(`/PlantLocations/${pathParam('plantLocation', p?.locationNo)}/documents`, {
        signal,
        answer: (c) => c.documents.locationDocumentList,
        query: {
          query: p?.query || undefined,
          category: p?.category || undefined,
          page: p?.page,
          pageSize: p?.pageSize,
        },
      }),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}
