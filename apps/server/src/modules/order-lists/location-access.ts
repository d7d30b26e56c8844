import type { Action, FunctionalArea } from '@mp/contract/permissions';
import {
  type PlantLocationRow,
  requireArea as platformRequireArea,
  requireLocation as platformRequireLocation,
} from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';

/**
 * The access checks of ordering, on top of platform/auth/access.ts (docs/decisions/0002): unknown and
 * foreign locations answer the same 404, the read-only role `administration` gets 403 error.alleen_lezen
 * on a write, admins (the equipment department) may use every location. Ordering adds: a deregistered
 * location is gone (404), and the location comes back in the small shape the ordering services use.
 */

export interface LocationAccess {
  id: string;
  locationNo: string;
  description: string;
  blocked: boolean;
  /** The user's role on the location; null for an admin who is not a member. */
  role: 'user' | 'administration' | null;
}

function toAccess(location: PlantLocationRow, role: LocationAccess['role']): LocationAccess {
  if (location.deregisteredAt) throw new AppError('not_found', 'error.locatie_onbekend');
  return {
    id: location.id,
    locationNo: location.locationNo,
    description: location.description?.trim() ? location.description : location.locationNo,
    blocked: location.blocked,
    role,
  };
}

/** The location by number if the user may read (or write) it. */
export async function requireLocation(ctx: Ctx, locationNo: string, action: Action): Promise<LocationAccess> {
  const { location, role } = await platformRequireLocation(ctx, { locationNo }, action);
  return toAccess(location, role);
}

/** The same check for a location known by its id (a stored list or request points at it). */
export async function requireLocationById(
  ctx: Ctx,
  locationId: string,
  action: Action,
): Promise<LocationAccess> {
  const { location, role } = await platformRequireLocation(ctx, { id: locationId }, action);
  return toAccess(location, role);
}

/** The functional area of spec §6 (permission matrix): 401 anonymous without access, 403 signed in. */
export async function requireArea(ctx: Ctx, area: FunctionalArea, action: Action): Promise<void> {
  await platformRequireArea(ctx, area, action);
}

/** A blocked location takes no new requests. */
export function requireNotBlocked(location: LocationAccess): void {
  if (location.blocked) {
    throw new AppError('rule', 'error.locatie_geblokkeerd', {
      details: { plantLocation: location.locationNo },
    });
  }
}
