import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { favouriteListItems, favouriteLists } from '../../db/schema/index.ts';
import {
  EXTERNAL,
  FOREIGN_LOC,
  ITEM,
  ITEM2,
  LOC,
  LOC2,
  linesInDb,
  READONLY,
  USER,
  userId,
} from '../order-lists/ordering.test-support.ts';
import { MAX_FAVOURITE_ITEMS, MAX_FAVOURITE_LISTS } from './favourites.service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const base = '/api/v2.0/FavoriteLists';

async function itemsInDb(listId: string) {
  return t.database.db.select().from(favouriteListItems).where(eq(favouriteListItems.listId, listId));
}

describe('favourite lists', () => {
  let listId: string;

  it("lists the user's own lists only, with their items", async () => {
    const r = await t.app.inject({ url: base, headers: await t.auth(USER) });
    expect(r.statusCode).toBe(200);
    const uid = await userId(t, USER);
    const own = await t.database.db.select().from(favouriteLists).where(eq(favouriteLists.userId, uid));
    expect(
      r
        .json()
        .lists.map((l: { id: string }) => l.id)
        .sort(),
    ).toEqual(own.map((l) => l.id).sort());
    const withItems = r.json().lists.find((l: { itemCount: number }) => l.itemCount > 0);
    expect(withItems.items[0]).toMatchObject({
      itemNo: expect.any(String),
      description: expect.any(String),
      showPrice: expect.any(Boolean),
    });
    const anon = await t.app.inject({ url: base });
    expect(anon.statusCode).toBe(401);
  });

  it('filters by location: lists for every location plus that location', async () => {
    const r = await t.app.inject({ url: `${base}?plantLocation=${LOC2}`, headers: await t.auth(USER) });
    expect(
      r
        .json()
        .lists.every((l: { locationNo: string | null }) => l.locationNo === null || l.locationNo === LOC2),
    ).toBe(true);
    const foreign = await t.app.inject({
      url: `${base}?plantLocation=${FOREIGN_LOC}`,
      headers: await t.auth(USER),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('creates, renames and deletes a list; names are checked', async () => {
    const headers = await t.auth(USER);
    const created = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { name: 'Fundering' },
      headers,
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ name: 'Fundering', locationNo: null, itemCount: 0, items: [] });
    listId = created.json().id;
    const bound = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { name: 'Op locatie', plantLocation: LOC2 },
      headers,
    });
    expect(bound.json().locationNo).toBe(LOC2);
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `${base}/${listId}`,
      payload: { name: 'Fundering 2' },
      headers,
    });
    expect(renamed.json().name).toBe('Fundering 2');
    const empty = await t.app.inject({
      method: 'PUT',
      url: `${base}/${listId}`,
      payload: { name: '' },
      headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields).toHaveProperty('name');
    const extra = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { name: 'x', userId: 'someone' },
      headers,
    });
    expect(extra.statusCode).toBe(400);
    const del = await t.app.inject({ method: 'DELETE', url: `${base}/${bound.json().id}`, headers });
    expect(del.statusCode).toBe(204);
    const after = await t.app.inject({ url: `${base}/${bound.json().id}`, headers });
    expect(after.statusCode).toBe(404);
  });

  it('adds items once, refuses unknown items naming them, removes items', async () => {
    const headers = await t.auth(USER);
    const one = await t.app.inject({
      method: 'POST',
      url: `${base}/${listId}/items`,
      payload: { itemNo: ITEM },
      headers,
    });
    expect(one.statusCode).toBe(200);
    const more = await t.app.inject({
      method: 'POST',
      url: `${base}/${listId}/items`,
      payload: { itemNos: [ITEM, ITEM2] },
      headers,
    });
    expect(more.json().items.map((i: { itemNo: string }) => i.itemNo)).toEqual([ITEM, ITEM2]);
    const unknown = await t.app.inject({
      method: 'POST',
      url: `${base}/${listId}/items`,
      payload: { itemNos: ['XX-0000'] },
      headers,
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({
      code: 'error.onbekend_materieel',
      details: { itemNos: ['XX-0000'] },
    });
    const none = await t.app.inject({ method: 'POST', url: `${base}/${listId}/items`, payload: {}, headers });
    expect(none.statusCode).toBe(400);
    const rm = await t.app.inject({ method: 'DELETE', url: `${base}/${listId}/items/${ITEM2}`, headers });
    expect(rm.statusCode).toBe(204);
    const again = await t.app.inject({ method: 'DELETE', url: `${base}/${listId}/items/${ITEM2}`, headers });
    expect(again.statusCode).toBe(404);
    expect((await itemsInDb(listId)).length).toBe(1);
  });

  it('adds the whole list to the order list, adding to the amounts already there', async () => {
    const headers = await t.auth(USER);
    const first = await t.app.inject({
      method: 'POST',
      url: `${base}/${listId}/orderlist`,
      payload: { plantLocation: LOC2 },
      headers,
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().lines.find((l: { itemNo: string }) => l.itemNo === ITEM).amount).toBe(1);
    const second = await t.app.inject({
      method: 'POST',
      url: `${base}/${listId}/orderlist`,
      payload: { plantLocation: LOC2, amount: 3 },
      headers,
    });
    expect(second.json().lines.find((l: { itemNo: string }) => l.itemNo === ITEM).amount).toBe(4);
    const foreign = await t.app.inject({
      method: 'POST',
      url: `${base}/${listId}/orderlist`,
      payload: { plantLocation: FOREIGN_LOC },
      headers,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it("answers 404 for another user's list and changes nothing", async () => {
    const headers = await t.auth(EXTERNAL);
    const before = await itemsInDb(listId);
    const calls = [
      await t.app.inject({ url: `${base}/${listId}`, headers }),
      await t.app.inject({ method: 'PUT', url: `${base}/${listId}`, payload: { name: 'x' }, headers }),
      await t.app.inject({ method: 'DELETE', url: `${base}/${listId}`, headers }),
      await t.app.inject({
        method: 'POST',
        url: `${base}/${listId}/items`,
        payload: { itemNo: ITEM2 },
        headers,
      }),
      await t.app.inject({ method: 'DELETE', url: `${base}/${listId}/items/${ITEM}`, headers }),
      await t.app.inject({
        method: 'POST',
        url: `${base}/${listId}/orderlist`,
        payload: { plantLocation: FOREIGN_LOC },
        headers,
      }),
    ];
    for (const r of calls) expect(r.statusCode).toBe(404);
    expect(await itemsInDb(listId)).toEqual(before);
    const [list] = await t.database.db.select().from(favouriteLists).where(eq(favouriteLists.id, listId));
    expect(list.name).toBe('Fundering 2');
  });

  it('refuses writes to a list of a location where the user only reads (403), and creating one there', async () => {
    const headers = await t.auth(READONLY);
    const create = await t.app.inject({
      method: 'POST',
      url: base,
      payload: { name: 'RO', plantLocation: LOC },
      headers,
    });
    expect(create.statusCode).toBe(403);
    expect(create.json().code).toBe('error.alleen_lezen');
    const uid = await userId(t, READONLY);
    const [row] = await t.database.db
      .insert(favouriteLists)
      .values({
        userId: uid,
        locationId: (
          await t.database.db.query.plantLocations.findFirst({
            where: (l, { eq: e }) => e(l.locationNo, LOC),
          })
        )?.id,
        name: 'Alleen lezen',
      })
      .returning();
    const read = await t.app.inject({ url: `${base}/${row.id}`, headers });
    expect(read.statusCode).toBe(200);
    const writes = [
      await t.app.inject({ method: 'PUT', url: `${base}/${row.id}`, payload: { name: 'x' }, headers }),
      await t.app.inject({ method: 'DELETE', url: `${base}/${row.id}`, headers }),
      await t.app.inject({
        method: 'POST',
        url: `${base}/${row.id}/items`,
        payload: { itemNo: ITEM },
        headers,
      }),
      await t.app.inject({ method: 'DELETE', url: `${base}/${row.id}/items/${ITEM}`, headers }),
    ];
    for (const r of writes) expect(r.statusCode).toBe(403);
    const toOrder = await t.app.inject({
      method: 'POST',
      url: `${base}/${row.id}/orderlist`,
      payload: { plantLocation: LOC },
      headers,
    });
    expect([403, 422]).toContain(toOrder.statusCode);
    expect(await itemsInDb(row.id)).toHaveLength(0);
  });
});

describe('favourites, legacy calls', () => {
  const legacy = async (action: string, payload: unknown, email = USER) =>
    t.app.inject({
      method: 'POST',
      url: `/api/MaterieelFavorieten/${action}`,
      payload: payload as object,
      headers: await t.auth(email),
    });

  it('serves AddLijst, AddItem(s), Inlijst, GetLijsten(Details), RenameLijst, RemoveLijstItem, RemoveLijst', async () => {
    const created = await legacy('AddLijst', { naam: 'Legacy lijst' });
    expect(created.statusCode).toBe(200);
    const lijstId = created.json().id;
    expect(created.json()).toMatchObject({ naam: 'Legacy lijst', aantalItems: 0, items: [] });
    expect((await legacy('AddItem', { lijstId, materieelSoort: ITEM })).json().aantalItems).toBe(1);
    const items = await legacy('AddItems', { lijstId, materieelSoorten: [ITEM, ITEM2] });
    expect(items.json().items.map((i: { materieelSoort: string }) => i.materieelSoort)).toEqual([
      ITEM,
      ITEM2,
    ]);
    expect(items.json().items[0]).toMatchObject({
      toonPrijs: expect.any(Boolean),
      huurPrijs: expect.stringMatching(/^\d+(\.\d+)?$/),
    });
    const inLijst = await legacy('Inlijst', { materieelSoort: ITEM2 });
    expect(inLijst.json().inLijst).toBe(true);
    expect(inLijst.json().lijsten).toContain(lijstId);
    const lijsten = await legacy('GetLijsten', {});
    expect(lijsten.json().lijsten.some((l: { id: string }) => l.id === lijstId)).toBe(true);
    const details = await legacy('GetLijstenDetails', { lijstId });
    expect(details.json().lijsten[0].items).toHaveLength(2);
    expect((await legacy('RenameLijst', { lijstId, naam: 'Nieuwe naam' })).json().naam).toBe('Nieuwe naam');
    expect((await legacy('RemoveLijstItem', { lijstId, materieelSoort: ITEM2 })).statusCode).toBe(204);
    expect((await legacy('RemoveLijst', { lijstId })).statusCode).toBe(204);
    expect((await legacy('Inlijst', { materieelSoort: ITEM2 })).json().lijsten).not.toContain(lijstId);
    const missing = await legacy('RenameLijst', { naam: 'x' });
    expect(missing.statusCode).toBe(400);
  });

  it("does not touch another user's order list when adding favourites", async () => {
    const foreignList = (
      await t.app.inject({ url: `/api/v2.0/OrderLists/${FOREIGN_LOC}`, headers: await t.auth(EXTERNAL) })
    ).json().orderLists[0].id;
    const before = await linesInDb(t, foreignList);
    const mine = (await t.app.inject({ url: base, headers: await t.auth(USER) })).json().lists[0].id;
    const r = await t.app.inject({
      method: 'POST',
      url: `${base}/${mine}/orderlist`,
      payload: { plantLocation: LOC2, orderListId: foreignList },
      headers: await t.auth(USER),
    });
    expect(r.statusCode).toBe(404);
    expect(await linesInDb(t, foreignList)).toEqual(before);
  });
});

describe('the limits hold under concurrency (issue #31 item 3)', () => {
  it('parallel new lists never take a user past MAX_FAVOURITE_LISTS', async () => {
    const uid = await userId(t, EXTERNAL);
    const have = await t.database.db.select().from(favouriteLists).where(eq(favouriteLists.userId, uid));
    const fill = MAX_FAVOURITE_LISTS - 1 - have.length;
    await t.database.db
      .insert(favouriteLists)
      .values(Array.from({ length: fill }, (_, i) => ({ userId: uid, name: `Vulling ${i}` })));
    const headers = await t.auth(EXTERNAL);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({ method: 'POST', url: base, headers, payload: { name: `Tegelijk ${i}` } }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(19).fill(422)]);
    expect(answers.find((a) => a.statusCode === 422)?.json().code).toBe('error.te_veel_lijsten');
    const after = await t.database.db.select().from(favouriteLists).where(eq(favouriteLists.userId, uid));
    expect(after).toHaveLength(MAX_FAVOURITE_LISTS);
  });

  it('parallel additions never take a list past MAX_FAVOURITE_ITEMS', async () => {
    const db = t.database.db;
    // enough distinct items for a full list (the demo catalogue alone has fewer)
    await db.execute(sql`
      insert into items (item_no) select 'FAV-LIMIT-' || g from generate_series(1, ${MAX_FAVOURITE_ITEMS + 10}) g`);
    const uid = await userId(t, READONLY);
    const [list] = await db.insert(favouriteLists).values({ userId: uid, name: 'Bijna vol' }).returning();
    await db.execute(sql`
      insert into favourite_list_items (list_id, item_id, sort)
      select ${list.id}::uuid, i.id, row_number() over (order by i.item_no) from items i
      where i.item_no like 'FAV-LIMIT-%' order by i.item_no limit ${MAX_FAVOURITE_ITEMS - 2}`);
    const spare = await db.execute<{ itemNo: string }>(sql`
      select i.item_no as "itemNo" from items i where i.item_no like 'FAV-LIMIT-%'
        and not exists (select 1 from favourite_list_items f where f.list_id = ${list.id}::uuid and f.item_id = i.id)
      order by i.item_no`);
    const nos = spare.rows.map((r) => r.itemNo);
    const headers = await t.auth(READONLY);
    const answers = await Promise.all(
      [0, 2, 4, 6, 8].map((k) =>
        t.app.inject({
          method: 'POST',
          url: `${base}/${list.id}/items`,
          headers,
          payload: { itemNos: nos.slice(k, k + 2) },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode < 300)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 422)).toHaveLength(4);
    expect(await itemsInDb(list.id)).toHaveLength(MAX_FAVOURITE_ITEMS);
  });
});
