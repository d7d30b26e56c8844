import type { OutboxList } from '@mp/contract/api/erp-outbox';
import type { ConnectionTestAnswer, ErpSyncAnswer } from '@mp/contract/api/erp-sync';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

// The Koppelingen page's calls (issue #33, decision 0027): where the sync of each entity stands, the outbox, and the
// operator's actions (test the connection, sync now, retry what was dead-lettered).

export type OutboxStatus = 'waiting' | 'dead' | 'sent';

const erpKeys = {
  all: ['erp'] as const,
  sync: () => [...erpKeys.all, 'sync'] as const,
  subscriptions: () => [...erpKeys.all, 'subscriptions'] as const,
  outbox: (status: OutboxStatus, page: number) => [...erpKeys.all, 'outbox', status, page] as const,
};

/** When "sync now" was last asked here: its runs are queued, so none may be running yet when the page reads. */
let syncRequestedAt = 0;
/** How long after "sync now" the page reads again although nothing runs (yet). */
const AFTER_SYNC_NOW_MS = 60_000;

/** GET /api/v2.0/Erp/sync: every entity's sync state; read again every 5 s while one runs or just after sync now. */
export function useErpSyncStates() {
  return useQuery({
    queryKey: erpKeys.sync(),
    queryFn: ({ signal }) => api.get('/Erp/sync', { signal, answer: (c) => c.erpSync.erpSyncStates }),
    refetchInterval: (q) =>
      q.state.data?.entities.some((e) => e.running) || Date.now() - syncRequestedAt < AFTER_SYNC_NOW_MS
        ? 5000
        : false,
  });
}

/** GET /api/v2.0/Erp/subscriptions: the webhook subscriptions at the ERP (whether on, each target's state). */
export function useErpSubscriptions() {
  return useQuery({
    queryKey: erpKeys.subscriptions(),
    queryFn: ({ signal }) =>
      api.get('/Erp/subscriptions', { signal, answer: (c) => c.erpWebhooks.erpSubscriptionStates }),
  });
}

/** GET /api/v2.0/Erp/outbox: the messages of one status, a page at a time, with the counts of all. */
export function useErpOutbox(status: OutboxStatus, page: number) {
  return useQuery({
    queryKey: erpKeys.outbox(status, page),
    queryFn: ({ signal }) =>
      api.get(`/Erp/outbox?status=${status}&page=${page}&pageSize=25`, {
        signal,
        answer: (c) => c.erpOutbox.outboxList,
      }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/v2.0/Erp/test-connection: how far the portal gets (configuration, token, company, rental API). */
export function useTestErpConnection() {
  return useMutation({
    mutationFn: (): Promise<ConnectionTestAnswer> =>
      api.post('/Erp/test-connection', undefined, { answer: (c) => c.erpSync.connectionTest }),
  });
}

/** POST /api/v2.0/Erp/sync: every entity synced now (a job each, or in the request without a job runner). */
export function useSyncErpNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<ErpSyncAnswer> =>
      api.post('/Erp/sync', {}, { answer: (c) => c.erpSync.erpSyncAnswer }),
    onSuccess: () => {
      syncRequestedAt = Date.now();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: erpKeys.sync() }),
  });
}

/** POST /api/v2.0/Erp/outbox/retry-dead, or …/{id}/retry: dead messages wait again, due now. */
export function useRetryOutbox() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null): Promise<unknown> =>
      id
        ? api.post(`/Erp/outbox/${encodeURIComponent(id)}/retry`, undefined, {
            answer: (c) => c.erpOutbox.outboxMessage,
          })
        : api.post('/Erp/outbox/retry-dead', undefined, { answer: (c) => c.erpOutbox.outboxRetried }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...erpKeys.all, 'outbox'] }),
  });
}

export type { OutboxList };
