import type { WorkAddressValues } from '@mp/contract/api/locations';
import type { workAddresses } from '../../db/schema/index.ts';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError, ruleOn } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import {
  clearOtherDefaults,
  countOpenRequestsAt,
  deleteWorkAddressRow,
  insertWorkAddress,
  lockWorkAddressesOf,
  nextWorkAddressNumber,
  selectLocationAddressForUpdate,
  updateWorkAddressRow,
  workAddressCodeTaken,
} from './locations.addresses.queries.ts';

/*
 * A location's work addresses (issue #14 part 4, decision 0023): created, changed and deleted by whoever may write
 * on the location (a member with role user, an admin) or by a key user of the location's customer. Another
 * customer's location answers 404 like an unknown one and nothing changes. An address an open request (submitted,
 * in progress, planned) delivers to or collects from is not deleted: 422 Locatie.adres_in_gebruik.
 */

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

/** The stored values of an address as the form sent it (optional texts empty → null). */
function rowValues(code: string, v: WorkAddressValues) {
  return {
    code,
    name: v.name,
    street: v.street,
    postcode: blank(v.postcode),
    city: v.city,
    country: v.country,
    contactPerson: blank(v.contactPerson),
    phone: blank(v.phone),
    isDefault: v.isDefault,
  };
}

/** POST PlantLocations/{plantLocation}/addresses (201). */
export async function createWorkAddress(ctx: Ctx, locationNo: string, v: WorkAddressValues) {
  const location = await requireAccess(ctx, { permission: 'location.write', locationNo, keyUser: true });
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockWorkAddressesOf(db, location.locationId);
    const code =
      v.code ?? `WA-${String(await nextWorkAddressNumber(db, location.locationId)).padStart(2, '0')}`;
    if (await workAddressCodeTaken(db, location.locationId, code))
      throw ruleOn('code', 'Locatie.adres_code_bestaat');
    const row = await insertWorkAddress(db, location.locationId, rowValues(code, v));
    if (row.isDefault) await clearOtherDefaults(db, location.locationId, row.id);
    return view(row);
  });
}

async function ownAddress(db: Db, locationId: string, addressId: string) {
  const row = await selectLocationAddressForUpdate(db, locationId, addressId);
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
  const location = await requireAccess(ctx, { permission: 'location.write', locationNo, keyUser: true });
  return ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await lockWorkAddressesOf(db, location.locationId);
    const existing = await ownAddress(db, location.locationId, addressId);
    const code = v.code ?? existing.code;
    if (await workAddressCodeTaken(db, location.locationId, code, addressId))
      throw ruleOn('code', 'Locatie.adres_code_bestaat');
    const row = await updateWorkAddressRow(db, addressId, rowValues(code, v));
    if (row.isDefault) await clearOtherDefaults(db, location.locationId, row.id);
    return view(row);
  });
}

/** DELETE PlantLocations/{plantLocation}/addresses/{addressId} (204); refused while an open request uses it. */
export async function deleteWorkAddress(ctx: Ctx, locationNo: string, addressId: string): Promise<void> {
  const location = await requireAccess(ctx, { permission: 'location.write', locationNo, keyUser: true });
  await ctx.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await ownAddress(db, location.locationId, addressId);
    const n = await countOpenRequestsAt(db, addressId);
    if (n > 0) throw ruleOn('addressId', 'Locatie.adres_in_gebruik', { count: n });
    await deleteWorkAddressRow(db, addressId);
  });
}
