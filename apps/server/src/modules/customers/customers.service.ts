import { isRentalStaff } from '@mp/contract/permissions';
import { hasAccess, requireAccess } from '../../platform/auth/access.ts';
import { type Ctx, requireUser } from '../../platform/http/context.ts';
import { selectCustomers } from './customers.queries.ts';

/**
 * The customers the caller may pick (product §7 GET Customers): admins, the equipment department and the rental
 * company's staff who create locations (isRentalStaff with AppNieuweLocatieAanmaken) see all; anyone else — a
 * customer's internal users included (issue #31 item 4) — their own customer and those of the locations they work on.
 */
export async function listCustomers(ctx: Ctx, query: { q?: string; limit: number }) {
  const user = requireUser(ctx);
  const seesAll =
    (await hasAccess(ctx, { permission: 'department' })) ||
    (isRentalStaff({ user }) &&
      (await hasAccess(ctx, { permission: 'area.write', area: 'AppNieuweLocatieAanmaken' })));
  const rows = await selectCustomers(ctx.db, {
    q: query.q,
    limit: query.limit,
    reach: seesAll
      ? null
      : {
          locationIds: await requireAccess(ctx, { permission: 'locations.read' }),
          customerId: user.customerId,
        },
  });
  return { customers: rows.map((r) => ({ ...r, city: r.city ?? null })) };
}
