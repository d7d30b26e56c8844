import type { SubmitResult } from '@mp/contract/api/requests';
import type { TransportForm } from '@mp/contract/api/transport';
import { api } from '../../../shared/api/client';

/** POST /api/v2.0/PlantRequests/othertransfers (kind transport) with the Idempotency-Key of this attempt. */
export function submitTransport(form: TransportForm, idempotencyKey: string): Promise<SubmitResult> {
  return api.post('/PlantRequests/othertransfers', form, {
    headers: { 'Idempotency-Key': idempotencyKey },
    answer: (c) => c.requests.submitResult,
  });
}
