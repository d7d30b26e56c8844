import type {
  ApproveLocationRequestInput,
  DeregisterInput,
  DeregistrationInfo,
  DeregistrationResult,
  LocationFactsUpdate,
  LocationNoCheck,
  LocationRequest,
  LocationRequestInput,
  NewPlantLocationInput,
  WorkAddress,
  WorkAddressInput,
} from '@mp/contract/api/locations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, pathParam } from '../../../shared/api/client';
import { plantLocationKeys } from '../../../shared/api/get-plant-locations';
import { workAddressKeys } from '../../../shared/api/get-work-addresses';
import { submitIdempotent } from '../../../shared/api/idempotent-submit';

export type { DeregisterInput, DeregistrationInfo, NewPlantLocationInput };

export const locationKeys = {
  all: ['locations-manage'] as const,
  numberCheck: (no: string) => [...locationKeys.all, 'number', no] as const,
  deregistration: (no: string) => [...locationKeys.all, 'deregistration', no] as const,
};

/** GET PlantLocations/validatenewlocationno/{locationNo}, while typing (the caller debounces). */
export function useLocationNoCheck(locationNo: string) {
  return useQuery({
    queryKey: locationKeys.numberCheck(locationNo),
    queryFn: ({ signal }): Promise<LocationNoCheck> =>
      api.get(`/PlantLocations/validatenewlocationno/${pathParam('locationNo', locationNo)}`, {
        signal,
        answer: (c) => c.locations.locationNoCheck,
      }),
    enabled: locationNo.trim() !== '',
    staleTime: 10_000,
    retry: false,
  });
}

/** POST PlantLocations behind an idempotency key; the location list refreshes. */
export function useCreateLocation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: NewPlantLocationInput) =>
      submitIdempotent('plant-location:create', input, (body, key) =>
        api.post('/PlantLocations', body, {
          headers: { 'idempotency-key': key },
          answer: (c) => c.common.noContent,
        }),
      ),
    // why: the selector drops a selection it does not know, so the list is fresh before the page selects the new one
    onSuccess: () => qc.invalidateQueries({ queryKey: plantLocationKeys.all }),
  });
}

export function useDeregistrationInfo(locationNo: string | null) {
  return useQuery({
    queryKey: locationKeys.deregistration(locationNo ?? ''),
    queryFn: ({ signal }): Promise<DeregistrationInfo> =>
      api.get(`/PlantLocations/${pathParam('plantLocation', locationNo)}/deregistration`, {
        signal,
        answer: (c) => c.locations.deregistrationInfo,
      }),
    enabled: locationNo !== null,
    retry: (n, e) => n < 2 && !(e as { status?: number }).status,
  });
}

/** POST PlantLocations/{plantLocation}/deregistration; the location list and the form's facts refresh. */
export function useDeregister(locationNo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: DeregisterInput): Promise<DeregistrationResult> =>
      api.post(`/PlantLocations/${pathParam('locationNo', locationNo)}/deregistration`, input, {
        answer: (c) => c.locations.deregistrationResult,
      }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: plantLocationKeys.all }),
        qc.invalidateQueries({ queryKey: locationKeys.deregistration(locationNo) }),
      ]),
  });
}

/** POST / PUT / DELETE PlantLocations/{plantLocation}/addresses[/{addressId}]; the wizards' address list refreshes. */
export function useSaveWorkAddress(locationNo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string | null; input: WorkAddressInput }): Promise<WorkAddress> => {
      const base = `/PlantLocations/${pathParam('plantLocation', locationNo)}/addresses`;
      return v.id
        ? api.put(`${base}/${pathParam('addressId', v.id)}`, v.input, {
            answer: (c) => c.locations.workAddress,
          })
        : api.post(base, v.input, { answer: (c) => c.locations.workAddress });
    },
    onSuccess: () => void qc.invalidateQueries({ queryKey: workAddressKeys.list(locationNo) }),
  });
}

export function useDeleteWorkAddress(locationNo: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      api.delete(
        `/PlantLocations/${pathParam('plantLocation', locationNo)}/addresses/${pathParam('addressId', id)}`,
        {
          answer: (c) => c.common.noContent,
        },
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: workAddressKeys.list(locationNo) }),
  });
}

/** POST LocationRequests behind an idempotency key. */
export function useRequestLocation() {
  return useMutation({
    mutationFn: (input: LocationRequestInput) =>
      submitIdempotent('location-request', input, (body, key) =>
        api.post('/LocationRequests', body, {
          headers: { 'idempotency-key': key },
          answer: (c) => c.locations.locationRequest,
        }),
      ),
  });
}

export type RequestStatus = 'open' | 'approved' | 'rejected';

/** GET Department/location-requests?status= (the department's queue). */
export function useLocationRequestQueue(status: RequestStatus) {
  return useQuery({
    queryKey: [...locationKeys.all, 'queue', status],
    queryFn: ({ signal }) =>
      api.get('/Department/location-requests', {
        signal,
        query: { status },
        answer: (c) => c.locations.locationRequestQueue,
      }),
    retry: (n, e) => n < 2 && !(e as { status?: number }).status,
  });
}

/** Approve (number and customer) or reject (reason) a request; the queue and the location list refresh. */
export function useDecideLocationRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (
      v: { id: string; approve: ApproveLocationRequestInput } | { id: string; reject: { reason: string } },
    ): Promise<LocationRequest> =>
      'approve' in v
        ? api.post(`/Department/location-requests/${pathParam('id', v.id)}/approve`, v.approve, {
            answer: (c) => c.locations.locationRequest,
          })
        : api.post(`/Department/location-requests/${pathParam('id', v.id)}/reject`, v.reject, {
            answer: (c) => c.locations.locationRequest,
          }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: [...locationKeys.all, 'queue'] }),
        qc.invalidateQueries({ queryKey: plantLocationKeys.all }),
      ]),
  });
}

/** GET PlantLocations/{plantLocation}/details: facts, members, traffic light. */
export function useLocationDetails(locationNo: string) {
  return useQuery({
    queryKey: [...locationKeys.all, 'details', locationNo] as const,
    queryFn: ({ signal }) =>
      api.get(`/PlantLocations/${pathParam('plantLocation', locationNo)}/details`, {
        signal,
        answer: (c) => c.locations.locationDetails,
      }),
  });
}

/** PUT PlantLocations/{plantLocation}: the facts; the location list (descriptions) follows. */
export function useSaveLocationFacts(locationNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (facts: LocationFactsUpdate) =>
      api.put(`/PlantLocations/${pathParam('plantLocation', locationNo)}`, facts, {
        answer: (c) => c.common.noContent,
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: [...locationKeys.all, 'details', locationNo] }),
        queryClient.invalidateQueries({ queryKey: plantLocationKeys.all }),
      ]),
  });
}

/** PUT (role) or DELETE (null) PlantLocations/{plantLocation}/members/{userId}. */
export function useSetMember(locationNo: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: 'user' | 'administration' | null }) => {
      const path = `/PlantLocations/${pathParam('plantLocation', locationNo)}/members/${pathParam('userId', userId)}`;
      return role
        ? api.put(path, { role }, { answer: (c) => c.common.noContent })
        : api.delete(path, { answer: (c) => c.common.noContent });
    },
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: [...locationKeys.all, 'details', locationNo] }),
  });
}

/** GET Users?query=: users the caller manages (admins, key users), to add as members. */
export function useManagedUsers(query: string, enabled: boolean) {
  return useQuery({
    queryKey: ['users', 'pick', query] as const,
    queryFn: ({ signal }) =>
      api.get('/Users', {
        signal,
        query: { query: query || undefined, pageSize: 20 },
        answer: (c) => c.users.userList,
      }),
    enabled,
  });
}
