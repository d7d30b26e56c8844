import type { UpdateRemovalLineInput } from '@mp/contract/api/removal';
import type { ProjectRemovalLists, RemovalList } from '@mp/contract/api/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { getRemovalList as fetchRemovalList, removalListKeys } from '../../../shared/api/removal-lists';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';

export { removalListKeys };

/** GET /api/v2.0/RemovalLists/{plantLocation}. Every failure is an error (a 404 too), never an empty list. */
export const getRemovalList = fetchRemovalList;

export const removalListQueryOptions = (locationNo: string) =>
  queryOptions({
    queryKey: removalListKeys.detail(locationNo),
    queryFn: ({ signal }) => getRemovalList(locationNo, signal),
    staleTime: 30_000,
    retry: false,
  });

/** The caller's removal list on the selected location (none while signed out or without a location). */
export function useRemovalList() {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const signedIn = useStore(sessionStore, (s) => s !== null);
  return useQuery({ ...removalListQueryOptions(locationNo ?? ''), enabled: signedIn && locationNo !== null });
}

/** The number of lines on it: the count in the main bar. */
export function useRemovalListCount(): number {
  return useRemovalList().data?.count ?? 0;
}

const lineUrl = (locationNo: string, lineId: string) =>
  `/RemovalLists/${pathParam('plantLocation', locationNo)}/lines/${pathParam('lineId', lineId)}`;

/** PATCH /api/v2.0/RemovalLists/{plantLocation}/lines/{lineId}: the return amount and/or the comment. */
export function updateRemovalLine(
  locationNo: string,
  lineId: string,
  input: UpdateRemovalLineInput,
): Promise<RemovalList> {
  return api.patch(lineUrl(locationNo, lineId), input, { answer: (c) => c.stock.removalList });
}

/** DELETE /api/v2.0/RemovalLists/{plantLocation}/lines/{lineId}. */
export function deleteRemovalLine(locationNo: string, lineId: string): Promise<RemovalList> {
  return api.delete(lineUrl(locationNo, lineId), { answer: (c) => c.stock.removalList });
}

/** GET /api/v2.0/RemovalLists/project/{plantLocation}: the caller's lists on the project's locations. */
export function getProjectRemovalLists(
  locationNo: string,
  signal?: AbortSignal,
): Promise<ProjectRemovalLists> {
  return api.get(`/RemovalLists/project/${pathParam('plantLocation', locationNo)}`, {
    signal,
    answer: (c) => c.stock.projectRemovalLists,
  });
}

export function useProjectRemovalLists(locationNo: string | null) {
  return useQuery({
    queryKey: removalListKeys.project(locationNo ?? ''),
    queryFn: ({ signal }) => getProjectRemovalLists(locationNo ?? '', signal),
    enabled: locationNo !== null,
    staleTime: 30_000,
    retry: false,
  });
}
