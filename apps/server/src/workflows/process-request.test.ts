import { randomUUID } from 'node:crypto';
import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { mailOutbox, users } from '../db/schema/index.ts';
import {
  ADMIN,
  addItems,
  defaultListId,
  EXTERNAL,
  LOC,
  LOC2,
  READONLY,
  setSetting,
  submitOrder,
  USER,
} from '../modules/order-lists/ordering.test-support.ts';
import { multipart } from '../platform/files/testing.ts';

// The equipment department (issue #12, decision 0018): who it is, the queue, the steps of a request, and that
// executing each kind moves exactly the right stock (ledger and inventory), once.

let t: TestApp;
// Monday 23 November 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-11-23T08:00:00Z');
const DEPT = 'materieeldienst@materieelportaal.nl';

/** A depot with at least three free plants of a numbered item and a bulk item with stock there. */
let depotNo: string;
let numberedItem: string;
let bulkItem: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  const r = await t.database.db.execute<{ depotNo: string; itemNo: string }>(sql`
    select d.depot_no as "depotNo", i.item_no as "itemNo"
    from plants p join items i on i.id = p.item_id join depots d on d.id = p.depot_id
    where p.status = 'in_service' and i.numbered and i.visible_in_catalogue and not i.blocked and i.rental_type = 'Verhuur'
    group by 1, 2 having count(*) >= 3 order by count(*) desc, 2 limit 1`);
  depotNo = r.rows[0].depotNo;
  numberedItem = r.rows[0].itemNo;
  const b = await t.database.db.execute<{ itemNo: string }>(sql`
    select i.item_no as "itemNo" from inventory v join items i on i.id = v.item_id join depots d on d.id = v.depot_id
    where d.depot_no = ${depotNo} and v.plant_id is null and v.quantity >= 20 and not i.numbered and i.visible_in_catalogue and not i.blocked and i.rental_type = 'Verhuur'
    order by v.quantity desc, 1 limit 1`);
  bulkItem = b.rows[0].itemNo;
  // twelve more free plants of the item in that depot (with their inventory and a correction in the ledger, so
  // the ledger still adds up), enough for every test here to pick its own
  await t.database.db.execute(sql`
    with made as (
      insert into plants (plant_no, item_id, depot_id, status)
      select 'TST-' || lpad(n::text, 3, '0'), i.id, d.id, 'in_service'
      from generate_series(1, 12) n, items i, depots d where i.item_no = ${numberedItem} and d.depot_no = ${depotNo}
      returning id, item_id, depot_id),
    inv as (
      insert into inventory (depot_id, item_id, plant_id, quantity, last_movement_date)
      select depot_id, item_id, id, 1, '2026-11-01' from made)
    insert into inventory_ledger (entry_date, depot_id, item_id, plant_id, quantity, kind, note)
    select '2026-11-01', depot_id, item_id, id, 1, 'correction', 'test stock' from made`);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.setNow(NOW));

async function call(method: 'GET' | 'POST', url: string, body?: unknown, email = DEPT) {
  return t.app.inject({ method, url, payload: body as object, headers: await t.auth(email) });
}

/** The user orders 2 plants of the numbered item and 5 of the bulk item on `loc`; answers the request id. */
async function orderRequest(email = USER, loc = LOC2, amounts = { numbered: 2, bulk: 5 }): Promise<string> {
  const listId = await defaultListId(t, email, loc);
  await t.app.inject({
    method: 'DELETE',
    url: `/api/v2.0/OrderLists/${loc}/${listId}/orderlistlines`,
    headers: await t.auth(email),
  });
  const added = await addItems(t, email, loc, listId, [
    { itemNo: numberedItem, amount: amounts.numbered },
    { itemNo: bulkItem, amount: amounts.bulk },
  ]);
  expect(added.statusCode, added.body).toBe(200);
  const r = await submitOrder(t, email, listId);
  expect(r.statusCode, r.body).toBe(201);
  return r.json().id;
}

type Pick = {
  lineId: string;
  itemNo: string;
  amount: number;
  plantNos: string[];
  candidates: { plantNo: string; depotNo: string | null }[];
};

async function detail(id: string, email = DEPT) {
  const r = await call('GET', `/api/v2.0/Department/requests/${id}`, undefined, email);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    version: string;
    status: string;
    picks: Pick[];
    orders: { id: string; kind: string; orderNo: string }[];
    allowedStatuses: string[];
    depotNo: string | null;
  };
}

/** Plans a delivery with the first free candidates of the depot. */
async function planDelivery(id: string) {
  const d = await detail(id);
  const plants = d.picks.map((p) => ({
    lineId: p.lineId,
    plantNos: p.candidates
      .filter((c) => c.depotNo === depotNo)
      .slice(0, p.amount)
      .map((c) => c.plantNo),
  }));
  const r = await call('POST', `/api/v2.0/Department/requests/${id}/plan`, {
    version: d.version,
    plannedDate: '2026-11-25',
    depotNo,
    transportMeans: 'vrachtwagen',
    plants,
  });
  expect(r.statusCode, r.body).toBe(200);
  return { planned: r.json(), plantNos: plants.flatMap((p) => p.plantNos) };
}

/** Confirms the execution on the day it was carried out (the clock set to that day: not in the future). */
async function execute(id: string, body: Record<string, unknown> = {}) {
  const d = await detail(id);
  const executedDate = (body.executedDate as string | undefined) ?? '2026-11-25';
  t.setNow(new Date(`${executedDate}T10:00:00Z`));
  return call('POST', `/api/v2.0/Department/requests/${id}/execute`, {
    version: d.version,
    executedDate,
    ...body,
  });
}

async function bulkAt(place: { depotNo?: string; locationNo?: string }, itemNo: string): Promise<number> {
  const r = await t.database.db.execute<{ q: number }>(sql`
    select coalesce(sum(v.quantity), 0)::int as q from inventory v join items i on i.id = v.item_id
    left join depots d on d.id = v.depot_id left join plant_locations l on l.id = v.location_id
    where i.item_no = ${itemNo} and v.plant_id is null
      and ${place.depotNo ? sql`d.depot_no = ${place.depotNo}` : sql`l.location_no = ${place.locationNo ?? ''}`}`);
  return r.rows[0].q;
}

async function plantPlace(plantNo: string) {
  const r = await t.database.db.execute<{
    locationNo: string | null;
    depotNo: string | null;
    inv: string | null;
  }>(sql`
    select l.location_no as "locationNo", d.depot_no as "depotNo",
      (select coalesce(il.location_no, id2.depot_no) from inventory v left join plant_locations il on il.id = v.location_id
        left join depots id2 on id2.id = v.depot_id where v.plant_id = p.id) as inv
    from plants p left join plant_locations l on l.id = p.location_id left join depots d on d.id = p.depot_id
    where p.plant_no = ${plantNo}`);
  return r.rows[0];
}

/** Ledger rows of a request's orders: kind, place and quantity per row. */
async function ledgerOf(requestId: string) {
  const r = await t.database.db.execute<{
    kind: string;
    place: string;
    quantity: number;
    plantNo: string | null;
    orderKind: string;
  }>(sql`
    select g.kind, coalesce(l.location_no, d.depot_no) as place, g.quantity, p.plant_no as "plantNo", o.kind as "orderKind"
    from inventory_ledger g join plant_orders o on o.id = g.order_id
    left join plant_locations l on l.id = g.location_id left join depots d on d.id = g.depot_id
    left join plants p on p.id = g.plant_id
    where o.request_id = ${requestId} order by g.kind, place, p.plant_no nulls first`);
  return r.rows;
}

/** The ledger still adds up to the inventory everywhere (as the seed test checks for the demo data). */
async function ledgerMatchesInventory(): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(sql`
    with g as (select location_id, depot_id, item_id, sum(quantity) q from inventory_ledger group by 1, 2, 3),
         v as (select location_id, depot_id, item_id, sum(quantity) q from inventory group by 1, 2, 3)
    select count(*)::int as n from g full join v on g.location_id is not distinct from v.location_id
      and g.depot_id is not distinct from v.depot_id and g.item_id = v.item_id
    where coalesce(g.q, 0) <> coalesce(v.q, 0)`);
  return r.rows[0].n;
}

describe('who is the department', () => {
  it('admits admins and internal users with the department permission; customers get 403 on every department call', async () => {
    const id = await orderRequest();
    const d = await detail(id);
    expect((await call('GET', '/api/v2.0/Department/requests', undefined, ADMIN)).statusCode).toBe(200);
    for (const email of [USER, EXTERNAL, READONLY]) {
      expect((await call('GET', '/api/v2.0/Department/requests', undefined, email)).statusCode).toBe(403);
      expect((await call('GET', `/api/v2.0/Department/requests/${id}`, undefined, email)).statusCode).toBe(
        403,
      );
      const plan = await call(
        'POST',
        `/api/v2.0/Department/requests/${id}/plan`,
        { version: d.version, plannedDate: '2026-11-25' },
        email,
      );
      expect(plan.statusCode).toBe(403);
      const exec = await call(
        'POST',
        `/api/v2.0/Department/requests/${id}/execute`,
        { version: d.version, executedDate: '2026-11-25' },
        email,
      );
      expect(exec.statusCode).toBe(403);
      const status = await call(
        'POST',
        `/api/v2.0/Department/requests/${id}/status`,
        { status: 'in_progress' },
        email,
      );
      expect(status.statusCode).toBe(403);
    }
    // refused before the input is looked at
    expect(
      (await call('POST', `/api/v2.0/Department/requests/${id}/plan`, { nonsense: 1 }, USER)).statusCode,
    ).toBe(403);
    expect((await t.app.inject({ url: '/api/v2.0/Department/requests' })).statusCode).toBe(401);
  });

  it('never admits an external user, whatever their permissions hold', async () => {
    await t.database.db
      .update(users)
      .set({ permissions: ['department'] })
      .where(eq(users.email, EXTERNAL));
    try {
      expect((await call('GET', '/api/v2.0/Department/requests', undefined, EXTERNAL)).statusCode).toBe(403);
    } finally {
      await t.database.db.update(users).set({ permissions: [] }).where(eq(users.email, EXTERNAL));
    }
  });
});

describe('the queue', () => {
  it("lists every customer's requests open ones first, rush first among them, filters, and counts per status under the other filters", async () => {
    // an open rush request and an open plain one, so the order has both to show
    const rushId = await orderRequest();
    await t.database.db.execute(sql`update plant_requests set rush = true where id = ${rushId}`);
    await orderRequest();
    const all = (await call('GET', '/api/v2.0/Department/requests?pageSize=100')).json();
    expect(all.total).toBeGreaterThan(0);
    const sum = Object.values(all.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    expect(sum).toBe(all.total);
    // the open ones first, rush first among them (the order of the day: process-request.day.test.ts)
    const open = all.items.filter((i: { status: string }) =>
      ['submitted', 'in_progress', 'planned'].includes(i.status),
    );
    expect(all.items.slice(0, open.length)).toEqual(open);
    expect(open[0]).toMatchObject({ rush: true });
    const firstNonRush = open.findIndex((i: { rush: boolean }) => !i.rush);
    expect(firstNonRush).toBeGreaterThan(0);
    expect(open.slice(firstNonRush).some((i: { rush: boolean }) => i.rush)).toBe(false);
    const customers = new Set(all.items.map((i: { customerNo: string }) => i.customerNo));
    expect(customers.size).toBeGreaterThan(1);

    const submitted = (
      await call('GET', '/api/v2.0/Department/requests?status=submitted&kind=order&pageSize=100')
    ).json();
    expect(submitted.items.length).toBeGreaterThan(0);
    for (const i of submitted.items) expect(i).toMatchObject({ status: 'submitted', kind: 'order' });
    // the counts ignore the status filter, so every tab shows what it holds
    expect(submitted.counts.submitted).toBe(submitted.total);
    expect(
      Object.values(submitted.counts as Record<string, number>).reduce((a, b) => a + b, 0),
    ).toBeGreaterThanOrEqual(submitted.total);

    const onLoc = (
      await call('GET', `/api/v2.0/Department/requests?plantLocation=${LOC2}&pageSize=100`)
    ).json();
    for (const i of onLoc.items) expect(i.locationNo).toBe(LOC2);
    const ofCustomer = (
      await call('GET', '/api/v2.0/Department/requests?customer=K-10112&pageSize=100')
    ).json();
    for (const i of ofCustomer.items) expect(i.customerNo).toBe('K-10112');

    // a page past the end is empty and still tells the total
    const past = (await call('GET', '/api/v2.0/Department/requests?page=9999')).json();
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);

    expect((await call('GET', '/api/v2.0/Department/requests?status=nope')).statusCode).toBe(400);
    expect((await call('GET', '/api/v2.0/Department/requests?pageSize=1000')).statusCode).toBe(400);
  });
});

describe('a delivery, planned and executed', () => {
  it('takes it, plans the plants, executes: one delivery order, the plants and the bulk quantity move from the depot to the site', async () => {
    const id = await orderRequest();
    const taken = await call('POST', `/api/v2.0/Department/requests/${id}/status`, { status: 'in_progress' });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().status).toBe('in_progress');

    const bulkDepotBefore = await bulkAt({ depotNo }, bulkItem);
    const bulkSiteBefore = await bulkAt({ locationNo: LOC2 }, bulkItem);
    const { planned, plantNos } = await planDelivery(id);
    expect(planned).toMatchObject({ status: 'planned', plannedDate: '2026-11-25', depotNo });
    expect(planned.picks[0].plantNos.sort()).toEqual([...plantNos].sort());
    // planning moves nothing yet
    expect(await bulkAt({ depotNo }, bulkItem)).toBe(bulkDepotBefore);

    const r = await execute(id, {
      costs: [{ kind: 'transport', description: 'Vrachtwagen', quantity: '1', unitPrice: '95.00' }],
    });
    expect(r.statusCode, r.body).toBe(200);
    const done = r.json();
    expect(done.status).toBe('done');
    expect(done.orders).toHaveLength(1);
    expect(done.orders[0]).toMatchObject({ kind: 'delivery', status: 'done', locationNo: LOC2 });
    expect(done.picks[0].plantNos).toEqual([]);

    // the stock moved: exactly the picked plants and the bulk quantity
    expect(await bulkAt({ depotNo }, bulkItem)).toBe(bulkDepotBefore - 5);
    expect(await bulkAt({ locationNo: LOC2 }, bulkItem)).toBe(bulkSiteBefore + 5);
    for (const no of plantNos)
      expect(await plantPlace(no)).toEqual({ locationNo: LOC2, depotNo: null, inv: LOC2 });
    const ledger = await ledgerOf(id);
    expect(ledger).toHaveLength(2 * 3);
    expect(
      ledger
        .filter((l) => l.place === depotNo)
        .map((l) => l.quantity)
        .sort((a, b) => a - b),
    ).toEqual([-5, -1, -1]);
    expect(
      ledger
        .filter((l) => l.place === LOC2)
        .map((l) => l.quantity)
        .sort((a, b) => a - b),
    ).toEqual([1, 1, 5]);
    expect(new Set(ledger.map((l) => l.kind))).toEqual(new Set(['delivery']));
    expect(await ledgerMatchesInventory()).toBe(0);

    // the order's lines and costs
    const lines = await t.database.db.execute<{ n: number; q: number }>(sql`
      select count(*)::int n, sum(quantity)::int q from order_lines where order_id = ${done.orders[0].id}`);
    expect(lines.rows[0]).toEqual({ n: 3, q: 7 });
    const costs = await t.database.db.execute<{ kind: string; amount: string }>(sql`
      select kind, amount::text from order_costs where order_id = ${done.orders[0].id}`);
    expect(costs.rows).toEqual([{ kind: 'transport', amount: '95.00' }]);

    // the delivery note (part 6): stored as the order's document, readable by the location's members only
    const note = await t.database.db.execute<{ id: string; category: string }>(sql`
      select document_system_id as id, category from documents where order_id = ${done.orders[0].id}`);
    expect(note.rows).toHaveLength(1);
    expect(note.rows[0]?.category).toBe('Pakbon');
    const pdf = await call('GET', `/api/v2.0/Documents/${note.rows[0]?.id}/content`, undefined, USER);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(
      (await call('GET', `/api/v2.0/Documents/${note.rows[0]?.id}/content`, undefined, EXTERNAL)).statusCode,
    ).toBe(404);

    // done is final: nothing more, and the customer sees the orders on the request
    expect(done.allowedStatuses).toEqual([]);
    expect((await execute(id)).statusCode).toBe(409);
    const seen = await call('GET', `/api/v2.0/PlantRequests/${id}`, undefined, USER);
    expect(seen.json().status).toBe('done');
  });

  it('refuses a plan without exactly the plants the line asks, from that depot, not picked for another request', async () => {
    const id = await orderRequest();
    const d = await detail(id);
    const line = d.picks[0];
    const free = line.candidates.filter((c) => c.depotNo === depotNo).map((c) => c.plantNo);
    const plan = (plants: unknown, version = d.version) =>
      call('POST', `/api/v2.0/Department/requests/${id}/plan`, {
        version,
        plannedDate: '2026-11-25',
        depotNo,
        plants,
      });

    const tooFew = await plan([{ lineId: line.lineId, plantNos: free.slice(0, 1) }]);
    expect(tooFew.statusCode).toBe(422);
    expect(tooFew.json().code).toBe('error.planning_onvolledig');
    expect(tooFew.json().details.fields[`plants.${line.lineId}`].code).toBe(
      'validation.aantal_materieelstukken',
    );

    const elsewhere = await t.database.db.execute<{ plantNo: string }>(sql`
      select p.plant_no as "plantNo" from plants p join items i on i.id = p.item_id
      where i.item_no = ${numberedItem} and p.location_id is not null limit 1`);
    expect(elsewhere.rows).toHaveLength(1);
    const wrong = await plan([{ lineId: line.lineId, plantNos: [free[0], elsewhere.rows[0].plantNo] }]);
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().details.fields[`plants.${line.lineId}`].code).toBe(
      'validation.materieelstuk_niet_beschikbaar',
    );
    const past = await call('POST', `/api/v2.0/Department/requests/${id}/plan`, {
      version: d.version,
      plannedDate: '2026-11-20',
      depotNo,
    });
    expect(past.statusCode).toBe(422);
    const noDepot = await call('POST', `/api/v2.0/Department/requests/${id}/plan`, {
      version: d.version,
      plannedDate: '2026-11-25',
      depotNo: 'NOPE',
    });
    expect(noDepot.statusCode).toBe(400);
    // nothing of the refused plans stayed
    expect((await detail(id)).status).toBe('submitted');

    // a second request cannot pick the same plants
    const ok = await plan([{ lineId: line.lineId, plantNos: free.slice(0, 2) }]);
    expect(ok.statusCode, ok.body).toBe(200);
    const other = await orderRequest(USER, LOC);
    const od = await detail(other);
    expect(od.picks[0].candidates.map((c) => c.plantNo)).not.toContain(free[0]);
    const clash = await call('POST', `/api/v2.0/Department/requests/${other}/plan`, {
      version: od.version,
      plannedDate: '2026-11-25',
      depotNo,
      plants: [{ lineId: od.picks[0].lineId, plantNos: free.slice(0, 2) }],
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().code).toBe('error.materieelstuk_al_gekozen');

    // rejecting frees them
    const rejected = await call('POST', `/api/v2.0/Department/requests/${id}/status`, {
      status: 'rejected',
      note: 'Niet leverbaar',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect((await detail(other)).picks[0].candidates.map((c) => c.plantNo)).toContain(free[0]);
  });

  it('a stale version is a conflict, not a lost update; two executions at the same moment: one succeeds', async () => {
    const id = await orderRequest();
    const before = await detail(id);
    await planDelivery(id);
    const stale = await call('POST', `/api/v2.0/Department/requests/${id}/plan`, {
      version: before.version,
      plannedDate: '2026-11-26',
      depotNo,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'error.aanvraag_gewijzigd',
      details: { currentStatus: 'planned' },
    });
    // the same rule for a status change that sends the version it read (decision 0006, one path for a status)
    const staleReject = await call('POST', `/api/v2.0/Department/requests/${id}/status`, {
      status: 'rejected',
      note: 'Niet leverbaar',
      version: before.version,
    });
    expect(staleReject.statusCode).toBe(409);
    expect(staleReject.json()).toMatchObject({
      code: 'error.aanvraag_gewijzigd',
      details: { currentStatus: 'planned' },
    });
    expect((await detail(id)).status).toBe('planned');

    const d = await detail(id);
    t.setNow(new Date('2026-11-25T10:00:00Z'));
    // a day still to come is refused
    const future = await call('POST', `/api/v2.0/Department/requests/${id}/execute`, {
      version: d.version,
      executedDate: '2026-11-26',
    });
    expect(future.statusCode).toBe(400);
    expect(future.json().details.fields.executedDate.code).toBe('validation.datum_te_ver');
    const body = { version: d.version, executedDate: '2026-11-25' };
    const [a, b] = await Promise.all([
      call('POST', `/api/v2.0/Department/requests/${id}/execute`, body),
      call('POST', `/api/v2.0/Department/requests/${id}/execute`, body, ADMIN),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const orders = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int n from plant_orders where request_id = ${id}`,
    );
    expect(orders.rows[0].n).toBe(1);
    expect((await ledgerOf(id)).length).toBe(6);
    expect(await ledgerMatchesInventory()).toBe(0);
  });

  it('writes nothing when the depot no longer holds the bulk quantity (stock never goes negative)', async () => {
    const id = await orderRequest(USER, LOC2, { numbered: 1, bulk: 3 });
    await planDelivery(id);
    const before = await bulkAt({ depotNo }, bulkItem);
    await t.database.db.execute(sql`
      update inventory set quantity = 2 where plant_id is null
        and depot_id = (select id from depots where depot_no = ${depotNo})
        and item_id = (select id from items where item_no = ${bulkItem})`);
    try {
      const r = await execute(id);
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ code: 'error.voorraad_onvoldoende', details: { itemNo: bulkItem } });
      expect((await detail(id)).status).toBe('planned');
      const orders = await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int n from plant_orders where request_id = ${id}`,
      );
      expect(orders.rows[0].n).toBe(0);
      expect(await ledgerOf(id)).toEqual([]);
    } finally {
      await t.database.db.execute(sql`
        update inventory set quantity = ${before} where plant_id is null
          and depot_id = (select id from depots where depot_no = ${depotNo})
          and item_id = (select id from items where item_no = ${bulkItem})`);
    }
  });
});

describe('the loop: order, deliver, remove, relocate, transport', () => {
  it('a removal brings the plant and part of the bulk back to the depot with their condition on an exit order; the stock and its history show both moves', async () => {
    const id = await orderRequest(USER, LOC, { numbered: 1, bulk: 4 });
    const { plantNos } = await planDelivery(id);
    expect((await execute(id)).statusCode).toBe(200);
    const plantNo = plantNos[0];

    // the stock page shows what was delivered
    const stock = async () =>
      (
        await call(
          'GET',
          `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC}&pageSize=250`,
          undefined,
          USER,
        )
      ).json().items as Array<{ itemNo: string; plantNo: string | null; quantity: number }>;
    expect((await stock()).some((l) => l.plantNo === plantNo)).toBe(true);
    const bulkOnSite = await bulkAt({ locationNo: LOC }, bulkItem);

    // the user puts the plant and 2 of the bulk item on the removal list and submits the removal
    for (const l of (await call('GET', `/api/v2.0/RemovalLists/${LOC}`, undefined, USER)).json().lines as {
      lineId: string;
    }[])
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v2.0/RemovalLists/${LOC}/lines/${l.lineId}`,
        headers: await t.auth(USER),
      });
    const put = await call(
      'POST',
      `/api/v2.0/RemovalLists/${LOC}`,
      {
        lines: [
          { itemNo: numberedItem, plantNo, amount: 1 },
          { itemNo: bulkItem, amount: 2 },
        ],
      },
      USER,
    );
    expect(put.statusCode, put.body).toBe(200);
    const removal = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/PlantRequests/removal',
      payload: {
        plantLocation: LOC,
        removalDate: '2026-11-26',
        transportMeans: 'vrachtwagen',
        depotNo,
        addressCode: 'WA01',
        contactPerson: 'Jeroen de Wit',
        phone: '06 12 34 56 01',
      },
      headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
    });
    expect(removal.statusCode, removal.body).toBe(201);
    const rid = removal.json().id;

    const d = await detail(rid);
    const plan = await call('POST', `/api/v2.0/Department/requests/${rid}/plan`, {
      version: d.version,
      plannedDate: '2026-11-26',
    });
    expect(plan.statusCode, plan.body).toBe(200);
    expect(plan.json().depotNo).toBe(depotNo);
    const lineIds = await t.database.db.execute<{ id: string; plant: boolean }>(sql`
      select id, plant_id is not null as plant from request_lines where request_id = ${rid} order by line_no`);
    const plantLine = lineIds.rows.find((l) => l.plant)?.id as string;
    const photo = async (email: string, lineId?: string) => {
      const body = multipart([
        {
          name: 'file',
          filename: 'deuk.jpg',
          contentType: 'image/jpeg',
          value: await sharp({ create: { width: 80, height: 60, channels: 3, background: '#888' } })
            .jpeg()
            .toBuffer(),
        },
        ...(lineId ? [{ name: 'lineId', value: lineId }] : []),
        { name: 'caption', value: 'Deuk in de giek' },
      ]);
      return t.app.inject({
        method: 'POST',
        url: `/api/v2.0/Department/requests/${rid}/photos`,
        payload: body.payload,
        headers: { ...body.headers, ...(await t.auth(email)) },
      });
    };
    expect((await photo(DEPT, plantLine)).statusCode).toBe(409);
    const r = await execute(rid, {
      executedDate: '2026-11-26',
      returns: [
        { lineId: plantLine, condition: 'damaged', damageAmount: '125.50', remarks: 'Deuk in de giek' },
      ],
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().orders.map((o: { kind: string }) => o.kind)).toEqual(['removal']);

    // back in the depot, gone from the site
    expect(await plantPlace(plantNo)).toEqual({ locationNo: null, depotNo, inv: depotNo });
    expect(await bulkAt({ locationNo: LOC }, bulkItem)).toBe(bulkOnSite - 2);
    expect((await stock()).some((l) => l.plantNo === plantNo)).toBe(false);
    const ledger = await ledgerOf(rid);
    expect(
      ledger
        .filter((l) => l.place === LOC)
        .map((l) => l.quantity)
        .sort((a, b) => a - b),
    ).toEqual([-2, -1]);
    expect(new Set(ledger.map((l) => l.kind))).toEqual(new Set(['removal']));
    expect(await ledgerMatchesInventory()).toBe(0);

    // the exit order records the condition
    const exit = await t.database.db.execute<{
      condition: string;
      damage: string | null;
      remarks: string | null;
      plant: string | null;
    }>(sql`
      select xl.condition, xl.damage_amount::text as damage, xl.remarks, p.plant_no as plant
      from exit_orders x join exit_order_lines xl on xl.exit_order_id = x.id left join plants p on p.id = xl.plant_id
      join plant_orders o on o.id = x.order_id where o.request_id = ${rid} order by xl.line_no`);
    expect(exit.rows).toHaveLength(2);
    expect(exit.rows.find((l) => l.plant === plantNo)).toMatchObject({
      condition: 'damaged',
      damage: '125.50',
      remarks: 'Deuk in de giek',
    });
    expect(exit.rows.find((l) => l.plant === null)).toMatchObject({ condition: 'good' });

    // photos of what came back: the department's, per line; never a customer's
    expect((await photo(USER, plantLine)).statusCode).toBe(403);
    const added = await photo(DEPT, plantLine);
    expect(added.statusCode, added.body).toBe(201);
    const files = await t.database.db.execute<{
      kind: string;
      caption: string;
      plant: string | null;
      type: string;
    }>(sql`
      select f.kind, f.caption, p.plant_no as plant, fl.content_type as type
      from exit_order_files f join exit_orders x on x.id = f.exit_order_id join plant_orders o on o.id = x.order_id
      join files fl on fl.id = f.file_id
      left join exit_order_lines xl on xl.id = f.line_id left join plants p on p.id = xl.plant_id
      where o.request_id = ${rid}`);
    expect(files.rows).toEqual([
      { kind: 'image', caption: 'Deuk in de giek', plant: plantNo, type: 'image/jpeg' },
    ]);
    const otherLine = lineIds.rows.find((l) => !l.plant)?.id as string;
    expect((await photo(DEPT, otherLine)).statusCode).toBe(201);
    expect((await photo(DEPT, randomUUID())).statusCode).toBe(400);

    // the history on the location shows both moves: the bulk item's (still on site) and, with empty periods
    // shown, the plant's (gone)
    const bulkHistory = await call(
      'GET',
      `/api/v2.0/PlantInventoryItems/${bulkItem}/history?plantLocation=${LOC}`,
      undefined,
      USER,
    );
    expect(bulkHistory.statusCode, bulkHistory.body).toBe(200);
    const bulkRows = JSON.stringify(bulkHistory.json());
    expect(bulkRows).toContain('2026-11-25');
    expect(bulkRows).toContain('2026-11-26');
    await setSetting(t, 'Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad', true);
    try {
      const history = await call(
        'GET',
        `/api/v2.0/PlantInventoryItems/${numberedItem}/history?plantLocation=${LOC}&plantNo=${plantNo}`,
        undefined,
        USER,
      );
      expect(history.statusCode, history.body).toBe(200);
      const rows = JSON.stringify(history.json());
      expect(rows).toContain('2026-11-25');
      expect(rows).toContain('2026-11-26');
    } finally {
      await setSetting(t, 'Materieelvoorraad_ToonVoorraadVerloop_LegeVoorraad', false);
    }
  });

  it('a relocation posts a linked move_from and move_to pair and moves the stock to the target', async () => {
    const id = await orderRequest(USER, LOC2, { numbered: 1, bulk: 3 });
    await planDelivery(id);
    expect((await execute(id)).statusCode).toBe(200);
    const put = await call(
      'POST',
      `/api/v2.0/RemovalLists/${LOC2}`,
      { lines: [{ itemNo: bulkItem, amount: 3 }] },
      USER,
    );
    expect(put.statusCode, put.body).toBe(200);
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/PlantRequests/othertransfers',
      payload: {
        kind: 'relocation',
        plantLocation: LOC2,
        targetLocation: LOC,
        moveDate: '2026-11-26',
        street: 'Stationsweg 4',
        postcode: '3511 AB',
        city: 'Utrecht',
        contactPerson: 'Jeroen de Wit',
        phone: '06 12 34 56 01',
      },
      headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
    });
    expect(moved.statusCode, moved.body).toBe(201);
    const mid = moved.json().id;
    const sourceBefore = await bulkAt({ locationNo: LOC2 }, bulkItem);
    const targetBefore = await bulkAt({ locationNo: LOC }, bulkItem);
    const d = await detail(mid);
    expect(
      (
        await call('POST', `/api/v2.0/Department/requests/${mid}/plan`, {
          version: d.version,
          plannedDate: '2026-11-26',
        })
      ).statusCode,
    ).toBe(200);
    const r = await execute(mid, { executedDate: '2026-11-26' });
    expect(r.statusCode, r.body).toBe(200);
    const orders = await t.database.db.execute<{
      id: string;
      kind: string;
      linked: string;
      loc: string;
      other: string;
    }>(sql`
      select o.id, o.kind, o.linked_order_id as linked, l.location_no as loc, c.location_no as other
      from plant_orders o join plant_locations l on l.id = o.location_id left join plant_locations c on c.id = o.counterpart_location_id
      where o.request_id = ${mid} order by o.kind`);
    const out = orders.rows.find((o) => o.kind === 'move_from');
    const into = orders.rows.find((o) => o.kind === 'move_to');
    expect(out).toMatchObject({ loc: LOC2, other: LOC });
    expect(into).toMatchObject({ loc: LOC, other: LOC2 });
    expect(out?.linked).toBe(into?.id);
    expect(into?.linked).toBe(out?.id);
    expect(await bulkAt({ locationNo: LOC2 }, bulkItem)).toBe(sourceBefore - 3);
    expect(await bulkAt({ locationNo: LOC }, bulkItem)).toBe(targetBefore + 3);
    expect((await ledgerOf(mid)).map((l) => `${l.kind}:${l.place}:${l.quantity}`).sort()).toEqual(
      [`move_in:${LOC}:3`, `move_out:${LOC2}:-3`].sort(),
    );
    expect(await ledgerMatchesInventory()).toBe(0);
  });

  it('a transport becomes a transport order with its costs and moves no stock; a rush request carries the rush cost', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/PlantRequests/othertransfers',
      payload: {
        kind: 'transport',
        plantLocation: LOC2,
        targetLocation: LOC,
        transportDate: '2026-11-27',
        loadingFrom: '08:00',
        loadingUntil: '10:00',
        unloadingFrom: '11:00',
        unloadingUntil: '12:00',
        cargo: 'Bouwhekken van de onderaannemer',
        from: { addressCode: 'WA01', contactPerson: 'Jeroen de Wit', phone: '06 12 34 56 01' },
        to: {
          street: 'Kade 1',
          postcode: '3512 AB',
          city: 'Utrecht',
          contactPerson: 'Anna Bos',
          phone: '06 98 76 54 32',
        },
      },
      headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
    });
    if (r.statusCode !== 201) throw new Error(`transport submit: ${r.statusCode} ${r.body}`);
    const tid = r.json().id;
    await t.database.db.execute(sql`update plant_requests set rush = true where id = ${tid}`);
    // a rush surcharge the execution books as a cost of the order (Spoed_Prijs with Spoed_Tekst, decision 0018)
    await setSetting(t, 'Spoed_Prijs', '75.00');
    await setSetting(t, 'Spoed_Tekst', 'Spoedtoeslag');
    const d = await detail(tid);
    expect(
      (
        await call('POST', `/api/v2.0/Department/requests/${tid}/plan`, {
          version: d.version,
          plannedDate: '2026-11-27',
        })
      ).statusCode,
    ).toBe(200);
    const done = await execute(tid, {
      executedDate: '2026-11-27',
      costs: [{ kind: 'transport', description: 'Transport', quantity: '2', unitPrice: '80' }],
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().orders.map((o: { kind: string }) => o.kind)).toEqual(['transport']);
    expect(await ledgerOf(tid)).toEqual([]);
    await setSetting(t, 'Spoed_Prijs', '');
    await setSetting(t, 'Spoed_Tekst', '');
    const costs = await t.database.db.execute<{ kind: string; amount: string; description: string }>(sql`
      select c.kind, c.amount::text, c.description from order_costs c join plant_orders o on o.id = c.order_id
      where o.request_id = ${tid} order by c.kind`);
    expect(costs.rows.find((c) => c.kind === 'transport')?.amount).toBe('160.00');
    expect(costs.rows.find((c) => c.kind === 'rush')).toMatchObject({
      amount: '75.00',
      description: 'Spoedtoeslag',
    });
  });
});

describe('mail on every status change', () => {
  it('mails the requester in their language when the department takes, plans, executes or rejects; the customer cancels while submitted', async () => {
    const outbox = async (since: Date) =>
      (
        await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.type, 'RequestStatusChanged'))
      ).filter((m) => m.createdAt >= since);
    const since = new Date(Date.now() - 1000);
    const ext = await orderRequest(EXTERNAL, 'P-24008', { numbered: 1, bulk: 1 });
    const r = await call('POST', `/api/v2.0/Department/requests/${ext}/status`, {
      status: 'rejected',
      note: 'No stock this week',
    });
    expect(r.statusCode, r.body).toBe(200);
    const mails = await outbox(since);
    const mine = mails.filter((m) => m.to === EXTERNAL);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ locale: 'en-US' });
    expect(mine[0].subject).toContain('Rejected');
    expect(mine[0].text).toContain('No stock this week');

    const own = await orderRequest(USER, LOC2, { numbered: 1, bulk: 1 });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${own}/cancel`,
      payload: { note: 'Toch niet nodig' },
      headers: await t.auth(USER),
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const ownNo = cancel.json().requestNo as string;
    const nl = (await outbox(since)).filter((m) => m.to === USER && m.subject.includes(ownNo));
    expect(nl).toHaveLength(1);
    expect(nl[0]).toMatchObject({ locale: 'nl-NL' });
    expect(nl[0].subject).toContain('Geannuleerd');
    // …and after cancelling the department cannot plan it
    const d = await detail(own);
    expect(
      (
        await call('POST', `/api/v2.0/Department/requests/${own}/plan`, {
          version: d.version,
          plannedDate: '2026-11-25',
          depotNo,
        })
      ).statusCode,
    ).toBe(409);
  });
});
