import type { CostAmount, CostItem, CustomerCosts } from '@mp/contract/api/costs';
import { calendarDayIn } from '@mp/contract/rules/order-dates';
import { requireAccess } from '../../platform/auth/access.ts';
import { AppError, ruleOn } from '../../platform/errors.ts';
import type { Ctx } from '../../platform/http/context.ts';
import { cents, money } from '../invoices/index.ts';
import { selectCustomerCostLocations } from './costs.queries.ts';
import { costPayload } from './costs.service.ts';

/*
 * The cost on site across a customer's locations, for the management's reports (issue #37 point 1, decision 0033):
 * each location's figures (the same kept figures as its page) summed — the totals, the weeks by category, the 10
 * most expensive items over every location — and each location's totals. Who: the functional area AppRapportage;
 * the caller's own customer (an admin names one: customerId is required for an admin, the costs of every customer
 * at once are not computed); another customer answers 404.
 */

const add = (a: CostAmount, b: CostAmount): CostAmount => ({
  exclVat: money(cents(a.exclVat) + cents(b.exclVat)),
  inclVat: money(cents(a.inclVat) + cents(b.inclVat)),
});
const zero: CostAmount = { exclVat: '0.00', inclVat: '0.00' };

/** GET Reports/costs */
export async function readCustomerCosts(ctx: Ctx, customerId: string | undefined): Promise<CustomerCosts> {
  await requireAccess(ctx, { permission: 'area.read', area: 'AppRapportage' });
  const customer = await requireAccess(ctx, { permission: 'customer.read', customerId });
  if (!customer) throw ruleOn('customerId', 'Rapportages.kosten_klant_kiezen');
  const { name, locations } = await selectCustomerCostLocations(ctx.db, customer);
  if (name === null)
    throw new AppError('not_found', 'error.niet_gevonden', { details: { customerId: customer } });
  // one location after another: a customer's first report computes what its pages had not kept yet
  const payloads = [];
  for (const l of locations) payloads.push(await costPayload(ctx, l));

  let monthToDate = zero;
  let sinceStart = zero;
  let projectedMonthEnd = zero;
  let projectedProjectEnd = zero;
  let credited = 0;
  let perDay = 0;
  const weeks = new Map<string, Map<string, number>>();
  const categories = new Map<string, string>();
  const items = new Map<string, Omit<CostItem, 'plants'>>();
  for (const p of payloads) {
    const t = p.totals;
    monthToDate = add(monthToDate, t.monthToDate);
    sinceStart = add(sinceStart, t.sinceStart);
    projectedMonthEnd = add(projectedMonthEnd, t.projectedMonthEnd);
    projectedProjectEnd = add(projectedProjectEnd, t.projectedProjectEnd ?? t.projectedMonthEnd);
    credited += cents(t.creditedSinceStart);
    perDay += cents(t.perDay);
    for (const w of p.weeks) {
      const week = weeks.get(w.week) ?? new Map<string, number>();
      for (const c of w.byCategory) week.set(c.categoryId, (week.get(c.categoryId) ?? 0) + cents(c.amount));
      weeks.set(w.week, week);
    }
    for (const c of p.categories) if (!categories.has(c.id)) categories.set(c.id, c.name);
    for (const { plants: _, ...i } of p.allItems) {
      const had = items.get(i.itemNo);
      if (!had) {
        items.set(i.itemNo, { ...i, projectedProjectEnd: null });
        continue;
      }
      const sum = (a: string, b: string) => money(cents(a) + cents(b));
      items.set(i.itemNo, {
        ...had,
        onSite: had.onSite + i.onSite,
        monthToDate: sum(had.monthToDate, i.monthToDate),
        sinceStart: sum(had.sinceStart, i.sinceStart),
        projectedMonthEnd: sum(had.projectedMonthEnd, i.projectedMonthEnd),
        perDay: sum(had.perDay, i.perDay),
      });
    }
  }
  return {
    customerName: name,
    today: calendarDayIn(ctx.now),
    currency: 'EUR',
    totals: {
      monthToDate,
      sinceStart,
      projectedMonthEnd,
      projectedProjectEnd,
      creditedSinceStart: money(credited),
      perDay: money(perDay),
    },
    weeks: [...weeks]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([week, byCategory]) => ({
        week,
        byCategory: [...byCategory].map(([categoryId, c]) => ({ categoryId, amount: money(c) })),
        total: money([...byCategory.values()].reduce((s, v) => s + v, 0)),
      })),
    categories: [...categories]
      .map(([id, n]) => ({ id, name: n }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    locations: payloads.map((p) => ({
      locationNo: p.locationNo,
      description: p.description,
      endDate: p.endDate,
      endDateState: p.endDateState,
      totals: p.totals,
    })),
    topItems: [...items.values()]
      .sort((a, b) => cents(b.sinceStart) - cents(a.sinceStart) || a.itemNo.localeCompare(b.itemNo))
      .slice(0, 10),
  };
}
