import { and, asc, eq } from 'drizzle-orm';
import { locationMemberships, plantLocations, users } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export async function selectUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** The locations a user is a member of, with the role there, by location number. */
export async function selectUserLocations(db: Db, userId: string) {
  return db
    .select({
      id: plantLocations.id,
      locationNo: plantLocations.locationNo,
      description: plantLocations.description,
      description2: plantLocations.description2,
      projectNumber: plantLocations.projectNumber,
      blocked: plantLocations.blocked,
      role: locationMemberships.role,
    })
    .from(locationMemberships)
    .innerJoin(plantLocations, eq(plantLocations.id, locationMemberships.locationId))
    .where(and(eq(locationMemberships.userId, userId)))
    .orderBy(asc(plantLocations.locationNo));
}
