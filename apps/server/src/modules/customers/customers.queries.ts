import { and, asc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import { customers, plantLocations } from '../../db/schema/index.ts';
import { type LocationIds, locationFilter } from '../../platform/auth/access.ts';
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

/** Customers by name; `reach` null means all, else the own customer and those of the caller's locations. */
export async function selectCustomers(
  db: Db,
  options: {
    q?: string;
    limit: number;
    reach: { locationIds: LocationIds; customerId: string | null } | null;
  },
) {
  const filters: (SQL | undefined)[] = [matching(options.q)];
  if (options.reach) {
    const { locationIds, customerId } = options.reach;
    // why: a customer's own users see their customer and those of the locations they work on (a subcontractor).
    const ofLocations = db
      .selectDistinct({ id: plantLocations.customerId })
      .from(plantLocations)
      .where(locationFilter(locationIds, plantLocations.id));
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
