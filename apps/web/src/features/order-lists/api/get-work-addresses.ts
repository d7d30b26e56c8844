import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';

/** A work address of a location (PlantLocations/{plantLocation}/addresses). */
export interface WorkAddress {
  id: string;
  code: string;
  name: string;
  street: string;
  postcode: string | null;
  city: string;
  country: string;
  contactPerson: string | null;
  phone: string | null;
  isDefault: boolean;
}

export const workAddressKeys = {
  all: ['work-addresses'] as const,
  list: (locationNo: string) => [...workAddressKeys.all, 'list', locationNo] as const,
};

/** GET /api/v2.0/PlantLocations/{plantLocation}/addresses */
export async function getWorkAddresses(locationNo: string, signal?: AbortSignal): Promise<WorkAddress[]> {
  const body = await api.get<{ addresses: WorkAddress[] }>(
    `/PlantLocations/${pathParam('plantLocation', locationNo)}/addresses`,
    { signal },
  );
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
