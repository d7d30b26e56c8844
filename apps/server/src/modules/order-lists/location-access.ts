import { type Action, can, type FunctionalArea } from '@mp/contract/permissions';
import { and, eq } from 'drizzle-orm';
import { locationMemberships, plantLocations } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type AuthUser, type Ctx, requireUser } from '../../platform/http/context.ts';

// why: the auth helper's platform/auth/access.ts (requireLocation / requireArea) did not exist yet when
// ordering was built; this is the same rule (404 for unknown or foreign, 403 error.alleen_lezen for a
// write with role administration; admins = the equipment department may use every location). Switch the
// imports to platform/auth/access.ts once it lands.

export interface LocationAccess {
  id: string;
  locationNo: string;
  description: string;
  blocked: boolean;
  /** The user's role on the location; null for an admin who is not a member. */
  role: 'user' | 'administration' | null;
}

const notFound = (locationNo: string) =>
  new AppError('not_found', 'error.locatie_onbekend', { details: { plantLocation: locationNo } });

async function selectAccess(db: Db, where: { locationNo?: string; id?: string }, userId: string) {
  const [row] = await db
    .select({
      id: plantLocations.id,
      locationNo: plantLocations.locationNo,
      description: plantLocations.description,
      blocked: plantLocations.blocked,
      deregisteredAt: plantLocations.deregisteredAt,
      role: locationMemberships.role,
    })
    .from(plantLocations)
    .leftJoin(
      locationMemberships,
      and(eq(locationMemberships.locationId, plantLocations.id), eq(locationMemberships.userId, userId)),
    )
    .where(where.id ? eq(plantLocations.id, where.id) : eq(plantLocations.locationNo, where.locationNo ?? ''))
    .limit(1);
  return row ?? null;
}

function decide(
  user: AuthUser,
  row: Awaited<ReturnType<typeof selectAccess>>,
  action: Action,
  locationNo: string,
): LocationAccess {
  const admin = user.role === 'admin';
  if (!row || row.deregisteredAt || (!row.role && !admin)) throw notFound(locationNo);
  if (action === 'write' && row.role === 'administration' && !admin)
    throw new AppError('forbidden', 'error.alleen_lezen');
  return {
    id: row.id,
    locationNo: row.locationNo,
    description: row.description?.trim() ? row.description : row.locationNo,
    blocked: row.blocked,
    role: row.role,
  };
}

/** The location by number if the user may read (or write) it; unknown and foreign answer the same 404. */
export async function requireLocation(ctx: Ctx, locationNo: string, action: Action): Promise<LocationAccess> {
  const user = requireUser(ctx);
  return decide(user, await selectAccess(ctx.db, { locationNo }, user.id), action, locationNo);
}

/** The same check for a location known by its id (a stored list or request points at it). */
export async function requireLocationById(
  ctx: Ctx,
  locationId: string,
  action: Action,
): Promise<LocationAccess> {
  const user = requireUser(ctx);
  return decide(user, await selectAccess(ctx.db, { id: locationId }, user.id), action, locationId);
}

/** The functional area of spec §6 (permission matrix); 403 error.geen_toegang without it. */
export function requireArea(ctx: Ctx, area: FunctionalArea, action: Action, allowAnonymous = false): void {
  if (!ctx.user) {
    if (!allowAnonymous) requireUser(ctx);
    if (can({ user: null, allowAnonymous }, area, action)) return;
    throw new AppError('unauthenticated', 'error.niet_ingelogd');
  }
  if (!can({ user: ctx.user }, area, action)) throw new AppError('forbidden', 'error.geen_toegang');
}

/** A blocked location takes no new requests or list changes that lead to one. */
export function requireNotBlocked(location: LocationAccess): void {
  if (location.blocked) {
    throw new AppError('rule', 'error.locatie_geblokkeerd', {
      details: { plantLocation: location.locationNo },
    });
  }
}
