import { and, eq } from 'drizzle-orm';
import { locationMemberships, plantLocations } from '../../db/schema/index.ts';
import type { Db } from '../db/database.ts';

export type PlantLocationRow = typeof plantLocations.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type LocationRef = string | { id: string } | { locationNo: string };

function whereOf(ref: LocationRef) {
  if (typeof ref === 'string') {
    return UUID.test(ref) ? eq(plantLocations.id, ref) : eq(plantLocations.locationNo, ref);
  }
  if ('id' in ref) return UUID.test(ref.id) ? eq(plantLocations.id, ref.id) : undefined;
  return eq(plantLocations.locationNo, ref.locationNo);
}

/** The location with the user's role on it; role null when the user is no member. */
export async function selectLocationWithRole(
  db: Db,
  ref: LocationRef,
  userId: string,
): Promise<{ location: PlantLocationRow; role: 'user' | 'administration' | null } | undefined> {
  const where = whereOf(ref);
  if (!where) return undefined;
  const [row] = await db
    .select({ location: plantLocations, role: locationMemberships.role })
    .from(plantLocations)
    .leftJoin(
      locationMemberships,
      and(eq(locationMemberships.locationId, plantLocations.id), eq(locationMemberships.userId, userId)),
    )
    .where(where)
    .limit(1);
  return row;
}

export async function selectMemberships(db: Db, userId: string) {
  return db
    .select({ locationId: locationMemberships.locationId, role: locationMemberships.role })
    .from(locationMemberships)
    .where(eq(locationMemberships.userId, userId));
}
