import type { ComplaintQueue } from '@mp/contract/api/complaints';
import type { Queue, QueueQuery } from '@mp/contract/api/department';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';
import { complaintKeys, departmentKeys } from '../../../shared/api/query-keys';

// The department's Home (issue #31 item 14): short lists of its work, read from the department's own queues (the
// server refuses anyone else). The keys are those of the queues, so a change made in the queue refreshes Home too.

export const DAY_LIST_SIZE = 5;

export type DayListParams = Pick<QueueQuery, 'status' | 'kind' | 'plannedUntil'>;

/** GET Department/requests with these filters: the first few and the count (and the count of the view `now`). */
export function useDayList(p: DayListParams) {
  const params = { ...p, view: 'all' as const, page: 1, pageSize: DAY_LIST_SIZE };
  return useQuery({
    queryKey: departmentKeys.queue(params),
    queryFn: ({ signal }): Promise<Queue> =>
      api.get('/Department/requests', { signal, answer: (c) => c.department.queue, query: params }),
  });
}

/** GET Department/complaints: open ones first, the oldest first; the count per status. */
export function useComplaintsDay() {
  const params = { page: 1, pageSize: DAY_LIST_SIZE };
  return useQuery({
    queryKey: complaintKeys.queue(params),
    queryFn: ({ signal }): Promise<ComplaintQueue> =>
      api.get('/Department/complaints', {
        signal,
        answer: (c) => c.complaints.complaintQueue,
        query: params,
      }),
  });
}
