import {
  type Action,
  can,
  canManageUser,
  type FunctionalArea,
  hasRole,
  isAdmin,
  isDepartment,
  isKeyUser,
  type Subject,
} from '@mp/contract/permissions';
import { errors } from '../../errors.ts';
import { type AuthUser, type Ctx, requireUser } from '../../http/context.ts';

/*
 * Who the caller is, asked of the pure matrix (packages/contract/src/permissions.ts, decision 0002): the functional
 * areas, the named roles, the users a caller manages. Nothing here reads the database but the settings.
 */

async function subjectOf(ctx: Ctx): Promise<Subject> {
  if (ctx.user) return { user: ctx.user };
  return { user: null, allowAnonymous: (await ctx.settings()).AllowAnonymousUsers };
}

/** Whether the caller may `action` in `area` (kind defaults, extra areas; anonymous only with AllowAnonymousUsers). */
export async function allowsArea(ctx: Ctx, area: FunctionalArea, action: Action): Promise<boolean> {
  return can(await subjectOf(ctx), area, action);
}

/** `area.read` / `area.write`: 401 for an anonymous caller without access (the app asks to sign in), 403 signed in. */
export async function resolveArea(ctx: Ctx, area: FunctionalArea, action: Action): Promise<void> {
  if (await allowsArea(ctx, area, action)) return;
  if (!ctx.user) throw errors.unauthenticated();
  throw errors.forbidden();
}

/** `visitor`: a signed-in caller, or anyone while AllowAnonymousUsers is on (content pages, service messages). */
export async function resolveVisitor(ctx: Ctx): Promise<void> {
  if (ctx.user) return;
  if ((await ctx.settings()).AllowAnonymousUsers) return;
  throw errors.unauthenticated();
}

export type Role = 'admin' | 'department' | 'management';

/** Whether the caller holds the role: admin; the equipment department (decision 0018); management. */
export function holdsRole(user: AuthUser | null, role: Role): boolean {
  if (!user) return false;
  if (role === 'admin') return isAdmin({ user });
  if (role === 'department') return isDepartment({ user });
  return hasRole({ user }, role);
}

/** `admin`, `department`, `management`: the signed-in caller holding the role; 401 anonymous, 403 anyone else. */
export function resolveRole(ctx: Ctx, role: Role): AuthUser {
  const user = requireUser(ctx);
  if (!holdsRole(user, role)) throw errors.forbidden();
  return user;
}

/** Who manages users (decision 0023), and whose. */
export interface UserManager {
  me: AuthUser;
  /** null for an admin (everyone); the key user's own customer otherwise. */
  customerId: string | null;
}

/** `users.manage`: an admin or a customer's key user; anyone else 403 (the user pages are not theirs). */
export function resolveUserManager(ctx: Ctx): UserManager {
  const me = requireUser(ctx);
  if (isAdmin({ user: me })) return { me, customerId: null };
  if (isKeyUser({ user: me })) return { me, customerId: me.customerId };
  throw errors.forbidden();
}

/** What `user.manage` needs of the stored user. */
export interface ManagedUser {
  role: 'admin' | 'user';
  customerId: string | null;
}

/**
 * `user.manage`: the caller as a user manager (`users.manage`, else 403) and the stored user (read by `load`) when the
 * caller manages them (canManageUser); an unknown id and one out of reach answer the same 404 `notFound` (default
 * error.niet_gevonden).
 */
export async function resolveManagedUser<T extends ManagedUser>(
  ctx: Ctx,
  load: () => Promise<T | undefined>,
  notFound = () => errors.notFound(),
): Promise<{ manager: UserManager; target: T }> {
  const manager = resolveUserManager(ctx);
  const target = await load();
  if (!target || !canManageUser({ user: manager.me }, target)) throw notFound();
  return { manager, target };
}

/**
 * `customer.read`: the customer whose data as a whole the caller reads (reports over a customer): an admin any
 * customer, or every customer when it names none (null); anyone else only its own — another customer, or any when the
 * user belongs to none, answers 404 error.niet_gevonden like an unknown one.
 */
export function resolveCustomer(ctx: Ctx, customerId: string | null | undefined): string | null {
  const user = requireUser(ctx);
  if (isAdmin({ user })) return customerId ?? null;
  if (!user.customerId || (customerId && customerId !== user.customerId)) {
    throw errors.notFound('error.niet_gevonden', { customerId: customerId ?? null });
  }
  return user.customerId;
}
