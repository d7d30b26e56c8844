import type { RequestSummary, requestList } from '@mp/contract/api/requests';
import type { RequestStatus } from '@mp/contract/rules/request-status';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../shared/api/client';
import { requestKeys } from '../../../shared/api/query-keys';

export type { RequestSummary };

export interface RequestListParams {
  locationNo: string;
  status: RequestStatus[];
  page: number;
  pageSize: number;
}

export type RequestListAnswer = z.infer<typeof requestList>;

/** GET /api/v2.0/PlantRequests?plantLocation=&status=&page=&pageSize=: the location's requests, newest first. */
export function getRequests(p: RequestListParams, signal?: AbortSignal): Promise<RequestListAnswer> {
  return api.get('/PlantRequests', {
    signal,
    answer: (c) => c.requests.requestList,
    query: {
      plantLocation: p.locationNo,
      status: p.status.length ? p.status.join(',') : undefined,
      page: p.page,
      pageSize: p.pageSize,
    },
  });
}

export const requestsQueryOptions = (p: RequestListParams) =>
  queryOptions({
    queryKey: requestKeys.list(p),
    queryFn: ({ signal }) => getRequests(p, signal),
  });

export function useRequests(p: RequestListParams | null) {
  return useQuery({
    ...requestsQueryOptions(p ?? { locationNo: '', status: [], page: 1, pageSize: 25 }),
    enabled: p !== null,
    placeholderData: keepPreviousData,
  });
}
