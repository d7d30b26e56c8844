import type { FunctionalArea } from '@mp/contract/permissions';
import { AppError } from '../errors.ts';
import type { AuthUser, Ctx } from '../http/context.ts';
import type { LocationIds } from './access.queries.ts';
import {
  type LocationAccess,
  type LocationKey,
  type LocationOptions,
  resolveLocation,
  resolveLocationIds,
  resolveLocationMembers,
  resolveSomeLocations,
} from './resolvers/location.ts';
import {
  type OrderListAtLocation,
  type OrderListById,
  type RowRequest,
  resolveComplaint,
  resolveDocument,
  resolveExitOrder,
  resolveFavouriteList,
  resolveInvoice,
  resolveOrder,
  resolveOrderList,
  resolvePlant,
  resolveRequest,
} from './resolvers/resources.ts';
import {
  allowsArea,
  holdsRole,
  type ManagedUser,
  type Role,
  resolveArea,
  resolveCustomer,
  resolveManagedUser,
  resolveRole,
  resolveUserManager,
  resolveVisitor,
  type UserManager,
} from './resolvers/roles.ts';

/*
 * Access in one call (docs/decisions/0002, "One access call"; immich's `requireAccess({ auth, permission, ids })`):
 * every service function starts with
 *
 *   const location = await requireAccess(ctx, { permission: 'location.write', area: 'AppBestellijst', locationNo });
 *
 * and gets what it may use, or the refusal (401 anonymous, 403 not allowed, 404 unknown or not yours — the same).
 * `permission` names the resource and the action; the rest names the resource. One resolver per resource decides,
 * all of them in ./resolvers/: location.ts (where access to a location is decided), roles.ts (areas and named roles,
 * from the pure matrix in packages/contract/src/permissions.ts) and resources.ts (rows asked for by key). A module
 * never tests a role or reads memberships itself.
 *
 * `hasAccess` asks the same without refusing, for a rule that branches (a menu flag, what a list includes).
 */

export { type LocationWithRoleJson, locationFilter, locationWithRoleJsonSql } from './access.queries.ts';
export type { LocationAccess, LocationIds, LocationOptions, ManagedUser, UserManager };

type Of<Resource extends string> = `${Resource}.read` | `${Resource}.write`;
/** Also the functional area of the call (or areas: each of them), checked first (401 / 403). */
type InArea = { area?: FunctionalArea | readonly FunctionalArea[] };

export type AreaRequest = { permission: Of<'area'>; area: FunctionalArea };
export type RoleRequest = { permission: Role | 'visitor' } & InArea;
export type LocationRequest = { permission: Of<'location'> } & InArea & LocationKey & LocationOptions;
export type SomeLocationsRequest = { permission: Of<'location'>; locationIds: readonly string[] } & InArea &
  Pick<LocationOptions, 'allowDeregistered'>;
export type LocationIdsRequest = { permission: Of<'locations'> } & InArea &
  Pick<LocationOptions, 'department'>;
export type LocationMembersRequest = { permission: 'location.members'; userId?: string } & LocationKey;
export type UserManagerRequest = { permission: 'users.manage' };
export type CustomerRequest = { permission: 'customer.read'; customerId?: string | null };
export type ManagedUserRequest<T> = {
  permission: 'user.manage';
  load: () => Promise<T | undefined>;
} & Partial<Pick<RowRequest<T>, 'notFound'>>;
export type FavouriteListRequest<T> = { permission: Of<'favouriteList'> } & RowRequest<T>;
export type OrderListRequest<T> = { permission: Of<'orderList'> } & InArea &
  (OrderListAtLocation<T> | OrderListById<T>);
export type DocumentRequest<T> = { permission: 'document.read' } & RowRequest<T>;
export type InvoiceRequest<T> = { permission: 'invoice.read' } & RowRequest<T>;
export type RequestRequest<T> = { permission: Of<'request'>; department?: boolean } & RowRequest<T>;
export type OrderRequest<T> = {
  permission: 'order.read';
  areaOf: (row: T) => FunctionalArea;
} & RowRequest<T>;
export type ExitOrderRequest<T> = { permission: 'exitOrder.read' } & RowRequest<T>;
export type PlantRequest<T> = { permission: 'plant.read' } & RowRequest<T>;
export type ComplaintRequest<T> = { permission: Of<'complaint'>; department?: boolean } & RowRequest<T>;

export type AccessRequest =
  | AreaRequest
  | RoleRequest
  | LocationRequest
  | SomeLocationsRequest
  | LocationIdsRequest
  | LocationMembersRequest
  | UserManagerRequest
  | CustomerRequest
  | ManagedUserRequest<ManagedUser>
  | FavouriteListRequest<{ userId: string; locationId: string | null }>
  | OrderListRequest<{ userId: string; locationId: string }>
  | DocumentRequest<{ located: boolean; location_id: string | null; item_id: string | null }>
  | InvoiceRequest<{ locationId: string }>
  | RequestRequest<{ locationId: string }>
  | OrderRequest<{ locationId: string }>
  | ExitOrderRequest<{ locationId: string }>
  | PlantRequest<{ locationId: string | null }>
  | ComplaintRequest<{ locationId: string }>;

export function requireAccess(ctx: Ctx, r: AreaRequest): Promise<void>;
export function requireAccess(ctx: Ctx, r: { permission: 'visitor' }): Promise<void>;
export function requireAccess(ctx: Ctx, r: { permission: Role } & InArea): Promise<AuthUser>;
export function requireAccess(ctx: Ctx, r: SomeLocationsRequest): Promise<LocationAccess[]>;
export function requireAccess(ctx: Ctx, r: LocationRequest): Promise<LocationAccess>;
export function requireAccess(ctx: Ctx, r: LocationIdsRequest): Promise<LocationIds>;
export function requireAccess(ctx: Ctx, r: LocationMembersRequest): Promise<LocationAccess>;
export function requireAccess(ctx: Ctx, r: UserManagerRequest): Promise<UserManager>;
/** The customer's id, or null: every customer (an admin naming none). */
export function requireAccess(ctx: Ctx, r: CustomerRequest): Promise<string | null>;
export function requireAccess<T extends ManagedUser>(
  ctx: Ctx,
  r: ManagedUserRequest<T>,
): Promise<{ manager: UserManager; target: T }>;
export function requireAccess<T extends { userId: string; locationId: string | null }>(
  ctx: Ctx,
  r: FavouriteListRequest<T>,
): Promise<T>;
export function requireAccess<T extends { userId: string; locationId: string }>(
  ctx: Ctx,
  r: OrderListRequest<T>,
): Promise<{ user: AuthUser; location: LocationAccess; list: T }>;
export function requireAccess<
  T extends { located: boolean; location_id: string | null; item_id: string | null },
>(ctx: Ctx, r: DocumentRequest<T>): Promise<T>;
export function requireAccess<T extends { locationId: string }>(ctx: Ctx, r: InvoiceRequest<T>): Promise<T>;
/** The request and its location (null for the department, who reads every customer's). */
export function requireAccess<T extends { locationId: string }>(
  ctx: Ctx,
  r: RequestRequest<T>,
): Promise<{ row: T; location: LocationAccess | null }>;
/** An order at a location of the caller's, then its kind's area. */
export function requireAccess<T extends { locationId: string }>(ctx: Ctx, r: OrderRequest<T>): Promise<T>;
export function requireAccess<T extends { locationId: string }>(ctx: Ctx, r: ExitOrderRequest<T>): Promise<T>;
/** The plant and the location of the caller's it stands on. */
export function requireAccess<T extends { locationId: string | null }>(
  ctx: Ctx,
  r: PlantRequest<T>,
): Promise<{ row: T; location: LocationAccess }>;
/** The complaint and its location (null for the department, and never for management where it is no member). */
export function requireAccess<T extends { locationId: string }>(
  ctx: Ctx,
  r: ComplaintRequest<T>,
): Promise<{ row: T; location: LocationAccess | null }>;
export async function requireAccess(ctx: Ctx, r: AccessRequest): Promise<unknown> {
  const action = r.permission.endsWith('.write') ? 'write' : 'read';
  // the call's functional area first (an area request is nothing else)
  if ('area' in r && r.area && !r.permission.startsWith('area.')) {
    for (const area of typeof r.area === 'string' ? [r.area] : r.area) await resolveArea(ctx, area, action);
  }
  switch (r.permission) {
    case 'area.read':
    case 'area.write':
      return resolveArea(ctx, (r as AreaRequest).area, action);
    case 'visitor':
      return resolveVisitor(ctx);
    case 'admin':
    case 'department':
    case 'management':
      return resolveRole(ctx, r.permission);
    case 'location.read':
    case 'location.write': {
      if ('locationIds' in r) {
        const { locationIds, allowDeregistered } = r;
        return resolveSomeLocations(ctx, action, locationIds, { allowDeregistered });
      }
      const { allowDeregistered, unblocked, keyUser, department, management, anonymousAsUnknown } =
        r as LocationRequest;
      const options = { allowDeregistered, unblocked, keyUser, department, management, anonymousAsUnknown };
      return resolveLocation(ctx, action, r as LocationKey, options);
    }
    case 'locations.read':
    case 'locations.write':
      return resolveLocationIds(ctx, action, { department: r.department });
    case 'location.members':
      return resolveLocationMembers(ctx, r, r.userId);
    case 'users.manage':
      return resolveUserManager(ctx);
    case 'customer.read':
      return resolveCustomer(ctx, r.customerId);
    case 'user.manage':
      return resolveManagedUser(ctx, r.load, r.notFound);
    case 'favouriteList.read':
    case 'favouriteList.write':
      return resolveFavouriteList(
        ctx,
        action,
        r as FavouriteListRequest<{ userId: string; locationId: null }>,
      );
    case 'orderList.read':
    case 'orderList.write':
      return resolveOrderList(ctx, action, r as OrderListRequest<{ userId: string; locationId: string }>);
    case 'document.read':
      return resolveDocument(ctx, r);
    case 'invoice.read':
      return resolveInvoice(ctx, r);
    case 'request.read':
    case 'request.write':
      return resolveRequest(ctx, action, r);
    case 'order.read':
      return resolveOrder(ctx, r);
    case 'exitOrder.read':
      return resolveExitOrder(ctx, r);
    case 'plant.read':
      return resolvePlant(ctx, r);
    case 'complaint.read':
    case 'complaint.write':
      return resolveComplaint(ctx, action, r);
  }
}

/**
 * Whether requireAccess would let the caller through (no refusal thrown): for rules that branch instead of refusing.
 * Areas and roles are asked of the matrix directly; anything else is tried, and a 401, 403 or 404 means no.
 */
export function hasAccess<T extends { locationId: string }>(ctx: Ctx, r: OrderRequest<T>): Promise<boolean>;
export function hasAccess(ctx: Ctx, r: AccessRequest): Promise<boolean>;
export async function hasAccess(ctx: Ctx, r: AccessRequest): Promise<boolean> {
  if (r.permission === 'area.read' || r.permission === 'area.write') {
    return allowsArea(ctx, r.area, r.permission === 'area.read' ? 'read' : 'write');
  }
  if (r.permission === 'admin' || r.permission === 'department' || r.permission === 'management') {
    if (!r.area) return holdsRole(ctx.user, r.permission);
  }
  try {
    await requireAccess(ctx, r as LocationRequest);
    return true;
  } catch (e) {
    if (e instanceof AppError && [401, 403, 404].includes(e.status)) return false;
    throw e;
  }
}
