import { type OrderForm, orderForm, type SubmitResult } from '@mp/contract/api/requests';
import type { z } from 'zod';
import { api, pathParam } from '../../../shared/api/client';

export { orderForm as orderFormInput };
/** What the wizard sends (before the schema's defaults apply). */
export type OrderFormInput = z.input<typeof orderForm>;
export type { OrderForm, SubmitResult };

/**
 * POST /api/v2.0/PlantRequests/{orderListId}/order with the Idempotency-Key of this attempt: a retry with
 * the same key never creates a second request (the server answers the first one again).
 */
export function submitOrder(
  orderListId: string,
  form: OrderFormInput,
  idempotencyKey: string,
): Promise<SubmitResult> {
  return api.post(`/PlantRequests/${pathParam('orderListId', orderListId)}/order`, form, {
    headers: { 'Idempotency-Key': idempotencyKey },
    answer: (c) => c.requests.submitResult,
  });
}
