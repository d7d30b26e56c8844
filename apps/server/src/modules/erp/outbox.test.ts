// The ERP outbox (issue #33 point 3, decision 0027 "Portal → ERP") against the fake Business Central started here:
// what the portal makes arrives in the fake, idempotently and once, whatever the ERP does meanwhile — down for the
// whole test, a 429 storm, a crash between commit and delivery, a lost answer — the request shows where it is, and
// only its operators reach the outbox's endpoints. The worker's clock is moved instead of waiting.
// (outbox.documents.test.ts: large messages, dead letters, cancellations, location requests and complaints.)
import { randomUUID } from 'node:crypto';
import type { PgBoss } from 'pg-boss';
import { describe, expect, it } from 'vitest';
import { startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import {
  ADMIN,
  EXTERNAL,
  ITEM,
  ITEM2,
  LOC2,
  SET_SIMPLE,
  USER,
} from '../order-lists/ordering.test-support.ts';
import { erpDelivery, startErpOutbox } from './outbox.delivery.ts';
import { claimDue } from './outbox.queries.ts';
import {
  documentsIn,
  drain,
  erpDeps,
  erpStatus,
  HOLDER,
  order,
  posts,
  rowsOf,
  useOutboxTest,
} from './outbox.test-support.ts';

const x = useOutboxTest();

describe('an order in the portal', () => {
  it('becomes a rental request with its lines in the ERP; the request shows waiting, then sent', async () => {
    const r = await order(x, true);
    expect(await erpStatus(x, r.id)).toBe('waiting');
    const [row] = await rowsOf(x, r.id);
    expect(row).toMatchObject({ kind: 'request', documentNo: r.requestNo, status: 'waiting', attempts: 0 });

    expect(await drain(x)).toMatchObject({ sent: 1, dead: 0 });
    const [doc] = documentsIn(x.fake, 'rentalRequests', r.requestNo);
    expect(doc).toMatchObject({
      requestType: 'Order',
      status: 'Received',
      projectLocationNumber: LOC2,
      requestedDate: '2026-11-25',
      expectedReturnDate: '2026-12-18',
      workAddressCode: 'WA01',
      shipToContact: 'Jeroen de Wit',
      reference: 'Fase 2',
      comment: 'Graag voor 10 uur',
      requestedBy: USER,
    });
    const lines = x.fake.control.list('rentalRequestLines', { filter: `documentId eq ${doc.id}` });
    const top = lines.filter((l) => l.parentSequence === 0);
    expect(top.map((l) => [l.itemNumber || l.setNumber, l.quantity])).toEqual([
      [ITEM, 4],
      [ITEM2, 1],
      [SET_SIMPLE, 1],
    ]);
    const setLine = top.find((l) => l.setNumber === SET_SIMPLE);
    expect(lines.filter((l) => l.parentSequence === setLine?.sequence).length).toBeGreaterThan(0);

    const [sent] = await rowsOf(x, r.id);
    expect(sent).toMatchObject({ status: 'sent', erpId: doc.id });
    expect(sent.etag).toBeTruthy();
    expect(await erpStatus(x, r.id)).toBe('sent');
    // delivered once: another drain finds nothing to do
    expect(await drain(x)).toMatchObject({ sent: 0 });
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
  });
});

describe('the ERP down for the whole test', () => {
  it('keeps the request waiting without giving up, and delivers it once when the ERP is back', async () => {
    const down = await startFakeBc({ rateLimit: null });
    const port = Number(new URL(down.url).port);
    await down.close();

    // the portal takes the order as always
    const r = await order(x);
    expect(await erpStatus(x, r.id)).toBe('waiting');

    // a day of tries against a closed port: none counts, the request keeps waiting, nothing is lost
    for (const hours of [0, 1, 2, 4, 8, 16, 24]) {
      const result = await drain(x, hours * 3600, down);
      expect(result.sent).toBe(0);
      const [row] = await rowsOf(x, r.id);
      expect(row).toMatchObject({
        status: 'waiting',
        attempts: 0,
        lastErrorCode: 'ErpOutbox.wacht.onbereikbaar',
      });
    }
    expect(await erpStatus(x, r.id)).toBe('waiting');
    // the operators see why, in their language
    const waiting = await x.t.app.inject({
      url: '/api/v2.0/Erp/outbox?status=waiting',
      headers: { ...(await x.t.auth(ADMIN)), 'accept-language': 'en-US' },
    });
    const listed = waiting.json().items.find((m: { documentNo: string }) => m.documentNo === r.requestNo);
    expect(listed).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(listed.lastError.message).toBe(
      'The ERP cannot be reached; the messages wait until it answers again.',
    );

    // back on the same address: delivered, once
    const back = await startFakeBc({ rateLimit: null, port });
    try {
      expect(await drain(x, 26 * 3600, back)).toMatchObject({ sent: 1 });
      expect(documentsIn(back, 'rentalRequests', r.requestNo)).toHaveLength(1);
      expect(posts(back)).toHaveLength(1);
      expect(await erpStatus(x, r.id)).toBe('sent');
    } finally {
      await back.close();
    }
  });
});

describe('a 429 storm', () => {
  it('is honoured: no call before Retry-After, a new message neither; then all go', async () => {
    x.fake.control.addFault({ kind: 'status', status: 429, retryAfter: 600, path: 'rentalRequests' });
    const first = await order(x);
    const second = await order(x);
    const result = await drain(x);
    expect(result.sent).toBe(0);
    expect(result.pausedUntil).not.toBeNull();
    const storm = x.fake.control.recordedCalls({ path: 'rentalRequests' }).length;
    expect(storm).toBeGreaterThan(0);
    for (const id of [first.id, second.id])
      expect((await rowsOf(x, id))[0]).toMatchObject({
        status: 'waiting',
        attempts: 0,
        lastErrorCode: 'ErpOutbox.wacht.bezet',
      });

    // within the 600 s: not one call, not even for an order made meanwhile
    const third = await order(x);
    expect(await drain(x, 300)).toMatchObject({ sent: 0, retried: 0 });
    expect(await drain(x, 590)).toMatchObject({ sent: 0, retried: 0 });
    expect(x.fake.control.recordedCalls({ path: 'rentalRequests' })).toHaveLength(storm);

    // after it, the ERP answers again: the three go, each once
    x.fake.control.clearFaults();
    expect(await drain(x, 601)).toMatchObject({ sent: 3 });
    for (const r of [first, second, third]) {
      expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
      expect(await erpStatus(x, r.id)).toBe('sent');
    }
  });
});

describe('a crash between the commit and the delivery', () => {
  it('of a worker that never ran: a new worker (pg-boss) delivers the row once', async () => {
    const r = await order(x);
    let boss: PgBoss | null = null;
    try {
      boss = await createJobs(x.t.database.url, () => {});
      await startErpOutbox(boss, { ...erpDeps(x), clock: () => new Date() });
      await expect
        .poll(async () => (await rowsOf(x, r.id))[0]?.status, { timeout: 30_000, interval: 250 })
        .toBe('sent');
    } finally {
      await boss?.stop({ graceful: false, timeout: 1000 });
    }
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(posts(x.fake)).toHaveLength(1);
  });

  it('of a worker that delivered but died before recording it: after its lease, no second document', async () => {
    const r = await order(x);
    // worker A takes the row and delivers it, then dies before writing the outcome
    const [claimed] = await claimDue(x.t.database.db, {
      now: new Date(),
      leaseUntil: new Date(Date.now() + 5 * 60_000),
      limit: 16,
    });
    expect(claimed.id).toBe((await rowsOf(x, r.id))[0].id);
    const delivered = await (await erpDelivery(erpDeps(x))).deliver({
      id: claimed.id,
      kind: claimed.kind,
      documentNo: claimed.documentNo,
      payload: claimed.payload,
      erpId: null,
      etag: null,
    });
    expect(delivered.outcome).toBe('sent');
    expect((await rowsOf(x, r.id))[0].status).toBe('sending');

    // worker B: nothing while A's lease holds; after it, the row is taken and found at the ERP
    expect(await drain(x, 60)).toMatchObject({ sent: 0 });
    expect(await drain(x, 6 * 60)).toMatchObject({ sent: 1 });
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(posts(x.fake)).toHaveLength(1);
    expect(await erpStatus(x, r.id)).toBe('sent');
  });
});

describe('a lost answer', () => {
  it('(the ERP made the document, the connection dropped before the answer) makes no second document', async () => {
    x.fake.control.addFault({ kind: 'drop', method: 'POST', path: 'rentalRequests', times: 1 });
    const r = await order(x);
    const result = await drain(x);
    expect(x.fake.control.faults()[0]?.hits).toBe(1);
    expect(result).toMatchObject({ sent: 1, dead: 0 });
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(posts(x.fake)).toHaveLength(1);
    expect(await erpStatus(x, r.id)).toBe('sent');
  });
});

describe('the outbox endpoints', () => {
  it('answer admins and BusinessCentral holders, and refuse anyone else with 403', async () => {
    const id = randomUUID();
    for (const [email, status] of [
      [USER, 403],
      [EXTERNAL, 403],
      [HOLDER, 200],
      [ADMIN, 200],
    ] as const) {
      const headers = await x.t.auth(email);
      expect((await x.t.app.inject({ url: '/api/v2.0/Erp/outbox', headers })).statusCode).toBe(status);
      const all = await x.t.app.inject({ method: 'POST', url: '/api/v2.0/Erp/outbox/retry-dead', headers });
      expect(all.statusCode).toBe(status);
      const one = await x.t.app.inject({ method: 'POST', url: `/api/v2.0/Erp/outbox/${id}/retry`, headers });
      expect(one.statusCode).toBe(status === 200 ? 404 : 403);
    }
    expect((await x.t.app.inject({ url: '/api/v2.0/Erp/outbox' })).statusCode).toBe(401);
  });
});
