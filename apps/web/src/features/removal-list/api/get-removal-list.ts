import type { ProjectRemovalLists } from '@mp/contract/api/stock';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import {
  deleteRemovalLine,
  getRemovalList as fetchRemovalList,
  removalListKeys,
  updateRemovalLine,
} from '../../../shared/api/removal-lists';
import { useStore } from '../../../shared/lib/store';
import { selectedLocationStore } from '../../../shared/session/location';
import { sessionStore } from '../../../shared/session/session';

export { deleteRemovalLine, removalListKeys, updateRemovalLine };

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
