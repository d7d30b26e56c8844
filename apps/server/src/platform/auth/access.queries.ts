import { and, eq, type SQL } from 'drizzle-orm';
import { locationMemberships, plantLocations } from '../../db/schema/index.ts';
import type { Db } from '../db/database.ts';

export interface LocationWithRole {
  id: string;
  locationNo: string;
  description: string;
  blocked: boolean;
  deregisteredAt: Date | null;
  /** The user's role there; null when the user is no member. */
  role: 'user' | 'administration' | null;
}

async function selectLocationWithRole(
  db: Db,
  where: SQL,
  userId: string,
): Promise<LocationWithRole | undefined> {
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
    .where(where)
    .limit(1);
  return row;
}

/** The location with this number, with the user's role on it. */
export function selectLocationByNo(db: Db, locationNo: string, userId: string) {
  return selectLocationWithRole(db, eq(plantLocations.locationNo, locationNo), userId);
}

/** The location with this id (a uuid; the caller checks the form), with the user's role on it. */
export function selectLocationById(db: Db, locationId: string, userId: string) {
  return selectLocationWithRole(db, eq(plantLocations.id, locationId), userId);
}

export async function selectMemberships(db: Db, userId: string) {
  return db
    .select({ locationId: locationMemberships.locationId, role: locationMemberships.role })
    .from(locationMemberships)
    .where(eq(locationMemberships.userId, userId));
}
