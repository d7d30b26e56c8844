import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  COLLEAGUE,
  FOREIGN_LOC,
  LOC,
  LOC2,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';
import { type Line, lineUrl, listUrl, removalListApi, type StockLine } from './removal-lists.test-support.ts';

// Issue #11 part 1: the removal list page's edits — PATCH and DELETE of a line, and the legacy
// UpdateAfvoerlijstItems / DeleteAfvoerlijstItem(s).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const { call: request, empty, stock } = removalListApi(() => t);
const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, body?: unknown, email = USER) =>
  request(method, url, body, { email });

let bulk: StockLine;
let plant: StockLine;
let lines: Line[];

beforeEach(async () => {
  // Start every test from an empty list with one bulk line (amount 1) and one plant.
  await empty();
  const items = await stock();
  bulk = items.find((l) => !l.plantNo && l.availableForRemoval > 2) as StockLine;
  plant = items.find((l) => l.plantNo && l.availableForRemoval === 1) as StockLine;
  const put = await call('POST', listUrl(), {
    lines: [
      { itemNo: bulk.itemNo, amount: 1 },
      { itemNo: plant.itemNo, plantNo: plant.plantNo, amount: 1 },
    ],
  });
  expect(put.statusCode).toBe(200);
  lines = put.json().lines;
});

const bulkLine = () => lines.find((l) => l.itemNo === bulk.itemNo && !l.plantNo) as Line;

describe('PATCH RemovalLists/{plantLocation}/lines/{lineId}', () => {
  it('sets the amount and the comment; null clears the comment; the list answers', async () => {
    const r = await call('PATCH', lineUrl(bulkLine().lineId), { amount: 2, comment: 'bij de poort' });
    expect(r.statusCode).toBe(200);
    expect(r.json().lines.find((l: Line) => l.lineId === bulkLine().lineId)).toMatchObject({
      returnAmount: 2,
      comment: 'bij de poort',
    });
    const comment = await call('PATCH', lineUrl(bulkLine().lineId), { comment: null });
    expect(comment.json().lines.find((l: Line) => l.lineId === bulkLine().lineId)).toMatchObject({
      returnAmount: 2,
      comment: null,
    });
  });

  it('an amount above what is available is refused naming the line, and nothing changes', async () => {
    const r = await call('PATCH', lineUrl(bulkLine().lineId), { amount: bulk.quantity + 1 });
    expect(r.statusCode).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'error.onvoldoende_voorraad',
      details: {
        lines: [{ lineId: bulkLine().lineId, itemNo: bulk.itemNo, available: bulk.availableForRemoval }],
      },
    });
    const after = (await call('GET', listUrl()))
      .json()
      .lines.find((l: Line) => l.lineId === bulkLine().lineId);
    expect(after.returnAmount).toBe(1);
    // the whole stock is allowed (boundary)
    expect(
      (await call('PATCH', lineUrl(bulkLine().lineId), { amount: bulk.availableForRemoval })).statusCode,
    ).toBe(200);
  });

  it('what a colleague listed counts when Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers', async () => {
    const theirs = await call('POST', listUrl(), { lines: [{ itemNo: bulk.itemNo, amount: 2 }] }, COLLEAGUE);
    expect(theirs.statusCode).toBe(200);
    try {
      const free = bulk.availableForRemoval - 2;
      expect((await call('PATCH', lineUrl(bulkLine().lineId), { amount: free + 1 })).statusCode).toBe(422);
      expect((await call('PATCH', lineUrl(bulkLine().lineId), { amount: free })).statusCode).toBe(200);
    } finally {
      const line = theirs.json().lines.find((l: Line) => l.itemNo === bulk.itemNo && !l.plantNo);
      await call('DELETE', lineUrl(line.lineId), undefined, COLLEAGUE);
    }
  });

  it('bad input 400 naming the field; nothing to change 400; an unknown or another user’s line 404', async () => {
    const zero = await call('PATCH', lineUrl(bulkLine().lineId), { amount: 0 });
    expect(zero.statusCode).toBe(400);
    expect(JSON.stringify(zero.json().details)).toContain('amount');
    expect((await call('PATCH', lineUrl(bulkLine().lineId), {})).statusCode).toBe(400);
    expect((await call('PATCH', lineUrl(bulkLine().lineId), { amount: 1, extra: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', lineUrl('not-a-guid'), { amount: 1 })).statusCode).toBe(400);
    expect((await call('PATCH', lineUrl(EMPTY_GUID), { amount: 1 })).statusCode).toBe(404);
    // the colleague is a member of the location, but the line is not on their list
    expect((await call('PATCH', lineUrl(bulkLine().lineId), { amount: 1 }, COLLEAGUE)).statusCode).toBe(404);
  });

  it('a foreign location 404; the read-only role 403; Materieelvoorraad_NietMeerAfvoeren refuses amounts', async () => {
    expect((await call('PATCH', lineUrl(bulkLine().lineId, FOREIGN_LOC), { amount: 1 })).statusCode).toBe(
      404,
    );
    // the read-only role is refused on its own location before any line is looked at
    const readOnly = await call('PATCH', lineUrl(bulkLine().lineId, LOC), { amount: 1 }, READONLY);
    expect(readOnly.statusCode).toBe(403);
    expect(readOnly.json().code).toBe('error.alleen_lezen');
    await setSetting(t, 'Materieelvoorraad_NietMeerAfvoeren', true);
    try {
      const r = await call('PATCH', lineUrl(bulkLine().lineId), { amount: 2 });
      expect(r.statusCode).toBe(422);
      expect(r.json().code).toBe('Materieelvoorraad.alleen_inzage');
      expect((await call('PATCH', lineUrl(bulkLine().lineId), { comment: 'ok' })).statusCode).toBe(200);
    } finally {
      await setSetting(t, 'Materieelvoorraad_NietMeerAfvoeren', false);
    }
  });
});

describe('GET RemovalLists/{plantLocation}', () => {
  it('answers a plant line with its next inspection (the relocation wizard warns with it) and a bulk line without', async () => {
    const [due] = (
      await t.database.db.execute(sql`select i.next_due_date::text as due from inspections i
        join plants p on p.id = i.plant_id where p.plant_no = ${plant.plantNo}
        order by i.inspected_on desc, i.created_at desc limit 1`)
    ).rows as { due: string }[];
    const got = (await call('GET', listUrl())).json().lines as Array<
      Line & { nextInspection: string | null }
    >;
    expect(got.find((l) => l.plantNo === plant.plantNo)?.nextInspection).toBe(due?.due ?? null);
    expect(got.find((l) => !l.plantNo)?.nextInspection).toBeNull();
  });
});

describe('DELETE RemovalLists/{plantLocation}/lines/{lineId}', () => {
  it('takes the line off; again 404; the count follows', async () => {
    const r = await call('DELETE', lineUrl(bulkLine().lineId));
    expect(r.statusCode).toBe(200);
    expect(r.json().count).toBe(1);
    expect((await call('DELETE', lineUrl(bulkLine().lineId))).statusCode).toBe(404);
  });

  it('another user cannot delete it; the read-only role 403; a foreign location 404', async () => {
    expect((await call('DELETE', lineUrl(bulkLine().lineId), undefined, COLLEAGUE)).statusCode).toBe(404);
    expect((await call('DELETE', lineUrl(bulkLine().lineId, LOC), undefined, READONLY)).statusCode).toBe(403);
    expect((await call('DELETE', lineUrl(bulkLine().lineId, FOREIGN_LOC))).statusCode).toBe(404);
    expect((await call('GET', listUrl())).json().count).toBe(2);
  });
});

describe('legacy Afvoerlijst/UpdateAfvoerlijstItems, DeleteAfvoerlijstItem(s)', () => {
  it('updates amounts and comments, deletes one and several', async () => {
    const update = await call('POST', '/api/Afvoerlijst/UpdateAfvoerlijstItems', {
      materieelLocatieNr: LOC2,
      afvoerlijstItems: [{ id: bulkLine().lineId, retourAantal: 2, opmerking: 'achterom' }],
    });
    expect(update.statusCode).toBe(200);
    expect(
      update.json().afvoerlijstItems.find((i: { id: string }) => i.id === bulkLine().lineId),
    ).toMatchObject({
      retourAantal: 2,
      opmerking: 'achterom',
    });
    const tooMuch = await call('POST', '/api/Afvoerlijst/UpdateAfvoerlijstItems', {
      materieelLocatieNr: LOC2,
      afvoerlijstItems: [{ id: bulkLine().lineId, retourAantal: bulk.quantity + 1 }],
    });
    expect(tooMuch.statusCode).toBe(422);
    const one = await call('POST', '/api/Afvoerlijst/DeleteAfvoerlijstItem', {
      materieelLocatieNr: LOC2,
      id: bulkLine().lineId,
    });
    expect(one.json().afvoerlijstItems).toHaveLength(1);
    const rest = await call('POST', '/api/Afvoerlijst/DeleteAfvoerlijstItems', {
      materieelLocatieNr: LOC2,
      ids: lines.map((l) => l.lineId),
    });
    expect(rest.statusCode).toBe(200);
    expect(rest.json().afvoerlijstItems).toEqual([]);
  });
});

describe('the project variant (GET RemovalLists/project, legacy GetAfvoerlijstProject / UpdateAfvoerlijstProjectItems)', () => {
  const OTHER = 'P-24003';
  async function shareProject(on: boolean) {
    // P-24003 joins (or leaves) the project of P-24002 for this test
    await t.database.db.execute(
      on
        ? sql`update plant_locations set project_number = (select project_number from plant_locations where location_no = ${LOC2}) where location_no = ${OTHER}`
        : sql`update plant_locations set project_number = 'VD-2024-140' where location_no = ${OTHER}`,
    );
  }

  it('needs ProjectOverzichten_TonenEnGebruiken; then lists the project’s lists with lines; edits all or nothing', async () => {
    expect((await call('GET', `/api/v2.0/RemovalLists/project/${LOC2}`)).statusCode).toBe(403);
    await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', true);
    await shareProject(true);
    try {
      const other = (await stock(OTHER)).find((l) => !l.plantNo && l.availableForRemoval > 1) as StockLine;
      expect(
        (await call('POST', listUrl(OTHER), { lines: [{ itemNo: other.itemNo, amount: 1 }] })).statusCode,
      ).toBe(200);
      const r = await call('GET', `/api/v2.0/RemovalLists/project/${LOC2}`);
      expect(r.statusCode, r.body).toBe(200);
      expect(r.json().lists.map((l: { locationNo: string }) => l.locationNo)).toEqual([LOC2, OTHER]);
      const otherLine = r.json().lists[1].lines[0] as Line;
      const bulkLine = lines.find((l) => !l.plantNo) as Line;

      const legacy = await call('POST', '/api/Afvoerlijst/GetAfvoerlijstProject', {
        materieelLocatieNr: LOC2,
      });
      expect(
        legacy.json().afvoerlijstItems.map((i: { materieelLocatie: string }) => i.materieelLocatie),
      ).toContain(OTHER);

      // one good and one impossible amount: nothing changes
      const bad = await call('POST', '/api/Afvoerlijst/UpdateAfvoerlijstProjectItems', {
        materieelLocatieNr: LOC2,
        afvoerlijstItems: [
          { id: bulkLine.lineId, retourAantal: 2 },
          { id: otherLine.lineId, retourAantal: 9999 },
        ],
      });
      expect(bad.statusCode).toBe(422);
      const amountOf = async () =>
        ((await call('GET', listUrl())).json().lines as Line[]).find((l) => l.lineId === bulkLine.lineId)
          ?.returnAmount;
      expect(await amountOf()).toBe(1);
      const ok = await call('POST', '/api/Afvoerlijst/UpdateAfvoerlijstProjectItems', {
        materieelLocatieNr: LOC2,
        afvoerlijstItems: [
          { id: bulkLine.lineId, retourAantal: 2 },
          { id: otherLine.lineId, opmerking: 'Achter de keet' },
        ],
      });
      expect(ok.statusCode, ok.body).toBe(200);
      expect(await amountOf()).toBe(2);
      expect((await call('GET', listUrl(OTHER))).json().lines[0].comment).toBe('Achter de keet');
      // a colleague's line is not the caller's
      const theirs = await call(
        'POST',
        '/api/Afvoerlijst/UpdateAfvoerlijstProjectItems',
        { materieelLocatieNr: LOC2, afvoerlijstItems: [{ id: bulkLine.lineId, retourAantal: 1 }] },
        COLLEAGUE,
      );
      expect(theirs.statusCode).toBe(404);
      await call('DELETE', lineUrl(otherLine.lineId, OTHER));
    } finally {
      await shareProject(false);
      await setSetting(t, 'ProjectOverzichten_TonenEnGebruiken', false);
    }
    expect((await call('GET', `/api/v2.0/RemovalLists/project/${FOREIGN_LOC}`)).statusCode).toBe(403);
  });
});
