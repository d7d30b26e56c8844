import type { RelocationForm, RemovalForm } from '@mp/contract/api/removal';
import type { SubmitResult } from '@mp/contract/api/requests';
import { api } from '../../../shared/api/client';
import { useDepots } from '../../../shared/api/get-depots';

/** The removal wizard's depots (shared/api/get-depots.ts, purpose 'removal'). */
export const useRemovalDepots = () => useDepots('removal');

/**
 * POST /api/v2.0/PlantRequests/removal with the Idempotency-Key of this attempt: a retry with the same key never
 * creates a second request (the server answers the first one again).
 */
export function submitRemoval(form: RemovalForm, idempotencyKey: string): Promise<SubmitResult> {
  return api.post('/PlantRequests/removal', form, {
    headers: { 'Idempotency-Key': idempotencyKey },
    answer: (c) => c.requests.submitResult,
  });
}

/** POST /api/v2.0/PlantRequests/othertransfers (kind relocation) with the Idempotency-Key of this attempt. */
export function submitRelocation(form: RelocationForm, idempotencyKey: string): Promise<SubmitResult> {
  return api.post('/PlantRequests/othertransfers', form, {
    headers: { 'Idempotency-Key': idempotencyKey },
    answer: (c) => c.requests.submitResult,
  });
}
