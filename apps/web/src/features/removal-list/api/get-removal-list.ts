import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest, pathParam } from '../../../shared/api/client';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';

export const removalListKeys = {
  all: ['removal-list'] as const,
  details: () => [...removalListKeys.all, 'detail'] as const,
  detail: (locationNo: string) => [...removalListKeys.details(), locationNo] as const,
};

/** Removal-list line (product §3), keyed by soort-nummer-location. */
export interface RemovalListLine {
  materieelSoort: string;
  materieelNummer: string;
  retourAantal: number | null;
}

export function toRemovalLines(body: unknown): RemovalListLine[] {
  if (!body || typeof body !== 'object') return [];
  const raw = body as Record<string, unknown>;
  const lines = ['afvoerlijstItems', 'lines', 'items'].map((n) => raw[n]).find(Array.isArray) as
    | unknown[]
    | undefined;
  return (lines ?? []).map((l) => {
    const line = (l ?? {}) as Record<string, unknown>;
    return {
      materieelSoort: String(line.materieelSoort ?? line.itemNo ?? ''),
      materieelNummer: String(line.materieelNummer ?? line.plantNo ?? ''),
      retourAantal:
        typeof line.retourAantal === 'number'
          ? line.retourAantal
          : typeof line.quantity === 'number'
            ? line.quantity
            : null,
    };
  });
}

/**
 * GET /api/v2.0/RemovalLists/{plantLocation}. Every failure is an error (a 404 too), never an empty list.
 */
export async function getRemovalList(locationNo: string, signal?: AbortSignal): Promise<RemovalListLine[]> {
  // no contract yet: the server has no removal lists so far (the removal-list issue adds both), so the
  // answer is read defensively and not checked
  return toRemovalLines(
    await apiRequest<unknown>(`/RemovalLists/${pathParam('plantLocation', locationNo)}`, { signal }),
  );
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
