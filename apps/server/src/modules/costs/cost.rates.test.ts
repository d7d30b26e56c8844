import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { setSetting, USER } from '../order-lists/ordering.test-support.ts';
import { dailyCosts, projectEnd } from './cost.rates.ts';

// Issue #37 point 1 (decision 0033): the rent per day of equipment on a location, by hand. An item of its own —
// day € 14,00, week € 50,00 — on a location of USER's customer (rental discount 7,5 %).

const LOC = 'P-COST-R1';
let t: TestApp;
let locationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await db.execute(sql`
    insert into items (item_no, rental_type, day_price, week_price) values
      ('COST-R-DAY', 'Verhuur', 14.00, 50.00), ('COST-R-SALE', 'Verkoop', null, null)`);
  const r = await db.execute<{ id: string }>(sql`
    insert into plant_locations (location_no, customer_id, description)
    select ${LOC}, l.customer_id, 'Kosten per dag' from plant_locations l
    join location_memberships m on m.location_id = l.id join users u on u.id = m.user_id
    where u.email = ${USER} limit 1
    returning id`);
  locationId = r.rows[0].id;
  await db.execute(sql`update customers set rental_discount_percent = 7.5
    where id = (select customer_id from plant_locations where id = ${locationId}::uuid)`);
});
afterAll(async () => t?.close());

const lines = [
  { itemNo: 'COST-R-DAY', plantNo: null, amount: 3 },
  { itemNo: 'COST-R-DAY', plantNo: 'X-1', amount: 1 },
  { itemNo: 'COST-R-SALE', plantNo: null, amount: 5 },
];
const on = new Date('2026-03-10T09:00:00Z');

describe('dailyCosts and projectEnd', () => {
  it('without an end date: a week averaged (week price 50 / 7 days), no discount while UseRentalDiscount is off', async () => {
    expect(await projectEnd(t.database.db, locationId)).toBeNull();
    await setSetting(t, 'UseRentalDiscount', false);
    // 3 × 5000 / 7 = 2142.86 → 21,43; 1 × 5000 / 7 = 714.29 → 7,14; a sale item costs nothing per day
    expect(await dailyCosts(t.database.db, locationId, lines, on)).toEqual([
      { itemNo: 'COST-R-DAY', plantNo: null, perDay: '21.43' },
      { itemNo: 'COST-R-DAY', plantNo: 'X-1', perDay: '7.14' },
      { itemNo: 'COST-R-SALE', plantNo: null, perDay: '0.00' },
    ]);
  });

  it('until the end date: the span priced as the invoice does (a week + 3 days), less 7,5 % with UseRentalDiscount', async () => {
    await t.database.db.execute(
      sql`update plant_locations set end_date = '2026-03-19' where id = ${locationId}::uuid`,
    );
    await setSetting(t, 'UseRentalDiscount', true);
    expect((await projectEnd(t.database.db, locationId))?.toISOString().slice(0, 10)).toBe('2026-03-19');
    // 10 to 19 March = 10 days: 1 week (50,00) + 3 days (3 × 14,00 = 42,00 < 50,00) = 92,00 → 9,20 a day;
    // × 3 = 27,60 less 7,5 % = 25,53; × 1 = 9,20 less 7,5 % = 8,51
    expect(await dailyCosts(t.database.db, locationId, lines, on)).toEqual([
      { itemNo: 'COST-R-DAY', plantNo: null, perDay: '25.53' },
      { itemNo: 'COST-R-DAY', plantNo: 'X-1', perDay: '8.51' },
      { itemNo: 'COST-R-SALE', plantNo: null, perDay: '0.00' },
    ]);
    // two days left: two day prices (28,00 < 50,00) → 14,00 a day, less 7,5 % = 12,95
    const late = await dailyCosts(t.database.db, locationId, [lines[1]], new Date('2026-03-18T12:00:00Z'));
    expect(late).toEqual([{ itemNo: 'COST-R-DAY', plantNo: 'X-1', perDay: '12.95' }]);
  });
});
