import type { UpdateRemovalLineInput } from '@mp/contract/api/removal';
import type { AddRemovalLinesInput, RemovalList } from '@mp/contract/api/stock';
import { api, pathParam } from './client';
import { keyHeader } from './idempotent-submit';

/*
 * The removal list (afvoerlijst) calls several features use, and the offline queue sends: the main bar's count and
 * the removal-list page read it (features/removal-list), the stock pages put lines on it (features/stock).
 */

export const removalListKeys = {
  all: ['removal-list'] as const,
  details: () => [...removalListKeys.all, 'detail'] as const,
  detail: (locationNo: string) => [...removalListKeys.details(), locationNo] as const,
  /** The project variant (ProjectOverzichten_TonenEnGebruiken) seen from a location. */
  projects: () => [...removalListKeys.all, 'project'] as const,
  project: (locationNo: string) => [...removalListKeys.projects(), locationNo] as const,
};

/** GET /api/v2.0/RemovalLists/{plantLocation}. Every failure is an error (a 404 too), never an empty list. */
export function getRemovalList(locationNo: string, signal?: AbortSignal): Promise<RemovalList> {
  return api.get(`/RemovalLists/${pathParam('plantLocation', locationNo)}`, {
    signal,
    answer: (c) => c.stock.removalList,
  });
}

/** POST /api/v2.0/RemovalLists/{plantLocation}: lines onto the caller's list (amounts are set, not added). */
export function addToRemovalList(
  locationNo: string,
  input: AddRemovalLinesInput,
  idempotencyKey?: string,
): Promise<RemovalList> {
  return api.post(`/RemovalLists/${pathParam('plantLocation', locationNo)}`, input, {
    headers: keyHeader(idempotencyKey),
    answer: (c) => c.stock.removalList,
  });
}

/** POST /api/v2.0/RemovalLists/scanned-plants: a scanned plant onto the list of the location it stands on. */
export function addScannedPlant(code: string, idempotencyKey?: string): Promise<RemovalList> {
  return api.post(
    '/RemovalLists/scanned-plants',
    { code },
    { headers: keyHeader(idempotencyKey), answer: (c) => c.stock.removalList },
  );
}

const lineUrl = (locationNo: string, lineId: string) =>
  `/RemovalLists/${pathParam('plantLocation', locationNo)}/lines/${pathParam('lineId', lineId)}`;

/** PATCH /api/v2.0/RemovalLists/{plantLocation}/lines/{lineId}: the return amount and/or the comment. */
export function updateRemovalLine(
  locationNo: string,
  lineId: string,
  input: UpdateRemovalLineInput,
  idempotencyKey?: string,
): Promise<RemovalList> {
  return api.patch(lineUrl(locationNo, lineId), input, {
    headers: keyHeader(idempotencyKey),
    answer: (c) => c.stock.removalList,
  });
}

/** DELETE /api/v2.0/RemovalLists/{plantLocation}/lines/{lineId}. */
export function deleteRemovalLine(
  locationNo: string,
  lineId: string,
  idempotencyKey?: string,
): Promise<RemovalList> {
  return api.delete(lineUrl(locationNo, lineId), {
    headers: keyHeader(idempotencyKey),
    answer: (c) => c.stock.removalList,
  });
}
