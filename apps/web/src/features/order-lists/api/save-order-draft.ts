import type { OrderDraft } from '@mp/contract/api/order-lists';
import { api, pathParam } from '../../../shared/api/client';

/** PUT /api/v2.0/OrderLists/{plantLocation}/{id}/draft: replaces the saved form (the wizard saves it debounced). */
export async function saveOrderDraft(locationNo: string, id: string, draft: OrderDraft): Promise<void> {
  await api.put(`/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}/draft`, draft, {
    answer: (c) => c.orderLists.orderDraftResponse,
  });
}
