import type { LocationDetails, LocationFactsUpdate } from '@mp/contract/api/locations';
import { canManageUser } from '@mp/contract/permissions';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { hasAccess, requireAccess } from '../../platform/auth/access.ts';
import { AppError, ruleOn } from '../../platform/errors.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { getSetting } from '../settings/index.ts';
import {
  deleteMember,
  selectLocationFacts,
  selectMembers,
  selectOldestStockDays,
  updateFacts,
  upsertMember,
} from './locations.data.queries.ts';

/*
 * A location's data (issue #14 part 4, decision 0023): its facts, members and traffic light. Members read it (the
 * read-only role too), admins and the key user of the location's customer as well. The facts change by whoever may
 * write there (a member with role user, an admin, that key user); members are added, changed and removed by an admin
 * or that key user, each target through canManageUser. Anything out of reach answers 404 like an unknown one.
 */

/** The light of `days` on site: green up to Safe, orange from Warning, red from Danger (Locatie_Indicator*). */
export function indicatorLevel(
  days: number,
  t: { warning: number; danger: number },
): 'safe' | 'warning' | 'danger' {
  if (days >= t.danger) return 'danger';
  if (days >= t.warning) return 'warning';
  return 'safe';
}

/** GET PlantLocations/{plantLocation}/details */
export async function readLocationDetails(ctx: Ctx, locationNo: string): Promise<LocationDetails> {
  const location = await requireAccess(ctx, {
    permission: 'location.read',
    locationNo,
    allowDeregistered: true,
    keyUser: true,
  });
  const user = requireUser(ctx);
  const facts = await selectLocationFacts(ctx.db, location.locationId);
  if (!facts) throw new AppError('not_found', 'error.locatie_onbekend');
  const [members, oldest, canEdit, canManageMembers, safe, warning, danger] = await Promise.all([
    selectMembers(ctx.db, location.locationId),
    selectOldestStockDays(ctx.db, location.locationId, calendarDayIn(ctx.now)),
    hasAccess(ctx, { permission: 'location.write', locationNo, keyUser: true }),
    hasAccess(ctx, { permission: 'location.members', locationNo }),
    getSetting(ctx, 'Locatie_IndicatorSafe'),
    getSetting(ctx, 'Locatie_IndicatorWarning'),
    getSetting(ctx, 'Locatie_IndicatorDanger'),
  ]);
  const days = oldest ?? 0;
  const subject = { user };
  return {
    locationNo: location.locationNo,
    description: location.description,
    description2: facts.description2,
    projectNumber: facts.projectNumber,
    startDate: facts.startDate,
    endDate: facts.endDate,
    street: facts.street,
    postcode: facts.postcode,
    city: facts.city,
    customerName: facts.customerName,
    blocked: location.blocked,
    deregistrationPending: facts.pending,
    canEdit,
    canManageMembers,
    members: members.map((m) => ({
      userId: m.userId,
      name: m.name,
      email: m.email,
      role: m.role,
      manageable: canManageMembers && canManageUser(subject, { role: m.userRole, customerId: m.customerId }),
    })),
    indicator: {
      level: indicatorLevel(days, { warning: Number(warning), danger: Number(danger) }),
      days,
      hasStock: oldest !== null,
      safe: Number(safe),
      warning: Number(warning),
      danger: Number(danger),
    },
  };
}

/** PUT PlantLocations/{plantLocation}: descriptions, project number and dates. */
export async function changeLocationFacts(
  ctx: Ctx,
  locationNo: string,
  input: LocationFactsUpdate,
): Promise<void> {
  const location = await requireAccess(ctx, { permission: 'location.write', locationNo, keyUser: true });
  if (input.startDate && input.endDate && input.endDate < input.startDate) {
    throw ruleOn('endDate', 'validation.einde_na_begin');
  }
  await updateFacts(ctx.db, location.locationId, {
    description: input.description,
    description2: input.description2 || null,
    projectNumber: input.projectNumber || null,
    startDate: input.startDate,
    endDate: input.endDate,
  });
}

/** PUT PlantLocations/{plantLocation}/members/{userId}: add the user, or change the role. */
export async function setLocationMember(
  ctx: Ctx,
  locationNo: string,
  userId: string,
  role: 'user' | 'administration',
): Promise<void> {
  const location = await requireAccess(ctx, { permission: 'location.members', locationNo, userId });
  await upsertMember(ctx.db, location.locationId, userId, role);
}

/** DELETE PlantLocations/{plantLocation}/members/{userId} */
export async function removeLocationMember(ctx: Ctx, locationNo: string, userId: string): Promise<void> {
  const location = await requireAccess(ctx, { permission: 'location.members', locationNo, userId });
  if (!(await deleteMember(ctx.db, location.locationId, userId))) {
    throw new AppError('not_found', 'error.niet_gevonden', { details: { userId } });
  }
}
