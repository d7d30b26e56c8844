import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from '../catalogue/index.ts';
import {
  addItems,
  defaultListId,
  ITEM,
  ITEM2,
  LOC,
  linesInDb,
  locationId,
  USER,
  userId,
} from './ordering.test-support.ts';

// An add to a list this process added to before is one statement on what it kept (order-lists.add-cache.ts,
// docs/decisions/0011 "Update (issue #34)"); whatever changed meanwhile is decided again on fresh rows.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const url = (id: string) => `/api/v2.0/OrderLists/${LOC}/${id}`;

/** The statements the add's HTTP call sends to PostgreSQL (every pooled client). */
async function statementsOf<T>(call: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const spy = vi.spyOn(pg.Client.prototype, 'query');
  try {
    const result = await call();
    const statements = spy.mock.calls.map(([c]) =>
      typeof c === 'string' ? c : String((c as { text?: string }).text ?? ''),
    );
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}

async function emptied(id: string): Promise<void> {
  const r = await t.app.inject({
    method: 'DELETE',
    url: `${url(id)}/orderlistlines`,
    headers: await t.auth(USER),
  });
  expect(r.statusCode).toBe(200);
}

async function freshRead(id: string) {
  return (await t.app.inject({ url: url(id), headers: await t.auth(USER) })).json();
}

describe('adding to a list this process added to before', () => {
  it('writes in one statement and answers the list exactly as a fresh read shows it', async () => {
    const id = await defaultListId(t, USER, LOC);
    await emptied(id);
    expect((await addItems(t, USER, LOC, id, [{ itemNo: ITEM, amount: 2 }])).statusCode).toBe(200);
    const { result, statements } = await statementsOf(() =>
      addItems(t, USER, LOC, id, [
        { itemNo: ITEM2, amount: 1 },
        { itemNo: ITEM, amount: 3 },
      ]),
    );
    expect(result.statusCode).toBe(200);
    // the statements on order lists (the token's user and the item cache may read too)
    expect(statements.filter((s) => s.includes('order_list'))).toHaveLength(1);
    expect(result.json()).toEqual(await freshRead(id));
    expect(result.json()).toMatchObject({ lineCount: 2, totalAmount: 6 });
  });

  it('sees a change another process made to the list (the list row changed): decided on fresh rows', async () => {
    const id = await defaultListId(t, USER, LOC);
    await emptied(id);
    expect((await addItems(t, USER, LOC, id, [{ itemNo: ITEM, amount: 1 }])).statusCode).toBe(200);
    // another process adds a line of ITEM2 (as every writer of lines does: the list row changes with it)
    await t.database.db.execute(sql`with l as (
        update order_lists set updated_at = now() where id = ${id} returning id)
      insert into order_list_lines (order_list_id, kind, item_id, amount, sort)
      select l.id, 'item', i.id, 5, 99 from l, items i where i.item_no = ${ITEM2}`);
    const r = await addItems(t, USER, LOC, id, [{ itemNo: ITEM2, amount: 1 }]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(await freshRead(id));
    expect(r.json()).toMatchObject({ lineCount: 2, totalAmount: 7 });
  });

  it('sees a line that went with its item (the list row untouched): decided on fresh rows', async () => {
    const id = await defaultListId(t, USER, LOC);
    await emptied(id);
    await t.database.db.execute(
      sql`insert into items (item_no, category_id) select 'ZZ-8101', id from categories limit 1`,
    );
    invalidateCatalogueCaches(t.database.db);
    expect((await addItems(t, USER, LOC, id, [{ itemNo: 'ZZ-8101', amount: 1 }])).statusCode).toBe(200);
    // the item is deleted: its line goes by cascade, the list row stays as it was
    await t.database.db.execute(sql`delete from items where item_no = 'ZZ-8101'`);
    invalidateCatalogueCaches(t.database.db);
    const r = await addItems(t, USER, LOC, id, [{ itemNo: ITEM, amount: 1 }]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(await freshRead(id));
    expect(r.json()).toMatchObject({ lineCount: 1, totalAmount: 1 });
  });

  it('checks access again: a membership gone meanwhile refuses the add and writes nothing; back, it adds', async () => {
    const id = await defaultListId(t, USER, LOC);
    await emptied(id);
    expect((await addItems(t, USER, LOC, id, [{ itemNo: ITEM, amount: 1 }])).statusCode).toBe(200);
    const [uid, lid] = await Promise.all([userId(t, USER), locationId(t, LOC)]);
    const [{ role }] = (
      await t.database.db.execute<{ role: string }>(
        sql`delete from location_memberships where user_id = ${uid} and location_id = ${lid} returning role::text`,
      )
    ).rows;
    try {
      const refused = await addItems(t, USER, LOC, id, [{ itemNo: ITEM2, amount: 1 }]);
      expect(refused.statusCode).toBeGreaterThanOrEqual(400);
      expect(refused.statusCode).toBeLessThan(500);
      expect(await linesInDb(t, id)).toHaveLength(1);
    } finally {
      await t.database.db.execute(
        sql`insert into location_memberships (user_id, location_id, role) values (${uid}, ${lid}, ${role}::location_role)`,
      );
    }
    const r = await addItems(t, USER, LOC, id, [{ itemNo: ITEM2, amount: 1 }]);
    expect(r.statusCode).toBe(200);
    expect(r.json()).toEqual(await freshRead(id));
    expect(await linesInDb(t, id)).toHaveLength(2);
  });
});
