import type { RequestDetail } from '@mp/contract/api/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { requestKeys } from '../../../shared/api/query-keys';

/** POST /api/v2.0/PlantRequests/{id}/cancel: the requester cancels while the request is still submitted. */
export function cancelRequest(id: string, note?: string): Promise<RequestDetail> {
  return api.post(`/PlantRequests/${pathParam('id', id)}/cancel`, note ? { note } : {}, {
    answer: (c) => c.requests.requestDetail,
  });
}

export function useCancelRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; note?: string }) => cancelRequest(v.id, v.note),
    onSuccess: (detail) => queryClient.setQueryData(requestKeys.detail(detail.id), detail),
    onSettled: () => queryClient.invalidateQueries({ queryKey: requestKeys.lists() }),
  });
}
