import { and, asc, eq, sql } from 'drizzle-orm';
import { customers, locationMemberships, plantLocations, workAddresses } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { ruleOn } from '../../platform/errors.ts';

export async function selectCustomersFor(db: Db, scope: 'all' | string | null) {
  if (scope === null) return [];
  return db
    .select({
      id: customers.id,
      customerNo: customers.customerNo,
      name: customers.name,
      city: customers.city,
      blocked: customers.blocked,
    })
    .from(customers)
    .where(scope === 'all' ? undefined : eq(customers.id, scope))
    .orderBy(asc(customers.name));
}

export async function selectCustomerByNo(db: Db, customerNo: string) {
  const [row] = await db
    .select({ id: customers.id, blocked: customers.blocked })
    .from(customers)
    .where(eq(customers.customerNo, customerNo));
  return row ?? null;
}

/** Whether a location (active or deregistered) has this number. */
export async function locationNoTaken(db: Db, locationNo: string): Promise<boolean> {
  const r = await db.execute(
    sql`select 1 from plant_locations where upper(location_no) = upper(${locationNo})`,
  );
  return r.rows.length > 0;
}

/** The location, its creator's membership and the default work address, on the caller's transaction. */
export async function insertLocation(
  db: Db,
  v: {
    locationNo: string;
    customerId: string;
    userId: string;
    description: string;
    description2?: string;
    projectNo?: string;
    startDate?: string;
    endDate?: string;
    street?: string;
    postcode?: string;
    city?: string;
  },
): Promise<string> {
  const blank = (s: string | undefined) => (s?.trim() ? s.trim() : null);
  let id: string;
  try {
    const [row] = await db
      .insert(plantLocations)
      .values({
        locationNo: v.locationNo,
        customerId: v.customerId,
        description: v.description,
        description2: blank(v.description2),
        projectNumber: blank(v.projectNo),
        startDate: v.startDate ?? null,
        endDate: v.endDate ?? null,
        street: blank(v.street),
        postcode: blank(v.postcode),
        city: blank(v.city),
        createdBy: v.userId,
      })
      .returning({ id: plantLocations.id });
    id = row.id;
  } catch (err) {
    // why: two creates of one number at once: the unique index decides, the loser gets the rule
    if ((err as { cause?: { code?: string }; code?: string }).cause?.code === '23505')
      throw ruleOn('locationNo', 'Locatie.aanmaken.nummer_bestaat');
    throw err;
  }
  await db.insert(locationMemberships).values({ userId: v.userId, locationId: id, role: 'user' });
  const street = blank(v.street);
  const city = blank(v.city);
  if (street && city) {
    await db.insert(workAddresses).values({
      locationId: id,
      code: 'HOOFD',
      name: v.description,
      street,
      postcode: blank(v.postcode),
      city,
      isDefault: true,
    });
  }
  return id;
}

/**
 * The stock lines (bulk items and plants with a quantity) on the location; with ignoreSale the sale items
 * (rental type Verkoop) are left out. `forUpdate` locks the location row first (two deregistrations wait).
 */
export async function countStockLines(
  db: Db,
  locationId: string,
  ignoreSale: boolean,
  forUpdate = false,
): Promise<{ lines: number; pending: boolean }> {
  const lock = await db.execute<{ pending: boolean }>(sql`
    select deregistration_requested_at is not null as pending from plant_locations where id = ${locationId}
    ${forUpdate ? sql`for update` : sql``}`);
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from inventory i join items it on it.id = i.item_id
    where i.location_id = ${locationId} and i.quantity > 0
      ${ignoreSale ? sql`and it.rental_type <> 'Verkoop'` : sql``}`);
  return { lines: r.rows[0]?.n ?? 0, pending: lock.rows[0]?.pending ?? false };
}

/** Closes the location now, or marks it pending (closed by the stock ledger when its stock reaches zero). */
export async function markDeregistered(
  db: Db,
  locationId: string,
  v: { now: Date; pending: boolean; buyOff: boolean },
): Promise<void> {
  await db
    .update(plantLocations)
    .set({
      deregistrationRequestedAt: v.now,
      deregisteredAt: v.pending ? null : v.now,
      buyOffRequested: v.buyOff,
      updatedAt: v.now,
    })
    .where(and(eq(plantLocations.id, locationId)));
}

/** The equipment department's people (internal users with `department`), for its mails. */
export async function selectDepartmentReceivers(db: Db): Promise<Array<{ email: string; language: string }>> {
  const r = await db.execute<{ email: string; language: string }>(sql`
    select email, language from users
    where kind = 'internal' and not disabled and 'department' = any(permissions) order by email`);
  return r.rows;
}
