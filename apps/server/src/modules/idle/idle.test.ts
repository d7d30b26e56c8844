import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { calendarDayIn, daysBetween } from '@mp/contract/rules/order-dates';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  ADMIN,
  COLLEAGUE,
  FOREIGN_LOC,
  LOC,
  LOC2,
  locationId,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';
import { cleanUpScans } from './idle.scans.ts';

// Issue #37 point 2 (decision 0034): a stock line is idle when nothing moved it — no delivery, relocation, scan,
// inspection or removal-list entry — for Materieelvoorraad_StilstandDagen days.

let t: TestApp;
let loc: string;
let plant: { id: string; plantNo: string; itemNo: string };

const rows = async <T>(q: ReturnType<typeof sql>) => (await t.database.db.execute(q)).rows as T[];

beforeAll(async () => {
  t = await createTestApp();
  loc = await locationId(t, LOC);
  await setSetting(t, 'Materieelvoorraad_ScannenEnabled', true);
  // a rented plant with a day price on P-24001 that is on nobody's removal list
  [plant] = (await rows<typeof plant>(sql`
    select p.id, p.plant_no as "plantNo", i.item_no as "itemNo" from plants p join items i on i.id = p.item_id
    where p.location_id = ${loc} and i.rental_type = 'Verhuur' and i.day_price > 0 and not p.external
      and not exists (select 1 from removal_list_lines ll where ll.plant_id = p.id)
    order by p.plant_no limit 1`)) as [typeof plant];
});
afterAll(async () => {
  await t?.close();
});

/** Everything that moved the plant, 40 days back; nothing on a removal list, never scanned. */
async function makeIdle() {
  const db = t.database.db;
  await db.execute(
    sql`update inventory_ledger set entry_date = current_date - 40 where plant_id = ${plant.id}`,
  );
  await db.execute(
    sql`update inventory set last_movement_date = current_date - 40 where plant_id = ${plant.id}`,
  );
  await db.execute(sql`update inspections set inspected_on = least(inspected_on, current_date - 40)
    where plant_id = ${plant.id}`);
  await db.execute(sql`delete from plant_scans where plant_id = ${plant.id}`);
  await db.execute(sql`delete from removal_list_lines where plant_id = ${plant.id}`);
}

async function get(url: string, email = USER) {
  return t.app.inject({ url, headers: await t.auth(email) });
}

type Line = { plantNo: string | null; idleSince: string | null; idleDays: number | null };

/** The plant's stock line as USER sees it. */
async function plantLine(): Promise<Line> {
  const r = await get(
    `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC}&query=${encodeURIComponent(plant.plantNo)}`,
  );
  expect(r.statusCode).toBe(200);
  const line = r.json().items.find((l: Line) => l.plantNo === plant.plantNo);
  expect(line).toBeDefined();
  return line;
}

async function expectIdle() {
  const line = await plantLine();
  expect(line.idleDays).toBeGreaterThanOrEqual(39);
  expect(line.idleSince).toBe((await rows<{ d: string }>(sql`select (current_date - 40)::text as d`))[0]?.d);
}

async function expectMoved() {
  expect(await plantLine()).toMatchObject({ idleSince: null, idleDays: null });
}

/** The plant's latest ledger row on P-24001 becomes a movement of this kind today. */
async function ledgerToday(kind: 'delivery' | 'move_in') {
  await t.database.db.execute(sql`
    update inventory_ledger set entry_date = current_date, kind = ${kind}
    where id = (select id from inventory_ledger where plant_id = ${plant.id} and location_id = ${loc}
      order by entry_date desc, created_at desc limit 1)`);
}

describe('the idle rule', () => {
  beforeEach(makeIdle);

  it('marks a plant that nothing moved for 40 days as idle, since its last movement', async () => {
    await expectIdle();
  });

  it('a delivery resets it', async () => {
    await ledgerToday('delivery');
    await expectMoved();
  });

  it('a relocation resets it', async () => {
    await ledgerToday('move_in');
    await expectMoved();
  });

  it('a scan resets it (the scan is recorded)', async () => {
    const r = await get(`/api/v2.0/PlantInventoryItems/scan?code=${encodeURIComponent(plant.plantNo)}`);
    expect(r.statusCode).toBe(200);
    await expectMoved();
  });

  it('an inspection resets it', async () => {
    await t.database.db.execute(sql`insert into inspections (plant_id, inspected_on, result, next_due_date)
      values (${plant.id}, current_date, 'approved', current_date + 365)`);
    await expectMoved();
  });

  it('a removal-list entry resets it, whoever made it', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/RemovalLists/${LOC}`,
      payload: { lines: [{ itemNo: plant.itemNo, plantNo: plant.plantNo, amount: 1 }] },
      headers: await t.auth(COLLEAGUE),
    });
    expect(r.statusCode).toBe(200);
    await expectMoved();
  });

  it('follows Materieelvoorraad_StilstandDagen (default 14); the setting refuses 0', async () => {
    const page = await get(`/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC}`);
    expect(page.json().idleAfterDays).toBe(14);
    await setSetting(t, 'Materieelvoorraad_StilstandDagen', 50);
    try {
      expect((await plantLine()).idleDays).toBeNull();
    } finally {
      await setSetting(t, 'Materieelvoorraad_StilstandDagen', 14);
    }
    await expectIdle();
    const zero = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'Materieelvoorraad_StilstandDagen', value: 0 },
      headers: await t.auth(ADMIN),
    });
    expect(zero.statusCode).toBe(400);
  });

  it('sorts idle lines first on request, the longest idle first', async () => {
    const r = await get(
      `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC}&sortBy=idle&pageSize=250`,
    );
    const items: Line[] = r.json().items;
    const firstMoving = items.findIndex((l) => l.idleDays === null);
    const idle = items.slice(0, firstMoving === -1 ? items.length : firstMoving);
    expect(idle.map((l) => l.plantNo)).toContain(plant.plantNo);
    expect(items.slice(idle.length).every((l) => l.idleDays === null)).toBe(true);
    const days = idle.map((l) => l.idleDays ?? 0);
    expect(days).toEqual([...days].sort((a, b) => b - a));
  });
});

describe('inspections that fall due before the project’s end', () => {
  it('the stock page names the project’s end (the location’s end date), null without one', async () => {
    const url = `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC}`;
    await t.database.db.execute(sql`update plant_locations set end_date = null where id = ${loc}`);
    expect((await get(url)).json().projectEnd).toBeNull();
    await t.database.db.execute(sql`update plant_locations set end_date = '2027-03-31' where id = ${loc}`);
    expect((await get(url)).json().projectEnd).toBe('2027-03-31');
  });

  it('IdleEquipment lists the plants due on or before the end, by due date; none without an end date', async () => {
    await t.database.db.execute(
      sql`update plant_locations set end_date = current_date + 30 where id = ${loc}`,
    );
    await t.database.db.execute(sql`insert into inspections (plant_id, inspected_on, result, next_due_date)
      values (${plant.id}, current_date, 'approved', current_date + 10)`);
    type Due = { plantNo: string; nextInspection: string };
    const due: Due[] = (await get(`/api/v2.0/IdleEquipment/${LOC}`)).json().inspectionsDue;
    const end = (await rows<{ d: string }>(sql`select (current_date + 30)::text as d`))[0]?.d ?? '';
    expect(due.map((d) => d.plantNo)).toContain(plant.plantNo);
    expect(due.every((d) => d.nextInspection <= end)).toBe(true);
    expect(due.map((d) => d.nextInspection)).toEqual([...due.map((d) => d.nextInspection)].sort());
    await t.database.db.execute(sql`update plant_locations set end_date = null where id = ${loc}`);
    expect((await get(`/api/v2.0/IdleEquipment/${LOC}`)).json().inspectionsDue).toEqual([]);
  });
});

describe('GET IdleEquipment/{plantLocation}', () => {
  beforeEach(makeIdle);

  it('names no figure to whom sees no prices (product §6)', async () => {
    await t.database.db.execute(
      sql`update plant_locations set end_date = current_date + 30 where id = ${loc}`,
    );
    const body = (await get(`/api/v2.0/IdleEquipment/${LOC}`)).json();
    expect(body).toMatchObject({ pricesShown: false, perDay: null, saving: null });
    expect(body.lines.length).toBeGreaterThan(0);
  });

  it('lists the idle lines with their rent per day and the saving until the project’s end', async () => {
    await setSetting(t, 'ShowPriceInternalPrices', true);
    await t.database.db.execute(sql`update plant_locations set end_date = null where id = ${loc}`);
    const open = (await get(`/api/v2.0/IdleEquipment/${LOC}`)).json();
    expect(open.lines.map((l: { plantNo: string }) => l.plantNo)).toContain(plant.plantNo);
    expect(open.pieces).toBe(open.lines.reduce((n: number, l: { quantity: number }) => n + l.quantity, 0));
    expect(open.fewestDays).toBeGreaterThanOrEqual(14);
    expect(open).toMatchObject({ locationNo: LOC, idleAfterDays: 14, projectEnd: null, saving: null });
    expect(Number(open.perDay)).toBeGreaterThan(0);

    await t.database.db.execute(
      sql`update plant_locations set end_date = current_date + 30 where id = ${loc}`,
    );
    const r = await get(`/api/v2.0/IdleEquipment/${LOC}`);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    const daysLeft = daysBetween(calendarDayIn(new Date()), body.projectEnd);
    expect(daysLeft).toBeGreaterThan(25);
    expect(Number(body.saving)).toBeCloseTo(Number(body.perDay) * daysLeft, 2);
    expect(body.pricesShown).toBe(true);
    await setSetting(t, 'ShowPriceInternalPrices', false);
  });

  it('another user’s location answers 404, like an unknown one; anonymous 401', async () => {
    const foreign = await get(`/api/v2.0/IdleEquipment/${FOREIGN_LOC}`);
    expect(foreign.statusCode).toBe(404);
    expect((await get('/api/v2.0/IdleEquipment/P-99999')).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/v2.0/IdleEquipment/${LOC}` })).statusCode).toBe(401);
  });
});

describe('the nightly clean-up of scans', () => {
  beforeEach(makeIdle);

  const scansOf = () =>
    rows<{ location: string; days: number }>(sql`
      select location_id as location, extract(day from now() - scanned_at)::int as days
      from plant_scans where plant_id = ${plant.id} order by scanned_at`);
  const scanAt = (location: string, age: string) =>
    t.database.db.execute(sql`insert into plant_scans (plant_id, location_id, scanned_at)
      values (${plant.id}, ${location}, now() - ${age}::interval)`);

  it('removes the scans a later one of the plant on the location supersedes; the idle line stays the same', async () => {
    const other = await locationId(t, LOC2);
    await scanAt(loc, '30 days');
    await scanAt(loc, '25 days');
    await scanAt(loc, '20 days');
    await scanAt(other, '25 days');
    const before = await plantLine();
    expect(before.idleSince).toBe(
      (await rows<{ d: string }>(sql`select (current_date - 20)::text as d`))[0]?.d,
    );
    expect(await cleanUpScans(t.database.db)).toBe(2);
    // the latest on this location, and the only one on the other
    expect(await scansOf()).toEqual([
      { location: other, days: 25 },
      { location: loc, days: 20 },
    ]);
    expect(await plantLine()).toEqual(before);
    expect(await cleanUpScans(t.database.db)).toBe(0);
  });

  it('keeps the scans of the last day, whatever follows them, until the next night', async () => {
    await scanAt(loc, '2 hours');
    await scanAt(loc, '1 hour');
    expect(await cleanUpScans(t.database.db)).toBe(0);
    expect(await scansOf()).toHaveLength(2);
    expect(await cleanUpScans(t.database.db, new Date(Date.now() + 24 * 3_600_000))).toBe(1);
    expect(await scansOf()).toHaveLength(1);
  });
});
