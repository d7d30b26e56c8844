import type { OrderDraft } from '@mp/contract/api/order-lists';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { orderListKeys } from '../../../shared/api/order-lists/keys';

export type { OrderDraft };

/** GET /api/v2.0/OrderLists/{plantLocation}/{id}/draft: the wizard's saved form (savedAanvraagDTO), or null. */
export async function getOrderDraft(
  locationNo: string,
  id: string,
  signal?: AbortSignal,
): Promise<OrderDraft | null> {
  const body = await api.get(
    `/OrderLists/${pathParam('plantLocation', locationNo)}/${pathParam('id', id)}/draft`,
    {
      signal,
      answer: (c) => c.orderLists.orderDraftResponse,
    },
  );
  return body?.draft ?? null;
}

export const orderDraftQueryOptions = (locationNo: string, id: string) =>
  queryOptions({
    queryKey: orderListKeys.draft(locationNo, id),
    queryFn: ({ signal }) => getOrderDraft(locationNo, id, signal),
    // the form is the live copy once loaded; the server copy is only read when the wizard opens
    staleTime: Number.POSITIVE_INFINITY,
  });

export function useOrderDraft(locationNo: string | null, id: string | undefined) {
  return useQuery({
    ...orderDraftQueryOptions(locationNo ?? '', id ?? ''),
    enabled: locationNo !== null && id !== undefined,
  });
}
