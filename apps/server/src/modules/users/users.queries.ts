import type { UserListQuery } from '@mp/contract/api/users';
import { and, asc, eq, inArray, isNull, max, type SQL, sql } from 'drizzle-orm';
import {
  customers,
  locationMemberships,
  passwordResetTokens,
  plantLocations,
  userImports,
  users,
} from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';

export type UserRow = typeof users.$inferSelect;

export async function selectUser(db: Db, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function selectUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`).limit(1);
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
      customerId: plantLocations.customerId,
      role: locationMemberships.role,
    })
    .from(locationMemberships)
    .innerJoin(plantLocations, eq(plantLocations.id, locationMemberships.locationId))
    .where(and(eq(locationMemberships.userId, userId)))
    .orderBy(asc(plantLocations.locationNo));
}

export interface ListFilter extends UserListQuery {
  /** A key user sees only this customer's non-admin users. */
  customerId: string | null;
}

const sortSql: Record<UserListQuery['sort'], SQL> = {
  name: sql`lower(u.name)`,
  email: sql`lower(u.email)`,
  customer: sql`lower(coalesce(c.name, ''))`,
  lastLogin: sql`u.last_login_at`,
  created: sql`u.created_at`,
};

function whereOf(f: ListFilter): SQL {
  const parts: SQL[] = [];
  if (f.customerId) parts.push(sql`u.customer_id = ${f.customerId}::uuid and u.role <> 'admin'`);
  if (f.pending === true) parts.push(sql`u.approved_at is null`);
  if (f.pending === false) parts.push(sql`u.approved_at is not null`);
  for (const word of (f.query ?? '').split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;
    parts.push(
      sql`(u.name ilike ${like} or u.email ilike ${like} or c.name ilike ${like} or c.customer_no ilike ${like})`,
    );
  }
  return parts.length ? sql`where ${sql.join(parts, sql` and `)}` : sql``;
}

export type UserListRow = {
  id: string;
  name: string;
  email: string;
  kind: 'internal' | 'external';
  role: 'admin' | 'user';
  permissions: string[];
  customer_id: string | null;
  customer_no: string | null;
  customer_name: string | null;
  language: string;
  disabled: boolean;
  pending: boolean;
  invited: boolean;
  last_login_at: Date | string | null;
  created_at: Date | string;
  location_count: number;
  total: number;
};

/** One page of users with the total, sorted on the server. */
export async function selectUserPage(db: Db, f: ListFilter): Promise<UserListRow[]> {
  const dir = f.direction === 'desc' ? sql`desc` : sql`asc`;
  const r = await db.execute<UserListRow>(sql`
    select u.id, u.name, u.email, u.kind, u.role, u.permissions, u.customer_id, c.customer_no,
      c.name as customer_name, u.language, u.disabled, (u.approved_at is null) as pending,
      (u.password_hash is null and u.oidc_subject is null) as invited, u.last_login_at, u.created_at,
      (select count(*) from location_memberships m where m.user_id = u.id)::int as location_count,
      count(*) over ()::int as total
    from users u left join customers c on c.id = u.customer_id
    ${whereOf(f)}
    order by ${sortSql[f.sort]} ${dir} nulls last, lower(u.email) asc
    limit ${f.pageSize} offset ${(f.page - 1) * f.pageSize}`);
  return r.rows;
}

export async function selectCustomer(db: Db, id: string) {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1);
  return row;
}

export async function selectCustomersByNo(db: Db, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({ id: customers.id, customerNo: customers.customerNo, name: customers.name })
    .from(customers)
    .where(inArray(customers.customerNo, numbers));
}

export async function selectLocationsByNo(db: Db, numbers: string[]) {
  if (numbers.length === 0) return [];
  return db
    .select({
      id: plantLocations.id,
      locationNo: plantLocations.locationNo,
      customerId: plantLocations.customerId,
    })
    .from(plantLocations)
    .where(inArray(plantLocations.locationNo, numbers));
}

/** Replaces the user's memberships on the locations `within` (all when null) by `wanted`. */
export async function replaceMemberships(
  db: Db,
  userId: string,
  wanted: Array<{ locationId: string; role: 'user' | 'administration' }>,
  within: string | null,
  now: Date,
): Promise<void> {
  await db.execute(sql`
    delete from location_memberships m where m.user_id = ${userId}::uuid
    ${within ? sql`and m.location_id in (select id from plant_locations where customer_id = ${within}::uuid)` : sql``}`);
  if (wanted.length)
    await db
      .insert(locationMemberships)
      .values(wanted.map((w) => ({ userId, locationId: w.locationId, role: w.role, createdAt: now })))
      .onConflictDoUpdate({
        target: [locationMemberships.userId, locationMemberships.locationId],
        set: { role: sql`excluded.role` },
      });
}

export async function insertUserRow(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).onConflictDoNothing().returning();
  return row;
}

/** New users in one statement (an import's batch); answers their ids and e-mail addresses. */
export async function insertUserRows(db: Db, rows: Array<typeof users.$inferInsert>) {
  if (rows.length === 0) return [];
  return db.insert(users).values(rows).returning({ id: users.id, email: users.email });
}

/** New memberships in one statement (a new user's: nothing to replace). */
export async function insertMemberships(db: Db, rows: Array<typeof locationMemberships.$inferInsert>) {
  if (rows.length) await db.insert(locationMemberships).values(rows);
}

export async function updateUserRow(db: Db, id: string, values: Partial<typeof users.$inferInsert>) {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** Deletes the user after bumping the session generation (both NOTIFY: sessions end at once, migration 0005). */
export async function deleteUserRow(db: Db, id: string, now: Date): Promise<boolean> {
  await db
    .update(users)
    .set({ sessionGeneration: sql`${users.sessionGeneration} + 1`, updatedAt: now })
    .where(eq(users.id, id));
  const rows = await db.delete(users).where(eq(users.id, id)).returning({ id: users.id });
  return rows.length === 1;
}

export async function insertInvitationToken(
  db: Db,
  values: { userId: string; tokenHash: string; expiresAt: Date; createdAt: Date },
) {
  await db.insert(passwordResetTokens).values({ ...values, purpose: 'invitation' });
}

/** Ends a user's open invitation links (a new invitation replaces them) and says when the newest was made. */
export async function revokeInvitationTokens(db: Db, userId: string, now: Date): Promise<Date | null> {
  const [last] = await db
    .select({ at: max(passwordResetTokens.createdAt) })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), eq(passwordResetTokens.purpose, 'invitation')));
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        eq(passwordResetTokens.purpose, 'invitation'),
        isNull(passwordResetTokens.usedAt),
      ),
    );
  return last?.at ?? null;
}

/** Users without a customer whose e-mail domain is a customer's, for the sync (decision 0023). */
export async function selectUnlinkedUsers(db: Db) {
  const r = await db.execute<{ id: string; email: string; customer_id: string; customer_no: string }>(sql`
    select u.id, u.email, c.id as customer_id, c.customer_no
    from users u
    join customers c on c.email is not null and position('@' in c.email) > 0
      and lower(split_part(c.email, '@', 2)) = lower(split_part(u.email, '@', 2))
    where u.role <> 'admin' and u.customer_id is null`);
  return r.rows;
}

export async function countUsers(db: Db): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`select count(*)::int as n from users`);
  return r.rows[0]?.n ?? 0;
}

// ── imports ───────────────────────────────────────────────────────────────────────────────────────────

export async function insertImport(db: Db, values: typeof userImports.$inferInsert) {
  const [row] = await db.insert(userImports).values(values).returning();
  return row;
}

export async function updateImport(db: Db, id: string, values: Partial<typeof userImports.$inferInsert>) {
  await db.update(userImports).set(values).where(eq(userImports.id, id));
}

export async function selectImport(db: Db, id: string, userId: string) {
  const [row] = await db
    .select()
    .from(userImports)
    .where(and(eq(userImports.id, id), eq(userImports.userId, userId)))
    .limit(1);
  return row;
}

/** Existing users by lower e-mail, with their memberships, for the import's comparison. */
export async function selectUsersByEmails(db: Db, emails: string[]) {
  if (emails.length === 0) return [];
  const r = await db.execute<{
    id: string;
    email: string;
    name: string;
    language: string;
    kind: 'internal' | 'external';
    role: 'admin' | 'user';
    customer_id: string | null;
    memberships: Array<{ location_id: string; customer_id: string; role: 'user' | 'administration' }>;
  }>(sql`
    select u.id, u.email, u.name, u.language, u.kind, u.role, u.customer_id,
      coalesce((select json_agg(json_build_object('location_id', m.location_id, 'customer_id', l.customer_id,
        'role', m.role)) from location_memberships m join plant_locations l on l.id = m.location_id
        where m.user_id = u.id), '[]'::json) as memberships
    from users u where lower(u.email) in ${emails}`);
  return r.rows;
}
