// The ERP outbox (issue #33 point 3, decision 0027) against the fake Business Central, continued from
// outbox.test.ts: a message over the maximum size is split, ten failures dead-letter a message that an admin then
// retries, cancellations (the requester's with a stale ETag, the department's before its request was delivered), and
// a location request and a complaint reach the ERP.
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeBc, startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { erpOutbox } from '../../db/schema/index.ts';
import { ADMIN, EXTERNAL, ITEM, ITEM2, LOC, LOC2, USER } from '../order-lists/ordering.test-support.ts';
import type { RequestPayload } from './outbox.messages.ts';
import { documentsIn, drain, erpStatus, order, posts, rowsOf, useOutboxTest } from './outbox.test-support.ts';
import { enqueue } from './outbox.ts';
import { MAX_TRIES } from './outbox.worker.ts';

const x = useOutboxTest();

describe('a message over the maximum size', () => {
  let small: FakeBc;
  beforeAll(async () => {
    // the fake takes at most 1 MiB; the portal's setting says 1 MB too
    small = await startFakeBc({ rateLimit: null, maxRequestBytes: 1024 * 1024 });
    const saved = await x.t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Settings/integraties',
      headers: await x.t.auth(ADMIN),
      payload: { intValues: { BusinessCentralMaximumMessageSize: 1 } },
    });
    expect(saved.statusCode, saved.body).toBe(204);
  });
  afterAll(async () => {
    await small?.close();
    await x.t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Settings/integraties',
      headers: await x.t.auth(ADMIN),
      payload: { intValues: { BusinessCentralMaximumMessageSize: 64 } },
    });
  });

  /** A request of `count` lines with long remarks (~1.2 kB each), written to the outbox as a submit would. */
  async function bigRequest(count: number): Promise<string> {
    const r = await order(x);
    const [row] = await rowsOf(x, r.id);
    const remark = 'Graag met de lange kant naar de bouwweg plaatsen, '.repeat(24);
    const lines = Array.from({ length: count }, (_, i) => ({
      lineNo: i + 1,
      parentLineNo: null,
      itemNo: i % 2 ? ITEM : ITEM2,
      setNo: null,
      plantNo: null,
      amount: 1 + (i % 5),
      comment: remark,
    }));
    await x.t.database.db.update(erpOutbox).set({ status: 'dead' }).where(eq(erpOutbox.id, row.id));
    const documentNo = `${r.requestNo}-G${count}`;
    await enqueue(x.t.database.db, {
      kind: 'request',
      aggregate: 'plant_request',
      aggregateId: randomUUID(),
      documentNo,
      payload: { ...(row.payload as RequestPayload), requestNo: documentNo, lines },
    });
    return documentNo;
  }

  it('goes as the header, then its lines in $batch parts each under the maximum; all lines arrive', async () => {
    const documentNo = await bigRequest(1200);
    expect(await drain(x, 0, small)).toMatchObject({ sent: 1, dead: 0 });
    const [doc] = documentsIn(small, 'rentalRequests', documentNo);
    const lines = small.control.list('rentalRequestLines', { filter: `documentId eq ${doc.id}` });
    expect(lines).toHaveLength(1200);
    expect(new Set(lines.map((l) => l.sequence)).size).toBe(1200);
    const calls = small.control.recordedCalls({ method: 'POST' });
    const header = calls.filter((c) => c.path.endsWith('/rentalRequests'));
    expect(header).toHaveLength(1);
    expect((header[0].body as Record<string, unknown>).rentalRequestLines).toBeUndefined();
    const batches = calls.filter((c) => c.path.endsWith('/$batch'));
    expect(batches.length).toBeGreaterThanOrEqual(12);
    for (const b of batches)
      expect(Buffer.byteLength(JSON.stringify(b.body))).toBeLessThanOrEqual(1024 * 1024);
    expect(calls.some((c) => c.status === 413)).toBe(false);
  });

  it('under the setting but over what the ERP takes (413): split the same way', async () => {
    const tiny = await startFakeBc({ rateLimit: null, maxRequestBytes: 256 * 1024 });
    try {
      const documentNo = await bigRequest(400);
      expect(await drain(x, 0, tiny)).toMatchObject({ sent: 1, dead: 0 });
      const [doc] = documentsIn(tiny, 'rentalRequests', documentNo);
      expect(tiny.control.list('rentalRequestLines', { filter: `documentId eq ${doc.id}` })).toHaveLength(
        400,
      );
      expect(tiny.control.recordedCalls({ method: 'POST' }).some((c) => c.status === 413)).toBe(true);
      expect(documentsIn(tiny, 'rentalRequests', documentNo)).toHaveLength(1);
    } finally {
      await tiny.close();
    }
  });

  it('cut short after its header (a $batch part failing) is completed by the next try, no line twice', async () => {
    const tiny = await startFakeBc({ rateLimit: null, maxRequestBytes: 256 * 1024 });
    try {
      tiny.control.addFault({ kind: 'status', status: 500, method: 'POST', path: '$batch', times: 1 });
      const documentNo = await bigRequest(400);
      expect(await drain(x, 0, tiny)).toMatchObject({ sent: 0, retried: 1 });
      const [doc] = documentsIn(tiny, 'rentalRequests', documentNo);
      const linesOf = () => tiny.control.list('rentalRequestLines', { filter: `documentId eq ${doc.id}` });
      expect(linesOf().length).toBeLessThan(400);

      expect(await drain(x, 120, tiny)).toMatchObject({ sent: 1, dead: 0 });
      expect(documentsIn(tiny, 'rentalRequests', documentNo)).toHaveLength(1);
      const lines = linesOf();
      expect(lines).toHaveLength(400);
      expect(new Set(lines.map((l) => l.sequence)).size).toBe(400);
    } finally {
      await tiny.close();
    }
  });
});

describe('ten failures', () => {
  it('back off from 1 min doubling to 1 h, then the message is dead; an admin retries it and it is sent', async () => {
    // every call to rentalRequests fails: the first try's create and its look-up after the 500, then each retry's
    // look-up first
    x.fake.control.addFault({ kind: 'status', status: 500, path: 'rentalRequests', times: MAX_TRIES + 1 });
    const r = await order(x);
    const waits: number[] = [];
    let at = 0;
    for (let i = 1; i <= MAX_TRIES; i++) {
      at += 2 * 3600;
      await drain(x, at);
      const [row] = await rowsOf(x, r.id);
      expect(row.attempts).toBe(i);
      if (i < MAX_TRIES) {
        expect(row.status).toBe('waiting');
        waits.push(Math.round((row.nextAttemptAt.getTime() - (row.lastAttemptAt as Date).getTime()) / 1000));
      } else expect(row).toMatchObject({ status: 'dead', lastErrorCode: 'erp.fout.unavailable' });
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(await erpStatus(x, r.id)).toBe('failed');
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(0);

    // the admin sees it among the dead, with the error in their language, and retries it
    const admin = await x.t.auth(ADMIN);
    const dead = await x.t.app.inject({ url: '/api/v2.0/Erp/outbox?status=dead', headers: admin });
    expect(dead.statusCode).toBe(200);
    const listed = dead.json().items.find((m: { documentNo: string }) => m.documentNo === r.requestNo);
    expect(listed).toMatchObject({ status: 'dead', attempts: MAX_TRIES, kind: 'request' });
    expect(listed.lastError.code).toBe('erp.fout.unavailable');
    expect(dead.json().counts.dead).toBeGreaterThanOrEqual(1);
    const retried = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Erp/outbox/${listed.id}/retry`,
      headers: admin,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(await erpStatus(x, r.id)).toBe('waiting');
    // a second retry of a message that is not dead is a conflict
    const again = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Erp/outbox/${listed.id}/retry`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);

    expect(await drain(x, at)).toMatchObject({ sent: 1 });
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(await erpStatus(x, r.id)).toBe('sent');
  });
});

describe('a cancellation', () => {
  it("by the requester is a PATCH with the stored ETag; the ERP's change meanwhile (412) is read again", async () => {
    const r = await order(x);
    await drain(x);
    // the department took it in the ERP meanwhile: the document's ETag changed
    x.fake.control.processRentalRequests(r.requestNo);
    const cancelled = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${r.id}/cancel`,
      headers: await x.t.auth(USER),
      payload: { note: 'Niet meer nodig' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().erpStatus).toBe('waiting');
    expect((await rowsOf(x, r.id)).map((m) => m.kind)).toEqual(['request', 'cancellation']);

    expect(await drain(x)).toMatchObject({ sent: 1 });
    const patches = x.fake.control.recordedCalls({ method: 'PATCH', path: 'rentalRequests' });
    expect(patches.map((c) => c.status)).toEqual([412, 200]);
    expect(patches.every((c) => c.headers['if-match'])).toBe(true);
    expect(documentsIn(x.fake, 'rentalRequests', r.requestNo)[0].status).toBe('Cancelled');
    expect(await erpStatus(x, r.id)).toBe('sent');
  });

  it('by the department goes the same way; one made before its request was delivered waits for it', async () => {
    const r = await order(x);
    const seen = await x.t.app.inject({
      url: `/api/v2.0/Department/requests/${r.id}`,
      headers: await x.t.auth(ADMIN),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const status = await x.t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Department/requests/${r.id}/status`,
      headers: await x.t.auth(ADMIN),
      payload: { status: 'cancelled', note: 'Dubbel ingevoerd', version: seen.json().version },
    });
    expect(status.statusCode, status.body).toBe(200);
    // both wait; the cancellation is not taken before its request is sent
    expect((await rowsOf(x, r.id)).map((m) => [m.kind, m.status])).toEqual([
      ['request', 'waiting'],
      ['cancellation', 'waiting'],
    ]);
    expect(await drain(x)).toMatchObject({ sent: 2 });
    const [doc] = documentsIn(x.fake, 'rentalRequests', r.requestNo);
    expect(doc.status).toBe('Cancelled');
    expect(posts(x.fake)).toHaveLength(1);
  });
});

describe('a transport request', () => {
  it('goes with both ends, its windows and its cargo', async () => {
    const r = await x.t.app.inject({
      method: 'POST',
      url: '/api/v2.0/PlantRequests/othertransfers',
      headers: { ...(await x.t.auth(USER)), 'idempotency-key': randomUUID() },
      payload: {
        kind: 'transport',
        plantLocation: LOC2,
        targetLocation: 'P-24003',
        transportDate: '2026-11-24',
        loadingFrom: '07:00',
        loadingUntil: '09:00',
        unloadingFrom: '13:00',
        unloadingUntil: '16:00',
        cargo: '2 bouwketen',
        from: { addressCode: 'WA01', contactPerson: 'Jeroen de Wit', phone: '06 12 34 56 01' },
        to: {
          street: 'Stationsweg 4',
          postcode: '3511 AB',
          city: 'Utrecht',
          contactPerson: 'Anna Bos',
          phone: '06 98 76 54 32',
        },
      },
    });
    expect(r.statusCode, r.body).toBe(201);
    expect(await drain(x)).toMatchObject({ sent: 1 });
    expect(documentsIn(x.fake, 'rentalRequests', r.json().requestNo)[0]).toMatchObject({
      requestType: 'Transport',
      projectLocationNumber: LOC2,
      targetProjectLocationNumber: 'P-24003',
      requestedDate: '2026-11-24',
      loadingFrom: '07:00',
      loadingUntil: '09:00',
      unloadingDate: '2026-11-24',
      unloadingFrom: '13:00',
      unloadingUntil: '16:00',
      cargo: '2 bouwketen',
      originWorkAddressCode: 'WA01',
      originContact: 'Jeroen de Wit',
      shipToAddressLine1: 'Stationsweg 4',
      shipToCity: 'Utrecht',
      shipToContact: 'Anna Bos',
    });
  });
});

describe('a location request and a complaint', () => {
  it('go to the ERP as a projectLocationRequest and a complaint with its first message', async () => {
    const asked = await x.t.app.inject({
      method: 'POST',
      url: '/api/v2.0/LocationRequests',
      headers: { ...(await x.t.auth(EXTERNAL)), 'idempotency-key': randomUUID() },
      payload: { description: 'Sluis Kornwerderzand', city: 'Kornwerderzand', comment: 'Start in maart' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const complaint = await x.t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Complaints',
      headers: { ...(await x.t.auth(USER)), 'idempotency-key': randomUUID() },
      payload: {
        plantLocation: LOC,
        type: 'Storing',
        subject: 'Trilplaat start niet',
        description: 'De trilplaat start sinds vanochtend niet meer.',
      },
    });
    expect(complaint.statusCode, complaint.body).toBe(201);

    expect(await drain(x)).toMatchObject({ sent: 2 });
    expect(documentsIn(x.fake, 'projectLocationRequests', asked.json().requestNo)[0]).toMatchObject({
      description: 'Sluis Kornwerderzand',
      city: 'Kornwerderzand',
      customerNumber: asked.json().customerNo,
      requestedBy: EXTERNAL,
      status: 'Open',
    });
    const [c] = x.fake.control.list('complaints', {
      filter: `externalDocumentNumber eq '${complaint.json().complaintNo}'`,
      expand: 'complaintMessages',
    });
    expect(c).toMatchObject({ projectLocationNumber: LOC, type: 'Storing', subject: 'Trilplaat start niet' });
    expect((c.complaintMessages as { message: string }[]).map((m) => m.message)).toEqual([
      'De trilplaat start sinds vanochtend niet meer.',
    ]);
  });
});
