// What the outbox's tests against the fake Business Central share (outbox.test.ts, outbox.documents.test.ts): the
// fake and the app (ERP=business-central pointed at it), a drain by a worker whose clock runs ahead instead of
// waiting, an order submitted as the site manager, and what the portal and the fake hold of a document.
import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { type FakeBc, startFakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { erpOutbox, users } from '../../db/schema/index.ts';
import {
  addItems,
  defaultListId,
  ITEM,
  ITEM2,
  LOC2,
  SET_SIMPLE,
  USER,
} from '../order-lists/ordering.test-support.ts';
import { loadSettings } from '../settings/index.ts';
import type { ErpDeps } from './erp.connector.ts';
import { erpDelivery } from './outbox.delivery.ts';
import { drainOutbox } from './outbox.worker.ts';

/** Holds BusinessCentral (and nothing else) in these tests. */
export const HOLDER = 'materieeldienst@materieelportaal.nl';
// Monday 23 November 2026, 09:00 in Amsterdam: the app's clock (the order form's dates).
const NOW = new Date('2026-11-23T08:00:00Z');

const defaultsOf = (f: FakeBc) => ({
  url: `${f.url}/v2.0/${f.tenant}/${f.environment}`,
  tenant: f.tenant,
  company: f.companyId,
  clientId: f.clientId,
  clientSecret: f.clientSecret,
  authorityUrl: f.authorityUrl,
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

export interface OutboxTest {
  fake: FakeBc;
  t: TestApp;
}

/** Starts the fake and the app for the file (and clears faults, calls and leftovers before each test). */
export function useOutboxTest(): OutboxTest {
  const ctx = {} as OutboxTest;
  beforeAll(async () => {
    ctx.fake = await startFakeBc({ rateLimit: null });
    ctx.t = await createTestApp({
      env: { ERP: 'business-central', BC_AUTHORITY_URL: ctx.fake.authorityUrl },
      deps: { erpDefaults: defaultsOf(ctx.fake) },
    });
    ctx.t.setNow(NOW);
    await ctx.t.database.db
      .update(users)
      .set({ permissions: ['BusinessCentral'] })
      .where(eq(users.email, HOLDER));
  });
  afterAll(async () => {
    await ctx.t?.close();
    await ctx.fake?.close();
  });
  beforeEach(async () => {
    ctx.fake.control.clearFaults();
    ctx.fake.control.clearCalls();
    // a test that failed halfway leaves nothing due for the next one
    await ctx.t.database.db.execute(
      sql`update erp_outbox set status = 'dead' where status in ('waiting', 'sending')`,
    );
  });
  return ctx;
}

/** The connector's dependencies for a fake: the client retries nothing itself, so the outbox's own rules show. */
export const erpDeps = (x: OutboxTest, f: FakeBc = x.fake): ErpDeps => ({
  config: x.t.deps.config,
  db: x.t.database.db,
  loadSettings,
  erpDefaults: defaultsOf(f),
  clientOptions: { maxRetries: 0, maxThrottleWaits: 0, timeoutMs: 10_000 },
});

/** A drain by a worker whose clock is `offsetS` seconds ahead of now (jitter off: the full wait). */
export const drain = (x: OutboxTest, offsetS = 0, f: FakeBc = x.fake) =>
  drainOutbox({
    db: x.t.database.db,
    clock: () => new Date(Date.now() + offsetS * 1000),
    delivery: () => erpDelivery(erpDeps(x, f)),
    random: () => 1,
  });

/** An order of 4 × ITEM, 1 × ITEM2 (and a set) on LOC2, submitted by USER: its id and number. */
export async function order(x: OutboxTest, withSet = false): Promise<{ id: string; requestNo: string }> {
  const { t } = x;
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

/** The request's erpStatus as its requester's detail answers it. */
export const erpStatus = async (x: OutboxTest, id: string) =>
  (await x.t.app.inject({ url: `/api/v2.0/PlantRequests/${id}`, headers: await x.t.auth(USER) })).json()
    .erpStatus;

/** The outbox rows about a portal row, in order. */
export const rowsOf = (x: OutboxTest, aggregateId: string) =>
  x.t.database.db
    .select()
    .from(erpOutbox)
    .where(eq(erpOutbox.aggregateId, aggregateId))
    .orderBy(erpOutbox.seq);

/** The fake's documents of a set with this external document number. */
export const documentsIn = (f: FakeBc, set: string, documentNo: string) =>
  f.control.list(set, { filter: `externalDocumentNumber eq '${documentNo}'` });

/** The creates the fake received on a collection. */
export const posts = (f: FakeBc, path = '/rentalRequests') =>
  f.control.recordedCalls({ method: 'POST', path }).filter((c) => c.path.endsWith(path));
