import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addItems,
  defaultListId,
  EXTERNAL,
  LOC2,
  READONLY,
  USER,
} from '../modules/order-lists/ordering.test-support.ts';

// The equipment department's day (issue #31 items 13, 14, 15; decision 0018): a delivery of bulk items only is
// planned from a depot that holds them; a request is carried out from its planned day on (earlier: re-planned to
// that day first); the queue opens on what needs the department now and finds a request by number, customer or
// location.

let t: TestApp;
// Monday 23 November 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-11-23T08:00:00Z');
const TODAY = '2026-11-23';
const DEPT = 'materieeldienst@materieelportaal.nl';
const base = '/api/v2.0/Department/requests';

/** A bulk item with stock in more than one depot, and a depot that holds at least 20 of it. */
let bulkItem: string;
let richDepot: string;

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
  const b = await t.database.db.execute<{ itemNo: string; depotNo: string }>(sql`
    select i.item_no as "itemNo", d.depot_no as "depotNo"
    from inventory v join items i on i.id = v.item_id join depots d on d.id = v.depot_id
    where v.plant_id is null and v.quantity >= 20 and not i.numbered and i.visible_in_catalogue and not i.blocked
      and i.rental_type = 'Verhuur' and d.for_orders
    order by v.quantity desc, 1 limit 1`);
  bulkItem = b.rows[0].itemNo;
  richDepot = b.rows[0].depotNo;
  // an empty depot for orders: it holds nothing of anything
  await t.database.db.execute(sql`insert into depots (depot_no, name, for_orders, for_removals, sort)
    values ('D-LEEG', 'Leeg depot', true, true, 99)`);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.setNow(NOW));

async function call(method: 'GET' | 'POST', url: string, body?: unknown, email = DEPT) {
  return t.app.inject({ method, url, payload: body as object, headers: await t.auth(email) });
}

/** The user orders `amount` of the bulk item only, delivered on `deliveryDate`; answers the request id and number. */
async function bulkOrder(
  amount = 5,
  deliveryDate = '2026-11-25',
): Promise<{ id: string; requestNo: string }> {
  const listId = await defaultListId(t, USER, LOC2);
  await t.app.inject({
    method: 'DELETE',
    url: `/api/v2.0/OrderLists/${LOC2}/${listId}/orderlistlines`,
    headers: await t.auth(USER),
  });
  const added = await addItems(t, USER, LOC2, listId, [{ itemNo: bulkItem, amount }]);
  expect(added.statusCode, added.body).toBe(200);
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/v2.0/PlantRequests/${listId}/order`,
    payload: {
      deliveryDate,
      addressCode: 'WA01',
      contactPerson: 'Jeroen de Wit',
      phone: '06 12 34 56 01',
    },
    headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
  });
  expect(r.statusCode, r.body).toBe(201);
  return { id: r.json().id, requestNo: r.json().requestNo };
}

type Depot = {
  depotNo: string;
  complete: boolean;
  lines: { itemNo: string; numbered: boolean; amount: number; available: number }[];
};

async function detail(id: string) {
  const r = await call('GET', `${base}/${id}`);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    version: string;
    status: string;
    plannedDate: string | null;
    depots: Depot[];
    picks: unknown[];
    orders: { id: string; kind: string }[];
    history: { fromStatus: string | null; toStatus: string; note: string | null }[];
  };
}

async function bulkAt(depotNo: string): Promise<number> {
  const r = await t.database.db.execute<{ q: number }>(sql`
    select coalesce(sum(v.quantity), 0)::int as q from inventory v join items i on i.id = v.item_id
    join depots d on d.id = v.depot_id where i.item_no = ${bulkItem} and v.plant_id is null and d.depot_no = ${depotNo}`);
  return r.rows[0].q;
}

async function plan(id: string, plannedDate: string, depotNo?: string) {
  const d = await detail(id);
  return call('POST', `${base}/${id}/plan`, {
    version: d.version,
    plannedDate,
    ...(depotNo ? { depotNo } : {}),
    plants: [],
  });
}

describe('a delivery of bulk items only (item 13)', () => {
  it('offers the depots that hold the bulk items first, plans from one and executes it: the quantity moves', async () => {
    const { id } = await bulkOrder(5);
    const d = await detail(id);
    expect(d.picks).toEqual([]);
    // every depot for orders, each with what it holds of the line; those holding everything first
    expect(d.depots.length).toBeGreaterThan(1);
    const firstShort = d.depots.findIndex((x) => !x.complete);
    expect(firstShort).toBeGreaterThan(0);
    expect(d.depots.slice(firstShort).every((x) => !x.complete)).toBe(true);
    const rich = d.depots.find((x) => x.depotNo === richDepot);
    expect(rich).toMatchObject({
      complete: true,
      lines: [{ itemNo: bulkItem, numbered: false, amount: 5, available: await bulkAt(richDepot) }],
    });
    expect(d.depots.find((x) => x.depotNo === 'D-LEEG')).toMatchObject({
      complete: false,
      lines: [{ itemNo: bulkItem, amount: 5, available: 0 }],
    });

    // a depot that does not hold the quantity is refused, naming the item; nothing changes
    const short = await plan(id, '2026-11-25', 'D-LEEG');
    expect(short.statusCode).toBe(422);
    expect(short.json()).toMatchObject({
      code: 'error.planning_onvolledig',
      details: {
        fields: {
          depotNo: {
            code: 'validation.depot_voorraad_onvoldoende',
            params: { itemNo: bulkItem, available: 0, amount: 5 },
          },
        },
      },
    });
    expect((await detail(id)).status).toBe('submitted');

    const before = await bulkAt(richDepot);
    const planned = await plan(id, '2026-11-25', richDepot);
    expect(planned.statusCode, planned.body).toBe(200);
    expect(planned.json()).toMatchObject({
      status: 'planned',
      depotNo: richDepot,
      plannedDate: '2026-11-25',
    });

    t.setNow(new Date('2026-11-25T10:00:00Z'));
    const done = await call('POST', `${base}/${id}/execute`, {
      version: planned.json().version,
      executedDate: '2026-11-25',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('done');
    expect(done.json().orders).toMatchObject([{ kind: 'delivery' }]);
    expect(await bulkAt(richDepot)).toBe(before - 5);
  });
});

describe('carried out from the planned day on (item 15)', () => {
  it('refuses an execution before the planned day and writes nothing; asked to move the plan to that day (recorded) it goes, and the order, the ledger and the note tell one day', async () => {
    const { id } = await bulkOrder(3, '2026-11-26');
    const planned = await plan(id, '2026-11-26', richDepot);
    expect(planned.statusCode, planned.body).toBe(200);
    const before = await bulkAt(richDepot);

    // Monday: carried out today, planned for Thursday
    const early = await call('POST', `${base}/${id}/execute`, {
      version: planned.json().version,
      executedDate: TODAY,
    });
    expect(early.statusCode).toBe(422);
    expect(early.json()).toMatchObject({
      code: 'error.uitvoering_voor_planning',
      details: {
        plannedDate: '2026-11-26',
        fields: { executedDate: { code: 'validation.voor_geplande_datum', params: { date: '2026-11-26' } } },
      },
    });
    const still = await detail(id);
    expect(still).toMatchObject({ status: 'planned', plannedDate: '2026-11-26', orders: [] });
    expect(await bulkAt(richDepot)).toBe(before);

    // the status call cannot make it done (or planned) around the steps' rules either
    for (const status of ['done', 'planned']) {
      const bypass = await call('POST', `/api/v2.0/Department/requests/${id}/status`, {
        status,
        plannedDate: TODAY,
      });
      expect(bypass.statusCode).toBe(422);
      expect(bypass.json()).toMatchObject({
        code: 'error.status_via_plannen_of_uitvoeren',
        details: { fields: { status: { code: 'error.status_via_plannen_of_uitvoeren' } } },
      });
    }
    expect((await detail(id)).status).toBe('planned');

    // asked to move the plan to the day it was carried out: one transaction records the re-plan, then the execution
    const done = await call('POST', `${base}/${id}/execute`, {
      version: still.version,
      executedDate: TODAY,
      movePlannedDate: true,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ status: 'done', plannedDate: TODAY });
    expect(done.json().history.slice(-2)).toMatchObject([
      { fromStatus: 'planned', toStatus: 'planned', note: `2026-11-26 → ${TODAY}` },
      { fromStatus: 'planned', toStatus: 'done' },
    ]);
    const order = await t.database.db.execute<{
      orderDate: string;
      plannedDate: string;
      executedDate: string;
      ledger: string[];
    }>(sql`
      select o.order_date::text as "orderDate", o.planned_date::text as "plannedDate",
        o.executed_date::text as "executedDate",
        array(select distinct g.entry_date::text from inventory_ledger g where g.order_id = o.id) as ledger
      from plant_orders o where o.request_id = ${id}`);
    expect(order.rows).toEqual([
      { orderDate: TODAY, plannedDate: TODAY, executedDate: TODAY, ledger: [TODAY] },
    ]);
    // the delivery note is dated that day too
    const note = await t.database.db.execute<{ day: string }>(sql`
      select d.document_date::text as day from documents d join plant_orders o on o.id = d.order_id
      where o.request_id = ${id}`);
    expect(note.rows).toEqual([{ day: TODAY }]);
    expect(await bulkAt(richDepot)).toBe(before - 3);
  });

  it('takes an execution on a day after the planned one; the order date stays the planned day, never after it', async () => {
    const { id } = await bulkOrder(2, '2026-11-24');
    const planned = await plan(id, '2026-11-24', richDepot);
    expect(planned.statusCode, planned.body).toBe(200);
    t.setNow(new Date('2026-11-26T10:00:00Z'));
    const late = await call('POST', `${base}/${id}/execute`, {
      version: planned.json().version,
      executedDate: '2026-11-25',
    });
    expect(late.statusCode, late.body).toBe(200);
    const order = await t.database.db.execute<{ orderDate: string; executedDate: string }>(sql`
      select order_date::text as "orderDate", executed_date::text as "executedDate"
      from plant_orders where request_id = ${id}`);
    expect(order.rows).toEqual([{ orderDate: '2026-11-24', executedDate: '2026-11-25' }]);
  });
});

type Item = {
  requestNo: string;
  status: string;
  rush: boolean;
  plannedDate: string | null;
  requestedDate: string;
  customerNo: string | null;
  customerName: string | null;
  locationNo: string;
  kind: string;
  updatedAt: string;
};

async function queue(query: string, email = DEPT) {
  const r = await call('GET', `${base}?${query}`, undefined, email);
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as { items: Item[]; total: number; now: number; counts: Record<string, number> };
}

const open = (i: Item) => ['submitted', 'in_progress', 'planned'].includes(i.status);

describe('the queue of the day (item 14)', () => {
  it('view now: new and taken requests, then the planned ones due today or earlier; rush first; counted as `now`', async () => {
    const { requestNo: fresh } = await bulkOrder(1, '2026-11-30');
    const { id: later } = await bulkOrder(1, '2026-11-30');
    expect((await plan(later, '2026-11-30', richDepot)).statusCode).toBe(200);
    const { id: due, requestNo: dueNo } = await bulkOrder(1, '2026-11-24');
    expect((await plan(due, TODAY, richDepot)).statusCode).toBe(200);

    const now = await queue('view=now&pageSize=100');
    expect(now.total).toBe(now.now);
    expect(now.items.length).toBe(Math.min(100, now.total));
    for (const i of now.items) {
      if (i.status === 'planned') expect(i.plannedDate! <= TODAY).toBe(true);
      else expect(['submitted', 'in_progress']).toContain(i.status);
    }
    const nos = now.items.map((i) => i.requestNo);
    expect(nos).toContain(fresh);
    expect(nos).toContain(dueNo);
    expect(now.items.some((i) => i.status === 'planned' && i.plannedDate === '2026-11-30')).toBe(false);
    // rush first; then new before planned; then the oldest date
    const key = (i: Item) =>
      [i.rush ? 0 : 1, i.status === 'planned' ? 1 : 0, i.plannedDate ?? i.requestedDate].join('|');
    const keys = now.items.map(key);
    expect(keys).toEqual([...keys].sort());

    // the same count comes with every view, under the other filters
    const all = await queue('pageSize=5');
    expect(all.now).toBe(now.now);
    const orders = await queue('view=now&kind=order&pageSize=100');
    expect(orders.now).toBe(orders.total);
    expect(orders.items.every((i) => i.kind === 'order')).toBe(true);
    const submittedNow = await queue('view=now&status=submitted&pageSize=1');
    expect(submittedNow.total).toBe(submittedNow.counts.submitted);
  });

  it('view all: the open requests before the closed ones, rush first only among the open ones', async () => {
    // an open rush request and an open plain one
    const { id: rushId } = await bulkOrder(1, '2026-11-30');
    await t.database.db.execute(sql`update plant_requests set rush = true where id = ${rushId}`);
    await bulkOrder(1, '2026-11-30');
    const all = await queue('pageSize=100');
    const firstClosed = all.items.findIndex((i) => !open(i));
    expect(firstClosed).toBeGreaterThan(0);
    expect(all.items.slice(firstClosed).some(open)).toBe(false);
    const openOnes = all.items.slice(0, firstClosed);
    expect(openOnes[0]?.rush).toBe(true);
    const firstNormal = openOnes.findIndex((i) => !i.rush);
    expect(firstNormal).toBeGreaterThan(0);
    expect(openOnes.slice(firstNormal).some((i) => i.rush)).toBe(false);
    // the closed ones by their last change, the latest first: a closed rush request is not lifted above them
    const done = await queue('status=done&pageSize=100');
    expect(done.items.some((i) => i.rush)).toBe(true);
    const changed = done.items.map((i) => i.updatedAt);
    expect(changed).toEqual([...changed].sort().reverse());
  });

  it('finds a request by (part of) its number, the customer and the location; plannedUntil keeps what is due', async () => {
    const { requestNo } = await bulkOrder(1, '2026-11-30');
    const byNo = await queue(`q=${encodeURIComponent(requestNo)}`);
    expect(byNo.items.map((i) => i.requestNo)).toEqual([requestNo]);
    expect(byNo.total).toBe(1);
    const tail = requestNo.slice(-6);
    const byTail = await queue(`q=${tail}&pageSize=100`);
    expect(byTail.items.map((i) => i.requestNo)).toContain(requestNo);
    expect(byTail.items.every((i) => i.requestNo.includes(tail))).toBe(true);

    const customer = byNo.items[0].customerName!;
    const word = customer.split(/\s+/).at(-1)!;
    const byCustomer = await queue(`q=${encodeURIComponent(word.toLowerCase())}&pageSize=100`);
    expect(byCustomer.total).toBeGreaterThan(1);
    for (const i of byCustomer.items)
      expect(`${i.requestNo} ${i.customerNo} ${i.customerName} ${i.locationNo}`.toLowerCase()).toContain(
        word.toLowerCase(),
      );
    const byLocation = await queue(`q=${LOC2}&pageSize=100`);
    expect(byLocation.items.every((i) => i.locationNo === LOC2)).toBe(true);
    // two words: both must match
    const both = await queue(`q=${encodeURIComponent(`${LOC2} ${requestNo}`)}`);
    expect(both.items.map((i) => i.requestNo)).toEqual([requestNo]);
    // a LIKE wildcard is taken literally
    expect((await queue('q=%25')).total).toBe(0);

    const due = await queue(`status=planned&plannedUntil=${TODAY}&pageSize=100`);
    expect(due.items.every((i) => i.plannedDate! <= TODAY)).toBe(true);

    for (const bad of ['view=soon', 'plannedUntil=2026-13-01', `q=${'x'.repeat(101)}`])
      expect((await call('GET', `${base}?${bad}`)).statusCode).toBe(400);
  });

  it('is the department’s only: a customer’s user gets 403 with any view, search or filter, and nothing of it', async () => {
    const { id, requestNo } = await bulkOrder(1, '2026-11-30');
    for (const email of [USER, EXTERNAL, READONLY]) {
      for (const query of ['view=now', `q=${requestNo}`, `plannedUntil=${TODAY}&status=planned`]) {
        const r = await call('GET', `${base}?${query}`, undefined, email);
        expect(r.statusCode).toBe(403);
        expect(r.body).not.toContain(requestNo);
      }
      const one = await call('GET', `${base}/${id}`, undefined, email);
      expect(one.statusCode).toBe(403);
      expect(one.body).not.toContain('depots');
    }
    expect((await t.app.inject({ url: `${base}?view=now` })).statusCode).toBe(401);
  });
});
