import {
  type Action,
  can,
  type FunctionalArea,
  locationRoleAllows,
  type Subject,
} from '@mp/contract/permissions';
import { getSetting } from '../../modules/settings/settings.service.ts';
import { errors } from '../errors.ts';
import { type Ctx, requireUser } from '../http/context.ts';
import {
  type LocationRef,
  type PlantLocationRow,
  selectLocationWithRole,
  selectMemberships,
} from './access.queries.ts';

/*
 * Authorization in one place: services call these first (immich's requireAccess). The matrix itself is
 * pure data in packages/contract/src/permissions.ts; this file only adds who is asking and the database.
 */

export type { LocationRef, PlantLocationRow };

async function subjectOf(ctx: Ctx): Promise<Subject> {
  if (ctx.user) return { user: ctx.user };
  return { user: null, allowAnonymous: await getSetting(ctx, 'AllowAnonymousUsers') };
}

/** Whether the caller may `action` in `area`; for menus and for rules that branch instead of refusing. */
export async function hasArea(ctx: Ctx, area: FunctionalArea, action: Action): Promise<boolean> {
  return can(await subjectOf(ctx), area, action);
}

/** Throws 401 for an anonymous caller without access (so the app asks to sign in), 403 for a signed-in one. */
export async function requireArea(ctx: Ctx, area: FunctionalArea, action: Action): Promise<void> {
  if (await hasArea(ctx, area, action)) return;
  if (!ctx.user) throw errors.unauthenticated();
  throw errors.forbidden();
}

export interface LocationAccess {
  location: PlantLocationRow;
  /** The caller's role there; null for an admin who is no member. */
  role: 'user' | 'administration' | null;
}

/**
 * The location when the caller may `action` on it: a member, or an admin. A location that does not exist
 * and one of somebody else answer the same 404 (its existence is not told); the read-only role
 * `administration` gets 403 `error.alleen_lezen` on a write.
 */
export async function requireLocation(ctx: Ctx, ref: LocationRef, action: Action): Promise<LocationAccess> {
  const user = requireUser(ctx);
  const found = await selectLocationWithRole(ctx.db, ref, user.id);
  const isAdmin = user.role === 'admin';
  if (!found || (!isAdmin && !found.role)) throw errors.notFound('error.locatie_onbekend');
  if (!isAdmin && found.role && !locationRoleAllows(found.role, action)) throw errors.readOnly();
  return { location: found.location, role: found.role };
}

/**
 * For list queries: the location ids the caller may see with `action`, or 'all' for an admin. Filter by
 * this instead of loading rows first, so a foreign location's data never leaves the database.
 */
export async function accessibleLocationIds(ctx: Ctx, action: Action): Promise<string[] | 'all'> {
  const user = requireUser(ctx);
  if (user.role === 'admin') return 'all';
  const rows = await selectMemberships(ctx.db, user.id);
  return rows.filter((r) => locationRoleAllows(r.role, action)).map((r) => r.locationId);
}
