import {
  type Action,
  can,
  type FunctionalArea,
  locationRoleAllows,
  type Subject,
} from '@mp/contract/permissions';
import { AppError, errors } from '../errors.ts';
import { type Ctx, requireUser } from '../http/context.ts';
import {
  type LocationWithRole,
  type LocationWithRoleJson,
  locationWithRoleFromJson,
  locationWithRoleJsonSql,
  selectLocationById,
  selectLocationByNo,
  selectLocationsById,
  selectMemberships,
} from './access.queries.ts';

/*
 * Authorization in one place (docs/decisions/0002): services call these first, as immich's requireAccess.
 * The matrix itself is pure data in packages/contract/src/permissions.ts; this file only adds who is
 * asking and the database. Every area's access check goes through here — a module has no access file.
 *
 * A location has two names in code: `locationNo`, its number (the spec's materieelLocatieNr, the
 * `plantLocation` of the v2 routes), and `locationId`, its key (what stored rows point at). Resolve it
 * with requireLocation (by number) or requireLocationById (by key).
 */

export type { LocationWithRoleJson };
export { locationWithRoleJsonSql };

async function subjectOf(ctx: Ctx): Promise<Subject> {
  if (ctx.user) return { user: ctx.user };
  return { user: null, allowAnonymous: (await ctx.settings()).AllowAnonymousUsers };
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

/** A location the caller may use, in the one shape every area gets. */
export interface LocationAccess {
  locationId: string;
  locationNo: string;
  /** The project name; the number when it is empty. */
  description: string;
  /** No new requests (spec: geblokkeerd); see requireNotBlocked. */
  blocked: boolean;
  /** The caller's role there; null for an admin who is no member. */
  role: 'user' | 'administration' | null;
}

export interface LocationOptions {
  /**
   * A deregistered location (LocatieAfmelden) answers 404 like an unknown one, unless this is set: the
   * catalogue, documents and work addresses of such a location stay readable.
   */
  allowDeregistered?: boolean;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function check(
  ctx: Ctx,
  found: LocationWithRole | undefined,
  action: Action,
  options: LocationOptions,
): LocationAccess {
  const user = requireUser(ctx);
  const isAdmin = user.role === 'admin';
  if (!found || (!isAdmin && !found.role)) throw errors.notFound('error.locatie_onbekend');
  if (!isAdmin && found.role && !locationRoleAllows(found.role, action)) throw errors.readOnly();
  if (found.deregisteredAt && !options.allowDeregistered) {
    throw new AppError('not_found', 'error.locatie_onbekend');
  }
  return {
    locationId: found.id,
    locationNo: found.locationNo,
    description: found.description?.trim() ? found.description : found.locationNo,
    blocked: found.blocked,
    role: found.role,
  };
}

/**
 * requireLocation's decision on a location (with the caller's role: `locationWithRoleJsonSql`) that the
 * caller read in its own statement together with other rows, to save a round trip on a hot path
 * (docs/decisions/0011).
 */
export function allowLocation(
  ctx: Ctx,
  json: LocationWithRoleJson | null,
  action: Action,
  options: LocationOptions = {},
): LocationAccess {
  return check(ctx, locationWithRoleFromJson(json), action, options);
}

/**
 * The location with this number when the caller may `action` on it: a member, or an admin. A location
 * that does not exist and one of somebody else answer the same 404 (its existence is not told); the
 * read-only role `administration` gets 403 `error.alleen_lezen` on a write.
 */
export async function requireLocation(
  ctx: Ctx,
  locationNo: string,
  action: Action,
  options: LocationOptions = {},
): Promise<LocationAccess> {
  const user = requireUser(ctx);
  return check(ctx, await selectLocationByNo(ctx.db, locationNo, user.id), action, options);
}

/** The same check for a location known by its key (a stored list, request or document points at it). */
export async function requireLocationById(
  ctx: Ctx,
  locationId: string,
  action: Action,
  options: LocationOptions = {},
): Promise<LocationAccess> {
  const user = requireUser(ctx);
  const found = UUID.test(locationId) ? await selectLocationById(ctx.db, locationId, user.id) : undefined;
  return check(ctx, found, action, options);
}

/**
 * Of these locations (by key), those the caller may `action` on, in one statement: requireLocationById's rule for
 * each, where a location that would answer 404 or 403 is left out instead (list screens over several locations).
 */
export async function allowedLocationsById(
  ctx: Ctx,
  locationIds: readonly string[],
  action: Action,
  options: LocationOptions = {},
): Promise<LocationAccess[]> {
  const user = requireUser(ctx);
  const found = await selectLocationsById(
    ctx.db,
    locationIds.filter((id) => UUID.test(id)),
    user.id,
  );
  return found.flatMap((row) => {
    try {
      return [check(ctx, row, action, options)];
    } catch (e) {
      if (e instanceof AppError && (e.status === 404 || e.status === 403)) return [];
      throw e;
    }
  });
}

/** A blocked location takes no new requests. */
export function requireNotBlocked(location: LocationAccess): void {
  if (location.blocked) {
    throw new AppError('rule', 'error.locatie_geblokkeerd', {
      details: { plantLocation: location.locationNo },
    });
  }
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
