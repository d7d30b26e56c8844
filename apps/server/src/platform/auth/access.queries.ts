import { eq, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { locationMemberships } from '../../db/schema/index.ts';
import type { Db } from '../db/database.ts';
import { runStatement, statement } from '../db/prepared.ts';

export interface LocationWithRole {
  id: string;
  locationNo: string;
  description: string;
  blocked: boolean;
  deregisteredAt: Date | null;
  /** The customer the location belongs to (its key user and management reach it, decision 0023). */
  customerId: string | null;
  /** The user's role there; null when the user is no member. */
  role: 'user' | 'administration' | null;
}

/** The plant_locations columns of LocationWithRole, for the prepared statements below. */
const locationColumns = `p.id, p.location_no as "locationNo", p.description, p.blocked,
  p.deregistered_at as "deregisteredAt", p.customer_id as "customerId"`;
const withRole = (where: string) =>
  statement(`select ${locationColumns}, m.role
  from plant_locations p
  left join location_memberships m on m.location_id = p.id and m.user_id = $2::uuid
  where ${where} limit 1`);
// why: asked on nearly every request, so parsed and planned once per connection (docs/decisions/0011).
const locationById = withRole('p.id = $1::uuid');
const locationByNo = withRole('p.location_no = $1::text');

/** The location with this number, with the user's role on it. */
export async function selectLocationByNo(
  db: Db,
  locationNo: string,
  userId: string,
): Promise<LocationWithRole | undefined> {
  const [row] = await runStatement<LocationWithRole>(db, locationByNo, [locationNo, userId]);
  return row;
}

/** The location with this id (a uuid; the caller checks the form), with the user's role on it. */
export async function selectLocationById(
  db: Db,
  locationId: string,
  userId: string,
): Promise<LocationWithRole | undefined> {
  const [row] = await runStatement<LocationWithRole>(db, locationById, [locationId, userId]);
  return row;
}

const locationsById = statement(`select ${locationColumns}, m.role
  from plant_locations p
  left join location_memberships m on m.location_id = p.id and m.user_id = $2::uuid
  where p.id = any($1::uuid[])`);

/** The locations with these ids (uuids; the caller checks the form), with the user's role on each, in one statement. */
export async function selectLocationsById(
  db: Db,
  locationIds: readonly string[],
  userId: string,
): Promise<LocationWithRole[]> {
  if (locationIds.length === 0) return [];
  return runStatement<LocationWithRole>(db, locationsById, [locationIds, userId]);
}

/**
 * For a statement that reads a location's access together with other rows: the location `p` that
 * `whereSql` picks, with the role of the user `userIdSql`, as one JSON value (null when there is no such
 * location); hand it to requireAccess as `location` (resolvers/location.ts decides).
 */
export function locationWithRoleJsonSql(whereSql: string, userIdSql: string): string {
  return `(select json_build_object('id', p.id, 'locationNo', p."locationNo", 'description', p.description,
      'blocked', p.blocked, 'deregisteredAt', p."deregisteredAt", 'customerId', p."customerId", 'role', m.role)
    from (select ${locationColumns} from plant_locations p where ${whereSql} limit 1) p
    left join location_memberships m on m.location_id = p.id and m.user_id = ${userIdSql})`;
}

/** The JSON value of locationWithRoleJsonSql. */
export type LocationWithRoleJson = Omit<LocationWithRole, 'deregisteredAt'> & {
  deregisteredAt: string | null;
};

/** The JSON of locationWithRoleJsonSql as selectLocationByNo answers (timestamps as Dates). */
export function locationWithRoleFromJson(json: LocationWithRoleJson | null): LocationWithRole | undefined {
  if (!json) return undefined;
  return { ...json, deregisteredAt: json.deregisteredAt === null ? null : new Date(json.deregisteredAt) };
}

export async function selectMemberships(db: Db, userId: string) {
  return db
    .select({ locationId: locationMemberships.locationId, role: locationMemberships.role })
    .from(locationMemberships)
    .where(eq(locationMemberships.userId, userId));
}

/** The locations a list may show: every one (an admin) or these (by key). */
export type LocationIds = readonly string[] | 'all';

/**
 * The one list filter by the caller's locations (requireAccess `locations.read`): the condition that `column`
 * (a location key) is one of `ids`. Filter in SQL, never load and then check.
 */
export function locationFilter(ids: LocationIds, column: SQLWrapper): SQL {
  if (ids === 'all') return sql`true`;
  if (ids.length === 0) return sql`false`;
  if (ids.length === 1) return sql`${column} = ${ids[0]}::uuid`;
  return sql`${column} = any(${sql.param([...ids])}::uuid[])`;
}

/** What the user manager rule (canManageUser) needs of a stored user; undefined when there is none. */
export async function selectManagedUser(
  db: Db,
  userId: string,
): Promise<{ role: 'admin' | 'user'; customerId: string | null } | undefined> {
  const r = await db.execute<{ role: 'admin' | 'user'; customerId: string | null }>(
    sql`select role::text as role, customer_id as "customerId" from users where id = ${userId}::uuid`,
  );
  return r.rows[0];
}
