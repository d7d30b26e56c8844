import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  idempotencyKeys,
  mailOutbox,
  orderListLines,
  plantRequests,
  requestLines,
  requestStatusHistory,
  workAddresses,
} from '../../db/schema/index.ts';
import {
  ADMIN,
  addItems,
  BLOCKED_LOC,
  COLLEAGUE,
  defaultListId,
  EXTERNAL,
  FOREIGN_LOC,
  ITEM,
  ITEM2,
  LOC,
  LOC2,
  linesInDb,
  locationId,
  READONLY,
  SET_SIMPLE,
  setSetting,
  USER,
  userId,
} from '../order-lists/ordering.test-support.ts';

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

const form = (over: Record<string, unknown> = {}) => ({
  deliveryDate: '2026-11-25',
  expectedReturnDate: '2026-12-18',
  addressCode: 'WA01',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
  reference: 'Fase 2',
  comment: 'Graag voor 10 uur',
  ...over,
});

async function submit(listId: string, body: unknown, key: string | null = randomUUID(), email = USER) {
  const headers: Record<string, string> = { ...(await t.auth(email)) };
  if (key !== null) headers['idempotency-key'] = key;
  return t.app.inject({
    method: 'POST',
    url: `/api/v2.0/PlantRequests/${listId}/order`,
    payload: body as object,
    headers,
  });
}

async function requestCount(): Promise<number> {
  const [r] = await t.database.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(plantRequests);
  return r.n;
}

/** The user's default list on the location with exactly two lines: 4 × ITEM and 1 × ITEM2. */
async function filledList(email = USER, loc = LOC2): Promise<string> {
  const id = await defaultListId(t, email, loc);
  await t.app.inject({
    method: 'DELETE',
    url: `/api/v2.0/OrderLists/${loc}/${id}/orderlistlines`,
    headers: await t.auth(email),
  });
  const r = await addItems(t, email, loc, id, [
    { itemNo: ITEM, amount: 4 },
    { itemNo: ITEM2, amount: 1 },
  ]);
  if (r.statusCode !== 200) throw new Error(`add: ${r.statusCode} ${r.body}`);
  return id;
}

describe('order submit', () => {
  it('turns the order list into one request with lines and history, empties the list and queues the mail', async () => {
    const id = await filledList();
    const headers = await t.auth(USER);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v2.0/OrderLists/${LOC2}/${id}/draft`,
      payload: { contactPerson: 'Jeroen' },
      headers,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/OrderLists/${LOC2}/${id}/orderlistlines`,
      payload: { lines: [{ type: 'set', itemNo: SET_SIMPLE, amount: 1 }] },
      headers,
    });
    const key = randomUUID();
    const r = await submit(
      id,
      form({ reference: '<script>alert("x")</script> & co', comment: 'Let op: <b>vet</b>' }),
      key,
    );
    expect(r.statusCode).toBe(201);
    const body = r.json();
    expect(body).toMatchObject({ kind: 'order', status: 'submitted', locationNo: LOC2, lineCount: 3 });
    expect(body.requestNo).toMatch(/^A-\d{4}-\d{6}$/);

    const [req] = await t.database.db.select().from(plantRequests).where(eq(plantRequests.id, body.id));
    expect(req).toMatchObject({
      requestedDate: '2026-11-25',
      expectedReturnDate: '2026-12-18',
      destinationKind: 'work_address',
      addressCode: 'WA01',
      idempotencyKey: key,
      orderListId: id,
      rush: false,
    });
    const lines = await t.database.db.select().from(requestLines).where(eq(requestLines.requestId, body.id));
    expect(lines).toHaveLength(3 + 5);
    const setLine = lines.find((l) => l.setId !== null);
    expect(lines.filter((l) => l.parentLineId === setLine?.id)).toHaveLength(5);
    const history = await t.database.db
      .select()
      .from(requestStatusHistory)
      .where(eq(requestStatusHistory.requestId, body.id));
    expect(history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'submitted' })]);
    // The detail keeps the name of the work address the user chose (as it was then).
    const [address] = await t.database.db
      .select({ name: workAddresses.name })
      .from(workAddresses)
      .where(eq(workAddresses.id, req.workAddressId as string));
    expect(address.name).toBeTruthy();
    const detail = await t.app.inject({ url: `/api/v2.0/PlantRequests/${body.id}`, headers });
    expect(detail.json()).toMatchObject({ addressCode: 'WA01', addressName: address.name });

    expect(await linesInDb(t, id)).toHaveLength(0);
    const draft = await t.app.inject({ url: `/api/v2.0/OrderLists/${LOC2}/${id}/draft`, headers });
    expect(draft.json().draft).toBeNull();
    const list = await t.app.inject({ url: `/api/v2.0/OrderLists/${LOC2}/${id}`, headers });
    expect(list.json()).toMatchObject({ lineCount: 0, savedRequestNo: body.requestNo, canSubmit: false });

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.type, 'OrderConfirmation'));
    const mail = mails.find((m) => m.to === USER);
    expect(mail).toBeDefined();
    expect(mail?.subject).toContain(body.requestNo);
    expect(mail?.html).toContain(ITEM);
    expect(mail?.html).toContain('&lt;script&gt;');
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).not.toContain('<b>vet</b>');
    expect(mail?.html).toContain(' kg');
  });

  it('follows the mail settings: prices (ToonPrijsInEmail), a copy to the department, no mail when sending is off', async () => {
    const mails = async (to: string) =>
      t.database.db
        .select()
        .from(mailOutbox)
        .where(and(eq(mailOutbox.type, 'OrderConfirmation'), eq(mailOutbox.to, to)))
        .orderBy(desc(mailOutbox.createdAt));
    await setSetting(t, 'ToonPrijsInEmail', true);
    await setSetting(t, 'OrderWizardDefaultReceiver', 'materieeldienst@example.test');
    try {
      const ext = await filledList(EXTERNAL, FOREIGN_LOC);
      const r = await submit(ext, form({ addressCode: 'WA01' }), randomUUID(), EXTERNAL);
      expect(r.statusCode).toBe(201);
      const [own] = await mails(EXTERNAL);
      expect(own.html).toContain('€');
      const [copy] = await mails('materieeldienst@example.test');
      expect(copy.subject).toContain(r.json().requestNo);
      // an internal user on a location without price display gets no prices in the mail either
      const internal = await filledList();
      const i = await submit(internal, form());
      expect(i.statusCode).toBe(201);
      const [mine] = await mails(USER);
      expect(mine.subject).toContain(i.json().requestNo);
      expect(mine.html).not.toContain('€');
    } finally {
      await setSetting(t, 'ToonPrijsInEmail', false);
      await setSetting(t, 'OrderWizardDefaultReceiver', '');
    }
    await setSetting(t, 'OrderWizardEmailEnableSend', false);
    try {
      const before = (await mails(USER)).length;
      const id = await filledList();
      expect((await submit(id, form())).statusCode).toBe(201);
      expect((await mails(USER)).length).toBe(before);
    } finally {
      await setSetting(t, 'OrderWizardEmailEnableSend', true);
    }
  });

  it('requires the Idempotency-Key header (400 naming it) and creates nothing without it', async () => {
    const id = await filledList();
    const before = await requestCount();
    const r = await submit(id, form(), null);
    expect(r.statusCode).toBe(400);
    expect(r.json().code).toBe('error.idempotency_key_verplicht');
    expect(r.json().details.fields).toHaveProperty('Idempotency-Key');
    expect(await requestCount()).toBe(before);
  });

  it('replays the same answer for the same key, and refuses the same key with another body (422)', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const key = randomUUID();
    const first = await submit(id, form(), key);
    expect(first.statusCode).toBe(201);
    const before = await requestCount();
    const again = await submit(id, form(), key);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const changed = await submit(id, form({ reference: 'anders' }), key);
    expect(changed.statusCode).toBe(422);
    expect(changed.json().code).toBe('error.idempotency_conflict');
    expect(await requestCount()).toBe(before);
  });

  it('replays a stored answer only to whom may read the list: another user with the same key and body, and the owner after losing the location, get 404', async () => {
    const id = await filledList();
    const key = randomUUID();
    const first = await submit(id, form(), key);
    expect(first.statusCode).toBe(201);
    const before = await requestCount();
    // a colleague on the same locations, with the owner's key and body: the list is not theirs
    const other = await submit(id, form(), key, COLLEAGUE);
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain(first.json().requestNo);
    const [uid, lid] = await Promise.all([userId(t, USER), locationId(t, LOC2)]);
    const [{ role }] = (
      await t.database.db.execute<{ role: string }>(
        sql`delete from location_memberships where user_id = ${uid} and location_id = ${lid} returning role::text`,
      )
    ).rows;
    try {
      const gone = await submit(id, form(), key);
      expect(gone.statusCode).toBe(404);
      expect(gone.headers['idempotent-replayed']).toBeUndefined();
    } finally {
      await t.database.db.execute(
        sql`insert into location_memberships (user_id, location_id, role) values (${uid}, ${lid}, ${role}::location_role)`,
      );
    }
    const back = await submit(id, form(), key);
    expect(back.statusCode).toBe(201);
    expect(back.headers['idempotent-replayed']).toBe('true');
    expect(back.json()).toEqual(first.json());
    expect(await requestCount()).toBe(before);
  });

  for (const parallel of [20, 50]) {
    it(`creates exactly one request from ${parallel} parallel submits with one key, all answers identical`, async () => {
      const id = await filledList();
      const key = randomUUID();
      const before = await requestCount();
      const answers = await Promise.all(Array.from({ length: parallel }, () => submit(id, form(), key)));
      const statuses = answers.map((a) => a.statusCode);
      expect(new Set(statuses), JSON.stringify(answers.find((a) => a.statusCode !== 201)?.json())).toEqual(
        new Set([201]),
      );
      const bodies = new Set(answers.map((a) => JSON.stringify(a.json())));
      expect(bodies.size).toBe(1);
      expect(await requestCount()).toBe(before + 1);
      const created = await t.database.db
        .select()
        .from(plantRequests)
        .where(eq(plantRequests.idempotencyKey, key));
      expect(created).toHaveLength(1);
      const lines = await t.database.db
        .select()
        .from(requestLines)
        .where(eq(requestLines.requestId, created[0].id));
      expect(lines).toHaveLength(2);
      expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(parallel - 1);
    });
  }

  it('takes a list once when submits with different keys race (tabs): one 201, the others 409, no deadlock', async () => {
    const id = await filledList();
    const before = await requestCount();
    const answers = await Promise.all(Array.from({ length: 8 }, () => submit(id, form(), randomUUID())));
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses, JSON.stringify(answers.map((a) => a.json()))).toEqual([201, ...Array(7).fill(409)]);
    expect(
      answers
        .filter((a) => a.statusCode === 409)
        .every((a) => a.json().code === 'error.bestellijst_al_verstuurd'),
    ).toBe(true);
    expect(await requestCount()).toBe(before + 1);
  });

  it('leaves nothing when the database session dies mid-submit; the retry creates exactly one request with its lines', async () => {
    const db = t.database.db;
    const id = await filledList();
    const mailCount = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)`.mapWith(Number) })
          .from(mailOutbox)
          .where(eq(mailOutbox.type, 'OrderConfirmation'))
      )[0].n;
    const mailsBefore = await mailCount();
    // why: a trigger stalls the submit after the request, its lines and its history row are written, so the
    // session can be killed at that point — what a SIGKILL of the server does to its open transaction.
    await db.execute(
      sql.raw(
        `create or replace function mp_test_stall() returns trigger language plpgsql as $$ begin perform pg_sleep(10); return new; end $$`,
      ),
    );
    await db.execute(
      sql.raw(
        `create trigger mp_test_stall after insert on request_status_history for each row execute function mp_test_stall()`,
      ),
    );
    // why: pg emits 'error' on a checked-out client whose session dies, and database.ts listens on idle
    // clients only (reported to the lead); without this listener the test process itself would crash.
    const guard = (c: { on(event: 'error', fn: (e: Error) => void): unknown }) => c.on('error', () => {});
    t.database.pool.on('connect', guard);
    for (const c of (t.database.pool as unknown as { _clients: Parameters<typeof guard>[0][] })._clients)
      guard(c);
    const key = randomUUID();
    const pending = submit(id, form(), key);
    let pid: number | undefined;
    for (let i = 0; i < 100 && !pid; i++) {
      const r = await db.execute<{ pid: number }>(
        sql`select pid from pg_stat_activity where datname = current_database() and wait_event = 'PgSleep'`,
      );
      pid = r.rows[0]?.pid;
      if (!pid) await new Promise((res) => setTimeout(res, 50));
    }
    expect(pid).toBeDefined();
    await db.execute(sql`select pg_terminate_backend(${pid})`);
    const crashed = await pending;
    expect(crashed.statusCode).toBeGreaterThanOrEqual(500);
    await db.execute(sql.raw('drop trigger mp_test_stall on request_status_history'));
    await db.execute(sql.raw('drop function mp_test_stall()'));

    expect(
      await t.database.db.select().from(plantRequests).where(eq(plantRequests.idempotencyKey, key)),
    ).toHaveLength(0);
    expect(
      await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key)),
    ).toHaveLength(0);
    expect(await linesInDb(t, id)).toHaveLength(2);
    expect(await mailCount()).toBe(mailsBefore);

    const retry = await submit(id, form(), key);
    expect(retry.statusCode).toBe(201);
    const created = await t.database.db
      .select()
      .from(plantRequests)
      .where(eq(plantRequests.idempotencyKey, key));
    expect(created).toHaveLength(1);
    expect(
      await t.database.db.select().from(requestLines).where(eq(requestLines.requestId, created[0].id)),
    ).toHaveLength(2);
    expect(await mailCount()).toBe(mailsBefore + 1);
  });

  it('refuses an empty list (422; 409 when a submit emptied it) and a line without amount (422), creating nothing', async () => {
    // a list that was never submitted
    await setSetting(t, 'Bestellen_EnableMeerdereBestellijsten', true);
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/OrderLists/${LOC2}`,
      payload: { name: 'Nooit verstuurd' },
      headers: await t.auth(USER),
    });
    await setSetting(t, 'Bestellen_EnableMeerdereBestellijsten', false);
    expect(created.statusCode).toBe(201);
    const never = await submit(created.json().id, form());
    expect(never.statusCode).toBe(422);
    expect(never.json().code).toBe('error.lijst_leeg');
    // a list emptied by its submit, sent again under a new key (a second tab, a double click after a reload)
    const id = await filledList();
    const first = await submit(id, form());
    expect(first.statusCode).toBe(201);
    const before = await requestCount();
    const again = await submit(id, form());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'error.bestellijst_al_verstuurd',
      details: { orderListId: id, requestNo: first.json().requestNo },
    });
    expect(again.json().message).toContain(first.json().requestNo);
    await filledList();
    const [line] = await linesInDb(t, id);
    await t.database.db.update(orderListLines).set({ amount: 0 }).where(eq(orderListLines.id, line.id));
    const zero = await submit(id, form());
    expect(zero.statusCode).toBe(422);
    expect(zero.json().code).toBe('Bestellijst.aantal_verplicht');
    expect(await requestCount()).toBe(before);
    expect(await linesInDb(t, id)).toHaveLength(2);
    await t.database.db.update(orderListLines).set({ amount: 1 }).where(eq(orderListLines.id, line.id));
  });

  it('checks the date rules on the server in the Amsterdam calendar', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const before = await requestCount();
    const weekend = await submit(id, form({ deliveryDate: '2026-11-28', expectedReturnDate: null }));
    expect(weekend.statusCode).toBe(422);
    expect(weekend.json()).toMatchObject({
      code: 'error.datum_niet_toegestaan',
      details: { fields: { deliveryDate: { code: 'validation.datum_weekend' } } },
    });
    const today = await submit(id, form({ deliveryDate: '2026-11-23' }));
    expect(today.statusCode).toBe(422);
    expect(today.json().details.fields.deliveryDate).toEqual({
      code: 'validation.datum_te_vroeg',
      message: expect.stringContaining('24'),
      params: { date: '2026-11-24' },
    });
    const past = await submit(id, form({ deliveryDate: '2026-11-20' }));
    expect(past.json().details.fields.deliveryDate.code).toBe('validation.datum_in_verleden');
    const returnFirst = await submit(id, form({ expectedReturnDate: '2026-11-24' }));
    expect(returnFirst.json().details.fields.expectedReturnDate.code).toBe(
      'validation.retourdatum_voor_leverdatum',
    );
    const badDay = await submit(id, form({ deliveryDate: '2026-02-30' }));
    expect(badDay.statusCode).toBe(400);
    expect(badDay.json().details.fields).toHaveProperty('deliveryDate');
    // Late Monday evening in UTC is already Tuesday in Amsterdam: Tuesday is then "today" and too early.
    t.setNow(new Date('2026-11-23T23:30:00Z'));
    const tuesday = await submit(id, form({ deliveryDate: '2026-11-24' }));
    expect(tuesday.json().details?.fields?.deliveryDate?.code).toBe('validation.datum_te_vroeg');
    t.setNow(NOW);
    expect(await requestCount()).toBe(before);
  });

  it('allows today as a rush order, refuses rush when it is switched off', async () => {
    const id = await defaultListId(t, USER, LOC2);
    await setSetting(t, 'OrderWizardEnableRush', false);
    try {
      const off = await submit(id, form({ deliveryDate: '2026-11-24', rush: true }));
      expect(off.statusCode).toBe(422);
      expect(off.json()).toMatchObject({
        code: 'error.spoed_niet_toegestaan',
        details: { fields: { rush: { code: 'error.spoed_niet_toegestaan' } } },
      });
    } finally {
      await setSetting(t, 'OrderWizardEnableRush', true);
    }
    await setSetting(t, 'Bestellen_EnableVandaagOpSpoed', false);
    try {
      const noToday = await submit(id, form({ deliveryDate: '2026-11-23', rush: true }));
      expect(noToday.statusCode).toBe(422);
    } finally {
      await setSetting(t, 'Bestellen_EnableVandaagOpSpoed', true);
    }
    const rush = await submit(id, form({ deliveryDate: '2026-11-23', rush: true }));
    expect(rush.statusCode).toBe(201);
    const [req] = await t.database.db
      .select()
      .from(plantRequests)
      .where(eq(plantRequests.id, rush.json().id));
    expect(req).toMatchObject({ rush: true, requestedDate: '2026-11-23' });
  });

  it('requires accepted terms when OrderWizardEnableTermsAndConditions is on', async () => {
    const id = await filledList();
    await setSetting(t, 'OrderWizardEnableTermsAndConditions', true);
    try {
      const r = await submit(id, form());
      expect(r.statusCode).toBe(422);
      expect(r.json()).toMatchObject({
        code: 'error.voorwaarden_niet_geaccepteerd',
        details: { fields: { termsAccepted: { code: 'validation.verplicht' } } },
      });
      const ok = await submit(id, form({ termsAccepted: true }));
      expect(ok.statusCode).toBe(201);
    } finally {
      await setSetting(t, 'OrderWizardEnableTermsAndConditions', false);
    }
  });

  it('checks the destination: collect needs a depot, a work address must be one of the location', async () => {
    const id = await filledList();
    const noDepot = await submit(id, form({ collect: true, addressCode: undefined }));
    expect(noDepot.statusCode).toBe(400);
    expect(noDepot.json().details.fields).toHaveProperty('depotNo');
    const unknownDepot = await submit(id, form({ collect: true, depotNo: 'D-XXX' }));
    expect(unknownDepot.statusCode).toBe(400);
    expect(unknownDepot.json().details.fields.depotNo.code).toBe('validation.onbekende_waarde');
    const unknownAddress = await submit(id, form({ addressCode: 'WA99' }));
    expect(unknownAddress.json().details.fields.addressCode.code).toBe('validation.onbekende_waarde');
    const typed = await submit(id, form({ addressCode: undefined }));
    expect(typed.statusCode).toBe(400);
    expect(Object.keys(typed.json().details.fields).sort()).toEqual(['city', 'street']);
    const collect = await submit(id, form({ collect: true, depotNo: 'D-UTR', addressCode: undefined }));
    expect(collect.statusCode).toBe(201);
    const [req] = await t.database.db
      .select()
      .from(plantRequests)
      .where(eq(plantRequests.id, collect.json().id));
    expect(req).toMatchObject({ collect: true, destinationKind: 'depot', transportMeans: 'ophalen' });
  });

  it('refuses mass assignment in the order form (400)', async () => {
    const id = await filledList();
    const r = await submit(id, { ...form(), status: 'done', userId: randomUUID() });
    expect(r.statusCode).toBe(400);
  });

  it('refuses a blocked location (422), a read-only user (403) and a foreign list (404), changing nothing', async () => {
    const before = await requestCount();
    const blockedId = await defaultListId(t, USER, BLOCKED_LOC);
    await addItems(t, USER, BLOCKED_LOC, blockedId, [{ itemNo: ITEM, amount: 1 }]);
    const blocked = await submit(blockedId, form());
    expect(blocked.statusCode).toBe(422);
    expect(blocked.json().code).toBe('error.locatie_geblokkeerd');
    expect(await linesInDb(t, blockedId)).toHaveLength(1);

    const readonlyId = await defaultListId(t, READONLY, LOC);
    const ro = await submit(readonlyId, form(), randomUUID(), READONLY);
    expect(ro.statusCode).toBe(403);
    expect(ro.json().code).toBe('error.alleen_lezen');

    const foreignId = await defaultListId(t, EXTERNAL, FOREIGN_LOC);
    const foreignLines = await linesInDb(t, foreignId);
    const foreign = await submit(foreignId, form());
    expect(foreign.statusCode).toBe(404);
    expect(await linesInDb(t, foreignId)).toEqual(foreignLines);
    expect(await requestCount()).toBe(before);
    const keys = await t.database.db
      .select()
      .from(idempotencyKeys)
      .where(
        and(
          eq(idempotencyKeys.scope, `order:${foreignId}`),
          eq(idempotencyKeys.userId, await userId(t, USER)),
        ),
      );
    expect(keys).toHaveLength(0);
  });

  it('refuses anonymous submits with 401', async () => {
    const id = await defaultListId(t, USER, LOC2);
    const r = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${id}/order`,
      payload: form(),
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(r.statusCode).toBe(401);
  });
});

describe('requests overview and life cycle', () => {
  let requestId: string;
  let requestNo: string;

  beforeAll(async () => {
    const id = await filledList();
    const r = await submit(id, form({ reference: 'Overzicht' }));
    requestId = r.json().id;
    requestNo = r.json().requestNo;
  });

  it("lists the requests of the user's location, filtered by status, with paging", async () => {
    const headers = await t.auth(USER);
    const paged = await t.app.inject({
      url: `/api/v2.0/PlantRequests?plantLocation=${LOC2}&pageSize=2&page=2`,
      headers,
    });
    expect(paged.statusCode).toBe(200);
    expect(paged.json()).toMatchObject({ page: 2, pageSize: 2 });
    expect(paged.json().items.length).toBeLessThanOrEqual(2);
    const r = await t.app.inject({
      url: `/api/v2.0/PlantRequests?plantLocation=${LOC2}&status=submitted,planned&pageSize=100`,
      headers,
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
    expect(
      body.items.every(
        (i: { status: string; locationNo: string }) =>
          ['submitted', 'planned'].includes(i.status) && i.locationNo === LOC2,
      ),
    ).toBe(true);
    expect(body.items.find((i: { requestNo: string }) => i.requestNo === requestNo)).toMatchObject({
      reference: 'Overzicht',
      lineCount: 2,
      totalAmount: 5,
      requestedBy: 'Jeroen de Wit',
    });
    const bad = await t.app.inject({ url: '/api/v2.0/PlantRequests?status=bogus', headers });
    expect(bad.statusCode).toBe(400);
    const mine = await t.app.inject({ url: '/api/v2.0/PlantRequests?pageSize=100', headers });
    const locations = new Set(mine.json().items.map((i: { locationNo: string }) => i.locationNo));
    expect(locations.has(FOREIGN_LOC)).toBe(false);
  });

  it('shows one request with lines in the locale and its history', async () => {
    const r = await t.app.inject({
      url: `/api/v2.0/PlantRequests/${requestId}`,
      headers: await t.auth(USER),
    });
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.lines.map((l: { itemNo: string }) => l.itemNo).sort()).toEqual([ITEM, ITEM2].sort());
    expect(body.lines[0].description).not.toBe('');
    expect(body.history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'submitted', changedBy: 'Jeroen de Wit' }),
    ]);
    expect(body.allowedStatuses).toEqual(['cancelled']);
    expect(body).toMatchObject({
      addressCode: 'WA01',
      contactPerson: 'Jeroen de Wit',
      destinationKind: 'work_address',
    });
  });

  it("answers 404 for another customer's request and read-only members may read but not cancel", async () => {
    const foreign = await t.app.inject({
      url: `/api/v2.0/PlantRequests/${requestId}`,
      headers: await t.auth(EXTERNAL),
    });
    expect(foreign.statusCode).toBe(404);
    const foreignCancel = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${requestId}/cancel`,
      payload: {},
      headers: await t.auth(EXTERNAL),
    });
    expect(foreignCancel.statusCode).toBe(404);
    // a submitted request on P-24001, where READONLY is a member with the read-only role
    const own = (await submit(await filledList(USER, LOC), form({ reference: 'Alleen lezen' }))).json();
    const read = await t.app.inject({
      url: `/api/v2.0/PlantRequests/${own.id}`,
      headers: await t.auth(READONLY),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ status: 'submitted', allowedStatuses: [] });
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/v2.0/PlantRequests/${own.id}/cancel`,
      payload: {},
      headers: await t.auth(READONLY),
    });
    expect(cancel.statusCode).toBe(403);
    expect(cancel.json().code).toBe('error.alleen_lezen');
    const [ownAfter] = await t.database.db.select().from(plantRequests).where(eq(plantRequests.id, own.id));
    expect(ownAfter.status).toBe('submitted');
    const [still] = await t.database.db.select().from(plantRequests).where(eq(plantRequests.id, requestId));
    expect(still.status).toBe('submitted');
  });

  it('lets the department move a request along; a user may not', async () => {
    const id = await filledList();
    const created = (await submit(id, form())).json();
    const url = `/api/v2.0/Department/requests/${created.id}/status`;
    const user = await t.app.inject({
      method: 'POST',
      url,
      payload: { status: 'in_progress' },
      headers: await t.auth(USER),
    });
    expect(user.statusCode).toBe(403);
    const admin = await t.auth(ADMIN);
    const taken = await t.app.inject({
      method: 'POST',
      url,
      payload: { status: 'in_progress' },
      headers: admin,
    });
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json()).toMatchObject({ status: 'in_progress', version: expect.any(String) });
    // planned and done carry data: only the department's plan and execute calls make them (decision 0018)
    for (const step of [
      { status: 'planned', plannedDate: '2026-11-26', note: 'Levering donderdag' },
      { status: 'done' },
    ]) {
      const r = await t.app.inject({ method: 'POST', url, payload: step, headers: admin });
      expect(r.statusCode).toBe(422);
      expect(r.json().code).toBe('error.status_via_plannen_of_uitvoeren');
    }
    const stopped = await t.app.inject({
      method: 'POST',
      url,
      payload: { status: 'cancelled', note: 'Niet meer nodig' },
      headers: admin,
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    const final = await t.app.inject({ url: `/api/v2.0/PlantRequests/${created.id}`, headers: admin });
    expect(final.json()).toMatchObject({ plannedDate: null, allowedStatuses: [] });
    expect(final.json().history.map((h: { toStatus: string }) => h.toStatus)).toEqual([
      'submitted',
      'in_progress',
      'cancelled',
    ]);
    const late = await t.app.inject({
      method: 'POST',
      url,
      payload: { status: 'cancelled', note: 'te laat' },
      headers: admin,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('error.status_overgang_ongeldig');
    expect(late.json().details.currentStatus).toBeTruthy();
  });

  it('needs a reason to reject', async () => {
    const id = await filledList();
    const created = (await submit(id, form())).json();
    const url = `/api/v2.0/Department/requests/${created.id}/status`;
    const admin = await t.auth(ADMIN);
    const noReason = await t.app.inject({
      method: 'POST',
      url,
      payload: { status: 'rejected' },
      headers: admin,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details.fields).toHaveProperty('note');
    const rejected = await t.app.inject({
      method: 'POST',
      url,
      payload: { status: 'rejected', note: 'Niet leverbaar' },
      headers: admin,
    });
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'Niet leverbaar' });
  });

  it('lets the requester cancel only while submitted', async () => {
    const headers = await t.auth(USER);
    const url = `/api/v2.0/PlantRequests/${requestId}/cancel`;
    const r = await t.app.inject({ method: 'POST', url, payload: { note: 'Toch niet nodig' }, headers });
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({ status: 'cancelled', allowedStatuses: [] });
    expect(r.json().history.at(-1)).toMatchObject({
      fromStatus: 'submitted',
      toStatus: 'cancelled',
      note: 'Toch niet nodig',
    });
    const again = await t.app.inject({ method: 'POST', url, payload: {}, headers });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('error.status_overgang_ongeldig');
    expect(again.json().details.currentStatus).toBe('cancelled');
  });
});

describe('requests, legacy calls', () => {
  it('submits with the Dutch order form (AddAanvraag) and the same idempotency rules', async () => {
    await filledList(USER, 'P-24004');
    const headers = { ...(await t.auth(USER)), 'idempotency-key': randomUUID() };
    const payload = {
      materieelLocatieNr: 'P-24004',
      leverDatum: '2026-11-26T00:00:00.000Z',
      retourDatum: null,
      transportmiddel: 'leveren',
      bestemming: 'werkadres',
      adrescode: 'WA01',
      contactpersoon: 'Mark Hendriks',
      telefoonnummer: '06 12 34 56 03',
      referentie: 'Legacy',
      opmerking: '',
      spoed: false,
    };
    const noKey = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/AddAanvraag',
      payload,
      headers: await t.auth(USER),
    });
    expect(noKey.statusCode).toBe(400);
    const badDate = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/AddAanvraag',
      payload: { ...payload, leverDatum: 'morgen' },
      headers,
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().details.fields).toHaveProperty('leverDatum');
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/AddAanvraag',
      payload,
      headers,
    });
    expect(r.statusCode).toBe(201);
    expect(r.json()).toMatchObject({ status: 'ingediend', materieelLocatieNr: 'P-24004' });
    const replay = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/AddAanvraag',
      payload,
      headers,
    });
    expect(replay.json()).toEqual(r.json());

    const list = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/GetAanvragen',
      payload: { materieelLocatieNr: 'P-24004' },
      headers: await t.auth(USER),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().aanvragen[0]).toMatchObject({
      aanvraagNummer: r.json().aanvraagNummer,
      status: 'ingediend',
      soort: 'bestelling',
      statusOmschrijving: 'Ingediend',
    });

    const detail = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/GetAanvraagDetails',
      payload: { aanvraagNummer: r.json().aanvraagNummer },
      headers: await t.auth(USER),
    });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ adrescode: 'WA01', referentie: 'Legacy' });
    expect(detail.json().regels.length).toBe(2);
    expect(detail.json().statusHistorie[0]).toMatchObject({ vanStatus: null, naarStatus: 'ingediend' });

    const foreign = await t.app.inject({
      method: 'POST',
      url: '/api/MaterieelAanvraag/GetAanvraagDetailsProject',
      payload: { id: r.json().id },
      headers: await t.auth(EXTERNAL),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
