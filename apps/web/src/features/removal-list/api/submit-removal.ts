import type { DepotList } from '@mp/contract/api/locations';
import type { SubmitResult } from '@mp/contract/api/ordering';
import type { RelocationForm, RemovalForm } from '@mp/contract/api/removal';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../shared/api/client';

/** GET /api/v2.0/PlantLocations/depots/removal: where equipment can go back to; defaultDepotNo is preselected. */
export async function getRemovalDepots(signal?: AbortSignal): Promise<DepotList> {
  const body = await api.get('/PlantLocations/depots/removal', {
    signal,
    answer: (c) => c.locations.depotList,
  });
  return { defaultDepotNo: body?.defaultDepotNo ?? null, depots: body?.depots ?? [] };
}

export function useRemovalDepots() {
  return useQuery(
    queryOptions({
      queryKey: ['depots', 'list', 'removal'],
      queryFn: ({ signal }) => getRemovalDepots(signal),
      staleTime: 10 * 60_000,
    }),
  );
}

/**
 * POST /api/v2.0/PlantRequests/removal with the Idempotency-Key of this attempt: a retry with the same key never
 * creates a second request (the server answers the first one again).
 */
export function submitRemoval(form: RemovalForm, idempotencyKey: string): Promise<SubmitResult> {
  return api.post('/PlantRequests/removal', form, {
    headers: { 'Idempotency-Key': idempotencyKey },
    answer: (c) => c.ordering.submitResult,
  });
}

/** POST /api/v2.0/PlantRequests/othertransfers (kind relocation) with the Idempotency-Key of this attempt. */
export function submitRelocation(form: RelocationForm, idempotencyKey: string): Promise<SubmitResult> {
  return api.post('/PlantRequests/othertransfers', form, {
    headers: { 'Idempotency-Key': idempotencyKey },
    answer: (c) => c.ordering.submitResult,
  });
}
