import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

export async function selectLocationFacts(db: Db, locationId: string) {
  const r = await db.execute<{
    customerId: string;
    customerName: string;
    description2: string | null;
    projectNumber: string | null;
    startDate: string | null;
    endDate: string | null;
    street: string | null;
    postcode: string | null;
    city: string | null;
    pending: boolean;
  }>(sql`
    select l.customer_id as "customerId", c.name as "customerName", l.description2,
      l.project_number as "projectNumber", l.start_date::text as "startDate", l.end_date::text as "endDate",
      l.street, l.postcode, l.city, l.deregistration_requested_at is not null as pending
    from plant_locations l join customers c on c.id = l.customer_id
    where l.id = ${locationId}`);
  return r.rows[0];
}

export async function selectMembers(db: Db, locationId: string) {
  const r = await db.execute<{
    userId: string;
    name: string;
    email: string;
    role: 'user' | 'administration';
    userRole: 'admin' | 'user';
    customerId: string | null;
  }>(sql`
    select u.id as "userId", u.name, u.email, m.role::text as role, u.role::text as "userRole",
      u.customer_id as "customerId"
    from location_memberships m join users u on u.id = m.user_id
    where m.location_id = ${locationId}
    order by lower(u.name)`);
  return r.rows;
}

/** Days since the oldest stock line still on the location came (null without stock), as of `today`. */
export async function selectOldestStockDays(
  db: Db,
  locationId: string,
  today: string,
): Promise<number | null> {
  const r = await db.execute<{ days: number | null }>(sql`
    select (${today}::date - min(last_movement_date))::int as days
    from inventory where location_id = ${locationId} and quantity > 0`);
  const days = r.rows[0]?.days;
  return days === null || days === undefined ? null : Math.max(0, days);
}

export async function updateFacts(
  db: Db,
  locationId: string,
  f: {
    description: string;
    description2: string | null;
    projectNumber: string | null;
    startDate: string | null;
    endDate: string | null;
  },
) {
  await db.execute(sql`
    update plant_locations set description = ${f.description}, description2 = ${f.description2},
      project_number = ${f.projectNumber}, start_date = ${f.startDate}::date, end_date = ${f.endDate}::date,
      updated_at = now()
    where id = ${locationId}`);
}

export async function upsertMember(
  db: Db,
  locationId: string,
  userId: string,
  role: 'user' | 'administration',
) {
  await db.execute(sql`
    insert into location_memberships (user_id, location_id, role) values (${userId}, ${locationId}, ${role})
    on conflict (user_id, location_id) do update set role = excluded.role`);
}

export async function deleteMember(db: Db, locationId: string, userId: string): Promise<boolean> {
  const r = await db.execute(sql`
    delete from location_memberships where location_id = ${locationId} and user_id = ${userId}`);
  return (r.rowCount ?? 0) > 0;
}
