import { and, eq, ne, sql } from 'drizzle-orm';
import { workAddresses } from '../../db/schema/index.ts';
import type { Db } from '../../platform/db/database.ts';
import { workAddressColumns } from './locations.queries.ts';

/**
 * Writers of a location's addresses take turns (issue #31 item 3): the next WA-nn code, a code's uniqueness and the one
 * default are each "read, then write", which two at once would both pass (two WA-03, a unique-index error, two
 * defaults). Call first inside the writing transaction.
 */
export async function lockWorkAddressesOf(db: Db, locationId: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`work-addresses:${locationId}`}))`);
}

/** The number after the location's highest WA-nn code. */
export async function nextWorkAddressNumber(db: Db, locationId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select coalesce(max(substring(code from '^WA-(\\d+)$')::int), 0) + 1 as n
    from work_addresses where location_id = ${locationId}`);
  return r.rows[0]?.n ?? 1;
}

export async function workAddressCodeTaken(
  db: Db,
  locationId: string,
  code: string,
  except?: string,
): Promise<boolean> {
  const rows = await db
    .select({ id: workAddresses.id })
    .from(workAddresses)
    .where(
      and(
        eq(workAddresses.locationId, locationId),
        eq(workAddresses.code, code),
        except ? ne(workAddresses.id, except) : undefined,
      ),
    );
  return rows.length > 0;
}

/** Every other address of the location stops being its default. */
export async function clearOtherDefaults(db: Db, locationId: string, except: string) {
  await db
    .update(workAddresses)
    .set({ isDefault: false })
    .where(
      and(
        eq(workAddresses.locationId, locationId),
        ne(workAddresses.id, except),
        eq(workAddresses.isDefault, true),
      ),
    );
}

type WorkAddressRow = Omit<typeof workAddresses.$inferInsert, 'id' | 'locationId'>;

export async function insertWorkAddress(db: Db, locationId: string, values: WorkAddressRow) {
  const [row] = await db
    .insert(workAddresses)
    .values({ ...values, locationId })
    .returning();
  return row;
}

/** The address if it belongs to the location, locked for the caller's transaction; null otherwise. */
export async function selectLocationAddressForUpdate(db: Db, locationId: string, addressId: string) {
  const [row] = await db
    .select({ ...workAddressColumns, locationId: workAddresses.locationId })
    .from(workAddresses)
    .where(and(eq(workAddresses.id, addressId), eq(workAddresses.locationId, locationId)))
    .for('update');
  return row ?? null;
}

export async function updateWorkAddressRow(db: Db, addressId: string, values: WorkAddressRow) {
  const [row] = await db.update(workAddresses).set(values).where(eq(workAddresses.id, addressId)).returning();
  return row;
}

/** How many open requests (submitted, in progress, planned) deliver to or collect from the address. */
export async function countOpenRequestsAt(db: Db, addressId: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from plant_requests
    where (work_address_id = ${addressId} or origin_work_address_id = ${addressId})
      and status in ('submitted', 'in_progress', 'planned')`);
  return r.rows[0]?.n ?? 0;
}

export async function deleteWorkAddressRow(db: Db, addressId: string): Promise<void> {
  await db.delete(workAddresses).where(eq(workAddresses.id, addressId));
}
