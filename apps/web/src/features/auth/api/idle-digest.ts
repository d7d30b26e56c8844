import type { IdleDigestPreference } from '@mp/contract/api/idle';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** The signed-in user's own preference: one key, no list. */
export const idleDigestKeys = { all: ['idle-digest'] as const };

/** GET /api/v2.0/Users/me/idle-digest */
export const getIdleDigest = (signal?: AbortSignal) =>
  api.get('/Users/me/idle-digest', { signal, answer: (c) => c.idle.idleDigestPreference });

export const idleDigestQueryOptions = () =>
  queryOptions({ queryKey: idleDigestKeys.all, queryFn: ({ signal }) => getIdleDigest(signal) });

export function useIdleDigest() {
  return useQuery(idleDigestQueryOptions());
}

/** PUT /api/v2.0/Users/me/idle-digest { enabled } */
export function useSetIdleDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: IdleDigestPreference) =>
      api.put('/Users/me/idle-digest', input, { answer: (c) => c.idle.idleDigestPreference }),
    onSuccess: (answer) => queryClient.setQueryData(idleDigestKeys.all, answer),
  });
}

/** POST /api/v2.0/IdleDigest/unsubscribe { token }: the mail's link, without signing in. */
export function useUnsubscribeIdleDigest() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/IdleDigest/unsubscribe', { token }, { answer: (c) => c.common.noContent }),
  });
}
