import type {
  DepartmentRequest,
  ExecuteInput,
  PlanInput,
  Queue,
  QueueItem,
  QueueQuery,
} from '@mp/contract/api/department';
import {
  type RequestKind,
  type RequestStatus,
  requestKinds,
  requestStatuses,
} from '@mp/contract/rules/request-status';
import {
  keepPreviousData,
  type QueryClient,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { departmentKeys, requestKeys } from '../../../shared/api/query-keys';
import { sessionStore } from '../../../shared/session/session';

export type { DepartmentRequest, Queue, QueueItem };

// The equipment department's calls (issue #12, decision 0018). The server refuses anyone else (403).

export type QueueParams = Omit<QueueQuery, 'page' | 'pageSize' | 'view'> & {
  view?: QueueQuery['view'];
  page: number;
  pageSize: number;
};

/** GET /api/v2.0/Department/requests: every customer's requests, rush first, with the count per status. */
export function getQueue(p: QueueParams, signal?: AbortSignal): Promise<Queue> {
  return api.get('/Department/requests', {
    signal,
    answer: (c) => c.department.queue,
    query: { ...p },
  });
}

const queueQuery = (p: QueueParams) =>
  queryOptions({
    queryKey: departmentKeys.queue(p),
    queryFn: ({ signal }) => getQueue(p, signal),
    placeholderData: keepPreviousData,
  });

export function useQueue(p: QueueParams) {
  return useQuery(queueQuery(p));
}

/** A page of the department's queue. */
export const QUEUE_PAGE_SIZE = 25;

/**
 * The queue as its address says (/materieeldienst?status=&kind=&q=&depot=&tot=&page=): the tab — no status is the
 * view `now`, `all` everything, else that status — and the call's parameters. The page and the route's prefetch
 * read the address alike, so they ask the same query.
 */
export function queueAddress(sp: URLSearchParams): { tab: string; params: QueueParams } {
  const tabParam = sp.get('status') ?? '';
  const status = (requestStatuses as readonly string[]).includes(tabParam)
    ? (tabParam as RequestStatus)
    : undefined;
  const view = status || tabParam === 'all' ? 'all' : 'now';
  const kindParam = sp.get('kind') ?? '';
  const text = (k: string) => sp.get(k)?.trim() || undefined;
  const until = text('tot');
  return {
    tab: status ?? view,
    params: {
      view,
      status,
      kind: (requestKinds as readonly string[]).includes(kindParam) ? (kindParam as RequestKind) : undefined,
      q: text('q'),
      depot: text('depot'),
      // a day as the address gives it; anything else is no filter
      plannedUntil: until && /^\d{4}-\d{2}-\d{2}$/.test(until) ? until : undefined,
      customer: text('klant'),
      plantLocation: text('locatie'),
      page: Math.max(1, Number(sp.get('page')) || 1),
      pageSize: QUEUE_PAGE_SIZE,
    },
  };
}

/**
 * Starts reading the queue the address asks for while the page's code loads and renders (the route's loader), so
 * the list does not wait for them (issue #31 item 19). A failure is left to the page, which asks again.
 */
export function prefetchQueue(queryClient: QueryClient, url: URL): void {
  const user = sessionStore.get()?.user;
  // everyone else is told the page is not theirs, without asking the server
  if (!user?.isAdmin && !user?.isDepartment) return;
  void queryClient.prefetchQuery(queueQuery(queueAddress(url.searchParams).params));
}

/** GET /api/v2.0/Department/requests/{id}: the request with its version, picks, candidates and orders. */
export function getDepartmentRequest(id: string, signal?: AbortSignal): Promise<DepartmentRequest> {
  return api.get(`/Department/requests/${pathParam('id', id)}`, {
    signal,
    answer: (c) => c.department.departmentRequest,
  });
}

export function useDepartmentRequest(id: string) {
  return useQuery(
    queryOptions({
      queryKey: departmentKeys.request(id),
      queryFn: ({ signal }) => getDepartmentRequest(id, signal),
    }),
  );
}

/**
 * After a change: the answer is the request as it is now (it goes into the cache, no second read); every queue and
 * the requester's views are read again when shown. After a failure the request itself is read again.
 */
function useAfterChange() {
  const queryClient = useQueryClient();
  return {
    onSuccess: (detail: DepartmentRequest) =>
      queryClient.setQueryData(departmentKeys.request(detail.id), detail),
    onError: (_e: unknown, v: { id: string }) =>
      queryClient.invalidateQueries({ queryKey: departmentKeys.request(v.id) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: departmentKeys.queues() });
      void queryClient.invalidateQueries({ queryKey: requestKeys.all });
    },
  };
}

export function usePlanRequest() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (v: { id: string; input: PlanInput }) =>
      api.post(`/Department/requests/${pathParam('id', v.id)}/plan`, v.input, {
        answer: (c) => c.department.departmentRequest,
      }),
    ...after,
  });
}

export function useExecuteRequest() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (v: { id: string; input: ExecuteInput }) =>
      api.post(`/Department/requests/${pathParam('id', v.id)}/execute`, v.input, {
        answer: (c) => c.department.departmentRequest,
      }),
    ...after,
  });
}

/**
 * POST /api/v2.0/Department/requests/{id}/status: take, reject or cancel (a note for the last two), at the version
 * the department read (someone else's change meanwhile is a 409).
 */
export function useChangeStatus() {
  const after = useAfterChange();
  return useMutation({
    mutationFn: (v: { id: string; status: RequestStatus; note?: string; version?: string }) =>
      api.post(
        `/Department/requests/${pathParam('id', v.id)}/status`,
        {
          status: v.status,
          ...(v.note ? { note: v.note } : {}),
          ...(v.version ? { version: v.version } : {}),
        },
        { answer: (c) => c.department.departmentRequest },
      ),
    ...after,
  });
}

/** POST /api/v2.0/Department/requests/{id}/photos: a photo of what came back with an executed removal. */
export function useAddReturnPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; file: File; lineId?: string; caption?: string }) => {
      const form = new FormData();
      form.append('file', v.file);
      if (v.lineId) form.append('lineId', v.lineId);
      if (v.caption) form.append('caption', v.caption);
      return api.post(`/Department/requests/${pathParam('id', v.id)}/photos`, form, {
        answer: (c) => c.department.returnPhoto,
      });
    },
    onSettled: (_d, _e, v) => queryClient.invalidateQueries({ queryKey: departmentKeys.request(v.id) }),
  });
}
