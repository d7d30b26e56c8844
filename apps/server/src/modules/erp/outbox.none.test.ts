// With ERP=none (the embedded default, decision 0027) the outbox stays empty: a submit, a cancellation, a location
// request and a complaint write nothing to erp_outbox, and a request's detail says it is not connected to an ERP.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  addItems,
  defaultListId,
  EXTERNAL,
  ITEM,
  LOC,
  LOC2,
  USER,
} from '../order-lists/ordering.test-support.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  // Monday 23 November 2026, 09:00 in Amsterdam
  t.setNow(new Date('2026-11-23T08:00:00Z'));
});
afterAll(async () => {
  await t?.close();
});

const outboxRows = async () =>
  (await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from erp_outbox`)).rows[0].n;

describe('with ERP=none', () => {
  it('nothing is written to the outbox, and the request is not connected', async () => {
    expect(t.deps.config.ERP).toBe('none');
    const headers = await t.auth(USER);
    const list = await defaultListId(t, USER, LOC2);
    expect((await addItems(t, USER, LOC2, list, [{ itemNo: ITEM, amount: 2 }])).statusCode).toBe(200);
    const submitted = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${list}/order`,
      payload: {
        deliveryDate: '2026-11-25',
        addressCode: 'WA01',
        contactPerson: 'Jeroen de Wit',
        phone: '06 12 34 56 01',
      },
      headers: { ...headers, 'idempotency-key': randomUUID() },
    });
    expect(submitted.statusCode, submitted.body).toBe(201);
    const id = submitted.json().id;
    const detail = await t.app.inject({ url: `/api/v2.0/PlantRequests/${id}`, headers });
    expect(detail.json().erpStatus).toBe('not_connected');
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${id}/cancel`,
      headers,
      payload: { note: 'Niet meer nodig' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/LocationRequests',
      headers: { ...(await t.auth(EXTERNAL)), 'idempotency-key': randomUUID() },
      payload: { description: 'Sluis Kornwerderzand' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const complaint = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Complaints',
      headers: { ...headers, 'idempotency-key': randomUUID() },
      payload: { plantLocation: LOC, type: 'Storing', subject: 'Trilplaat', description: 'Start niet.' },
    });
    expect(complaint.statusCode, complaint.body).toBe(201);
    expect(await outboxRows()).toBe(0);
  });
});
