import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/app.ts';
import {
  addItems,
  defaultListId,
  ITEM,
  ITEM2,
  LOC2,
  SET_SIMPLE,
  USER,
} from '../modules/order-lists/ordering.test-support.ts';

// A 3-line order submit's round trips to PostgreSQL (docs/decisions/0011 "Update (issue #34)"): on this machine a
// request's CPU follows them, so their number is kept here.

let t: TestApp;
// Monday 23 November 2026, 09:00 in Amsterdam.
const NOW = new Date('2026-11-23T08:00:00Z');

beforeAll(async () => {
  t = await createTestApp();
  t.setNow(NOW);
});
afterAll(async () => {
  await t?.close();
});

/** The statements a call sends to PostgreSQL (every pooled client). */
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

describe('a 3-line order submit', () => {
  it('sends 6 statements, begin and commit included, and writes the request', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const headers = await t.auth(USER);
    expect(
      (
        await addItems(t, USER, LOC2, id, [
          { itemNo: ITEM, amount: 4 },
          { itemNo: ITEM2, amount: 1 },
        ])
      ).statusCode,
    ).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/OrderLists/${LOC2}/${id}/orderlistlines`,
      payload: { lines: [{ type: 'set', itemNo: SET_SIMPLE, amount: 1 }] },
      headers,
    });
    const submit = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2.0/PlantRequests/${id}/order`,
        payload: {
          deliveryDate: '2026-11-25',
          street: 'Benchstraat 1',
          postcode: '1234 AB',
          city: 'Utrecht',
          contactPerson: 'Jeroen de Wit',
          phone: '06 12 34 56 01',
        },
        headers: { ...headers, 'idempotency-key': randomUUID() },
      });
    // the token, the settings and the catalogue's caches are warm, as on every submit but the first
    const { result, statements } = await statementsOf(submit);
    expect(result.statusCode, result.body).toBe(201);
    expect(result.json()).toMatchObject({ kind: 'order', status: 'submitted', lineCount: 3 });
    // begin, the key with the lock and the location, the lines taken with their items and sets, the request with its
    // lines, history, contact and templates, the stored answer with the confirmation's outbox row, commit (9 before
    // the access check went into the lock and the outbox row into the answer's statement, 7 before the key went
    // into the lock's statement)
    expect(statements.map((s) => s.trim().slice(0, 60))).toHaveLength(6);
    // the confirmation is queued all the same
    const queued = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where type = 'OrderConfirmation' and text like ${`%${result.json().requestNo}%`}`,
    );
    expect(queued.rows[0].n).toBeGreaterThanOrEqual(1);
    // and the list is empty afterwards
    const list = await t.app.inject({ url: `/api/v2.0/OrderLists/${LOC2}/${id}`, headers });
    expect(list.json()).toMatchObject({ lineCount: 0 });
  });
});
