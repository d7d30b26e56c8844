import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import {
  customers,
  depots,
  locationMemberships,
  plantLocations,
  users,
  workAddresses,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export interface LocationRow {
  id: string;
  locationNo: string;
  description: string;
  description2: string | null;
  blocked: boolean;
  projectNumber: string | null;
  role: 'user' | 'administration';
  customerId: string;
  customerName: string | null;
  deregistrationPending: boolean;
}

const locationColumns = {
  id: plantLocations.id,
  locationNo: plantLocations.locationNo,
  description: plantLocations.description,
  description2: plantLocations.description2,
  blocked: plantLocations.blocked,
  projectNumber: plantLocations.projectNumber,
  customerId: plantLocations.customerId,
  customerName: customers.name,
  deregistrationPending: sql<boolean>`${plantLocations.deregistrationRequestedAt} is not null`,
};

/** The locations a user is a member of (deregistered ones left out), with the user's role on each. */
export async function selectMemberLocations(db: Db, userId: string): Promise<LocationRow[]> {
  return db
    .select({ ...locationColumns, role: locationMemberships.role })
    .from(locationMemberships)
    .innerJoin(plantLocations, eq(plantLocations.id, locationMemberships.locationId))
    .leftJoin(customers, eq(customers.id, plantLocations.customerId))
    .where(and(eq(locationMemberships.userId, userId), isNull(plantLocations.deregisteredAt)))
    .orderBy(asc(plantLocations.locationNo));
}

/** Every active location; the role is the user's membership role where there is one, else 'user'. */
export async function selectAllLocations(db: Db, userId: string): Promise<LocationRow[]> {
  return db
    .select({
      ...locationColumns,
      role: sql<'user' | 'administration'>`coalesce(${locationMemberships.role}, 'user')`,
    })
    .from(plantLocations)
    .leftJoin(customers, eq(customers.id, plantLocations.customerId))
    .leftJoin(
      locationMemberships,
      and(eq(locationMemberships.locationId, plantLocations.id), eq(locationMemberships.userId, userId)),
    )
    .where(isNull(plantLocations.deregisteredAt))
    .orderBy(asc(plantLocations.locationNo));
}

/** A work address as the pages show it. */
export const workAddressColumns = {
  id: workAddresses.id,
  code: workAddresses.code,
  name: workAddresses.name,
  street: workAddresses.street,
  postcode: workAddresses.postcode,
  city: workAddresses.city,
  country: workAddresses.country,
  contactPerson: workAddresses.contactPerson,
  phone: workAddresses.phone,
  isDefault: workAddresses.isDefault,
};

export async function selectWorkAddresses(db: Db, locationId: string) {
  return db
    .select(workAddressColumns)
    .from(workAddresses)
    .where(eq(workAddresses.locationId, locationId))
    .orderBy(sql`${workAddresses.isDefault} desc`, asc(workAddresses.name), asc(workAddresses.code));
}

/** The work addresses of several locations at once, by location id. */
export async function selectWorkAddressesOf(db: Db, locationIds: string[]) {
  if (locationIds.length === 0) return [];
  return db
    .select({ locationId: workAddresses.locationId, ...workAddressColumns })
    .from(workAddresses)
    .where(inArray(workAddresses.locationId, locationIds))
    .orderBy(sql`${workAddresses.isDefault} desc`, asc(workAddresses.name), asc(workAddresses.code));
}

export async function selectDepots(db: Db, purpose: 'order' | 'removal' | 'all') {
  return db
    .select({
      id: depots.id,
      depotNo: depots.depotNo,
      name: depots.name,
      street: depots.street,
      postcode: depots.postcode,
      city: depots.city,
      phone: depots.phone,
      email: depots.email,
    })
    .from(depots)
    .where(
      purpose === 'all'
        ? undefined
        : purpose === 'order'
          ? eq(depots.forOrders, true)
          : eq(depots.forRemovals, true),
    )
    .orderBy(asc(depots.sort), asc(depots.name));
}

/** The location the user chose last (issue #36), or null. */
export async function selectLastLocationNo(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ lastLocationNo: users.lastLocationNo })
    .from(users)
    .where(eq(users.id, userId));
  return row?.lastLocationNo ?? null;
}

/** Keeps the location the user has just chosen. */
export async function updateLastLocationNo(db: Db, userId: string, locationNo: string): Promise<void> {
  await db.update(users).set({ lastLocationNo: locationNo }).where(eq(users.id, userId));
}
