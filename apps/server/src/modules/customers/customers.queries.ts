import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { customers, locationMemberships, plantLocations } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

const columns = {
  id: customers.id,
  customerNo: customers.customerNo,
  name: customers.name,
  city: customers.city,
  blocked: customers.blocked,
};

/** Escapes LIKE wildcards so a typed % or _ matches itself. */
const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word in the name or the number (case-insensitive). */
function matching(q: string | undefined): SQL | undefined {
  const words = (q ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 8);
  if (!words.length) return undefined;
  return and(
    ...words.map((w) =>
      or(ilike(customers.name, `%${likeEscape(w)}%`), ilike(customers.customerNo, `%${likeEscape(w)}%`)),
    ),
  );
}

/** Customers by name; `reach` null means all, else only these ids. */
export async function selectCustomers(
  db: Db,
  options: { q?: string; limit: number; reach: { userId: string; customerId: string | null } | null },
) {
  const filters: (SQL | undefined)[] = [matching(options.q)];
  if (options.reach) {
    const { userId, customerId } = options.reach;
    // why: a customer's own users see their customer and those of the locations they work on (a subcontractor).
    const ofLocations = db
      .selectDistinct({ id: plantLocations.customerId })
      .from(locationMemberships)
      .innerJoin(plantLocations, eq(plantLocations.id, locationMemberships.locationId))
      .where(eq(locationMemberships.userId, userId));
    filters.push(
      customerId
        ? or(eq(customers.id, customerId), inArray(customers.id, ofLocations))
        : inArray(customers.id, ofLocations),
    );
  }
  return db
    .select(columns)
    .from(customers)
    .where(and(...filters))
    .orderBy(asc(sql`lower(${customers.name})`), asc(customers.customerNo))
    .limit(options.limit);
}
