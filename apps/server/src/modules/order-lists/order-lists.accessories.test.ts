import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { defaultListId, EXTERNAL, ITEM, LOC2, setSetting, USER } from './ordering.test-support.ts';

// Issue #31 item 20: items delivered with an item (its accessories, MeegeleverdeItems) come onto the order list
// below it when it is added with them (Details), at their amount per piece × the item's amount, and follow the
// item's amount. MeegeleverdeAantalWijzigen decides whether the user may change (or drop) those amounts.

let t: TestApp;
// BH-1001 is delivered with BHA-1001 and BHA-1003 (demo data); BHA-1001 twice per piece here.
const TWICE = 'BHA-1001';
const ONCE = 'BHA-1003';
const base = (loc: string) => `/api/v2.0/OrderLists/${loc}`;

beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.execute(sql`
    update item_links set amount = 2
    where kind = 'accessory' and item_id = (select id from items where item_no = ${ITEM})
      and linked_item_id = (select id from items where item_no = ${TWICE})`);
});
afterAll(async () => {
  await t?.close();
});

type Line = {
  lineId: string;
  parentLineId: string | null;
  itemNo: string;
  amount: number;
  editable: boolean;
};
let listId: string;
beforeEach(async () => {
  listId = await defaultListId(t, USER, LOC2);
  await t.app.inject({
    method: 'DELETE',
    url: `${base(LOC2)}/${listId}/orderlistlines`,
    headers: await t.auth(USER),
  });
});

async function add(amount: number, accessories: { itemNo: string; amount: number }[] | undefined) {
  return t.app.inject({
    method: 'POST',
    url: `${base(LOC2)}/${listId}/orderlistlines`,
    payload: { lines: [{ type: 'item', itemNo: ITEM, amount, ...(accessories ? { accessories } : {}) }] },
    headers: await t.auth(USER),
  });
}
const lines = async (): Promise<Line[]> =>
  (await t.app.inject({ url: `${base(LOC2)}/${listId}`, headers: await t.auth(USER) })).json().lines;
const shape = (ls: Line[]) => {
  const main = ls.find((l) => l.itemNo === ITEM && l.parentLineId === null);
  return ls.map((l) => [
    l.itemNo,
    l.amount,
    l.parentLineId === null ? 'top' : l.parentLineId === main?.lineId ? 'under' : '?',
  ]);
};
const line = (ls: Line[], itemNo: string) => ls.find((l) => l.itemNo === itemNo) as Line;
const putLine = async (lineId: string, amount: number, email = USER) =>
  t.app.inject({
    method: 'PUT',
    url: `${base(LOC2)}/${listId}/orderlistlines/${lineId}`,
    payload: { amount },
    headers: await t.auth(email),
  });

describe('delivered-with items (MeegeleverdeAantalWijzigen off)', () => {
  it('come below the item at their amount per piece, read-only, and follow its amount', async () => {
    const r = await add(3, [
      { itemNo: TWICE, amount: 6 },
      { itemNo: ONCE, amount: 3 },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    expect(shape(r.json().lines)).toEqual([
      [ITEM, 3, 'top'],
      [TWICE, 6, 'under'],
      [ONCE, 3, 'under'],
    ]);
    expect(r.json().lines.map((l: Line) => l.editable)).toEqual([true, false, false]);
    // Pieces that arrive: the item and what comes with it.
    expect(r.json().totalAmount).toBe(12);

    const main = line(await lines(), ITEM);
    expect((await putLine(main.lineId, 5)).statusCode).toBe(200);
    expect(shape(await lines())).toEqual([
      [ITEM, 5, 'top'],
      [TWICE, 10, 'under'],
      [ONCE, 5, 'under'],
    ]);

    // The same item added again with its accessories: everything adds up under the one line.
    expect(
      (
        await add(1, [
          { itemNo: TWICE, amount: 2 },
          { itemNo: ONCE, amount: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    expect(shape(await lines())).toEqual([
      [ITEM, 6, 'top'],
      [TWICE, 12, 'under'],
      [ONCE, 6, 'under'],
    ]);
  });

  it('refuses other amounts, a changed or removed delivered-with line, changing nothing', async () => {
    const changed = await add(2, [
      { itemNo: TWICE, amount: 1 },
      { itemNo: ONCE, amount: 2 },
    ]);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('error.meegeleverd_niet_wijzigbaar');
    expect(changed.json().details.fields).toHaveProperty(['lines.0.accessories.0.amount']);
    const left = await add(2, [{ itemNo: TWICE, amount: 4 }]);
    expect(left.statusCode).toBe(422);
    expect(left.json().code).toBe('error.meegeleverd_niet_wijzigbaar');
    expect(await lines()).toEqual([]);

    expect(
      (
        await add(2, [
          { itemNo: TWICE, amount: 4 },
          { itemNo: ONCE, amount: 2 },
        ])
      ).statusCode,
    ).toBe(200);
    const child = line(await lines(), TWICE);
    const put = await putLine(child.lineId, 1);
    expect(put.statusCode).toBe(422);
    expect(put.json().code).toBe('error.meegeleverd_niet_wijzigbaar');
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${base(LOC2)}/${listId}/orderlistlines/${child.lineId}`,
      headers: await t.auth(USER),
    });
    expect(del.statusCode).toBe(422);
    expect(shape(await lines())).toEqual([
      [ITEM, 2, 'top'],
      [TWICE, 4, 'under'],
      [ONCE, 2, 'under'],
    ]);
  });

  it('refuses an item that is not delivered with it', async () => {
    const r = await add(1, [{ itemNo: 'SK-1010', amount: 1 }]);
    expect(r.statusCode).toBe(422);
    expect(r.json().code).toBe('error.onbekend_materieel');
    expect(r.json().details.itemNos).toEqual(['SK-1010']);
    expect(await lines()).toEqual([]);
  });

  it('goes into the request below its item', async () => {
    expect(
      (
        await add(1, [
          { itemNo: TWICE, amount: 2 },
          { itemNo: ONCE, amount: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${listId}/order`,
      payload: {
        deliveryDate: '2027-03-03',
        addressCode: 'WA01',
        contactPerson: 'Jeroen de Wit',
        phone: '06 12 34 56 01',
      },
      headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
    });
    expect(r.statusCode, r.body).toBe(201);
    const detail = (
      await t.app.inject({ url: `/api/v2.0/PlantRequests/${r.json().id}`, headers: await t.auth(USER) })
    ).json();
    const main = detail.lines.find((l: Line) => l.itemNo === ITEM);
    expect(
      detail.lines.map((l: Line) => [l.itemNo, l.amount, l.parentLineId === main.lineId ? 'under' : 'top']),
    ).toEqual([
      [ITEM, 1, 'top'],
      [TWICE, 2, 'under'],
      [ONCE, 1, 'under'],
    ]);
  });
});

describe('delivered-with items (MeegeleverdeAantalWijzigen on)', () => {
  beforeAll(() => setSetting(t, 'MeegeleverdeAantalWijzigen', true));
  afterAll(() => setSetting(t, 'MeegeleverdeAantalWijzigen', false));

  it('take the amounts the user chose (0 leaves one out), can be changed and removed, and still follow the item', async () => {
    const r = await add(2, [
      { itemNo: TWICE, amount: 1 },
      { itemNo: ONCE, amount: 0 },
    ]);
    expect(r.statusCode, r.body).toBe(200);
    expect(shape(r.json().lines)).toEqual([
      [ITEM, 2, 'top'],
      [TWICE, 1, 'under'],
    ]);
    expect(r.json().lines.map((l: Line) => l.editable)).toEqual([true, true]);
    const child = line(r.json().lines, TWICE);
    expect((await putLine(child.lineId, 3)).statusCode).toBe(200);
    expect(line(await lines(), TWICE).amount).toBe(3);
    // Someone else cannot touch the list.
    expect((await putLine(child.lineId, 9, EXTERNAL)).statusCode).toBe(404);
    // Doubling the item doubles what the user chose.
    expect((await putLine(line(await lines(), ITEM).lineId, 4)).statusCode).toBe(200);
    expect(line(await lines(), TWICE).amount).toBe(6);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `${base(LOC2)}/${listId}/orderlistlines/${child.lineId}`,
      headers: await t.auth(USER),
    });
    expect(del.statusCode).toBe(200);
    expect(shape(await lines())).toEqual([[ITEM, 4, 'top']]);
  });
});
