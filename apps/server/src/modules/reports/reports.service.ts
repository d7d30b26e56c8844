import type { ReportAnswer, ReportQuery } from '@mp/contract/api/reports';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, ruleOn } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import {
  type ScopeLocation,
  selectCustomerLocations,
  selectCustomerName,
  selectIndicators,
  selectOrdersByStatus,
  selectOutstanding,
  selectRequestsByStatus,
} from './reports.queries.ts';

/*
 * The reports (issue #15 part 9, decision 0024): requests and orders by status over the last months, open indicators
 * and outstanding costs as of today — for one location or a whole customer. Who: the functional area AppRapportage
 * (admins, and users granted it, e.g. the board). A location: its members and admins (404 otherwise, as everywhere).
 * A customer: an admin any (or every customer), anyone else only their own; another customer answers 404.
 */

const cents = (c: string | bigint | number) => {
  const n = BigInt(c);
  const sign = n < 0n ? '-' : '';
  const a = n < 0n ? -n : n;
  return `${sign}${a / 100n}.${String(a % 100n).padStart(2, '0')}`;
};

function monthsBack(today: string, months: number): string {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d.toISOString().slice(0, 10);
}

async function scopeOf(ctx: Ctx, q: ReportQuery) {
  if (q.scope === 'location') {
    // by meaning (the scope asks for it), so a rule: the query's shape cannot say "required when scope=location"
    if (!q.plantLocation) {
      throw ruleOn('plantLocation', 'validation.verplicht');
    }
    const loc = await requireAccess(ctx, {
      permission: 'location.read',
      locationNo: q.plantLocation,
      allowDeregistered: true,
    });
    const locations: ScopeLocation[] = [
      { id: loc.locationId, locationNo: loc.locationNo, description: loc.description },
    ];
    return { locationNo: loc.locationNo, customer: null, locations };
  }
  // another customer is told as unknown; a user of no customer has no customer report
  const customerId = await requireAccess(ctx, { permission: 'customer.read', customerId: q.customerId });
  const name = customerId ? await selectCustomerName(ctx.db, customerId) : undefined;
  if (customerId && name === undefined) {
    throw new AppError('not_found', 'error.niet_gevonden', { details: { customerId } });
  }
  const locations = await selectCustomerLocations(ctx.db, customerId);
  return {
    locationNo: null,
    customer: customerId ? { id: customerId, name: name as string } : null,
    locations,
  };
}

/** GET Reports: the four reports over one scope, in one answer (the page shows them together). */
export async function readReports(ctx: Ctx, q: ReportQuery): Promise<ReportAnswer> {
  await requireAccess(ctx, { permission: 'area.read', area: 'AppRapportage' });
  const scope = await scopeOf(ctx, q);
  const today = calendarDayIn(ctx.now);
  const from = monthsBack(today, q.months);
  const ids = scope.locations.map((l) => l.id);
  const [requests, orders, indicators, outstanding] = await Promise.all([
    selectRequestsByStatus(ctx.db, ids, from),
    selectOrdersByStatus(ctx.db, ids, from),
    selectIndicators(ctx.db, ids, today),
    selectOutstanding(ctx.db, ids, today),
  ]);
  const byId = new Map(scope.locations.map((l) => [l.id, l]));
  const costs = outstanding
    .map((o) => ({
      locationNo: byId.get(o.id)?.locationNo ?? '',
      description: byId.get(o.id)?.description ?? '',
      openDocuments: o.openDocuments,
      openAmount: cents(o.openCents),
      overdueAmount: cents(o.overdueCents),
    }))
    .sort((a, b) => a.locationNo.localeCompare(b.locationNo));
  const total = (key: 'openCents' | 'overdueCents') =>
    cents(outstanding.reduce((s, o) => s + BigInt(o[key]), 0n));
  return {
    scope: q.scope,
    locationNo: scope.locationNo,
    customer: scope.customer,
    from,
    to: today,
    locations: scope.locations.length,
    requestsByStatus: requests,
    ordersByStatus: orders,
    indicators: indicators
      .map((i) => ({
        locationNo: byId.get(i.id)?.locationNo ?? '',
        description: byId.get(i.id)?.description ?? '',
        openRequests: i.openRequests,
        overdueInspections: i.overdueInspections,
        openComplaints: i.openComplaints,
        overdueInvoices: i.overdueInvoices,
      }))
      .sort((a, b) => a.locationNo.localeCompare(b.locationNo)),
    costs,
    costTotals: { openAmount: total('openCents'), overdueAmount: total('overdueCents') },
  };
}
