import type { WorkAddressValues } from '@mp/contract/api/locations';
import { isKeyUser } from '@mp/contract/permissions';
import { and, eq, ne, sql } from 'drizzle-orm';
import { plantLocations, workAddresses } from '../../db/schema/index.ts';
import { type LocationAccess, requireLocation } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { ruleOn } from './locations.manage.ts';

/*
 * A location's work addresses (issue #14 part 4, decision 0023): created, changed and deleted by whoever may write
 * on the location (a member with role user, an admin) or by a key user of the location's customer. Another
 * customer's location answers 404 like an unknown one and nothing changes. An address an open request (submitted,
 * in progress, planned) delivers to or collects from is not deleted: 422 Locatie.adres_in_gebruik.
 */

/** requireLocation(write), or the key user of the location's customer (decision 0023). */
export async function requireLocationManager(ctx: Ctx, locationNo: string): Promise<LocationAccess> {
  const user = requireUser(ctx);
  try {
    return await requireLocation(ctx, locationNo, 'write');
  } catch (err) {
    if (!(err instanceof AppError) || !['not_found', 'forbidden'].includes(err.type)) throw err;
    if (!isKeyUser({ user })) throw err;
    const [row] = await ctx.db
      .select({
        id: plantLocations.id,
        locationNo: plantLocations.locationNo,
        description: plantLocations.description,
        blocked: plantLocations.blocked,
      })
      .from(plantLocations)
      .where(
        and(
          eq(plantLocations.locationNo, locationNo),
          eq(plantLocations.customerId, user.customerId as string),
          sql`${plantLocations.deregisteredAt} is null`,
        ),
      );
    if (!row) throw err;
    return {
      locationId: row.id,
      locationNo: row.locationNo,
      description: row.description?.trim() ? row.description : row.locationNo,
      blocked: row.blocked,
      role: null,
    };
  }
}

const columns = {
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

function view(r: typeof workAddresses.$inferSelect) {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    street: r.street,
    postcode: r.postcode ?? null,
    city: r.city,
    country: r.country,
    contactPerson: r.contactPerson ?? null,
    phone: r.phone ?? null,
    isDefault: r.isDefault,
    kind: 'work_address' as const,
  };
}

const blank = (s: string | undefined) => (s?.trim() ? s.trim() : null);

async function nextCode(db: Db, locationId: string): Promise<string> {
  const r = await db.execute<{ n: number }>(sql`
    select coalesce(max(substring(code from '^WA-(\\d+)$')::int), 0) + 1 as n
    from work_addresses where location_id = ${locationId}`);
  return `WA-${String(r.rows[0]?.n ?? 1).padStart(2, '0')}`;
}

async function codeTaken(db: Db, locationId: string, code: string, except?: string): Promise<boolean> {
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

async function clearDefault(db: Db, locationId: string, except: string) {
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

/** POST PlantLocations/{plantLocation}/addresses (201). */
export async function createWorkAddress(ctx: Ctx, locationNo: string, v: WorkAddressValues) {
  const location = await requireLocationManager(ctx, locationNo);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const code = v.code ?? (await nextCode(db, location.locationId));
    if (await codeTaken(db, location.locationId, code)) throw ruleOn('code', 'Locatie.adres_code_bestaat');
    const [row] = await db
      .insert(workAddresses)
      .values({
        locationId: location.locationId,
        code,
        name: v.name,
        street: v.street,
        postcode: blank(v.postcode),
        city: v.city,
        country: v.country,
        contactPerson: blank(v.contactPerson),
        phone: blank(v.phone),
        isDefault: v.isDefault,
      })
      .returning();
    if (row.isDefault) await clearDefault(db, location.locationId, row.id);
    return view(row);
  });
}

async function ownAddress(db: Db, locationId: string, addressId: string) {
  const [row] = await db
    .select({ ...columns, locationId: workAddresses.locationId })
    .from(workAddresses)
    .where(and(eq(workAddresses.id, addressId), eq(workAddresses.locationId, locationId)))
    .for('update');
  if (!row) throw new AppError('not_found', 'Locatie.adres_onbekend');
  return row;
}

/** PUT PlantLocations/{plantLocation}/addresses/{addressId}: the whole address anew. */
export async function updateWorkAddress(
  ctx: Ctx,
  locationNo: string,
  addressId: string,
  v: WorkAddressValues,
) {
  const location = await requireLocationManager(ctx, locationNo);
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const existing = await ownAddress(db, location.locationId, addressId);
    const code = v.code ?? existing.code;
    if (await codeTaken(db, location.locationId, code, addressId))
      throw ruleOn('code', 'Locatie.adres_code_bestaat');
    const [row] = await db
      .update(workAddresses)
      .set({
        code,
        name: v.name,
        street: v.street,
        postcode: blank(v.postcode),
        city: v.city,
        country: v.country,
        contactPerson: blank(v.contactPerson),
        phone: blank(v.phone),
        isDefault: v.isDefault,
      })
      .where(eq(workAddresses.id, addressId))
      .returning();
    if (row.isDefault) await clearDefault(db, location.locationId, row.id);
    return view(row);
  });
}

/** DELETE PlantLocations/{plantLocation}/addresses/{addressId} (204); refused while an open request uses it. */
export async function deleteWorkAddress(ctx: Ctx, locationNo: string, addressId: string): Promise<void> {
  const location = await requireLocationManager(ctx, locationNo);
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await ownAddress(db, location.locationId, addressId);
    const open = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from plant_requests
      where (work_address_id = ${addressId} or origin_work_address_id = ${addressId})
        and status in ('submitted', 'in_progress', 'planned')`);
    const n = open.rows[0]?.n ?? 0;
    if (n > 0) throw ruleOn('addressId', 'Locatie.adres_in_gebruik', { count: n });
    await db.delete(workAddresses).where(eq(workAddresses.id, addressId));
  });
}
