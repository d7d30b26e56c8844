import { sql } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.ts';

/*
 * SQL of the idle digest (decision 0034): who wants it where, the once-a-week claim, the preference.
 */

export type DigestRecipient = {
  locationId: string;
  locationNo: string;
  description: string;
  id: string;
  email: string;
  name: string;
  role: 'admin' | 'user';
  kind: 'internal' | 'external';
  permissions: string[];
  customerId: string | null;
  language: string;
};

/** The members who opted in, enabled and approved, per active location (by location number, then e-mail). */
export async function selectDigestRecipients(db: Db): Promise<DigestRecipient[]> {
  const r = await db.execute<DigestRecipient>(sql`
    select pl.id as "locationId", pl.location_no as "locationNo", coalesce(nullif(pl.description, ''), pl.location_no) as description,
      u.id, u.email, u.name, u.role, u.kind, u.permissions, u.customer_id as "customerId", u.language
    from location_memberships m
    join users u on u.id = m.user_id
    join plant_locations pl on pl.id = m.location_id
    where u.idle_digest and not u.disabled and u.approved_at is not null and pl.deregistered_at is null
    order by pl.location_no, u.email`);
  return r.rows;
}

/**
 * Claims the digest of a location for a week: true for exactly one caller across all processes (the primary key
 * of idle_digest_runs); every other one gets false and sends nothing.
 */
export async function claimDigestWeek(db: Db, locationId: string, week: string): Promise<boolean> {
  const r = await db.execute(sql`
    insert into idle_digest_runs (location_id, week) values (${locationId}, ${week})
    on conflict do nothing returning location_id`);
  return r.rows.length === 1;
}

export async function selectDigestPreference(db: Db, userId: string): Promise<boolean> {
  const r = await db.execute<{ enabled: boolean }>(
    sql`select idle_digest as enabled from users where id = ${userId}`,
  );
  return r.rows[0]?.enabled ?? false;
}

export async function updateDigestPreference(db: Db, userId: string, on: boolean): Promise<boolean> {
  const r = await db.execute(sql`update users set idle_digest = ${on} where id = ${userId} returning id`);
  return r.rows.length === 1;
}

/**
 * Scans taken before `before` that a later scan of the same plant on the same location supersedes: the idle rule
 * reads only the latest scan of a plant on a location (stock.queries.ts), so these are read by nothing. Answers how
 * many went. (The stock revision is not raised: no stock line changes.)
 */
export async function deleteSupersededScans(db: Db, before: Date): Promise<number> {
  const r = await db.execute(sql`
    delete from plant_scans s
    where s.scanned_at < ${before}
      and exists (
        select 1 from plant_scans later
        where later.location_id = s.location_id and later.plant_id = s.plant_id and later.scanned_at > s.scanned_at
      )`);
  return r.rowCount ?? 0;
}
