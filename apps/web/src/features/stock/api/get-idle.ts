import type { IdleEquipment } from '@mp/contract/api/idle';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { stockKeys } from '../../../shared/api/query-keys';

/** The idle equipment of a location sits under the stock's keys: whatever refreshes the stock refreshes it. */
export const idleKeys = {
  all: () => [...stockKeys.all, 'idle'] as const,
  location: (locationNo: string) => [...idleKeys.all(), locationNo] as const,
};

/** GET /api/v2.0/IdleEquipment/{plantLocation} (decision 0034). */
export function getIdleEquipment(locationNo: string, signal?: AbortSignal): Promise<IdleEquipment> {
  return api.get(`/IdleEquipment/${pathParam('plantLocation', locationNo)}`, {
    signal,
    answer: (c) => c.idle.idleEquipment,
  });
}

export const idleQueryOptions = (locationNo: string) =>
  queryOptions({
    queryKey: idleKeys.location(locationNo),
    queryFn: ({ signal }) => getIdleEquipment(locationNo, signal),
  });

export function useIdleEquipment(locationNo: string | null) {
  return useQuery({ ...idleQueryOptions(locationNo ?? ''), enabled: locationNo !== null });
}
