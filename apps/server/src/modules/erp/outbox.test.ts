// The ERP outbox (issue #33 point 3, decision 0027 "Portal → ERP") against the fake Business Central started here:
// what the portal makes arrives in the fake, idempotently and once, whatever the ERP does meanwhile — down for the
// whole test, a 429 storm, a lost answer, a crash between commit and delivery, a message over the maximum size, ten
// failures — and the request shows where it is. The worker's clock is moved instead of waiting.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeBc, startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { erpOutbox, users } from '../../db/schema/index.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import {
  ADMIN,
  addItems,
  defaultListId,
  EXTERNAL,
  ITEM,
  ITEM2,
  LOC,
  LOC2,
  SET_SIMPLE,
  USER,
} from '../order-lists/ordering.test-support.ts';
import { loadSettings } from '../settings/index.ts';
import type { ErpDeps } from './erp.connector.ts';
import { erpDelivery, startErpOutbox } from './outbox.delivery.ts';
import type { RequestPayload } from './outbox.messages.ts';
import { claimDue } from './outbox.queries.ts';
import { enqueue } from './outbox.ts';
import { drainOutbox, MAX_TRIES } from './outbox.worker.ts';

const HOLDER = 'materieeldienst@materieelportaal.nl';
// Monday 23 November 2026, 09:00 in Amsterdam: the app's clock (the order form's dates).
const NOW = new Date('2026-11-23T08:00:00Z');

let fake: FakeBc;
let t: TestApp;

const defaultsOf = (f: FakeBc) => ({
  url: `${f.url}/v2.0/${f.tenant}/${f.environment}`,
  tenant: f.tenant,
  company: f.companyId,
  clientId: f.clientId,
  clientSecret: f.clientSecret,
  authorityUrl: f.authorityUrl,
});

/** The connector's dependencies for a fake: the client retries nothing itself, so the outbox's own rules show. */
const erpDeps = (f: FakeBc): ErpDeps => ({
  config: t.deps.config,
  db: t.database.db,
  loadSettings,
  erpDefaults: defaultsOf(f),
  clientOptions: { maxRetries: 0, maxThrottleWaits: 0, timeoutMs: 10_000 },
});

/** A drain by a worker whose clock is `offsetS` seconds ahead of now (jitter off: the full wait). */
const drain = (offsetS = 0, f: FakeBc = fake) =>
  drainOutbox({
    db: t.database.db,
    clock: () => new Date(Date.now() + offsetS * 1000),
    delivery: () => erpDelivery(erpDeps(f)),
    random: () => 1,
  });

beforeAll(async () => {
  fake = await startFakeBc({ rateLimit: null });
  t = await createTestApp({
    env: { ERP: 'business-central', BC_AUTHORITY_URL: fake.authorityUrl },
    deps: { erpDefaults: defaultsOf(fake) },
  });
  t.setNow(NOW);
  await t.database.db
    .update(users)
    .set({ permissions: ['BusinessCentral'] })
    .where(eq(users.email, HOLDER));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(async () => {
  fake.control.clearFaults();
  fake.control.clearCalls();
  // a test that failed halfway leaves nothing due for the next one
  await t.database.db.execute(
    sql`update erp_outbox set status = 'dead' where status in ('waiting', 'sending')`,
  );
});

const form = {
  deliveryDate: '2026-11-25',
  expectedReturnDate: '2026-12-18',
  addressCode: 'WA01',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
  reference: 'Fase 2',
  comment: 'Graag voor 10 uur',
};

/** An order of 4 × ITEM, 1 × ITEM2 and a set on LOC2, submitted by USER: its id and number. */
async function order(withSet = false): Promise<{ id: string; requestNo: string }> {
  const list = await defaultListId(t, USER, LOC2);
  const lines = [
    { itemNo: ITEM, amount: 4 },
    { itemNo: ITEM2, amount: 1 },
  ];
  const added = await addItems(t, USER, LOC2, list, lines);
  expect(added.statusCode, added.body).toBe(200);
  if (withSet) {
    const set = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/OrderLists/${LOC2}/${list}/orderlistlines`,
      payload: { lines: [{ type: 'set', itemNo: SET_SIMPLE, amount: 1 }] },
      headers: await t.auth(USER),
    });
    expect(set.statusCode, set.body).toBe(200);
  }
  const r = await t.app.inject({
    method: 'POST',
    url: `/api/v2.0/PlantRequests/${list}/order`,
    payload: form,
    headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
  });
  expect(r.statusCode, r.body).toBe(201);
  return r.json();
}

const erpStatus = async (id: string) =>
  (await t.app.inject({ url: `/api/v2.0/PlantRequests/${id}`, headers: await t.auth(USER) })).json()
    .erpStatus;

const rowsOf = (aggregateId: string) =>
  t.database.db.select().from(erpOutbox).where(eq(erpOutbox.aggregateId, aggregateId)).orderBy(erpOutbox.seq);

const documentsIn = (f: FakeBc, set: string, documentNo: string) =>
  f.control.list(set, { filter: `externalDocumentNumber eq '${documentNo}'` });

const posts = (f: FakeBc = fake, path = '/rentalRequests') =>
  f.control.recordedCalls({ method: 'POST', path }).filter((c) => c.path.endsWith(path));

describe('an order in the portal', () => {
  it('becomes a rental request with its lines in the ERP; the request shows waiting, then sent', async () => {
    const r = await order(true);
    expect(await erpStatus(r.id)).toBe('waiting');
    const [row] = await rowsOf(r.id);
    expect(row).toMatchObject({ kind: 'request', documentNo: r.requestNo, status: 'waiting', attempts: 0 });

    expect(await drain()).toMatchObject({ sent: 1, dead: 0 });
    const [doc] = documentsIn(fake, 'rentalRequests', r.requestNo);
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
    const lines = fake.control.list('rentalRequestLines', { filter: `documentId eq ${doc.id}` });
    const top = lines.filter((l) => l.parentSequence === 0);
    expect(top.map((l) => [l.itemNumber || l.setNumber, l.quantity])).toEqual([
      [ITEM, 4],
      [ITEM2, 1],
      [SET_SIMPLE, 1],
    ]);
    const setLine = top.find((l) => l.setNumber === SET_SIMPLE);
    expect(lines.filter((l) => l.parentSequence === setLine?.sequence).length).toBeGreaterThan(0);

    const [sent] = await rowsOf(r.id);
    expect(sent).toMatchObject({ status: 'sent', erpId: doc.id });
    expect(sent.etag).toBeTruthy();
    expect(await erpStatus(r.id)).toBe('sent');
    // delivered once: another drain finds nothing to do
    expect(await drain()).toMatchObject({ sent: 0 });
    expect(documentsIn(fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
  });
});

describe('the ERP down for the whole test', () => {
  it('keeps the request waiting without giving up, and delivers it once when the ERP is back', async () => {
    const down = await startFakeBc({ rateLimit: null });
    const port = Number(new URL(down.url).port);
    await down.close();

    // the portal takes the order as always
    const r = await order();
    expect(await erpStatus(r.id)).toBe('waiting');

    // a day of tries against a closed port: none counts, the request keeps waiting, nothing is lost
    for (const hours of [0, 1, 2, 4, 8, 16, 24]) {
      const result = await drain(hours * 3600, down);
      expect(result.sent).toBe(0);
      const [row] = await rowsOf(r.id);
      expect(row).toMatchObject({
        status: 'waiting',
        attempts: 0,
        lastErrorCode: 'ErpOutbox.wacht.onbereikbaar',
      });
    }
    expect(await erpStatus(r.id)).toBe('waiting');

    // back on the same address: delivered, once
    const back = await startFakeBc({ rateLimit: null, port });
    try {
      expect(await drain(26 * 3600, back)).toMatchObject({ sent: 1 });
      expect(documentsIn(back, 'rentalRequests', r.requestNo)).toHaveLength(1);
      expect(posts(back)).toHaveLength(1);
      expect(await erpStatus(r.id)).toBe('sent');
    } finally {
      await back.close();
    }
  });
});

describe('a 429 storm', () => {
  it('is honoured: no call before Retry-After, a new message neither; then all go', async () => {
    fake.control.addFault({ kind: 'status', status: 429, retryAfter: 600, path: 'rentalRequests' });
    const first = await order();
    const second = await order();
    const result = await drain();
    expect(result.sent).toBe(0);
    expect(result.pausedUntil).not.toBeNull();
    const storm = fake.control.recordedCalls({ path: 'rentalRequests' }).length;
    expect(storm).toBeGreaterThan(0);
    for (const id of [first.id, second.id])
      expect((await rowsOf(id))[0]).toMatchObject({
        status: 'waiting',
        attempts: 0,
        lastErrorCode: 'ErpOutbox.wacht.bezet',
      });

    // within the 600 s: not one call, not even for an order made meanwhile
    const third = await order();
    expect(await drain(300)).toMatchObject({ sent: 0, retried: 0 });
    expect(await drain(590)).toMatchObject({ sent: 0, retried: 0 });
    expect(fake.control.recordedCalls({ path: 'rentalRequests' })).toHaveLength(storm);

    // after it, the ERP answers again: the three go, each once
    fake.control.clearFaults();
    expect(await drain(601)).toMatchObject({ sent: 3 });
    for (const r of [first, second, third]) {
      expect(documentsIn(fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
      expect(await erpStatus(r.id)).toBe('sent');
    }
  });
});

describe('a crash between the commit and the delivery', () => {
  it('of a worker that never ran: a new worker (pg-boss) delivers the row once', async () => {
    const r = await order();
    let boss: PgBoss | null = null;
    try {
      boss = await createJobs(t.database.url, () => {});
      await startErpOutbox(boss, { ...erpDeps(fake), clock: () => new Date() });
      await expect
        .poll(async () => (await rowsOf(r.id))[0]?.status, { timeout: 30_000, interval: 250 })
        .toBe('sent');
    } finally {
      await boss?.stop({ graceful: false, timeout: 1000 });
    }
    expect(documentsIn(fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
  });

  it('of a worker that delivered but died before recording it: after its lease, no second document', async () => {
    const r = await order();
    // worker A takes the row and delivers it, then dies before writing the outcome
    const [claimed] = await claimDue(t.database.db, {
      now: new Date(),
      leaseUntil: new Date(Date.now() + 5 * 60_000),
      limit: 16,
    });
    expect(claimed.id).toBe((await rowsOf(r.id))[0].id);
    const delivered = await (await erpDelivery(erpDeps(fake))).deliver({
      id: claimed.id,
      kind: claimed.kind,
      documentNo: claimed.documentNo,
      payload: claimed.payload,
      erpId: null,
      etag: null,
    });
    expect(delivered.outcome).toBe('sent');
    expect((await rowsOf(r.id))[0].status).toBe('sending');

    // worker B: nothing while A's lease holds; after it, the row is taken and found at the ERP
    expect(await drain(60)).toMatchObject({ sent: 0 });
    expect(await drain(6 * 60)).toMatchObject({ sent: 1 });
    expect(documentsIn(fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(await erpStatus(r.id)).toBe('sent');
  });
});

describe('a lost answer', () => {
  it('(the ERP made the document, the connection dropped before the answer) makes no second document', async () => {
    fake.control.addFault({ kind: 'drop', method: 'POST', path: 'rentalRequests', times: 1 });
    const r = await order();
    const result = await drain();
    expect(fake.control.faults()[0]?.hits).toBe(1);
    expect(result).toMatchObject({ sent: 1, dead: 0 });
    expect(documentsIn(fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(await erpStatus(r.id)).toBe('sent');
  });
});

describe('a message over the maximum size', () => {
  let small: FakeBc;
  beforeAll(async () => {
    // the fake takes at most 1 MiB; the portal's setting says 1 MB too
    small = await startFakeBc({ rateLimit: null, maxRequestBytes: 1024 * 1024 });
    const saved = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Settings/integraties',
      headers: await t.auth(ADMIN),
      payload: { intValues: { BusinessCentralMaximumMessageSize: 1 } },
    });
    expect(saved.statusCode, saved.body).toBe(204);
  });
  afterAll(async () => {
    await small?.close();
    await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Settings/integraties',
      headers: await t.auth(ADMIN),
      payload: { intValues: { BusinessCentralMaximumMessageSize: 64 } },
    });
  });

  /** A request of `count` lines with long remarks (~1.2 kB each), written to the outbox as a submit would. */
  async function bigRequest(count: number): Promise<string> {
    const r = await order();
    const [row] = await rowsOf(r.id);
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
    await t.database.db.update(erpOutbox).set({ status: 'dead' }).where(eq(erpOutbox.id, row.id));
    const documentNo = `${r.requestNo}-G${count}`;
    await enqueue(t.database.db, {
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
    expect(await drain(0, small)).toMatchObject({ sent: 1, dead: 0 });
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
      expect(await drain(0, tiny)).toMatchObject({ sent: 1, dead: 0 });
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
});

describe('ten failures', () => {
  it('back off from 1 min doubling to 1 h, then the message is dead; an admin retries it and it is sent', async () => {
    fake.control.addFault({ kind: 'status', status: 500, path: 'rentalRequests', times: MAX_TRIES });
    const r = await order();
    const waits: number[] = [];
    let at = 0;
    for (let i = 1; i <= MAX_TRIES; i++) {
      at += 2 * 3600;
      await drain(at);
      const [row] = await rowsOf(r.id);
      expect(row.attempts).toBe(i);
      if (i < MAX_TRIES) {
        expect(row.status).toBe('waiting');
        waits.push(Math.round((row.nextAttemptAt.getTime() - (row.lastAttemptAt as Date).getTime()) / 1000));
      } else expect(row).toMatchObject({ status: 'dead', lastErrorCode: 'erp.fout.unavailable' });
    }
    expect(waits).toEqual([60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
    expect(await erpStatus(r.id)).toBe('failed');
    expect(documentsIn(fake, 'rentalRequests', r.requestNo)).toHaveLength(0);

    // the admin sees it among the dead, with the error in their language, and retries it
    const admin = await t.auth(ADMIN);
    const dead = await t.app.inject({ url: '/api/v2.0/Erp/outbox?status=dead', headers: admin });
    expect(dead.statusCode).toBe(200);
    const listed = dead.json().items.find((m: { documentNo: string }) => m.documentNo === r.requestNo);
    expect(listed).toMatchObject({ status: 'dead', attempts: MAX_TRIES, kind: 'request' });
    expect(listed.lastError.code).toBe('erp.fout.unavailable');
    expect(dead.json().counts.dead).toBeGreaterThanOrEqual(1);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Erp/outbox/${listed.id}/retry`,
      headers: admin,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'waiting', attempts: 0 });
    expect(await erpStatus(r.id)).toBe('waiting');
    // a second retry of a message that is not dead is a conflict
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Erp/outbox/${listed.id}/retry`,
      headers: admin,
    });
    expect(again.statusCode).toBe(409);

    expect(await drain(at)).toMatchObject({ sent: 1 });
    expect(documentsIn(fake, 'rentalRequests', r.requestNo)).toHaveLength(1);
    expect(await erpStatus(r.id)).toBe('sent');
  });
});

describe('a cancellation', () => {
  it("by the requester is a PATCH with the stored ETag; the ERP's change meanwhile (412) is read again", async () => {
    const r = await order();
    await drain();
    // the department took it in the ERP meanwhile: the document's ETag changed
    fake.control.processRentalRequests(r.requestNo);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${r.id}/cancel`,
      headers: await t.auth(USER),
      payload: { note: 'Niet meer nodig' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().erpStatus).toBe('waiting');
    expect((await rowsOf(r.id)).map((m) => m.kind)).toEqual(['request', 'cancellation']);

    expect(await drain()).toMatchObject({ sent: 1 });
    const patches = fake.control.recordedCalls({ method: 'PATCH', path: 'rentalRequests' });
    expect(patches.map((c) => c.status)).toEqual([412, 200]);
    expect(patches.every((c) => c.headers['if-match'])).toBe(true);
    expect(documentsIn(fake, 'rentalRequests', r.requestNo)[0].status).toBe('Cancelled');
    expect(await erpStatus(r.id)).toBe('sent');
  });

  it('by the department goes the same way; one made before its request was delivered waits for it', async () => {
    const r = await order();
    const seen = await t.app.inject({
      url: `/api/v2.0/Department/requests/${r.id}`,
      headers: await t.auth(ADMIN),
    });
    expect(seen.statusCode, seen.body).toBe(200);
    const status = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/Department/requests/${r.id}/status`,
      headers: await t.auth(ADMIN),
      payload: { status: 'cancelled', note: 'Dubbel ingevoerd', version: seen.json().version },
    });
    expect(status.statusCode, status.body).toBe(200);
    // both wait; the cancellation is not taken before its request is sent
    expect((await rowsOf(r.id)).map((m) => [m.kind, m.status])).toEqual([
      ['request', 'waiting'],
      ['cancellation', 'waiting'],
    ]);
    expect(await drain()).toMatchObject({ sent: 2 });
    const [doc] = documentsIn(fake, 'rentalRequests', r.requestNo);
    expect(doc.status).toBe('Cancelled');
    expect(posts()).toHaveLength(1);
  });
});

describe('a location request and a complaint', () => {
  it('go to the ERP as a projectLocationRequest and a complaint with its first message', async () => {
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/LocationRequests',
      headers: { ...(await t.auth(EXTERNAL)), 'idempotency-key': randomUUID() },
      payload: { description: 'Sluis Kornwerderzand', city: 'Kornwerderzand', comment: 'Start in maart' },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const complaint = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Complaints',
      headers: { ...(await t.auth(USER)), 'idempotency-key': randomUUID() },
      payload: {
        plantLocation: LOC,
        type: 'Storing',
        subject: 'Trilplaat start niet',
        description: 'De trilplaat start sinds vanochtend niet meer.',
      },
    });
    expect(complaint.statusCode, complaint.body).toBe(201);

    expect(await drain()).toMatchObject({ sent: 2 });
    expect(documentsIn(fake, 'projectLocationRequests', asked.json().id)[0]).toMatchObject({
      description: 'Sluis Kornwerderzand',
      city: 'Kornwerderzand',
      customerNumber: asked.json().customerNo,
      requestedBy: EXTERNAL,
      status: 'Open',
    });
    const [c] = fake.control.list('complaints', {
      filter: `externalDocumentNumber eq '${complaint.json().complaintNo}'`,
      expand: 'complaintMessages',
    });
    expect(c).toMatchObject({ projectLocationNumber: LOC, type: 'Storing', subject: 'Trilplaat start niet' });
    expect((c.complaintMessages as { message: string }[]).map((m) => m.message)).toEqual([
      'De trilplaat start sinds vanochtend niet meer.',
    ]);
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
      const headers = await t.auth(email);
      expect((await t.app.inject({ url: '/api/v2.0/Erp/outbox', headers })).statusCode).toBe(status);
      const all = await t.app.inject({ method: 'POST', url: '/api/v2.0/Erp/outbox/retry-dead', headers });
      expect(all.statusCode).toBe(status);
      const one = await t.app.inject({ method: 'POST', url: `/api/v2.0/Erp/outbox/${id}/retry`, headers });
      expect(one.statusCode).toBe(status === 200 ? 404 : 403);
    }
    expect((await t.app.inject({ url: '/api/v2.0/Erp/outbox' })).statusCode).toBe(401);
  });
});
