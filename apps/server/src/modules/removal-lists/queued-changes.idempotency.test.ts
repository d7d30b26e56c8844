import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  COLLEAGUE,
  defaultListId,
  FOREIGN_LOC,
  ITEM,
  ITEM2,
  LOC,
  LOC2,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';
import { type Line, lineUrl, listUrl, removalListApi, type StockLine } from './removal-lists.test-support.ts';

// Issue #36 point 4b: the changes the phone queues offline (a scan, a removal-list edit, an add to the order list)
// carry an Idempotency-Key fixed when queued; sent twice (the answer was lost), each takes effect once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t, 'Materieelvoorraad_ScannenEnabled', true);
});
afterAll(async () => {
  await t?.close();
});

const { call, empty, linesOf: removalLines, stock } = removalListApi(() => t);

let bulk: StockLine;
let plant: StockLine;

beforeEach(async () => {
  for (const email of [USER, COLLEAGUE]) await empty(email);
  const items = await stock();
  bulk = items.find((l) => !l.plantNo && l.availableForRemoval > 3) as StockLine;
  plant = items.find((l) => l.plantNo && l.availableForRemoval === 1) as StockLine;
});

describe('removal list: a queued change sent twice takes effect once', () => {
  it('POST RemovalLists/{loc}: a repeat after the line was taken off does not put it back (replayed)', async () => {
    const key = randomUUID();
    const body = { lines: [{ itemNo: bulk.itemNo, amount: 2 }] };
    const first = await call('POST', listUrl(), body, { key });
    expect(first.statusCode).toBe(200);
    const line = (first.json().lines as Line[]).find((l) => l.itemNo === bulk.itemNo) as Line;
    await call('DELETE', lineUrl(line.lineId));
    const again = await call('POST', listUrl(), body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // the answer is the list as it is now: the line stays off
    expect(again.json().lines).toEqual([]);
    expect(await removalLines()).toEqual([]);
  });

  it('POST RemovalLists/scanned-plants: the plant onto the list of the location it stands on; a repeat once', async () => {
    const key = randomUUID();
    const first = await call(
      'POST',
      '/api/v2.0/RemovalLists/scanned-plants',
      { code: plant.plantNo },
      { key },
    );
    expect(first.statusCode).toBe(200);
    expect(first.json().locationNo).toBe(LOC2);
    const line = (first.json().lines as Line[]).find((l) => l.plantNo === plant.plantNo) as Line;
    expect(line.returnAmount).toBe(1);
    await call('DELETE', lineUrl(line.lineId));
    const again = await call(
      'POST',
      '/api/v2.0/RemovalLists/scanned-plants',
      { code: plant.plantNo },
      { key },
    );
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toMatchObject({ locationNo: LOC2, lines: [] });
  });

  it('POST RemovalLists/scanned-plants: a plant on none of the caller’s locations is refused, nothing kept', async () => {
    const key = randomUUID();
    const r = await call('POST', '/api/v2.0/RemovalLists/scanned-plants', { code: 'NO-SUCH-PLANT' }, { key });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('Materieelvoorraad.scan_niet_gevonden');
    // refused: the key was not kept, the same change may be sent again (and is refused again)
    const again = await call(
      'POST',
      '/api/v2.0/RemovalLists/scanned-plants',
      { code: 'NO-SUCH-PLANT' },
      { key },
    );
    expect(again.statusCode).toBe(404);
  });

  it('POST RemovalLists/scanned-plants: the read-only role on the plant’s location is refused (403)', async () => {
    const onLoc = await stock(LOC, READONLY);
    const readOnlyPlant = onLoc.find((l) => l.plantNo) as StockLine;
    const r = await call(
      'POST',
      '/api/v2.0/RemovalLists/scanned-plants',
      { code: readOnlyPlant.plantNo },
      { key: randomUUID(), email: READONLY },
    );
    expect(r.statusCode).toBe(403);
    expect(r.json().code).toBe('error.alleen_lezen');
  });

  it('DELETE a line twice with one key: both answer 200, the second replayed (without a key: 404)', async () => {
    const put = await call('POST', listUrl(), { lines: [{ itemNo: bulk.itemNo, amount: 1 }] });
    const lineId = (put.json().lines as Line[])[0].lineId;
    const key = randomUUID();
    expect((await call('DELETE', lineUrl(lineId), undefined, { key })).statusCode).toBe(200);
    const again = await call('DELETE', lineUrl(lineId), undefined, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await call('DELETE', lineUrl(lineId))).statusCode).toBe(404);
  });

  it('PATCH a line: a repeat after a later change does not undo that change', async () => {
    const put = await call('POST', listUrl(), { lines: [{ itemNo: bulk.itemNo, amount: 1 }] });
    const lineId = (put.json().lines as Line[])[0].lineId;
    const key = randomUUID();
    expect((await call('PATCH', lineUrl(lineId), { amount: 2 }, { key })).statusCode).toBe(200);
    expect((await call('PATCH', lineUrl(lineId), { amount: 3 })).statusCode).toBe(200);
    const again = await call('PATCH', lineUrl(lineId), { amount: 2 }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json().lines[0].returnAmount).toBe(3);
  });

  it('the same key with another body: 422 error.idempotency_conflict, nothing changed', async () => {
    const key = randomUUID();
    expect(
      (await call('POST', listUrl(), { lines: [{ itemNo: bulk.itemNo, amount: 1 }] }, { key })).statusCode,
    ).toBe(200);
    const other = await call('POST', listUrl(), { lines: [{ itemNo: bulk.itemNo, amount: 3 }] }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('error.idempotency_conflict');
    expect((await removalLines())[0].returnAmount).toBe(1);
  });

  it('keys are per user: a colleague with the same key makes his own change', async () => {
    const key = randomUUID();
    const body = { lines: [{ itemNo: bulk.itemNo, amount: 1 }] };
    expect((await call('POST', listUrl(), body, { key })).statusCode).toBe(200);
    const his = await call('POST', listUrl(), body, { key, email: COLLEAGUE });
    expect(his.statusCode).toBe(200);
    expect(his.headers['idempotent-replayed']).toBeUndefined();
    expect(await removalLines(COLLEAGUE)).toHaveLength(1);
  });

  it('access is still checked: a foreign location answers 404 with a key, and a repeat too', async () => {
    const key = randomUUID();
    const body = { lines: [{ itemNo: bulk.itemNo, amount: 1 }] };
    const r = await call('POST', listUrl(FOREIGN_LOC), body, { key });
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('error.locatie_onbekend');
    expect((await call('POST', listUrl(FOREIGN_LOC), body, { key })).statusCode).toBe(404);
  });

  it('a malformed key is refused before anything changes', async () => {
    const r = await call('POST', listUrl(), { lines: [{ itemNo: bulk.itemNo, amount: 1 }] }, { key: 'a b' });
    expect(r.statusCode).toBe(400);
    expect(await removalLines()).toEqual([]);
  });
});

describe('order list: a queued add sent twice adds once', () => {
  const linesUrl = (listId: string, loc = LOC) => `/api/v2.0/OrderLists/${loc}/${listId}/orderlistlines`;
  type OrderLine = { lineId: string; parentLineId: string | null; itemNo: string; amount: number };
  const amountOf = (list: { lines: OrderLine[] }, itemNo: string) =>
    list.lines.find((l) => l.itemNo === itemNo && l.parentLineId === null)?.amount ?? 0;

  it('POST orderlistlines with one key twice: the amount is added once, the repeat replayed', async () => {
    const listId = await defaultListId(t, USER, LOC);
    const before = amountOf((await call('GET', `/api/v2.0/OrderLists/${LOC}/${listId}`)).json(), ITEM);
    const key = randomUUID();
    const body = { lines: [{ type: 'item', itemNo: ITEM, amount: 2 }] };
    const first = await call('POST', linesUrl(listId), body, { key });
    expect(first.statusCode).toBe(200);
    expect(amountOf(first.json(), ITEM)).toBe(before + 2);
    const again = await call('POST', linesUrl(listId), body, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(amountOf(again.json(), ITEM)).toBe(before + 2);
    // without a key (online) every add adds, as before
    const online = await call('POST', linesUrl(listId), body);
    expect(amountOf(online.json(), ITEM)).toBe(before + 4);
  });

  it('the same key with another body, or on another list: 422 error.idempotency_conflict', async () => {
    const listId = await defaultListId(t, USER, LOC);
    const key = randomUUID();
    await call('POST', linesUrl(listId), { lines: [{ type: 'item', itemNo: ITEM2, amount: 1 }] }, { key });
    const other = await call(
      'POST',
      linesUrl(listId),
      { lines: [{ type: 'item', itemNo: ITEM2, amount: 5 }] },
      { key },
    );
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe('error.idempotency_conflict');
    const list2 = await defaultListId(t, USER, LOC2);
    const elsewhere = await call(
      'POST',
      linesUrl(list2, LOC2),
      { lines: [{ type: 'item', itemNo: ITEM2, amount: 1 }] },
      { key },
    );
    expect(elsewhere.statusCode).toBe(422);
  });

  it('PUT the list (the autosave of amounts) and DELETE a line: repeats replayed, once', async () => {
    const listId = await defaultListId(t, USER, LOC);
    const added = await call('POST', linesUrl(listId), {
      lines: [{ type: 'item', itemNo: ITEM2, amount: 1 }],
    });
    const line = (added.json().lines as OrderLine[]).find(
      (l) => l.itemNo === ITEM2 && l.parentLineId === null,
    ) as OrderLine;
    const lineId = line.lineId;
    const key = randomUUID();
    const put = { lines: [{ lineId, amount: 7 }] };
    expect((await call('PUT', `/api/v2.0/OrderLists/${LOC}/${listId}`, put, { key })).statusCode).toBe(200);
    const again = await call('PUT', `/api/v2.0/OrderLists/${LOC}/${listId}`, put, { key });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(amountOf(again.json(), ITEM2)).toBe(7);
    const delKey = randomUUID();
    expect(
      (await call('DELETE', `${linesUrl(listId)}/${lineId}`, undefined, { key: delKey })).statusCode,
    ).toBe(200);
    const delAgain = await call('DELETE', `${linesUrl(listId)}/${lineId}`, undefined, { key: delKey });
    expect(delAgain.statusCode).toBe(200);
    expect(amountOf(delAgain.json(), ITEM2)).toBe(0);
  });

  it('DELETE orderlistlines (clear the list) with one key twice: emptied once, a later add survives the repeat', async () => {
    const listId = await defaultListId(t, USER, LOC);
    await call('POST', linesUrl(listId), { lines: [{ type: 'item', itemNo: ITEM, amount: 1 }] });
    const key = randomUUID();
    const first = await call('DELETE', linesUrl(listId), undefined, { key });
    expect(first.statusCode).toBe(200);
    expect(first.json().lines).toEqual([]);
    // the phone lost the answer; meanwhile something was added (another tab, or the next queued change)
    await call('POST', linesUrl(listId), { lines: [{ type: 'item', itemNo: ITEM2, amount: 3 }] });
    const again = await call('DELETE', linesUrl(listId), undefined, { key });
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(amountOf(again.json(), ITEM2)).toBe(3);
    // the same key on another list is a conflict, not a second clear
    const list2 = await defaultListId(t, USER, LOC2);
    expect((await call('DELETE', linesUrl(list2, LOC2), undefined, { key })).statusCode).toBe(422);
  });

  it('another user’s list is refused with a key as without one', async () => {
    const listId = await defaultListId(t, USER, LOC);
    const r = await call(
      'POST',
      linesUrl(listId),
      { lines: [{ type: 'item', itemNo: ITEM, amount: 1 }] },
      {
        key: randomUUID(),
        email: COLLEAGUE,
      },
    );
    expect(r.statusCode).toBe(404);
  });
});
