import { hasAccess, requireAccess } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { getSetting } from '../settings/index.ts';
import {
  type LocationRow,
  selectAllLocations,
  selectDepots,
  selectLastLocationNo,
  selectMemberLocations,
  selectWorkAddresses,
  selectWorkAddressesOf,
  updateLastLocationNo,
} from './locations.queries.ts';

export interface PlantLocationView {
  id: string;
  locationNo: string;
  description: string;
  description2: string | null;
  blocked: boolean;
  projectNo: string | null;
  role: 'user' | 'administration';
  customerName: string | null;
  deregistrationPending: boolean;
}

function toView(row: LocationRow): PlantLocationView {
  return {
    id: row.id,
    locationNo: row.locationNo,
    // Spec §3: omschrijving defaults to the number.
    description: row.description?.trim() ? row.description : row.locationNo,
    description2: row.description2 ?? null,
    blocked: row.blocked,
    projectNo: row.projectNumber ?? null,
    role: row.role,
    customerName: row.customerName ?? null,
    deregistrationPending: !!row.deregistrationPending,
  };
}

/**
 * The locations the signed-in user may pick. A user sees only the locations they are a member of;
 * an admin sees every active location (docs/decisions/0004-content-and-files.md). An external user
 * who belongs to no customer gets 416 warning.navision_account_onbekend (product §8).
 */
export async function listMyLocations(ctx: Ctx): Promise<PlantLocationView[]> {
  const user = requireUser(ctx);
  if (await hasAccess(ctx, { permission: 'admin' }))
    return (await selectAllLocations(ctx.db, user.id)).map(toView);
  const rows = await selectMemberLocations(ctx.db, user.id);
  if (rows.length === 0 && user.kind === 'external' && !user.customerId) {
    throw new AppError('range', 'warning.navision_account_onbekend');
  }
  return rows.map(toView);
}

/**
 * The location to choose for a user who has none chosen (issue #36): their only location; with several, the one they
 * chose last while they still have it (a location they lost is never chosen); else none.
 */
export function defaultLocationNo(
  locations: readonly { locationNo: string }[],
  last: string | null,
): string | null {
  if (locations.length === 1) return locations[0].locationNo;
  return last !== null && locations.some((l) => l.locationNo === last) ? last : null;
}

/** GET /api/v2.0/PlantLocations: the user's locations and the one to choose when none is chosen. */
export async function listMyLocationsWithDefault(
  ctx: Ctx,
): Promise<{ plantLocations: PlantLocationView[]; defaultLocationNo: string | null }> {
  const user = requireUser(ctx);
  const [locations, last] = await Promise.all([listMyLocations(ctx), selectLastLocationNo(ctx.db, user.id)]);
  return { plantLocations: locations, defaultLocationNo: defaultLocationNo(locations, last) };
}

/**
 * Keeps the location the user has just chosen, for their next sign-in on any device. Only one of the locations they
 * may pick (404 error.locatie_onbekend otherwise).
 */
export async function rememberLastLocation(ctx: Ctx, locationNo: string): Promise<void> {
  const user = requireUser(ctx);
  const locations = await listMyLocations(ctx);
  if (!locations.some((l) => l.locationNo === locationNo))
    throw new AppError('not_found', 'error.locatie_onbekend');
  await updateLastLocationNo(ctx.db, user.id, locationNo);
}

/** The code a depot goes by among a location's addresses (DepotWerkAdresen_TonenEnGebruiken). */
export const depotAddressCode = (depotNo: string) => `DEPOT-${depotNo}`;

/**
 * A location's work addresses (the default first); with DepotWerkAdresen_TonenEnGebruiken also every depot that has
 * a street and city, as kind 'depot' under code DEPOT-<depotNo> (decision 0017), so a request may deliver there.
 */
export async function listWorkAddresses(ctx: Ctx, locationNo: string) {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    locationNo,
    allowDeregistered: true,
  });
  const [rows, withDepots] = await Promise.all([
    selectWorkAddresses(ctx.db, location.locationId),
    getSetting(ctx, 'DepotWerkAdresen_TonenEnGebruiken'),
  ]);
  const addresses = rows.map((r) => ({
    ...r,
    postcode: r.postcode ?? null,
    contactPerson: r.contactPerson ?? null,
    phone: r.phone ?? null,
    kind: 'work_address' as 'work_address' | 'depot',
  }));
  if (!withDepots) return addresses;
  const depots = await selectDepots(ctx.db, 'all');
  for (const d of depots) {
    if (!d.street || !d.city) continue;
    addresses.push({
      id: d.id,
      code: depotAddressCode(d.depotNo),
      name: d.name,
      street: d.street,
      postcode: d.postcode ?? null,
      city: d.city,
      country: 'NL',
      contactPerson: null,
      phone: d.phone ?? null,
      isDefault: false,
      kind: 'depot',
    });
  }
  return addresses;
}

/** Depots offered in the order or removal wizard, with the default depot number from settings. */
export async function listDepots(ctx: Ctx, purpose: 'order' | 'removal') {
  requireUser(ctx);
  const [rows, defaultNo] = await Promise.all([
    selectDepots(ctx.db, purpose),
    getSetting(ctx, purpose === 'order' ? 'Depot_DefaultOrder' : 'Depot_DefaultRemoval'),
  ]);
  const defaultDepotNo = rows.some((r) => r.depotNo === defaultNo) ? (defaultNo as string) : null;
  return {
    defaultDepotNo,
    depots: rows.map((r) => ({
      id: r.id,
      depotNo: r.depotNo,
      name: r.name,
      street: r.street ?? null,
      postcode: r.postcode ?? null,
      city: r.city ?? null,
      phone: r.phone ?? null,
      email: r.email ?? null,
      isDefault: r.depotNo === defaultDepotNo,
    })),
  };
}

/**
 * The work addresses of every location of the caller (legacy MaterieelAanvraag/GetLocationsAdressen: the relocation
 * and transport forms pick a target and its address from it), in one query.
 */
export async function listMyLocationsWithAddresses(ctx: Ctx) {
  const locations = await listMyLocations(ctx);
  const rows = await selectWorkAddressesOf(
    ctx.db,
    locations.map((l) => l.id),
  );
  return locations.map((l) => ({ location: l, addresses: rows.filter((r) => r.locationId === l.id) }));
}
