import { requireLocation } from '../../platform/auth/access.ts';
import { AppError } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { getSetting } from '../settings/index.ts';
import {
  type LocationRow,
  selectAllLocations,
  selectDepots,
  selectMemberLocations,
  selectWorkAddresses,
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
  };
}

/**
 * The locations the signed-in user may pick. A user sees only the locations they are a member of;
 * an admin sees every active location (docs/decisions/0004-content-and-files.md). An external user
 * who belongs to no customer gets 416 warning.navision_account_onbekend (product §8).
 */
export async function listMyLocations(ctx: Ctx): Promise<PlantLocationView[]> {
  const user = requireUser(ctx);
  if (user.role === 'admin') return (await selectAllLocations(ctx.db, user.id)).map(toView);
  const rows = await selectMemberLocations(ctx.db, user.id);
  if (rows.length === 0 && user.kind === 'external' && !user.customerId) {
    throw new AppError('range', 'warning.navision_account_onbekend');
  }
  return rows.map(toView);
}

export async function listWorkAddresses(ctx: Ctx, locationNo: string) {
  const location = await requireLocation(ctx, locationNo, 'read', { allowDeregistered: true });
  const rows = await selectWorkAddresses(ctx.db, location.locationId);
  return rows.map((r) => ({
    ...r,
    postcode: r.postcode ?? null,
    contactPerson: r.contactPerson ?? null,
    phone: r.phone ?? null,
  }));
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
