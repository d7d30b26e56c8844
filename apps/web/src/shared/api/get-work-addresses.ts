import type { WorkAddress } from '@mp/contract/api/locations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from './client';

export type { WorkAddress };

export const workAddressKeys = {
  all: ['work-addresses'] as const,
  list: (locationNo: string) => [...workAddressKeys.all, 'list', locationNo] as const,
};

/** GET /api/v2.0/PlantLocations/{plantLocation}/addresses */
export async function getWorkAddresses(locationNo: string, signal?: AbortSignal): Promise<WorkAddress[]> {
  const body = await api.get(`/PlantLocations/${pathParam('plantLocation', locationNo)}/addresses`, {
    signal,
    answer: (c) => c.locations.workAddressList,
  });
  return body?.addresses ?? [];
}

export const workAddressesQueryOptions = (locationNo: string) =>
  queryOptions({
    queryKey: workAddressKeys.list(locationNo),
    queryFn: ({ signal }) => getWorkAddresses(locationNo, signal),
    staleTime: 5 * 60_000,
  });

export function useWorkAddresses(locationNo: string | null) {
  return useQuery({ ...workAddressesQueryOptions(locationNo ?? ''), enabled: locationNo !== null });
}
