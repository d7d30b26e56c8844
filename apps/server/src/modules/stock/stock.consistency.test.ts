import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { seedDemo } from '../../seed/index.ts';
import { ADMIN } from '../order-lists/ordering.test-support.ts';

// Issue #10's consistency bar over the whole demo data at scale 10 (ten copies of the catalogue of `npm start`, and
// the orders, stock and history they bring): the stock is exact by construction (decision 0014) — inventory equals the ledger, and
// the screens' totals equal the SQL sums — for every place, not only the few the other tests look at.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ seed: 'empty' });
  await seedDemo(t.database.db, { storage: t.deps.storage, scale: 10 });
}, 240_000);
afterAll(async () => {
  await t?.close();
});

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return (await t.database.db.execute(query)).rows as T[];
}

type Sums = { locationNo: string; lines: number; quantity: number };

/** Lines and pieces on each location with stock, by SQL. */
async function sqlSums(): Promise<Map<string, Sums>> {
  const sums = await rows<Sums>(sql`
    select p.location_no as "locationNo", count(*)::int as lines, sum(i.quantity)::int as quantity
    from inventory i join plant_locations p on p.id = i.location_id
    where i.quantity > 0 and p.deregistered_at is null
    group by p.location_no`);
  return new Map(sums.map((s) => [s.locationNo, s]));
}

describe('stock consistency over the demo data at scale 10', () => {
  it('is the demo data at scale 10: ten copies of the catalogue, and the stock and history they bring', async () => {
    const [n] = await rows<{ items: number; lines: number; ledger: number }>(sql`
      select (select count(*)::int from items) as items,
        (select count(*)::int from inventory where location_id is not null and quantity > 0) as lines,
        (select count(*)::int from inventory_ledger) as ledger`);
    expect(n?.items).toBe(4330);
    expect(n?.lines).toBeGreaterThan(1000);
    expect(n?.ledger).toBeGreaterThan(n?.lines ?? 0);
  });

  it('for every place, item and plant, inventory equals the sum of the ledger', async () => {
    const [diff] = await rows<{ n: number; compared: number }>(sql`
      with inv as (
        select coalesce(location_id, depot_id) as place, item_id, plant_id, sum(quantity)::int as q
        from inventory group by 1, 2, 3
      ), led as (
        select coalesce(location_id, depot_id) as place, item_id, plant_id, sum(quantity)::int as q
        from inventory_ledger group by 1, 2, 3
      )
      select count(*) filter (where coalesce(inv.q, 0) <> coalesce(led.q, 0))::int as n, count(*)::int as compared
      from inv full join led on led.place = inv.place and led.item_id = inv.item_id
        and led.plant_id is not distinct from inv.plant_id`);
    expect(diff?.compared).toBeGreaterThan(1000);
    expect(diff?.n).toBe(0);
  });

  it('a numbered plant stands on at most one place, with quantity 1, where its plants row says', async () => {
    const [bad] = await rows<{ n: number }>(sql`
      select count(*)::int as n from inventory i join plants p on p.id = i.plant_id
      where i.quantity > 0 and (i.quantity <> 1 or i.location_id is distinct from p.location_id
        and i.depot_id is distinct from p.depot_id)`);
    expect(bad?.n).toBe(0);
  });

  it("all stock's totals per location equal the SQL sums, for every location with stock", async () => {
    const r = await t.app.inject({
      url: `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/locations`,
      headers: await t.auth(ADMIN),
    });
    expect(r.statusCode).toBe(200);
    const body = r.json() as {
      locations: { locationNo: string; totalLines: number; totalQuantity: number }[];
    };
    const sums = await sqlSums();
    expect(body.locations.length).toBe(sums.size);
    for (const g of body.locations) {
      expect({ location: g.locationNo, lines: g.totalLines, quantity: g.totalQuantity }).toEqual({
        location: g.locationNo,
        lines: sums.get(g.locationNo)?.lines,
        quantity: sums.get(g.locationNo)?.quantity,
      });
    }
  });

  it("the stock page's totals and lines equal the SQL sums on the ten largest locations", async () => {
    const sums = [...(await sqlSums()).values()].sort((a, b) => b.lines - a.lines).slice(0, 10);
    const headers = await t.auth(ADMIN);
    for (const s of sums) {
      const url = (n: number) =>
        `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${s.locationNo}&pageSize=250&pageNumber=${n}`;
      const first = (await t.app.inject({ url: url(1), headers })).json();
      expect([s.locationNo, first.total, first.totalQuantity]).toEqual([s.locationNo, s.lines, s.quantity]);
      let pieces = first.items.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0);
      for (let n = 2; (n - 1) * 250 < first.total; n++) {
        const page = (await t.app.inject({ url: url(n), headers })).json();
        pieces += page.items.reduce((m: number, l: { quantity: number }) => m + l.quantity, 0);
      }
      expect([s.locationNo, pieces]).toEqual([s.locationNo, s.quantity]);
    }
  });
});
