import type { PlantLocation } from '@mp/contract/api/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useStore } from '../lib/store';
import { selectedLocationStore } from '../session/location';
import { sessionStore } from '../session/session';
import { snackbar } from '../ui/snackbar/snackbar-store';
import { api, pathParam } from './client';
import { isApiError, NETWORK_ERROR_CODE } from './errors';

export const plantLocationKeys = {
  all: ['plant-locations'] as const,
  lists: () => [...plantLocationKeys.all, 'list'] as const,
  list: (userId: string) => [...plantLocationKeys.lists(), userId] as const,
};

interface PlantLocationsAnswer {
  plantLocations: PlantLocation[];
  /** The location to choose when none is chosen (the only one, else the last chosen; issue #36). */
  defaultLocationNo: string | null;
}

/**
 * GET /api/v2.0/PlantLocations: the user's project locations. Spec §8: 416 means the account is not linked to
 * a customer in the ERP (warning); any other failure shows error.server_fout and is rethrown.
 */
export async function getPlantLocations(signal?: AbortSignal): Promise<PlantLocationsAnswer> {
  try {
    const body = await api.get('/PlantLocations', {
      signal,
      answer: (c) => c.shell.plantLocationList,
    });
    return { plantLocations: body?.plantLocations ?? [], defaultLocationNo: body?.defaultLocationNo ?? null };
  } catch (e) {
    if ((e as Error)?.name === 'AbortError') throw e;
    if (isApiError(e) && e.status === 416) snackbar.warning('warning.navision_account_onbekend');
    // without a network the shell's offline banner says so (decision 0031); the kept locations stay
    else if (!(isApiError(e) && e.code === NETWORK_ERROR_CODE)) snackbar.danger('error.server_fout');
    throw e;
  }
}

export const plantLocationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: plantLocationKeys.list(userId),
    queryFn: ({ signal }) => getPlantLocations(signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

const locationsOf = (a: PlantLocationsAnswer) => a.plantLocations;

export function usePlantLocations() {
  const userId = useStore(sessionStore, (s) => s?.user.id ?? null);
  return useQuery({
    ...plantLocationsQueryOptions(userId ?? ''),
    enabled: userId !== null,
    select: locationsOf,
  });
}

/** The user's locations with the one to choose when none is chosen (the location selector's start). */
export function usePlantLocationsAnswer() {
  const userId = useStore(sessionStore, (s) => s?.user.id ?? null);
  return useQuery({ ...plantLocationsQueryOptions(userId ?? ''), enabled: userId !== null });
}

/**
 * PUT /api/v2.0/PlantLocations/{locationNo}/chosen: keeps the location the user has just chosen, so their next
 * sign-in (on any device) starts with it. Best effort: the choice on this device does not wait for it or fail with it.
 */
export function rememberChosenLocation(locationNo: string): void {
  void api
    .put(`/PlantLocations/${pathParam('plantLocation', locationNo)}/chosen`, null, {
      answer: (c) => c.common.noContent,
    })
    .catch(() => undefined);
}

/**
 * Whether the user may change things on the selected location (product §3: the location role
 * `administration` only reads; an admin may everywhere). `readOnlyKey` names the reason to show beside
 * a disabled control. Unknown (locations not loaded yet, no location) counts as allowed: the server decides.
 */
export function useSelectedLocationAccess(): { canWrite: boolean; readOnlyKey: string | null } {
  const locationNo = useStore(selectedLocationStore, (l) => l?.locationNo ?? null);
  const isAdmin = useStore(sessionStore, (s) => s?.user.isAdmin === true);
  const locations = usePlantLocations();
  const role = locations.data?.find((l) => l.locationNo === locationNo)?.role;
  const readOnly = !isAdmin && role === 'administration';
  return { canWrite: !readOnly, readOnlyKey: readOnly ? 'warning.alleen_lezen_locatie' : null };
}
