// The ERP outbox (issue #33 point 3, decision 0027) against the fake Business Central, continued from
// outbox.documents.test.ts: what follows a request — its cancellation when the request itself never reached the
// ERP (dead), and the department's status changes and rejections (If-Match, like a cancellation).
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { erpOutbox } from '../../db/schema/index.ts';
import { ADMIN, USER } from '../order-lists/ordering.test-support.ts';
import { BEHIND_DEAD } from './outbox.queries.ts';
import { documentsIn, drain, erpStatus, order, posts, rowsOf, useOutboxTest } from './outbox.test-support.ts';

const x = useOutboxTest();

const statuses = async (id: string) => (await rowsOf(x, id)).map((m) => [m.kind, m.status]);

/** The requester cancels the request (200). */
async function cancel(id: string) {
  const cancelled = await x.t.app.inject({
    method: 'POST',
    url: `/api/v2.0/PlantRequests/${id}/cancel`,
    headers: await x.t.auth(USER),
    payload: { note: 'Niet meer nodig' },
  });
  expect(cancelled.statusCode, cancelled.body).toBe(200);
}

describe('a cancellation behind a request the ERP never got', () => {
  it('is dead saying why instead of waiting forever; the retry of the request takes it along', async () => {
    // the ERP refuses the request for good (400): dead at once
    x.fake.control.addFault({
      kind: 'status',
      status: 400,
      method: 'POST',
      path: 'rentalRequests',
      times: 1,
    });
    const r = await order(x);
    expect(await drain(x)).toMatchObject({ sent: 0, dead: 1 });
    await cancel(r.id);

    // the next drain: the cancellation cannot go before its request, so it is dead too, with its reason
    expect(await drain(x)).toMatchObject({ sent: 0, dead: 1 });
    const [, cancellation] = await rowsOf(x, r.id);
    expect(cancellation).toMatchObject({
      kind: 'cancellation',
      status: 'dead',
      lastErrorCode: BEHIND_DEAD,
      lastErrorParams: { documentNo: r.requestNo },
    });
    const admin = await x.t.auth(ADMIN);
    const dead = await x.t.app.inject({ url: '/api/v2.0/Erp/outbox?status=dead', headers: admin });
    const listed = dead.json().items.find((m: { id: string }) => m.id === cancellation.id);
    expect(listed.lastError.message).toContain(r.requestNo);
    expect(listed.lastError.message).not.toBe(BEHIND_DEAD);
    // nothing about it waits any more
    const waiting = await x.t.app.inject({ url: '/api/v2.0/Erp/outbox?status=waiting', headers: admin });
    expect(waiting.json().items.filter((m: { documentNo: string }) => m.documentNo === r.requestNo)).toEqual(
      [],
    );
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(0);
    // the requester cancelled what the ERP never had: nothing to call the department about, so nothing is shown
    expect(await erpStatus(x, r.id)).toBe('not_connected');

    // the admin retries the request: its cancellation follows it, in order
    const [request] = await rowsOf(x, r.id);
    const retried = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Erp/outbox/${request.id}/retry`,
      headers: admin,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ id: request.id, status: 'waiting' });
    expect(await statuses(r.id)).toEqual([
      ['request', 'waiting'],
      ['cancellation', 'waiting'],
    ]);
    expect(await drain(x)).toMatchObject({ sent: 2, dead: 0 });
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)[0].status).toBe('Cancelled');
    expect(posts(x.fake)).toHaveLength(2);
    expect(await erpStatus(x, r.id)).toBe('sent');
  });

  it('the requester is still told to call when the ERP has the request but refused its cancellation', async () => {
    const r = await order(x);
    expect(await drain(x)).toMatchObject({ sent: 1, dead: 0 });
    x.fake.control.addFault({
      kind: 'status',
      status: 400,
      method: 'PATCH',
      path: 'rentalRequests',
      times: 1,
    });
    await cancel(r.id);
    expect(await drain(x)).toMatchObject({ sent: 0, dead: 1 });
    // the ERP still holds the request as ordered: someone must tell the department
    expect(await erpStatus(x, r.id)).toBe('failed');
  });

  it('retried on its own takes its dead request along', async () => {
    x.fake.control.addFault({
      kind: 'status',
      status: 400,
      method: 'POST',
      path: 'rentalRequests',
      times: 1,
    });
    const r = await order(x);
    await drain(x);
    await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${r.id}/cancel`,
      headers: await x.t.auth(USER),
      payload: {},
    });
    await drain(x);
    expect(await statuses(r.id)).toEqual([
      ['request', 'dead'],
      ['cancellation', 'dead'],
    ]);
    const [, cancellation] = await rowsOf(x, r.id);
    const retried = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Erp/outbox/${cancellation.id}/retry`,
      headers: await x.t.auth(ADMIN),
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(await drain(x)).toMatchObject({ sent: 2, dead: 0 });
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)[0].status).toBe('Cancelled');
  });
});

describe("the department's moves", () => {
  /** The department sets a status (POST Department/requests/{id}/status with the version it read). */
  async function move(id: string, status: string, note?: string) {
    const headers = await x.t.auth(ADMIN);
    const seen = await x.t.app.inject({ url: `/api/v2.0/Department/requests/${id}`, headers });
    expect(seen.statusCode, seen.body).toBe(200);
    const r = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Department/requests/${id}/status`,
      headers,
      payload: { status, note, version: seen.json().version },
    });
    expect(r.statusCode, r.body).toBe(200);
  }

  it('taken, then rejected with its reason: the ERP follows, each a PATCH with If-Match, in order', async () => {
    const r = await order(x);
    await move(r.id, 'in_progress');
    await move(r.id, 'rejected', 'Niet leverbaar in deze periode');
    expect((await rowsOf(x, r.id)).map((m) => m.kind)).toEqual(['request', 'statusChange', 'statusChange']);
    expect(await erpStatus(x, r.id)).toBe('waiting');

    expect(await drain(x)).toMatchObject({ sent: 3, dead: 0 });
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)[0]).toMatchObject({
      status: 'Rejected',
      rejectionReason: 'Niet leverbaar in deze periode',
    });
    const patches = x.fake.control.recordedCalls({ method: 'PATCH', path: 'rentalRequests' });
    expect(patches.map((c) => [c.status, (c.body as { status: string }).status])).toEqual([
      [200, 'InProgress'],
      [200, 'Rejected'],
    ]);
    expect(patches.every((c) => c.headers['if-match'])).toBe(true);
    expect(await erpStatus(x, r.id)).toBe('sent');
  });

  it('a request the ERP never heard of (made before it was connected): its moves write nothing', async () => {
    const r = await order(x);
    await x.t.database.db.delete(erpOutbox).where(eq(erpOutbox.aggregateId, r.id));
    await move(r.id, 'in_progress');
    await move(r.id, 'rejected', 'Niet leverbaar');
    expect(await rowsOf(x, r.id)).toEqual([]);
    expect(await erpStatus(x, r.id)).toBe('not_connected');
  });

  it('a move the ERP already made itself: the stale ETag answers 412, read again it is so, done', async () => {
    const r = await order(x);
    await drain(x);
    await move(r.id, 'in_progress');
    x.fake.control.clearCalls();
    // the ERP's own people took it meanwhile (its ETag changed too)
    const [doc] = documentsIn(x.fake, 'rentalRequests', r.requestNo);
    x.fake.control.update('rentalRequests', String(doc.id), { status: 'InProgress' });
    expect(await drain(x)).toMatchObject({ sent: 1, dead: 0 });
    const patches = x.fake.control.recordedCalls({ method: 'PATCH', path: 'rentalRequests' });
    expect(patches.map((c) => c.status)).toEqual([412]);
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)[0].status).toBe('InProgress');
  });
});

describe('a location request', () => {
  it("goes with its short number (L-YYYY-NNNNNN) as the ERP's external document number, not its 36-char id", async () => {
    const asked = await x.t.app.inject({
      method: 'POST',
      url: '/api/v2.0/LocationRequests',
      headers: { ...(await x.t.auth(USER)), 'idempotency-key': randomUUID() },
      payload: { description: 'Brug Ketelhaven', city: 'Dronten' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const { id, requestNo } = asked.json();
    expect(requestNo).toMatch(/^L-\d{4}-\d{6}$/);
    expect(await drain(x)).toMatchObject({ sent: 1, dead: 0 });
    const [row] = await rowsOf(x, id);
    expect(row).toMatchObject({ documentNo: requestNo, status: 'sent' });
    expect(documentsIn(x.fake, 'projectLocationRequests', requestNo)[0]).toMatchObject({
      description: 'Brug Ketelhaven',
      city: 'Dronten',
    });
  });
});

describe('a first try', () => {
  const callsOn = (set: string) =>
    x.fake.control.recordedCalls().filter((c) => c.path.endsWith(`/${set}`) && c.method !== 'PATCH');

  it('creates the document with one call, without asking for it first', async () => {
    const r = await order(x);
    expect(await drain(x)).toMatchObject({ sent: 1 });
    expect(callsOn('rentalRequests').map((c) => [c.method, c.status])).toEqual([['POST', 201]]);
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
  });

  it('finds a document the ERP already holds under its number (409) instead of making a second', async () => {
    const r = await order(x);
    const [row] = await rowsOf(x, r.id);
    // the ERP has it already (made by hand, or by a try whose answer never came back)
    const payload = row.payload as { locationNo: string; requestedDate: string };
    const made = x.fake.control.create('rentalRequests', {
      externalDocumentNumber: r.requestNo,
      requestType: 'Order',
      projectLocationNumber: payload.locationNo,
      requestedDate: payload.requestedDate,
    });
    x.fake.control.clearCalls();
    expect(await drain(x)).toMatchObject({ sent: 1, dead: 0 });
    expect(callsOn('rentalRequests').map((c) => [c.method, c.status])).toEqual([
      ['POST', 409],
      ['GET', 200],
    ]);
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect((await rowsOf(x, r.id))[0]).toMatchObject({ status: 'sent', erpId: made.id });
  });

  it('a retry asks first (its earlier try may have made the document)', async () => {
    x.fake.control.addFault({
      kind: 'status',
      status: 500,
      method: 'POST',
      path: 'rentalRequests',
      times: 1,
    });
    const r = await order(x);
    expect(await drain(x)).toMatchObject({ retried: 1 });
    x.fake.control.clearCalls();
    expect(await drain(x, 120)).toMatchObject({ sent: 1 });
    expect(callsOn('rentalRequests').map((c) => c.method)).toEqual(['GET', 'POST']);
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
  });
});
