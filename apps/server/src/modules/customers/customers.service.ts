import { isDepartment, isRentalStaff } from '@mp/contract/permissions';
import { hasArea } from '../../platform/auth/access.ts';
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
    isDepartment({ user }) ||
    (isRentalStaff({ user }) && (await hasArea(ctx, 'AppNieuweLocatieAanmaken', 'write')));
  const rows = await selectCustomers(ctx.db, {
    q: query.q,
    limit: query.limit,
    reach: seesAll ? null : { userId: user.id, customerId: user.customerId },
  });
  return { customers: rows.map((r) => ({ ...r, city: r.city ?? null })) };
}
