import { randomUUID } from 'node:crypto';
import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import { plantRequests, requestLines } from '../db/schema/index.ts';
import {
  BLOCKED_LOC,
  FOREIGN_LOC,
  LOC,
  LOC2,
  READONLY,
  setSetting,
  USER,
} from '../modules/order-lists/ordering.test-support.ts';

// Issue #11 part 3 and 6: the relocation made of the removal list (POST PlantRequests/othertransfers, kind
// relocation) and its rules on the server.

let t: TestApp;
// Monday 23 November 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-11-23T08:00:00Z');
const TARGET = 'P-24003';

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => t.setNow(NOW));

type StockLine = { itemNo: string; plantNo: string | null; availableForRemoval: number };

const form = (over: Record<string, unknown> = {}) => ({
  kind: 'relocation',
  plantLocation: LOC2,
  targetLocation: TARGET,
  moveDate: '2026-11-23',
  expectedReturnDate: '2026-12-18',
  street: 'Stationsweg 4',
  postcode: '3511 AB',
  city: 'Utrecht',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
  ...over,
});

async function call(method: 'GET' | 'POST' | 'DELETE', url: string, body?: unknown, email = USER) {
  return t.app.inject({ method, url, payload: body as object, headers: await t.auth(email) });
}

async function submit(body: unknown, key: string | null = randomUUID(), email = USER) {
  const headers: Record<string, string> = { ...(await t.auth(email)) };
  if (key !== null) headers['idempotency-key'] = key;
  return t.app.inject({
    method: 'POST',
    url: '/api/v2.0/PlantRequests/othertransfers',
    payload: body as object,
    headers,
  });
}

async function fillList() {
  for (const l of (await call('GET', `/api/v2.0/RemovalLists/${LOC2}`)).json().lines as { lineId: string }[])
    await call('DELETE', `/api/v2.0/RemovalLists/${LOC2}/lines/${l.lineId}`);
  const items: StockLine[] = (
    await call('GET', `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC2}&pageSize=250`)
  ).json().items;
  const bulk = items.find((l) => !l.plantNo && l.availableForRemoval > 2) as StockLine;
  const r = await call('POST', `/api/v2.0/RemovalLists/${LOC2}`, {
    lines: [{ itemNo: bulk.itemNo, amount: 2 }],
  });
  expect(r.statusCode).toBe(200);
  return bulk;
}

async function requestCount(): Promise<number> {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(plantRequests);
  return r?.n ?? 0;
}

describe('POST PlantRequests/othertransfers (relocation)', () => {
  it('makes a relocation to another location of the caller; the list is emptied; the lines leave the source', async () => {
    const bulk = await fillList();
    const r = await submit(form());
    expect(r.statusCode, r.body).toBe(201);
    expect(r.json()).toMatchObject({
      kind: 'relocation',
      status: 'submitted',
      locationNo: LOC2,
      lineCount: 1,
    });
    const [stored] = await t.database.db
      .select()
      .from(plantRequests)
      .where(eq(plantRequests.id, r.json().id));
    expect(stored).toMatchObject({
      requestedDate: '2026-11-23',
      expectedReturnDate: '2026-12-18',
      destinationKind: 'other_address',
      street: 'Stationsweg 4',
    });
    expect(stored?.targetLocationId).not.toBeNull();
    const lines = await t.database.db
      .select()
      .from(requestLines)
      .where(eq(requestLines.requestId, r.json().id));
    expect(lines.map((l) => l.amount)).toEqual([2]);
    expect((await call('GET', `/api/v2.0/RemovalLists/${LOC2}`)).json().count).toBe(0);
    // what the relocation takes shows as leaving on the source's stock
    const after: Array<StockLine & { leaving: number }> = (
      await call('GET', `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${LOC2}&pageSize=250`)
    ).json().items;
    expect(after.find((l) => l.itemNo === bulk.itemNo && !l.plantNo)?.leaving).toBeGreaterThanOrEqual(2);
  });

  it('the target: not a foreign one (404), not a blocked one, the same one only with the setting', async () => {
    await fillList();
    const before = await requestCount();
    expect((await submit(form({ targetLocation: FOREIGN_LOC }))).statusCode).toBe(404);
    const blocked = await submit(form({ targetLocation: BLOCKED_LOC }));
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().details.fields).toHaveProperty('targetLocation');
    const same = await submit(form({ targetLocation: LOC2 }));
    expect(same.statusCode).toBe(422);
    expect(same.json().details.fields.targetLocation.code).toBe('validation.zelfde_locatie');
    expect(await requestCount()).toBe(before);
    await setSetting(t, 'Verplaatsen_EnableVerplaastenNaarEigenLocatie', true);
    try {
      expect((await submit(form({ targetLocation: LOC2 }))).statusCode).toBe(201);
    } finally {
      await setSetting(t, 'Verplaatsen_EnableVerplaastenNaarEigenLocatie', false);
    }
  });

  it('the dates: days in the past per setting, the return never before the move, required with the setting', async () => {
    await fillList();
    const past = await submit(form({ moveDate: '2026-11-22' }));
    expect(past.statusCode).toBe(422);
    expect(past.json().details.fields.moveDate.code).toBe('validation.datum_in_verleden');
    const early = await submit(form({ expectedReturnDate: '2026-11-20' }));
    expect(early.json().details.fields.expectedReturnDate.code).toBe(
      'validation.retourdatum_voor_leverdatum',
    );
    await setSetting(t, 'Verplaatsen_VerwachtRetourVerplicht', true);
    try {
      const missing = await submit(form({ expectedReturnDate: null }));
      expect(missing.statusCode).toBe(422);
      expect(missing.json().details.fields).toHaveProperty('expectedReturnDate');
    } finally {
      await setSetting(t, 'Verplaatsen_VerwachtRetourVerplicht', false);
    }
    await setSetting(t, 'Verplaatsen_DagenInVerleden', 2);
    try {
      // a weekend day is fine for a relocation; two days back is allowed now
      expect((await submit(form({ moveDate: '2026-11-21' }))).statusCode).toBe(201);
    } finally {
      await setSetting(t, 'Verplaatsen_DagenInVerleden', 0);
    }
  });

  it('terms with Verplaatsen_VoorwaardenVerplicht; the read-only role 403; a foreign source 404; an empty list 422', async () => {
    await fillList();
    await setSetting(t, 'Verplaatsen_VoorwaardenVerplicht', true);
    try {
      const terms = await submit(form());
      expect(terms.statusCode).toBe(422);
      expect(terms.json().details.fields).toHaveProperty('termsAccepted');
      expect((await submit(form({ termsAccepted: true }))).statusCode).toBe(201);
    } finally {
      await setSetting(t, 'Verplaatsen_VoorwaardenVerplicht', false);
    }
    expect((await submit(form())).json().code).toBe('error.afvoerlijst_leeg');
    expect((await submit(form({ plantLocation: FOREIGN_LOC }))).statusCode).toBe(404);
    expect((await submit(form({ plantLocation: LOC }), randomUUID(), READONLY)).statusCode).toBe(403);
  });

  it('20 concurrent identical submits make one relocation', async () => {
    await fillList();
    const key = randomUUID();
    const before = await requestCount();
    const answers = await Promise.all(Array.from({ length: 20 }, () => submit(form(), key)));
    expect(new Set(answers.map((a) => a.statusCode))).toEqual(new Set([201]));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await requestCount()).toBe(before + 1);
  });
});
