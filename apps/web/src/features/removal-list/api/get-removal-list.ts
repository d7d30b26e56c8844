import { queryOptions, useQuery } from '@tanstack/react-query';
import { getRemovalList as fetchRemovalList, removalListKeys } from '../../../shared/api/removal-lists';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';

export { removalListKeys };

/** Removal-list line (product §3), keyed by soort-nummer-location. */
export interface RemovalListLine {
  materieelSoort: string;
  materieelNummer: string;
  retourAantal: number | null;
}

/**
 * GET /api/v2.0/RemovalLists/{plantLocation}. Every failure is an error (a 404 too), never an empty list.
 */
export async function getRemovalList(locationNo: string, signal?: AbortSignal): Promise<RemovalListLine[]> {
  const list = await fetchRemovalList(locationNo, signal);
  return list.lines.map((l) => ({
    materieelSoort: l.itemNo,
    materieelNummer: l.plantNo ?? '',
    retourAantal: l.returnAmount,
  }));
}

export const removalListQueryOptions = (locationNo: string) =>
  queryOptions({
    queryKey: removalListKeys.detail(locationNo),
    queryFn: ({ signal }) => getRemovalList(locationNo, signal),
    staleTime: 30_000,
    retry: false,
  });

export function useRemovalList() {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const signedIn = useStore(sessionStore, (s) => s !== null);
  return useQuery({ ...removalListQueryOptions(locationNo ?? ''), enabled: signedIn && locationNo !== null });
}

export function useRemovalListCount(): number {
  return useRemovalList().data?.length ?? 0;
}
