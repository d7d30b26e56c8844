import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { customers, locationRequests, plantLocations, users } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

/*
 * The SQL of the location requests (locations.requests.ts decides): the requests with their requester, customer and
 * the location an approval made, a new one, the open one locked for a decision, and the decision.
 */

const requester = alias(users, 'requester');

/** Location requests with their requester, customer and location, newest first (at most 500). */
export async function selectLocationRequests(
  db: Db,
  where: { id?: string; status?: 'open' | 'approved' | 'rejected' },
) {
  return db
    .select({
      r: locationRequests,
      name: requester.name,
      email: requester.email,
      language: requester.language,
      customerNo: customers.customerNo,
      customerName: customers.name,
      locationNo: plantLocations.locationNo,
    })
    .from(locationRequests)
    .innerJoin(requester, eq(requester.id, locationRequests.userId))
    .leftJoin(customers, eq(customers.id, locationRequests.customerId))
    .leftJoin(plantLocations, eq(plantLocations.id, locationRequests.locationId))
    .where(
      and(
        where.id ? eq(locationRequests.id, where.id) : undefined,
        where.status ? eq(locationRequests.status, where.status) : undefined,
      ),
    )
    .orderBy(desc(locationRequests.createdAt))
    .limit(500);
}

export type LocationRequestRow = Awaited<ReturnType<typeof selectLocationRequests>>[number];

export type NewLocationRequest = typeof locationRequests.$inferInsert;

/** A new location request; answers its id. */
export async function insertLocationRequest(db: Db, values: NewLocationRequest): Promise<string> {
  const [row] = await db.insert(locationRequests).values(values).returning({ id: locationRequests.id });
  if (!row) throw new Error('insert location_requests returned nothing');
  return row.id;
}

/** The request's status, its row locked for the decision (`for update`); null when there is none. */
export async function lockLocationRequest(db: Db, id: string): Promise<string | null> {
  const locked = await db.execute<{ status: string }>(
    sql`select status from location_requests where id = ${id} for update`,
  );
  return locked.rows[0]?.status ?? null;
}

/** The department's decision on a request: approved (with the location it made) or rejected (with the reason). */
export async function updateLocationRequest(
  db: Db,
  id: string,
  decision: {
    status: 'approved' | 'rejected';
    locationId?: string;
    rejectReason?: string;
    decidedBy: string;
    at: Date;
  },
): Promise<void> {
  await db
    .update(locationRequests)
    .set({
      status: decision.status,
      ...(decision.locationId ? { locationId: decision.locationId } : {}),
      ...(decision.rejectReason !== undefined ? { rejectReason: decision.rejectReason } : {}),
      decidedBy: decision.decidedBy,
      decidedAt: decision.at,
      updatedAt: decision.at,
    })
    .where(eq(locationRequests.id, id));
}
