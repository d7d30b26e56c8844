import { areasOf } from '@mp/contract/permissions';
import { errors } from '../../platform/errors.ts';
import { type Ctx, requireAdmin, requireUser } from '../../platform/http/context.ts';
import { approveAccount, setAccountDisabled } from '../auth/index.ts';
import { selectUser, selectUserLocations } from './users.queries.ts';

/** The signed-in user as stored now (not as the token says), with their locations and functional areas. */
export async function readMe(ctx: Ctx) {
  const me = requireUser(ctx);
  const user = await selectUser(ctx.db, me.id);
  if (!user || user.disabled) throw errors.unauthenticated();
  const locations = await selectUserLocations(ctx.db, user.id);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    isAdmin: user.role === 'admin',
    internalExternal: user.kind === 'internal' ? ('Internal' as const) : ('External' as const),
    language: user.language,
    phone: user.phone,
    customerId: user.customerId,
    permissions: user.permissions,
    areas: Object.fromEntries(
      Object.entries(
        areasOf({ user: { role: user.role, kind: user.kind, permissions: user.permissions } }),
      ).map(([area, actions]) => [area, [...(actions ?? [])]]),
    ),
    locations: locations.map((l) => ({
      ...l,
      description: l.description || l.locationNo,
    })),
  };
}

/** Admin: disable (or enable) an account; disabling ends every session of it at once. */
export async function setDisabled(ctx: Ctx, userId: string, disabled: boolean): Promise<void> {
  const admin = requireAdmin(ctx);
  if (admin.id === userId && disabled) throw errors.rule('error.regel_overtreden');
  if (!(await setAccountDisabled(ctx.db, userId, disabled, ctx.now))) throw errors.notFound();
}

/** Admin: approve an account that registered itself; it can sign in from now on. */
export async function approve(ctx: Ctx, userId: string): Promise<void> {
  requireAdmin(ctx);
  if (!(await approveAccount(ctx.db, userId, ctx.now))) throw errors.notFound();
}
