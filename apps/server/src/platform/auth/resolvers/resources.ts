import type { Action, FunctionalArea } from '@mp/contract/permissions';
import { AppError, errors } from '../../errors.ts';
import { type AuthUser, type Ctx, requireUser } from '../../http/context.ts';
import type { LocationWithRoleJson } from '../access.queries.ts';
import { type LocationAccess, type LocationOptions, resolveLocation } from './location.ts';
import { holdsRole, resolveArea, resolveRole } from './roles.ts';

/*
 * One resolver per stored resource a caller asks for by its key (a favourite list, an order list, a document, an
 * invoice, …). The area reads the row with its own query (`load`, in its *.queries.ts: the SQL stays there, and a hot
 * path reads the row and the access facts in one statement); the resolver decides on the row's facts — whose it is,
 * which location it is at — with the location rule of location.ts, and answers the resource's own 404 (`notFound`)
 * for a foreign row exactly as for an unknown one.
 */

/** A row the caller asks for by key: how to read it and the 404 of the resource. */
export interface RowRequest<T> {
  load: () => Promise<T | null | undefined>;
  notFound: () => AppError;
}

/** The location's 404 as the resource's own 404; anything else (403 read-only, 401) as it is. */
async function atLocation(
  ctx: Ctx,
  locationId: string,
  action: Action,
  notFound: () => AppError,
  options: LocationOptions = {},
): Promise<LocationAccess> {
  try {
    return await resolveLocation(ctx, action, { locationId }, options);
  } catch (e) {
    if (e instanceof AppError && e.status === 404) throw notFound();
    throw e;
  }
}

/** A row kept at a location (a request, an order, a plant, …): read, then its location for `action`, as the row's. */
async function rowAtLocation<T extends { locationId: string | null }>(
  ctx: Ctx,
  action: Action,
  r: RowRequest<T>,
  options: LocationOptions = {},
): Promise<{ row: T; location: LocationAccess }> {
  const row = await r.load();
  if (!row?.locationId) throw r.notFound();
  return { row, location: await atLocation(ctx, row.locationId, action, r.notFound, options) };
}

/**
 * `favouriteList.read` / `.write`: the caller's own favourite list; another user's list, or one on a location the
 * caller left (or may not write on), answers the list's 404 (403 read-only stays 403). A list for every location has
 * no location to check.
 */
export async function resolveFavouriteList<T extends { userId: string; locationId: string | null }>(
  ctx: Ctx,
  action: Action,
  r: RowRequest<T>,
): Promise<T> {
  const user = requireUser(ctx);
  const list = await r.load();
  if (!list || list.userId !== user.id) throw r.notFound();
  if (list.locationId) await atLocation(ctx, list.locationId, action, r.notFound);
  return list;
}

/** An order list's owner and location. */
type ListFacts = { userId: string; locationId: string };

/** The order list of a route that names its location: the location by number, or read with the list (hot path). */
export type OrderListAtLocation<T> = Omit<RowRequest<T>, 'load'> &
  ({ locationNo: string } | { location: LocationWithRoleJson | null }) & {
    load: (location: LocationAccess, user: AuthUser) => Promise<T | null | undefined>;
  };

/** An order list asked for by its key alone, read with its location and the caller's role there. */
export type OrderListById<T> = RowRequest<T & { location: LocationWithRoleJson | null }> & {
  unblocked?: boolean;
};

/**
 * `orderList.read` / `.write`: the caller's own order list. Named with its location (the routes): the location
 * first (its own 404 / 403), then the list, which must be the caller's and on that location — else the list's 404;
 * `load` gets the checked location (the user's default list may be made there first). By its key alone (a submit):
 * the caller's own list, then its location, whose 404 is the list's; `unblocked` refuses a blocked one (422).
 */
export async function resolveOrderList<T extends ListFacts>(
  ctx: Ctx,
  action: Action,
  r: OrderListAtLocation<T> | OrderListById<T>,
): Promise<{ user: AuthUser; location: LocationAccess; list: T }> {
  const user = requireUser(ctx);
  if ('locationNo' in r || 'location' in r) {
    const at = r as OrderListAtLocation<T>;
    const location = await resolveLocation(
      ctx,
      action,
      'locationNo' in at ? { locationNo: at.locationNo } : at,
    );
    const list = await at.load(location, user);
    if (!list || list.userId !== user.id || list.locationId !== location.locationId) throw r.notFound();
    return { user, location, list };
  }
  const byId = r as OrderListById<T>;
  const list = await byId.load();
  if (!list || list.userId !== user.id) throw r.notFound();
  try {
    const location = await resolveLocation(
      ctx,
      action,
      { location: list.location },
      { unblocked: byId.unblocked },
    );
    return { user, location, list };
  } catch (e) {
    if (e instanceof AppError && e.type === 'not_found') throw r.notFound();
    throw e;
  }
}

/**
 * `document.read` (decision 0009): an item's document (a manual) like the item's details page (settings data:
 * AppDetails, anonymous only with AllowAnonymousUsers); a document of a location, or of a plant, order or invoice at
 * one, only for that location's members (deregistered locations included) and admins; a located document at no
 * location (a plant in a depot) and a document about nothing in particular, admins only. Unknown and out of reach
 * answer alike, after the area rule (so an anonymous caller learns nothing either).
 */
export async function resolveDocument<
  T extends { located: boolean; location_id: string | null; item_id: string | null },
>(ctx: Ctx, r: RowRequest<T>): Promise<T> {
  const doc = await r.load();
  if (!doc) {
    await resolveArea(ctx, 'AppDetails', 'read');
    throw r.notFound();
  }
  if (doc.located) {
    if (!ctx.user) throw errors.unauthenticated();
    if (!doc.location_id) {
      if (!holdsRole(requireUser(ctx), 'admin')) throw r.notFound();
      return doc;
    }
    await atLocation(ctx, doc.location_id, 'read', r.notFound, { allowDeregistered: true });
    return doc;
  }
  if (doc.item_id) {
    await resolveArea(ctx, 'AppDetails', 'read');
    return doc;
  }
  if (!holdsRole(requireUser(ctx), 'admin')) throw r.notFound();
  return doc;
}

/**
 * `invoice.read` (decision 0022): an invoice or credit memo at a location of the caller's (deregistered ones
 * included; the read-only role reads), every one for the equipment department and admins. Its location first —
 * another customer's answers the invoice's 404 like an unknown one, whatever the caller's areas — then the area
 * AppMaterieelFacturen (403); an unknown one after the area.
 */
export async function resolveInvoice<T extends { locationId: string }>(
  ctx: Ctx,
  r: RowRequest<T>,
): Promise<T> {
  const row = await r.load();
  if (!row) {
    await resolveArea(ctx, 'AppMaterieelFacturen', 'read');
    throw r.notFound();
  }
  if (!holdsRole(ctx.user, 'department')) {
    await atLocation(ctx, row.locationId, 'read', r.notFound, { allowDeregistered: true });
  }
  await resolveArea(ctx, 'AppMaterieelFacturen', 'read');
  return row;
}

/** A row for the equipment department, who serves every customer: the role first (403), no location. */
async function forDepartment<T>(ctx: Ctx, r: RowRequest<T>): Promise<{ row: T; location: null }> {
  resolveRole(ctx, 'department');
  const row = await r.load();
  if (!row) throw r.notFound();
  return { row, location: null };
}

/**
 * `request.read` / `.write` (decision 0006): a request at a location of the caller's, for `action` there, seen through
 * the overview of requests (the area AppMaterieelaanvragen, read: customers do not write it; a cancel is a write on
 * the location); another customer's (or an unknown one) answers the request's 404, the read-only role 403 on a write.
 * With `department`, the equipment department reads every customer's (decision 0018): no location, refused with 403
 * for anyone else before the request is read.
 */
export async function resolveRequest<T extends { locationId: string }>(
  ctx: Ctx,
  action: Action,
  r: RowRequest<T> & { department?: boolean },
): Promise<{ row: T; location: LocationAccess | null }> {
  if (r.department) return forDepartment(ctx, r);
  await resolveArea(ctx, 'AppMaterieelaanvragen', 'read');
  return rowAtLocation(ctx, action, r);
}

/**
 * `complaint.read` / `.write` (decision 0021): a complaint at a location of the caller's (deregistered ones included)
 * — or, reading, at a location of its customer for management (the board's overview) —, then the area AppKlachten
 * (403); another customer's answers the complaint's 404 like an unknown one. Writing needs AppKlachten write and
 * write access there: the read-only role 403 error.alleen_lezen, management where it is no member 403. With
 * `department`, the equipment department reads and writes every customer's (no location).
 */
export async function resolveComplaint<T extends { locationId: string }>(
  ctx: Ctx,
  action: Action,
  r: RowRequest<T> & { department?: boolean },
): Promise<{ row: T; location: LocationAccess | null }> {
  if (r.department) return forDepartment(ctx, r);
  requireUser(ctx);
  const found = await rowAtLocation(ctx, 'read', r, { allowDeregistered: true, management: true });
  await resolveArea(ctx, 'AppKlachten', 'read');
  if (action === 'write') {
    await resolveArea(ctx, 'AppKlachten', 'write');
    if (!found.location.writable)
      throw found.location.role === 'administration' ? errors.readOnly() : errors.forbidden();
  }
  return found;
}

/**
 * `order.read` (issue #12 part 5): a plant order at a location of the caller's (deregistered ones included), then the
 * area of its kind (`areaOf`, 403) — another customer's answers the order's 404 like an unknown one, whatever the
 * caller's areas.
 */
export async function resolveOrder<T extends { locationId: string }>(
  ctx: Ctx,
  r: RowRequest<T> & { areaOf: (row: T) => FunctionalArea },
): Promise<T> {
  const { row } = await rowAtLocation(ctx, 'read', r, { allowDeregistered: true });
  await resolveArea(ctx, r.areaOf(row), 'read');
  return row;
}

/**
 * `exitOrder.read` (issue #12 part 5): the area AppExitOrders first (403), then an exit order at a location of the
 * caller's (deregistered ones included); another customer's answers the exit order's 404 like an unknown one.
 */
export async function resolveExitOrder<T extends { locationId: string }>(
  ctx: Ctx,
  r: RowRequest<T>,
): Promise<T> {
  await resolveArea(ctx, 'AppExitOrders', 'read');
  return (await rowAtLocation(ctx, 'read', r, { allowDeregistered: true })).row;
}

/**
 * `plant.read` (decision 0014): the area AppMaterieelvoorraad first (403), then a numbered plant standing on a
 * location of the caller's (not a deregistered one), with that location; a plant on another customer's location, in
 * a depot (no location) or unknown answers the plant's 404 alike.
 */
export async function resolvePlant<T extends { locationId: string | null }>(
  ctx: Ctx,
  r: RowRequest<T>,
): Promise<{ row: T; location: LocationAccess }> {
  await resolveArea(ctx, 'AppMaterieelvoorraad', 'read');
  return rowAtLocation(ctx, 'read', r);
}
