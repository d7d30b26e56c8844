import type { WebhookEndpointCreate, WebhookEndpointUpdate } from '@mp/contract/api/webhooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

// The Webhooks page's calls (issue #37 point 4, decision 0032): the endpoints the caller manages (an admin: all; a
// key user: its customer's), their writes, the secret shown once, the delivery log with send again, the test event.

const keys = {
  all: ['webhooks'] as const,
  endpoints: () => [...keys.all, 'endpoints'] as const,
  deliveries: (id: string) => [...keys.all, 'deliveries', id] as const,
};

const base = '/Webhooks/endpoints';
const one = (id: string) => `${base}/${pathParam('id', id)}`;

export function useWebhookEndpoints() {
  return useQuery({
    queryKey: keys.endpoints(),
    queryFn: ({ signal }) => api.get(base, { signal, answer: (c) => c.webhooks.webhookEndpointList }),
  });
}

/** The delivery log of one endpoint, read again every 5 s while a delivery is on its way. */
export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: keys.deliveries(id),
    queryFn: ({ signal }) =>
      api.get(`${one(id)}/deliveries`, { signal, answer: (c) => c.webhooks.webhookDeliveryList }),
    refetchInterval: (q) =>
      q.state.data?.items.some((d) => d.status === 'pending' || d.status === 'sending') ? 5000 : false,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: keys.all });
}

export function useCreateEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: WebhookEndpointCreate) =>
      api.post(base, body, { answer: (c) => c.webhooks.webhookEndpointWithSecret }),
    onSettled: invalidate,
  });
}

export function useUpdateEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: WebhookEndpointUpdate }) =>
      api.patch(one(id), body, { answer: (c) => c.webhooks.webhookEndpoint }),
    onSettled: invalidate,
  });
}

export function useDeleteEndpoint() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) => api.delete(one(id), { answer: (c) => c.common.noContent }),
    onSettled: invalidate,
  });
}

export function useRotateSecret() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`${one(id)}/rotate-secret`, undefined, {
        answer: (c) => c.webhooks.webhookEndpointWithSecret,
      }),
    onSettled: invalidate,
  });
}

export function useSendTestEvent() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: string) =>
      api.post(`${one(id)}/test`, undefined, { answer: (c) => c.webhooks.webhookTestSent }),
    onSettled: invalidate,
  });
}

export function useResendDelivery() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, deliveryId }: { id: string; deliveryId: string }) =>
      api.post(`${one(id)}/deliveries/${pathParam('deliveryId', deliveryId)}/resend`, undefined, {
        answer: (c) => c.common.noContent,
      }),
    onSettled: invalidate,
  });
}
