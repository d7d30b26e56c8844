import {
  type Action,
  canManageUser,
  hasRole,
  isAdmin,
  isDepartment,
  isKeyUser,
  locationRoleAllows,
} from '@mp/contract/permissions';
import { AppError, errors } from '../../errors.ts';
import { type AuthUser, type Ctx, requireUser } from '../../http/context.ts';
import {
  type LocationWithRole,
  type LocationWithRoleJson,
  locationWithRoleFromJson,
  selectLocationById,
  selectLocationByNo,
  selectLocationsById,
  selectManagedUser,
  selectMemberships,
} from '../access.queries.ts';

/*
 * Where access to a location is decided (docs/decisions/0002, "One access call"). Every area reaches this file
 * through requireAccess (../access.ts); nothing else reads location_memberships to decide who may see what.
 *
 * The rule: the caller must be a member of the location (location_memberships), or an admin. A location that does not
 * exist and one of somebody else answer the same 404 `error.locatie_onbekend` (its existence is not told); the
 * read-only role `administration` gets 403 `error.alleen_lezen` on a write. A deregistered location is gone (404)
 * unless the call allows it. On its own customer's locations, a key user passes too where the call says so (a
 * location's data, work addresses and members, decision 0023).
 *
 * A location has two names in code: `locationNo`, its number (the spec's materieelLocatieNr, the `plantLocation` of
 * the v2 routes), and `locationId`, its key (what stored rows point at).
 */

/** A location the caller may use, in the one shape every area gets. */
export interface LocationAccess {
  locationId: string;
  locationNo: string;
  /** The project name; the number when it is empty. */
  description: string;
  /** No new requests (spec: geblokkeerd); see `unblocked`. */
  blocked: boolean;
  /** The caller's role there; null for an admin (or a key user) who is no member. */
  role: 'user' | 'administration' | null;
  /** Whether the caller may write there (an admin, a member with role user, a key user where the call admits one). */
  writable: boolean;
}

export interface LocationOptions {
  /**
   * A deregistered location (LocatieAfmelden) answers 404 like an unknown one, unless this is set: the
   * catalogue, documents and work addresses of such a location stay readable.
   */
  allowDeregistered?: boolean;
  /** A blocked location takes no new requests: 422 `error.locatie_geblokkeerd` (after the access check). */
  unblocked?: boolean;
  /**
   * The key user of the location's customer passes too (decision 0023: a location's data, work addresses and
   * members), on a location that is not deregistered, whatever the action; its role in the answer is then its
   * membership's, or null.
   */
  keyUser?: boolean;
  /**
   * The equipment department (decision 0018) passes on every location as an admin does (the invoices of every
   * customer, decision 0022).
   */
  department?: boolean;
  /**
   * Management (the named role) of the location's customer reads it too where it is no member (decision 0021: the
   * board's complaints), deregistered only with `allowDeregistered`; its role in the answer is null, not writable.
   */
  management?: boolean;
  /**
   * An anonymous visitor naming a location gets the location's 404 instead of 401 (the catalogue-type calls, open to
   * visitors with AllowAnonymousUsers: unknown, foreign and any location answer alike).
   */
  anonymousAsUnknown?: boolean;
}

/** Which location: by number, by key, or read by the caller in its own statement (`locationWithRoleJsonSql`). */
export type LocationKey =
  | { locationNo: string }
  | { locationId: string }
  /** A hot path reads the location with the caller's role in the same statement as its data (decision 0011). */
  | { location: LocationWithRoleJson | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function accessOf(found: LocationWithRole, role: LocationAccess['role'], writable: boolean): LocationAccess {
  return {
    locationId: found.id,
    locationNo: found.locationNo,
    description: found.description?.trim() ? found.description : found.locationNo,
    blocked: found.blocked,
    role,
    writable,
  };
}

/** The key user of this location's customer (never an admin: admins pass as admins). */
function keyUserOf(user: AuthUser, found: LocationWithRole): boolean {
  return isKeyUser({ user }) && user.customerId === found.customerId && !found.deregisteredAt;
}

/** Management of this location's customer (an admin passes as an admin). */
function managementOf(user: AuthUser, found: LocationWithRole): boolean {
  return hasRole({ user }, 'management') && user.customerId !== null && user.customerId === found.customerId;
}

/** The decision on one location the caller read, with the caller's role on it. */
function decide(
  user: AuthUser,
  found: LocationWithRole | undefined,
  action: Action,
  options: LocationOptions,
): LocationAccess {
  // an admin passes everywhere; the department too where the call says so
  const admin = isAdmin({ user }) || (!!options.department && isDepartment({ user }));
  let refusal: AppError | null = null;
  if (!found || (!admin && !found.role)) refusal = errors.notFound('error.locatie_onbekend');
  else if (!admin && found.role && !locationRoleAllows(found.role, action)) refusal = errors.readOnly();
  else if (found.deregisteredAt && !options.allowDeregistered)
    refusal = errors.notFound('error.locatie_onbekend');
  let access: LocationAccess;
  if (!refusal) {
    const f = found as LocationWithRole;
    const memberWrites = f.role !== null && locationRoleAllows(f.role, 'write');
    access = accessOf(f, f.role, admin || memberWrites || (!!options.keyUser && keyUserOf(user, f)));
  } else if (options.keyUser && found && keyUserOf(user, found)) access = accessOf(found, null, true);
  else if (
    options.management &&
    action === 'read' &&
    found &&
    managementOf(user, found) &&
    (!found.deregisteredAt || options.allowDeregistered)
  )
    access = accessOf(found, null, false);
  else throw refusal;
  if (options.unblocked && access.blocked) {
    throw new AppError('rule', 'error.locatie_geblokkeerd', {
      details: { plantLocation: access.locationNo },
    });
  }
  return access;
}

async function find(ctx: Ctx, user: AuthUser, key: LocationKey): Promise<LocationWithRole | undefined> {
  if ('location' in key) return locationWithRoleFromJson(key.location);
  if ('locationNo' in key) return selectLocationByNo(ctx.db, key.locationNo, user.id);
  return UUID.test(key.locationId) ? selectLocationById(ctx.db, key.locationId, user.id) : undefined;
}

/** `location.read` / `location.write`: the location when the caller may `action` on it. */
export async function resolveLocation(
  ctx: Ctx,
  action: Action,
  key: LocationKey,
  options: LocationOptions = {},
): Promise<LocationAccess> {
  if (!ctx.user && options.anonymousAsUnknown) throw errors.notFound('error.locatie_onbekend');
  const user = requireUser(ctx);
  return decide(user, await find(ctx, user, key), action, options);
}

/**
 * `location.members`: who may add, change and remove a location's members — an admin, or the key user of the
 * location's customer. A member who may write there but is neither gets 403; anyone else the location's 404. With
 * `userId`, that user must be one the caller manages (canManageUser): else 404 error.niet_gevonden, like an unknown
 * one.
 */
export async function resolveLocationMembers(
  ctx: Ctx,
  key: LocationKey,
  userId?: string,
): Promise<LocationAccess> {
  const user = requireUser(ctx);
  const found = await find(ctx, user, key);
  const access = decide(user, found, 'write', { keyUser: true });
  if (!isAdmin({ user }) && !(found && isKeyUser({ user }) && user.customerId === found.customerId)) {
    throw errors.forbidden();
  }
  if (userId === undefined) return access;
  const target = /^[0-9a-f-]{36}$/i.test(userId) ? await selectManagedUser(ctx.db, userId) : undefined;
  if (!target || !canManageUser({ user }, target)) throw errors.notFound('error.niet_gevonden', { userId });
  return access;
}

/**
 * `location.read` with `locationIds`: of these locations (by key), those the caller may `action` on, in one
 * statement — the rule above for each, where a location that would answer 404 or 403 is left out instead.
 */
export async function resolveSomeLocations(
  ctx: Ctx,
  action: Action,
  locationIds: readonly string[],
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
      return [decide(user, row, action, { ...options, unblocked: false })];
    } catch (e) {
      if (e instanceof AppError && (e.status === 404 || e.status === 403)) return [];
      throw e;
    }
  });
}

/**
 * `locations.read` / `locations.write`, for lists: the locations the caller may `action` on, or 'all' for an admin
 * (and for the department where the call says so).
 * Filter by them in SQL with `locationFilter` (access.queries.ts), so a foreign location's rows never leave the
 * database.
 */
export async function resolveLocationIds(
  ctx: Ctx,
  action: Action,
  options: Pick<LocationOptions, 'department'> = {},
): Promise<string[] | 'all'> {
  const user = requireUser(ctx);
  if (isAdmin({ user }) || (options.department && isDepartment({ user }))) return 'all';
  const rows = await selectMemberships(ctx.db, user.id);
  return rows.filter((r) => locationRoleAllows(r.role, action)).map((r) => r.locationId);
}
