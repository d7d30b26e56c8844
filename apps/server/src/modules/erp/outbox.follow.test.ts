// The ERP outbox (issue #33 point 3, decision 0027) against the fake Business Central, continued from
// outbox.documents.test.ts: what follows a request — its cancellation when the request itself never reached the
// ERP (dead), and the department's status changes and rejections (If-Match, like a cancellation).
import { describe, expect, it } from 'vitest';
import { ADMIN, USER } from '../order-lists/ordering.test-support.ts';
import { BEHIND_DEAD } from './outbox.queries.ts';
import { documentsIn, drain, erpStatus, order, posts, rowsOf, useOutboxTest } from './outbox.test-support.ts';

const x = useOutboxTest();

const statuses = async (id: string) => (await rowsOf(x, id)).map((m) => [m.kind, m.status]);

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
    const cancelled = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${r.id}/cancel`,
      headers: await x.t.auth(USER),
      payload: { note: 'Niet meer nodig' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

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
