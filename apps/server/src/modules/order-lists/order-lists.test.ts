import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from '../catalogue/index.ts';
import {
  addItems,
  COLLEAGUE,
  defaultListId,
  EXTERNAL,
  FOREIGN_LOC,
  ITEM,
  ITEM2,
  LOC,
  LOC2,
  linesInDb,
  listsInDb,
  READONLY,
  SET_NESTED,
  SET_SIMPLE,
  setSetting,
  USER,
} from './ordering.test-support.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const base = (loc: string) => `/api/v2.0/OrderLists/${loc}`;

describe('order lists', () => {
  it('answers the default list without storing it (reads never write); the first writes store one list', async () => {
    const headers = await t.auth(USER);
    expect(await listsInDb(t, USER, LOC2)).toHaveLength(0);
    const [a, b] = await Promise.all([
      t.app.inject({ url: base(LOC2), headers }),
      t.app.inject({ url: base(LOC2), headers }),
    ]);
    expect(await listsInDb(t, USER, LOC2)).toHaveLength(0);
    const unsaved = await t.app.inject({ url: `${base(LOC2)}/${a.json().orderLists[0].id}`, headers });
    expect(unsaved.statusCode).toBe(200);
    expect(unsaved.json()).toMatchObject({ isDefault: true, lineCount: 0, lines: [] });
    expect(await listsInDb(t, USER, LOC2)).toHaveLength(0);
    // Two first writes at once store one list, under the id the reads gave.
    const writes = await Promise.all([
      addItems(t, USER, LOC2, a.json().orderLists[0].id, [{ itemNo: ITEM, amount: 1 }]),
      addItems(t, USER, LOC2, a.json().orderLists[0].id, [{ itemNo: ITEM, amount: 1 }]),
    ]);
    expect(writes.map((w) => w.statusCode)).toEqual([200, 200]);
    await t.app.inject({
      method: 'DELETE',
      url: `${base(LOC2)}/${a.json().orderLists[0].id}/orderlistlines`,
      headers,
    });
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().orderLists).toHaveLength(1);
    expect(a.json().orderLists[0]).toMatchObject({
      isDefault: true,
      lineCount: 0,
      totalAmount: 0,
      locationNo: LOC2,
    });
    expect(a.json().orderLists[0].id).toBe(b.json().orderLists[0].id);
    expect(await listsInDb(t, USER, LOC2)).toHaveLength(1);
  });

  it('refuses anonymous callers', async () => {
    const r = await t.app.inject({ url: base(LOC2) });
    expect(r.statusCode).toBe(401);
  });

  it('adds items, adding to the amount of an item already on the list, and counts for the main bar', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const first = await addItems(t, USER, LOC2, id, [{ itemNo: ITEM, amount: 3 }]);
    expect(first.statusCode).toBe(200);
    const again = await addItems(t, USER, LOC2, id, [
      { itemNo: ITEM, amount: 2 },
      { itemNo: ITEM2, amount: 1 },
    ]);
    expect(again.statusCode).toBe(200);
    const list = again.json();
    expect(list.lines).toHaveLength(2);
    expect(list.lines.find((l: { itemNo: string }) => l.itemNo === ITEM)).toMatchObject({
      amount: 5,
      type: 'item',
      parentLineId: null,
    });
    expect(list).toMatchObject({ lineCount: 2, totalAmount: 6, canSubmit: true });
    expect(list.lines[0].description).not.toBe('');
    const summary = await t.app.inject({ url: base(LOC2), headers: await t.auth(USER) });
    expect(summary.json().orderLists[0]).toMatchObject({ lineCount: 2, totalAmount: 6 });
  });

  it('answers an add with the list exactly as a fresh read shows it', async () => {
    const loc = 'P-24010';
    const id = await defaultListId(t, EXTERNAL, loc);
    await addItems(t, EXTERNAL, loc, id, [{ itemNo: ITEM2, amount: 2 }]);
    const added = await t.app.inject({
      method: 'POST',
      url: `${base(loc)}/${id}/orderlistlines`,
      payload: {
        lines: [
          { type: 'item', itemNo: ITEM, amount: 4, comment: ' bij de poort ' },
          { type: 'item', itemNo: ITEM2, amount: 1, comment: 'erbij' },
          { type: 'item', itemNo: ITEM, amount: 1 },
        ],
      },
      headers: await t.auth(EXTERNAL),
    });
    expect(added.statusCode).toBe(200);
    const read = await t.app.inject({ url: `${base(loc)}/${id}`, headers: await t.auth(EXTERNAL) });
    expect(added.json()).toEqual(read.json());
    expect(read.json()).toMatchObject({ lineCount: 2, totalAmount: 8 });
    expect(
      read.json().lines.map((l: { amount: number; comment: string | null }) => [l.amount, l.comment]),
    ).toEqual([
      [3, 'erbij'],
      [5, 'bij de poort'],
    ]);
  });

  it('makes one line of concurrent adds of one item, with every amount added', async () => {
    const loc = 'P-24011';
    const id = await defaultListId(t, EXTERNAL, loc);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => addItems(t, EXTERNAL, loc, id, [{ itemNo: ITEM, amount: 1 }])),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const lines = await linesInDb(t, id);
    expect(lines).toHaveLength(1);
    expect(lines[0].amount).toBe(12);
  });

  it('shows prices by the price rule: an internal user on a location without ShowPriceInternalPrices gets price on demand', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const r = await t.app.inject({ url: `${base(LOC2)}/${id}`, headers: await t.auth(USER) });
    const line = r.json().lines[0];
    expect(line).toMatchObject({ showPrice: false, priceOnDemand: true, dayPrice: null, salePrice: null });
    const ext = await defaultListId(t, EXTERNAL, FOREIGN_LOC);
    const e = await t.app.inject({ url: `${base(FOREIGN_LOC)}/${ext}`, headers: await t.auth(EXTERNAL) });
    expect(
      e
        .json()
        .lines.some(
          (l: { showPrice: boolean; dayPrice: string | null }) => l.showPrice && l.dayPrice !== null,
        ),
    ).toBe(true);
  });

  it('refuses unknown items with 422 naming the item, and changes nothing', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const before = await linesInDb(t, id);
    const r = await addItems(t, USER, LOC2, id, [
      { itemNo: ITEM, amount: 1 },
      { itemNo: 'NIET-BESTAAND', amount: 1 },
    ]);
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'error.onbekend_materieel',
      details: { itemNos: ['NIET-BESTAAND'] },
    });
    expect(r.json().message).toContain('NIET-BESTAAND');
    expect(await linesInDb(t, id)).toEqual(before);
  });

  it('refuses amounts of 0, negative, fractional or above 9999 with 400 naming the field', async () => {
    const id = await defaultListId(t, USER, LOC2);
    for (const amount of [0, -1, 1.5, 10000]) {
      const r = await addItems(t, USER, LOC2, id, [{ itemNo: ITEM, amount }]);
      expect(r.statusCode, `amount ${amount}`).toBe(400);
      expect(r.json().details.fields).toHaveProperty(['lines.0.amount']);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: `${base(LOC2)}/${id}/orderlistlines`,
      payload: { lines: [{ type: 'item', itemNo: ITEM }] },
      headers: await t.auth(USER),
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.fields['lines.0.amount'].code).toBe('validation.verplicht');
  });

  it('refuses an add that would push a line above 9999', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const r = await addItems(t, USER, LOC2, id, [{ itemNo: ITEM, amount: 9999 }]);
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields['lines.0.amount'].code).toBe('validation.te_groot');
  });

  it('refuses mass assignment (extra userId, locationId, status) with 400', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const headers = await t.auth(USER);
    const r = await t.app.inject({
      method: 'POST',
      url: `${base(LOC2)}/${id}/orderlistlines`,
      payload: { lines: [{ type: 'item', itemNo: ITEM, amount: 1 }], userId: 'x', locationId: 'y' },
      headers,
    });
    expect(r.statusCode).toBe(400);
    const line = await t.app.inject({
      method: 'POST',
      url: `${base(LOC2)}/${id}/orderlistlines`,
      payload: { lines: [{ type: 'item', itemNo: ITEM, amount: 1, status: 'done' }] },
      headers,
    });
    expect(line.statusCode).toBe(400);
  });

  it('changes a line amount and comment; amount 0 is refused (delete instead); deletes a line', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const headers = await t.auth(USER);
    const list = (await t.app.inject({ url: `${base(LOC2)}/${id}`, headers })).json();
    const line = list.lines.find((l: { itemNo: string }) => l.itemNo === ITEM2);
    const url = `${base(LOC2)}/${id}/orderlistlines/${line.lineId}`;
    const zero = await t.app.inject({ method: 'PUT', url, payload: { amount: 0 }, headers });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details.fields).toHaveProperty('amount');
    const ok = await t.app.inject({
      method: 'PUT',
      url,
      payload: { amount: 7, comment: 'Graag <b>vooraan</b>' },
      headers,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().lines.find((l: { lineId: string }) => l.lineId === line.lineId)).toMatchObject({
      amount: 7,
      comment: 'Graag <b>vooraan</b>',
    });
    const del = await t.app.inject({ method: 'DELETE', url, headers });
    expect(del.statusCode).toBe(200);
    expect(del.json().lines.some((l: { lineId: string }) => l.lineId === line.lineId)).toBe(false);
    const gone = await t.app.inject({ method: 'PUT', url, payload: { amount: 2 }, headers });
    expect(gone.statusCode).toBe(404);
  });

  it('saves several lines at once (autosave) and refuses a line of another list', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const headers = await t.auth(USER);
    const list = (await t.app.inject({ url: `${base(LOC2)}/${id}`, headers })).json();
    const r = await t.app.inject({
      method: 'PUT',
      url: `${base(LOC2)}/${id}`,
      payload: { lines: [{ lineId: list.lines[0].lineId, amount: 4, comment: null }] },
      headers,
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().lines[0].amount).toBe(4);
    const other = await defaultListId(t, COLLEAGUE, LOC2);
    await addItems(t, COLLEAGUE, LOC2, other, [{ itemNo: ITEM, amount: 1 }]);
    const otherLine = (await linesInDb(t, other))[0];
    const cross = await t.app.inject({
      method: 'PUT',
      url: `${base(LOC2)}/${id}`,
      payload: { lines: [{ lineId: otherLine.id, amount: 99 }] },
      headers,
    });
    expect(cross.statusCode).toBe(404);
    expect((await linesInDb(t, other))[0].amount).toBe(1);
  });

  it('adds a set with its components (child sets nested) and scales them with the set amount', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const headers = await t.auth(USER);
    const r = await t.app.inject({
      method: 'POST',
      url: `${base(LOC2)}/${id}/orderlistlines`,
      payload: { lines: [{ type: 'set', itemNo: SET_NESTED, amount: 2 }] },
      headers,
    });
    expect(r.statusCode).toBe(200);
    const lines = r.json().lines as Array<{
      lineId: string;
      parentLineId: string | null;
      type: string;
      itemNo: string;
      amount: number;
      childLinesIncluded: boolean;
    }>;
    const setLine = lines.find((l) => l.type === 'set' && l.itemNo === SET_NESTED);
    expect(setLine).toMatchObject({ amount: 2, childLinesIncluded: true, parentLineId: null });
    const children = lines.filter((l) => l.parentLineId === setLine?.lineId);
    expect(children.find((c) => c.itemNo === 'SK-1010')?.amount).toBe(2);
    const child = children.find((c) => c.type === 'set' && c.itemNo === SET_SIMPLE);
    expect(child).toBeDefined();
    // SET-001 holds 29 × BH-1001; one per SET-002, two SET-002 → 58
    expect(lines.find((l) => l.parentLineId === child?.lineId && l.itemNo === ITEM)?.amount).toBe(58);
    // accessories of a line in the set are on the list too
    expect(children.find((c) => c.itemNo === 'KB-1003')?.amount).toBe(4);

    const scale = await t.app.inject({
      method: 'PUT',
      url: `${base(LOC2)}/${id}/orderlistlines/${setLine?.lineId}`,
      payload: { amount: 1 },
      headers,
    });
    expect(scale.statusCode).toBe(200);
    const after = scale.json().lines as typeof lines;
    expect(after.find((l) => l.parentLineId === child?.lineId && l.itemNo === ITEM)?.amount).toBe(29);
    expect(after.find((l) => l.parentLineId === setLine?.lineId && l.itemNo === 'KB-1003')?.amount).toBe(2);
    // the set line counts once in the main bar
    expect(scale.json().lineCount).toBe(after.filter((l) => l.parentLineId === null).length);
    // issue #31 item 17: the pieces are what arrives — every item line at every depth, as the weight counts
    // them — never the set line itself
    const pieces = after.filter((l) => l.type === 'item').reduce((n, l) => n + l.amount, 0);
    expect(pieces).toBeGreaterThan(29);
    expect(scale.json().totalAmount).toBe(pieces);
    const summary = await t.app.inject({ url: base(LOC2), headers });
    expect(summary.json().orderLists.find((l: { id: string }) => l.id === id).totalAmount).toBe(pieces);
  });

  it('adds a set with the amounts the user chose (childLinesIncluded) only with Sets_AllowEdit', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const headers = await t.auth(USER);
    const url = `${base(LOC2)}/${id}/orderlistlines?childLinesIncluded=true`;
    const payload = {
      lines: [
        {
          type: 'set',
          itemNo: SET_SIMPLE,
          amount: 1,
          childLines: [
            { itemNo: ITEM, amount: 10 },
            { itemNo: 'BHA-1001', amount: 0 },
          ],
        },
      ],
    };
    const r = await t.app.inject({ method: 'POST', url, payload, headers });
    expect(r.statusCode).toBe(200);
    const lines = r.json().lines as Array<{
      lineId: string;
      parentLineId: string | null;
      type: string;
      itemNo: string;
      amount: number;
    }>;
    const setLine = lines
      .filter((l) => l.type === 'set' && l.itemNo === SET_SIMPLE && l.parentLineId === null)
      .at(-1);
    const children = lines.filter((l) => l.parentLineId === setLine?.lineId);
    expect(children).toEqual([expect.objectContaining({ itemNo: ITEM, amount: 10 })]);

    const foreign = await t.app.inject({
      method: 'POST',
      url,
      payload: {
        lines: [{ type: 'set', itemNo: SET_SIMPLE, amount: 1, childLines: [{ itemNo: ITEM2, amount: 1 }] }],
      },
      headers,
    });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json().code).toBe('error.onbekend_materieel');

    const noChildren = await t.app.inject({
      method: 'POST',
      url,
      payload: {
        lines: [{ type: 'set', itemNo: SET_SIMPLE, amount: 1, childLines: [{ itemNo: ITEM, amount: 0 }] }],
      },
      headers,
    });
    expect(noChildren.statusCode).toBe(422);
    expect(noChildren.json().code).toBe('error.set_leeg');

    await setSetting(t, 'Sets_AllowEdit', false);
    try {
      const refused = await t.app.inject({ method: 'POST', url, payload, headers });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().code).toBe('error.set_niet_wijzigbaar');
      const childLine = children[0];
      const edit = await t.app.inject({
        method: 'PUT',
        url: `${base(LOC2)}/${id}/orderlistlines/${childLine.lineId}`,
        payload: { amount: 3 },
        headers,
      });
      expect(edit.statusCode).toBe(422);
      const view = await t.app.inject({ url: `${base(LOC2)}/${id}`, headers });
      expect(view.json().lines.find((l: { lineId: string }) => l.lineId === childLine.lineId).editable).toBe(
        false,
      );
    } finally {
      await setSetting(t, 'Sets_AllowEdit', true);
    }
  });

  it('adds the components of a set as loose lines with Sets_UseAsQuickList', async () => {
    const headers = await t.auth(COLLEAGUE);
    const id = await defaultListId(t, COLLEAGUE, 'P-24004');
    await setSetting(t, 'Sets_UseAsQuickList', true);
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: `${base('P-24004')}/${id}/orderlistlines`,
        payload: { lines: [{ type: 'set', itemNo: SET_SIMPLE, amount: 2 }] },
        headers,
      });
      expect(r.statusCode).toBe(200);
      const lines = r.json().lines as Array<{
        type: string;
        parentLineId: string | null;
        itemNo: string;
        amount: number;
      }>;
      expect(lines.every((l) => l.type === 'item' && l.parentLineId === null)).toBe(true);
      expect(lines.find((l) => l.itemNo === ITEM)?.amount).toBe(58);
    } finally {
      await setSetting(t, 'Sets_UseAsQuickList', false);
    }
  });

  it('hides sets when MaterieelSets_ToonSets is off: adding one is refused', async () => {
    const id = await defaultListId(t, USER, LOC2);
    await setSetting(t, 'MaterieelSets_ToonSets', false);
    try {
      const r = await t.app.inject({
        method: 'POST',
        url: `${base(LOC2)}/${id}/orderlistlines`,
        payload: { lines: [{ type: 'set', itemNo: SET_SIMPLE, amount: 1 }] },
        headers: await t.auth(USER),
      });
      expect(r.statusCode).toBe(404);
    } finally {
      await setSetting(t, 'MaterieelSets_ToonSets', true);
    }
  });

  it('creates, renames and deletes named lists only with Bestellen_EnableMeerdereBestellijsten', async () => {
    const headers = await t.auth(USER);
    const off = await t.app.inject({ method: 'POST', url: base(LOC2), payload: { name: 'Fase 3' }, headers });
    expect(off.statusCode).toBe(422);
    expect(off.json().code).toBe('error.meerdere_bestellijsten_uit');
    const id = await defaultListId(t, USER, LOC2);
    const rename = await t.app.inject({
      method: 'PUT',
      url: `${base(LOC2)}/${id}`,
      payload: { name: 'Nieuw' },
      headers,
    });
    expect(rename.statusCode).toBe(422);
    const del = await t.app.inject({ method: 'DELETE', url: `${base(LOC2)}/${id}`, headers });
    expect(del.statusCode).toBe(422);

    await setSetting(t, 'Bestellen_EnableMeerdereBestellijsten', true);
    try {
      const created = await t.app.inject({
        method: 'POST',
        url: base(LOC2),
        payload: { name: 'Fase 3' },
        headers,
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({ name: 'Fase 3', isDefault: false, lineCount: 0 });
      const newId = created.json().id;
      const renamed = await t.app.inject({
        method: 'PUT',
        url: `${base(LOC2)}/${newId}`,
        payload: { name: 'Fase 3b' },
        headers,
      });
      expect(renamed.json().name).toBe('Fase 3b');
      const all = await t.app.inject({ url: base(LOC2), headers });
      expect(all.json()).toMatchObject({ multipleLists: true });
      expect(all.json().orderLists.map((l: { name: string }) => l.name)).toContain('Fase 3b');
      const empty = await t.app.inject({
        method: 'POST',
        url: base(LOC2),
        payload: { name: '   ' },
        headers,
      });
      expect(empty.statusCode).toBe(400);
      const removed = await t.app.inject({ method: 'DELETE', url: `${base(LOC2)}/${newId}`, headers });
      expect(removed.statusCode).toBe(204);
      expect((await listsInDb(t, USER, LOC2)).map((l) => l.id)).not.toContain(newId);
    } finally {
      await setSetting(t, 'Bestellen_EnableMeerdereBestellijsten', false);
    }
  });

  it('keeps the saved request draft per list (wizard reload) and refuses unknown draft fields', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const headers = await t.auth(USER);
    const url = `${base(LOC2)}/${id}/draft`;
    expect((await t.app.inject({ url, headers })).json()).toEqual({ draft: null, updatedAt: null });
    const draft = {
      deliveryDate: '2026-12-01',
      collect: false,
      addressCode: 'WA01',
      contactPerson: 'Jeroen',
      rush: true,
    };
    const put = await t.app.inject({ method: 'PUT', url, payload: draft, headers });
    expect(put.statusCode).toBe(200);
    expect(put.json().draft).toEqual(draft);
    expect((await t.app.inject({ url, headers })).json().draft).toEqual(draft);
    const summary = await t.app.inject({ url: base(LOC2), headers });
    expect(summary.json().orderLists[0].hasDraft).toBe(true);
    const bad = await t.app.inject({
      method: 'PUT',
      url,
      payload: { ...draft, deliveryDate: '2026-02-30', userId: 'x' },
      headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.deliveryDate.code).toBe('validation.datum_ongeldig');
    // the unknown field is reported by the platform's validation mapping (as 'body' with validation.onbekend_veld)
    expect(JSON.stringify(bad.json().details.fields)).toContain('validation.onbekend_veld');
    const del = await t.app.inject({ method: 'DELETE', url, headers });
    expect(del.statusCode).toBe(204);
    expect((await t.app.inject({ url, headers })).json().draft).toBeNull();
  });

  it("answers 404 for another location's list and for another user's list, and changes nothing", async () => {
    const headers = await t.auth(USER);
    const foreignId = await defaultListId(t, EXTERNAL, FOREIGN_LOC);
    const before = await linesInDb(t, foreignId);
    const reads = [
      await t.app.inject({ url: base(FOREIGN_LOC), headers }),
      await t.app.inject({ url: `${base(FOREIGN_LOC)}/${foreignId}`, headers }),
      await t.app.inject({ url: `${base(LOC)}/${foreignId}`, headers }),
    ];
    for (const r of reads) expect(r.statusCode).toBe(404);
    const writes = [
      await addItems(t, USER, FOREIGN_LOC, foreignId, [{ itemNo: ITEM, amount: 1 }]),
      await addItems(t, USER, LOC, foreignId, [{ itemNo: ITEM, amount: 1 }]),
      await t.app.inject({
        method: 'DELETE',
        url: `${base(FOREIGN_LOC)}/${foreignId}/orderlistlines`,
        headers,
      }),
      await t.app.inject({
        method: 'PUT',
        url: `${base(FOREIGN_LOC)}/${foreignId}/orderlistlines/${before[0].id}`,
        payload: { amount: 5 },
        headers,
      }),
      await t.app.inject({
        method: 'PUT',
        url: `${base(FOREIGN_LOC)}/${foreignId}/draft`,
        payload: {},
        headers,
      }),
    ];
    for (const r of writes) {
      expect(r.statusCode).toBe(404);
      expect(r.json().code).toMatch(/error\.(locatie_onbekend|niet_gevonden)/);
    }
    expect(await linesInDb(t, foreignId)).toEqual(before);
    expect(await listsInDb(t, USER, FOREIGN_LOC)).toHaveLength(0);
  });

  it('lets the administration role read but refuses every write with 403 error.alleen_lezen', async () => {
    const headers = await t.auth(READONLY);
    const list = await t.app.inject({ url: base(LOC), headers });
    expect(list.statusCode).toBe(200);
    const id = list.json().orderLists[0].id;
    expect((await t.app.inject({ url: `${base(LOC)}/${id}`, headers })).json().canSubmit).toBe(false);
    const lineId = '00000000-0000-4000-8000-000000000001';
    const writes = [
      await addItems(t, READONLY, LOC, id, [{ itemNo: ITEM, amount: 1 }]),
      await t.app.inject({ method: 'POST', url: base(LOC), payload: { name: 'x' }, headers }),
      await t.app.inject({ method: 'PUT', url: `${base(LOC)}/${id}`, payload: { name: 'x' }, headers }),
      await t.app.inject({ method: 'DELETE', url: `${base(LOC)}/${id}`, headers }),
      await t.app.inject({ method: 'DELETE', url: `${base(LOC)}/${id}/orderlistlines`, headers }),
      await t.app.inject({
        method: 'PUT',
        url: `${base(LOC)}/${id}/orderlistlines/${lineId}`,
        payload: { amount: 2 },
        headers,
      }),
      await t.app.inject({ method: 'DELETE', url: `${base(LOC)}/${id}/orderlistlines/${lineId}`, headers }),
      await t.app.inject({ method: 'PUT', url: `${base(LOC)}/${id}/draft`, payload: {}, headers }),
      await t.app.inject({ method: 'DELETE', url: `${base(LOC)}/${id}/draft`, headers }),
    ];
    for (const r of writes) {
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('error.alleen_lezen');
    }
    expect(await listsInDb(t, READONLY, LOC)).toHaveLength(0); // not even the default list was stored
  });

  it('answers 400 for a malformed list id', async () => {
    const r = await t.app.inject({ url: `${base(LOC2)}/not-a-guid`, headers: await t.auth(USER) });
    expect(r.statusCode).toBe(400);
  });
});

describe('order lists, legacy calls', () => {
  const legacy = async (action: string, payload: unknown, email = USER) =>
    t.app.inject({
      method: 'POST',
      url: `/api/BestelLijst/${action}`,
      payload: payload as object,
      headers: await t.auth(email),
    });

  it('serves GetBestelLijst with the Dutch DTOs of product §3', async () => {
    const r = await legacy('GetBestelLijst', { materieelLocatieNr: 'P-24004' });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      naam: expect.any(String),
      materieelLocatieNr: 'P-24004',
      savedAanvraagNummer: null,
      savedAanvraagDTO: null,
    });
    expect(body.orderlistId).toBe(body.id);
    expect(Array.isArray(body.items)).toBe(true);
  });

  it('adds items (AddAllBestelLijst), updates them with the draft (UpdateBestelLijst), removes them', async () => {
    const loc = 'P-24004';
    const add = await legacy('AddAllBestelLijst', {
      materieelLocatieNr: loc,
      items: [
        { materieelSoort: ITEM, aantal: 2 },
        { materieelSoort: ITEM2, aantal: 1, comment: 'graag snel' },
      ],
    });
    expect(add.statusCode).toBe(200);
    const items = add.json().items as Array<Record<string, unknown>>;
    const item = items.find((i) => i.materieelSoort === ITEM) as Record<string, unknown>;
    expect(item).toMatchObject({
      aantal: 2,
      type: 'Materieel',
      parentId: '00000000-0000-0000-0000-000000000000',
      bestellijstId: add.json().id,
      toonPrijs: false,
      verkoopPrijs: '0',
      huurPrijs: '0',
      huurPrijsWeek: '0',
    });
    expect(item).toHaveProperty('gewichtPerStuk');
    expect(item.guidId).toBe(item.lineId);

    const upd = await legacy('UpdateBestelLijst', {
      materieelLocatieNr: loc,
      bestellijstId: add.json().id,
      items: [{ guidId: item.guidId, aantal: 6 }],
      savedAanvraagDTO: {
        deliveryDate: '2026-12-02T00:00:00.000Z',
        spoed: true,
        contactperson: 'Jeroen',
        werkadres: 'WA01',
      },
    });
    expect(upd.statusCode).toBe(200);
    expect(upd.json().items.find((i: Record<string, unknown>) => i.guidId === item.guidId).aantal).toBe(6);
    expect(upd.json().savedAanvraagDTO).toMatchObject({
      deliveryDate: '2026-12-02',
      spoed: true,
      contactperson: 'Jeroen',
      werkadres: 'WA01',
    });

    const zero = await legacy('UpdateBestelLijst', {
      materieelLocatieNr: loc,
      items: [{ guidId: item.guidId, aantal: 0 }],
    });
    expect(zero.statusCode).toBe(400);

    const status = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/CheckServerSideBestellijstStatus',
      payload: { materieelLocatieNr: loc },
      headers: await t.auth(USER),
    });
    expect(status.json()).toMatchObject({ status: 'open', kanVerwerken: true, aantalRegels: 2 });

    const rm = await legacy('RemoveBestelLijst', { materieelLocatieNr: loc, guidId: item.guidId });
    expect(rm.json().items.some((i: Record<string, unknown>) => i.guidId === item.guidId)).toBe(false);
    const all = await legacy('RemoveAllBestelLijst', { materieelLocatieNr: loc });
    expect(all.json().items).toEqual([]);
  });

  it('adds a set by its definition (AddBestelLijstMainSet) and with chosen amounts (AddBestellijstSet)', async () => {
    const loc = 'P-24004';
    const main = await legacy('AddBestelLijstMainSet', {
      materieelLocatieNr: loc,
      materieelSoort: SET_SIMPLE,
      aantal: 1,
    });
    expect(main.statusCode).toBe(200);
    const setItem = main.json().items.find((i: Record<string, unknown>) => i.type === 'Set');
    expect(setItem).toMatchObject({ materieelSoort: SET_SIMPLE, childLinesIncluded: true });
    const edited = await legacy('AddBestellijstSet', {
      materieelLocatieNr: loc,
      materieelSoort: SET_SIMPLE,
      aantal: 1,
      items: [{ materieelSoort: ITEM, aantal: 5 }],
    });
    expect(edited.statusCode).toBe(200);
    const sets = edited.json().items.filter((i: Record<string, unknown>) => i.type === 'Set');
    expect(sets).toHaveLength(2);
    const children = edited
      .json()
      .items.filter((i: Record<string, unknown>) => i.parentId === sets[1].guidId);
    expect(children).toEqual([expect.objectContaining({ materieelSoort: ITEM, aantal: 5 })]);
  });

  it('lists (GetBestelLijsten), creates (AddNewBestellijst) and renames (RenameBestellijst) with several lists on', async () => {
    await setSetting(t, 'Bestellen_EnableMeerdereBestellijsten', true);
    try {
      const created = await legacy('AddNewBestellijst', { materieelLocatieNr: 'P-24004', naam: 'Extra' });
      expect(created.statusCode).toBe(200);
      const renamed = await legacy('RenameBestellijst', {
        materieelLocatieNr: 'P-24004',
        bestellijstId: created.json().id,
        naam: 'Extra 2',
      });
      expect(renamed.json().naam).toBe('Extra 2');
      const lists = await legacy('GetBestelLijsten', { materieelLocatieNr: 'P-24004' });
      expect(lists.json().meerdereBestellijsten).toBe(true);
      expect(lists.json().lijsten.map((l: { naam: string }) => l.naam)).toContain('Extra 2');
    } finally {
      await setSetting(t, 'Bestellen_EnableMeerdereBestellijsten', false);
    }
  });

  it('answers 404 for a foreign location in the legacy calls too', async () => {
    const r = await legacy('AddAllBestelLijst', {
      materieelLocatieNr: FOREIGN_LOC,
      items: [{ materieelSoort: ITEM, aantal: 1 }],
    });
    expect(r.statusCode).toBe(404);
    expect(await listsInDb(t, USER, FOREIGN_LOC)).toHaveLength(0);
  });
});

describe('the items of an add (kept by the process, docs/decisions/0011)', () => {
  const descriptionOf = async (itemNo: string) => {
    const id = await defaultListId(t, COLLEAGUE, LOC);
    const r = await addItems(t, COLLEAGUE, LOC, id, [{ itemNo, amount: 1 }]);
    expect(r.statusCode).toBe(200);
    return (r.json().lines as { itemNo: string; description: string }[]).find((l) => l.itemNo === itemNo)
      ?.description;
  };
  const describeItem = (text: string) =>
    t.database.db.execute(sql`update item_translations set description = ${text}
      where locale = 'nl-NL' and item_id = (select id from items where item_no = ${ITEM2})`);

  it('shows a catalogue change: at once after this process wrote it, within seconds after another one did', async () => {
    const before = await descriptionOf(ITEM2);
    expect(before).toBeTruthy();
    try {
      // another process (nothing here told the caches): the catalogue revision shows it within about a second
      await describeItem('Steigerkoppeling, nieuwe tekst');
      const until = Date.now() + 10_000;
      let seen = await descriptionOf(ITEM2);
      while (seen !== 'Steigerkoppeling, nieuwe tekst' && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        seen = await descriptionOf(ITEM2);
      }
      expect(seen).toBe('Steigerkoppeling, nieuwe tekst');
      // a writer in this process: the next add reads it
      await describeItem('Steigerkoppeling, derde tekst');
      invalidateCatalogueCaches(t.database.db);
      expect(await descriptionOf(ITEM2)).toBe('Steigerkoppeling, derde tekst');
    } finally {
      await describeItem(before as string);
      invalidateCatalogueCaches(t.database.db);
    }
  });

  it('refuses an unknown number until the item exists, and a blocked item once it is blocked', async () => {
    const id = await defaultListId(t, COLLEAGUE, LOC);
    const add = (itemNo: string) => addItems(t, COLLEAGUE, LOC, id, [{ itemNo, amount: 1 }]);
    expect((await add('ZZ-8001')).statusCode).toBe(422);
    await t.database.db.execute(
      sql`insert into items (item_no, category_id) select 'ZZ-8001', id from categories limit 1`,
    );
    invalidateCatalogueCaches(t.database.db);
    expect((await add('ZZ-8001')).statusCode).toBe(200);
    await t.database.db.execute(sql`update items set blocked = true where item_no = 'ZZ-8001'`);
    invalidateCatalogueCaches(t.database.db);
    expect((await add('ZZ-8001')).statusCode).toBe(422);
  });
});
