import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  ADMIN,
  COLLEAGUE,
  EXTERNAL,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #37 point 1 (decision 0033): the cost model against a hand-made ledger, computed by hand — rental units
// (whole weeks, the days capped at a week), the rental discount, a relocation mid-month, a partial return, order
// costs — and reconciled with the invoicing run: the month's invoice total rebuilt from the cost model.
//
// Items of their own: COST-A (bulk, day € 14,00, week € 50,00) and COST-N (numbered, day € 20,00, week € 80,00,
// plants COST-N-1 and COST-N-2). Locations P-COST-1 and P-COST-2 of USER's customer (rental discount 7,5 %),
// UseRentalDiscount on. Today is Wednesday 18 March 2026.
//
//   COST-A  +10 on Mon 23 Feb, −4 (a partial return) on Thu 5 Mar, 6 stay
//   COST-N-1 +1 on Mon 2 Mar, relocated to P-COST-2 on Mon 9 Mar
//   COST-N-2 +1 on Tue 10 Mar, stays
//   a delivery executed on 2 Mar with € 85,00 transport

const LOC = 'P-COST-1';
const LOC2 = 'P-COST-2';
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
let t: TestApp;

const at = (day: string) => new Date(`${day}T10:00:00Z`);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.execute(sql`
    insert into items (item_no, rental_type, day_price, week_price, numbered) values
      ('COST-A', 'Verhuur', 14.00, 50.00, false), ('COST-N', 'Verhuur', 20.00, 80.00, true)`);
  await db.execute(sql`
    insert into plants (plant_no, item_id) select p, (select id from items where item_no = 'COST-N')
    from unnest(array['COST-N-1', 'COST-N-2']) p`);
  for (const no of [LOC, LOC2]) {
    await db.execute(sql`
      insert into plant_locations (location_no, customer_id, description)
      select ${no}, customer_id, ${`Kosten ${no}`} from plant_locations where location_no = 'P-24001'`);
    await db.execute(sql`
      insert into location_memberships (user_id, location_id, role)
      select u.id, l.id, 'user' from users u, plant_locations l where u.email = ${USER} and l.location_no = ${no}`);
  }
  await db.execute(sql`update customers set rental_discount_percent = 7.5
    where id = (select customer_id from plant_locations where location_no = ${LOC})`);
  const move = async (
    day: string,
    no: string,
    item: string,
    plant: string | null,
    qty: number,
    kind: string,
  ) =>
    db.execute(sql`
      insert into inventory_ledger (entry_date, location_id, item_id, plant_id, quantity, kind)
      values (${day}::date, (select id from plant_locations where location_no = ${no}),
        (select id from items where item_no = ${item}), (select id from plants where plant_no = ${plant}),
        ${qty}, ${kind}::ledger_kind)`);
  await move('2026-02-23', LOC, 'COST-A', null, 10, 'delivery');
  await move('2026-03-05', LOC, 'COST-A', null, -4, 'removal');
  await move('2026-03-02', LOC, 'COST-N', 'COST-N-1', 1, 'delivery');
  await move('2026-03-09', LOC, 'COST-N', 'COST-N-1', -1, 'move_out');
  await move('2026-03-09', LOC2, 'COST-N', 'COST-N-1', 1, 'move_in');
  await move('2026-03-10', LOC, 'COST-N', 'COST-N-2', 1, 'delivery');
  const d = await db.execute<{ id: string }>(sql`
    insert into plant_orders (kind, status, location_id, order_date, executed_date)
    values ('delivery', 'done', (select id from plant_locations where location_no = ${LOC}), '2026-02-27',
      '2026-03-02') returning id`);
  await db.execute(sql`
    insert into order_costs (order_id, kind, description, quantity, unit_price, amount)
    values (${d.rows[0].id}, 'transport', 'Transport', 1, 85.00, 85.00)`);
  await setSetting(t, 'UseRentalDiscount', true);
});
afterAll(async () => t?.close());

async function costs(no: string, email = USER) {
  return t.app.inject({ url: `/api/v2.0/PlantLocations/${no}/costs`, headers: await t.auth(email) });
}
type Item = { itemNo: string; plants: Array<{ plantNo: string } & Record<string, unknown>> } & Record<
  string,
  unknown
>;

describe('the cost model of a location', () => {
  it('so far this month and since the start, by hand: weeks, capped days, the discount, a partial return', async () => {
    t.setNow(at('2026-03-18'));
    const r = await costs(LOC);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    // February: 10 × COST-A 23–28 Feb = 6 days, 6 × 14 > 50: a week → 10 × 50 = 500,00 − 7,5 % = 462,50
    // March so far (to the 18th):
    //   COST-A 10 × 1–4 Mar (4 days, 56 > 50: a week) = 500 → 462,50; 6 × 5–18 Mar (2 weeks) = 600 → 555,00
    //   COST-N-1 2–8 Mar (a week) = 80 → 74,00 (then relocated)
    //   COST-N-2 10–18 Mar (9 days: a week + 2 days, 40 < 80) = 80 → 74,00 and 40 → 37,00
    //   transport 85,00 (no discount)
    expect(body.totals.monthToDate).toEqual({ exclVat: '1287.50', inclVat: '1557.88' });
    // VAT on each month's sum: February 462,50 + 97,13 = 559,63; March so far 1287,50 + 270,38 = 1557,88
    expect(body.totals.sinceStart).toEqual({ exclVat: '1750.00', inclVat: '2117.51' });
    expect(body.since).toBe('2026-02-23');
    const a = body.items.find((i: Item) => i.itemNo === 'COST-A');
    expect(a).toMatchObject({ onSite: 6, monthToDate: '1017.50', sinceStart: '1480.00', plants: [] });
    const n = body.items.find((i: Item) => i.itemNo === 'COST-N');
    expect(n).toMatchObject({ onSite: 1, monthToDate: '185.00', sinceStart: '185.00' });
    expect(n.plants).toEqual([
      expect.objectContaining({
        plantNo: 'COST-N-2',
        onSite: 1,
        monthToDate: '111.00',
        sinceStart: '111.00',
      }),
      expect.objectContaining({ plantNo: 'COST-N-1', onSite: 0, monthToDate: '74.00', sinceStart: '74.00' }),
    ]);
    // the most expensive first; every item (here the same two) with its plants on its own address
    expect(body.items.map((i: Item) => i.itemNo)).toEqual(['COST-A', 'COST-N']);
    expect(body.itemCount).toBe(2);
    const all = await t.app.inject({
      url: `/api/v2.0/PlantLocations/${LOC}/costs/items`,
      headers: await t.auth(USER),
    });
    expect(all.json().items).toEqual(body.items);
  });

  it('a relocation mid-month: the plant costs its new location from the day it came', async () => {
    const body = (await costs(LOC2)).json();
    // COST-N-1 9–18 Mar = 10 days: a week + 3 days (60 < 80) = 80 → 74,00 and 60 → 55,50
    expect(body.totals.monthToDate.exclVat).toBe('129.50');
    expect(body.items[0].plants[0]).toMatchObject({ plantNo: 'COST-N-1', onSite: 1, monthToDate: '129.50' });
  });

  it('projects to the month end, and says so when there is no end date', async () => {
    const body = (await costs(LOC)).json();
    // COST-A 462,50 + 6 × 5–31 Mar (27 days: 3 weeks + 6 days, 84 > 50: 4 weeks) = 1200 → 1110,00;
    // COST-N-1 74,00; COST-N-2 10–31 Mar (22 days: 3 weeks + a day) = 240 → 222,00 and 20 → 18,50; transport 85,00
    expect(body.totals.projectedMonthEnd.exclVat).toBe('1972.00');
    expect(body.endDateState).toBe('none');
    expect(body.endDate).toBeNull();
    expect(body.totals.projectedProjectEnd).toBeNull();
    expect(body.items[0].projectedProjectEnd).toBeNull();
    // without an end date a day is averaged over a week: COST-A 6 × 50 / 7 = 42,86 → 39,65 (− 7,5 %, to the cent); COST-N-2 80 / 7 =
    // 11,43 → 10,57
    expect(body.totals.perDay).toBe('50.22');
  });

  it('projects to the project end date: what stands today stays, month by month', async () => {
    await t.database.db.execute(
      sql`update plant_locations set end_date = '2026-04-10' where location_no = ${LOC}`,
    );
    // a second later: kept figures are checked against the location again at most once a second
    t.setNow(new Date(at('2026-03-18').getTime() + 1500));
    const body = (await costs(LOC)).json();
    expect(body).toMatchObject({ endDate: '2026-04-10', endDateState: 'set' });
    // February 462,50 + March 1972,00 + 1–10 April: COST-A 6 × (a week 50 + 3 days 42) = 300 → 277,50 and
    // 252 → 233,10; COST-N-2 80 → 74,00 and 60 → 55,50: 640,10
    expect(body.totals.projectedProjectEnd.exclVat).toBe('3074.60');
    // a day until the end (18 Mar – 10 Apr, 24 days: 3 weeks + 3 days): COST-A 6 × 192 / 24 = 48,00 → 44,40;
    // COST-N-2 300 / 24 = 12,50 → 11,56
    expect(body.totals.perDay).toBe('55.96');
    // a passed end date is told, not projected
    t.setNow(at('2026-04-20'));
    const late = (await costs(LOC)).json();
    expect(late.endDateState).toBe('past');
    expect(late.totals.projectedProjectEnd).toBeNull();
    t.setNow(at('2026-03-18'));
  });

  it('the weeks: each line spread over its days, order costs apart, adding up to what was charged', async () => {
    const body = (await costs(LOC)).json();
    expect(body.weeks).toHaveLength(26);
    expect(body.weeks.at(-1).week).toBe('2026-03-16');
    const sum = body.weeks.reduce(
      (s: number, w: { total: string }) => s + Math.round(Number(w.total) * 100),
      0,
    );
    expect(sum).toBe(175000);
    // the transport of Monday 2 March is in that week, as order costs
    const w = body.weeks.find((x: { week: string }) => x.week === '2026-03-02');
    expect(w.byCategory).toContainEqual({ categoryId: 'costs', amount: expect.any(String) });
    const costsPart = w.byCategory.find((c: { categoryId: string }) => c.categoryId === 'costs');
    expect(costsPart.amount).toBe('85.00');
    expect(body.categories.map((c: { id: string }) => c.id)).toEqual(
      expect.arrayContaining(['costs', 'other']),
    );
  });
});

describe('kept figures', () => {
  it('a stock movement shows within a second (the kept figures follow the location fingerprint)', async () => {
    t.setNow(at('2026-03-18'));
    const before = (await costs(LOC2)).json();
    expect(before.totals.monthToDate.exclVat).toBe('129.50');
    // COST-N-1 leaves P-COST-2 on the 16th: 9–15 Mar = a week = 80 → 74,00
    await t.database.db.execute(sql`
      insert into inventory_ledger (entry_date, location_id, item_id, plant_id, quantity, kind)
      values ('2026-03-16', (select id from plant_locations where location_no = ${LOC2}),
        (select id from items where item_no = 'COST-N'), (select id from plants where plant_no = 'COST-N-1'), -1,
        'removal')`);
    // asked again a second later (within a second the kept figures are not checked)
    t.setNow(new Date(at('2026-03-18').getTime() + 1500));
    const after = (await costs(LOC2)).json();
    expect(after.totals.monthToDate.exclVat).toBe('74.00');
    expect(after.items[0].onSite).toBe(0);
  });
});

describe('reconciliation with the invoices', () => {
  it("rebuilds March's invoice (excl. and incl. VAT) from the cost model", async () => {
    t.setNow(at('2026-03-31'));
    const model = (await costs(LOC)).json();
    // the whole of March counted on its last day is March's invoice
    expect(model.totals.monthToDate).toEqual(model.totals.projectedMonthEnd);
    t.setNow(at('2026-04-02'));
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Department/invoicing-runs',
      payload: { month: '2026-03', locations: [LOC, LOC2] },
      headers: await t.auth(DEPARTMENT),
    });
    expect(run.statusCode, run.body).toBe(200);
    const invoices = (
      await t.app.inject({ url: `/api/v2.0/SalesInvoices?plantLocation=${LOC}`, headers: await t.auth(USER) })
    ).json().items;
    const march = invoices.find((i: { periodFrom: string }) => i.periodFrom === '2026-03-01');
    expect({ exclVat: march.amountExclVat, inclVat: march.amountInclVat }).toEqual(model.totals.monthToDate);
    expect(march.amountExclVat).toBe('1972.00');
    // and February's, from the difference since the start
    await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Department/invoicing-runs',
      payload: { month: '2026-02', locations: [LOC] },
      headers: await t.auth(DEPARTMENT),
    });
    const all = (
      await t.app.inject({ url: `/api/v2.0/SalesInvoices?plantLocation=${LOC}`, headers: await t.auth(USER) })
    ).json().items;
    const feb = all.find((i: { periodFrom: string }) => i.periodFrom === '2026-02-01');
    const c = (x: string) => Math.round(Number(x) * 100);
    expect(c(feb.amountExclVat)).toBe(
      c(model.totals.sinceStart.exclVat) - c(model.totals.monthToDate.exclVat),
    );
    expect(c(feb.amountInclVat)).toBe(
      c(model.totals.sinceStart.inclVat) - c(model.totals.monthToDate.inclVat),
    );
    t.setNow(at('2026-03-18'));
  });
});

describe("the management's report across the customer's locations", () => {
  it('each location as its page, the sums, the top items over every location; access as the reports', async () => {
    t.setNow(at('2026-03-18'));
    const get = async (email: string, query = '') =>
      t.app.inject({ url: `/api/v2.0/Reports/costs${query}`, headers: await t.auth(email) });
    const r = await get(COLLEAGUE);
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    const page = (await costs(LOC)).json();
    const mine = body.locations.find((l: { locationNo: string }) => l.locationNo === LOC);
    expect(mine.totals).toEqual(page.totals);
    // the sums: every location's figures added up
    const c = (x: string) => Math.round(Number(x) * 100);
    const sum = body.locations.reduce(
      (s: number, l: { totals: { sinceStart: { exclVat: string } } }) => s + c(l.totals.sinceStart.exclVat),
      0,
    );
    expect(c(body.totals.sinceStart.exclVat)).toBe(sum);
    expect(body.topItems.length).toBeLessThanOrEqual(10);
    // without AppRapportage: 403; an unknown customer: 404; an admin names a customer
    const customerId = (
      await t.database.db.execute<{ id: string }>(
        sql`select customer_id as id from plant_locations where location_no = ${LOC}`,
      )
    ).rows[0].id;
    expect((await get(EXTERNAL, `?customerId=${customerId}`)).statusCode).toBe(403);
    expect((await get(ADMIN, '?customerId=00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await get(USER)).statusCode).toBe(403);
    expect((await get(ADMIN)).statusCode).toBe(422);
    const admin = await get(ADMIN, `?customerId=${customerId}`);
    expect(admin.json().totals).toEqual(body.totals);
  });
});

describe('who reads the costs', () => {
  it("another customer's user gets 404 like an unknown location; the read-only role and colleagues read", async () => {
    const other = await costs(LOC, EXTERNAL);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'error.locatie_onbekend' });
    expect((await costs('P-NOPE')).statusCode).toBe(404);
    const items = await t.app.inject({
      url: `/api/v2.0/PlantLocations/${LOC}/costs/items`,
      headers: await t.auth(EXTERNAL),
    });
    expect(items.statusCode).toBe(404);
    // READONLY is no member of P-COST-1: 404; on P-24001, where it reads, it gets the figures
    expect((await costs(LOC, READONLY)).statusCode).toBe(404);
    const readOnly = await costs('P-24001', READONLY);
    expect(readOnly.statusCode).toBe(200);
    // the read-only role may not change the end date; a member with role user may
    expect(readOnly.json().endDateEditable).toBe(false);
    expect((await costs('P-24001')).json().endDateEditable).toBe(true);
    expect((await costs('P-24001', COLLEAGUE)).statusCode).toBe(200);
  });
});
