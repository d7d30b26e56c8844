import type { RequestDetail } from '@mp/contract/api/requests';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { requestKeys } from '../../../shared/api/query-keys';

export type { RequestDetail };

/** GET /api/v2.0/PlantRequests/{id}: one request with lines, status history and the moves this viewer may make. */
export function getRequest(id: string, signal?: AbortSignal): Promise<RequestDetail> {
  return api.get(`/PlantRequests/${pathParam('id', id)}`, {
    signal,
    answer: (c) => c.requests.requestDetail,
  });
}

export const requestQueryOptions = (id: string) =>
  queryOptions({
    queryKey: requestKeys.detail(id),
    queryFn: ({ signal }) => getRequest(id, signal),
  });

export function useRequest(id: string) {
  return useQuery(requestQueryOptions(id));
}
