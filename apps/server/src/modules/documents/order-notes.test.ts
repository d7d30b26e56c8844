import { sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { createJobs } from '../../platform/jobs/jobs.ts';
import { readPdf } from '../../platform/pdf/pdf-text.test-support.ts';
import { ORDER_NOTE_QUEUE, queueOrderNotes, startOrderNoteWorker, storeOrderNote } from './index.ts';

const ADMIN = 'admin@materieelportaal.nl';
const MEMBER = 'uitvoerder@vandijk.nl'; // Van Dijk: member of P-24001..P-24004, P-24007
const OTHER_CUSTOMER = 'projectleider@infranoord.nl'; // Infra Noord: member of P-24008..P-24012

let t: TestApp;
let headers: Record<'admin' | 'member' | 'other', { authorization: string }>;

type OrderRow = { id: string; order_no: string; request_id: string | null };

/** A done order of `kind` at P-24001 whose lines carry plants (numbered items) and bulk quantities alike. */
async function orderAt(kind: string, locationNo = 'P-24001'): Promise<OrderRow> {
  const r = await t.database.db.execute<OrderRow>(sql`
    select o.id, o.order_no, o.request_id from plant_orders o
    join plant_locations l on l.id = o.location_id
    where l.location_no = ${locationNo} and o.kind = ${kind} and o.status = 'done'
      and exists (select 1 from order_lines ol where ol.order_id = o.id and ol.plant_id is not null)
    order by (select count(*) from order_lines ol where ol.order_id = o.id) desc, o.order_no
    limit 1`);
  if (!r.rows[0]) throw new Error(`demo data lacks a done ${kind} order with plants at ${locationNo}`);
  return r.rows[0];
}

async function notesOf(orderId: string) {
  const r = await t.database.db.execute<{
    document_system_id: string;
    category: string;
    title: string;
    file_id: string;
    storage_key: string;
    location_no: string;
    document_date: string;
  }>(sql`
    select d.document_system_id, d.category, d.title, d.file_id, f.storage_key, l.location_no,
      d.document_date::text as document_date
    from documents d join files f on f.id = d.file_id join plant_locations l on l.id = d.location_id
    where d.order_id = ${orderId}`);
  return r.rows;
}

async function linesOf(orderId: string) {
  const r = await t.database.db.execute<{ item_no: string; plant_no: string | null }>(sql`
    select i.item_no, p.plant_no from order_lines ol join items i on i.id = ol.item_id
    left join plants p on p.id = ol.plant_id where ol.order_id = ${orderId} order by ol.line_no`);
  return r.rows;
}

const content = (documentSystemId: string, as?: keyof typeof headers) =>
  t.app.inject({
    url: `/api/v2.0/Documents/${encodeURIComponent(documentSystemId)}/content`,
    headers: as ? headers[as] : {},
  });

const words = (s: string) => s.replace(/\s+/g, ' ');

beforeAll(async () => {
  t = await createTestApp();
  headers = {
    admin: await t.auth(ADMIN),
    member: await t.auth(MEMBER),
    other: await t.auth(OTHER_CUSTOMER),
  };
});
afterAll(async () => {
  await t.close();
});

describe('storeOrderNote', () => {
  it("stores a delivery note about the order at its location, in the requester's language, readable through the documents call", async () => {
    const order = await orderAt('delivery');
    const stored = await storeOrderNote(t.deps, order.id);
    expect(stored).toMatchObject({
      documentSystemId: `DMS-PAKBON-${order.order_no}`,
      locale: 'nl-NL',
      title: `Pakbon ${order.order_no}`,
    });
    const [doc] = await notesOf(order.id);
    expect(doc).toMatchObject({
      category: 'Pakbon',
      title: `Pakbon ${order.order_no}`,
      location_no: 'P-24001',
    });
    expect(doc.document_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const r = await content(doc.document_system_id, 'member');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toBe(
      `inline; filename="pakbon-${order.order_no}.pdf"; filename*=UTF-8''pakbon-${order.order_no}.pdf`,
    );
    const pdf = await readPdf(r.rawPayload);
    const text = words(pdf.text);
    expect(pdf.title).toBe(`Pakbon ${order.order_no}`);
    expect(text).toContain('Pakbon');
    expect(text).toContain(order.order_no);
    const lines = await linesOf(order.id);
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) {
      expect(text).toContain(line.item_no);
      if (line.plant_no) expect(text).toContain(line.plant_no);
    }
  });

  it('keeps one note per order: making it again replaces the document and removes the old file', async () => {
    const order = await orderAt('delivery', 'P-24002');
    const first = await storeOrderNote(t.deps, order.id);
    const [before] = await notesOf(order.id);
    const second = await storeOrderNote(t.deps, order.id, 'en-US');
    const after = await notesOf(order.id);
    expect(after).toHaveLength(1);
    expect(after[0].document_system_id).toBe(before.document_system_id);
    expect(after[0].file_id).toBe(second?.fileId);
    expect(after[0].file_id).not.toBe(first?.fileId);
    expect(after[0].title).toBe(`Delivery note ${order.order_no}`);
    const old = await t.database.db.execute(sql`select 1 from files where id = ${before.file_id}`);
    expect(old.rows).toHaveLength(0);
    expect(await t.deps.storage.get(before.storage_key)).toBeNull();
    const text = words(
      (await readPdf((await content(after[0].document_system_id, 'member')).rawPayload)).text,
    );
    expect(text).toContain('Delivery note');
    expect(text).toContain('Received by');
  });

  it('titles a removal note and shows the return condition of its exit order', async () => {
    const r = await t.database.db.execute<{
      id: string;
      order_no: string;
      exit_order_no: string;
      item_no: string;
    }>(sql`
      select o.id, o.order_no, x.exit_order_no, i.item_no from plant_orders o
      join exit_orders x on x.order_id = o.id join exit_order_lines xl on xl.exit_order_id = x.id
      join items i on i.id = xl.item_id
      where o.kind = 'removal' order by o.order_no limit 1`);
    const removal = r.rows[0];
    if (!removal) throw new Error('demo data lacks a removal with an exit order');
    const stored = await storeOrderNote(t.deps, removal.id, 'nl-NL');
    expect(stored?.documentSystemId).toBe(`DMS-AFVOERBON-${removal.order_no}`);
    const [doc] = await notesOf(removal.id);
    expect(doc.category).toBe('Afvoerbon');
    const text = words((await readPdf((await content(doc.document_system_id, 'admin')).rawPayload)).text);
    for (const expected of [
      'Afvoerbon',
      removal.order_no,
      'Retourconditie',
      removal.exit_order_no,
      removal.item_no,
    ])
      expect(text).toContain(expected);
  });

  it('falls back to the DefaultLanguage setting when the order has no requester', async () => {
    const order = await orderAt('delivery', 'P-24003');
    const requestUser = await t.database.db.execute<{ user_id: string | null }>(
      sql`select user_id from plant_requests where id = ${order.request_id}`,
    );
    await t.database.db.execute(sql`update plant_requests set user_id = null where id = ${order.request_id}`);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key: 'DefaultLanguage', value: 'de-DE' },
      headers: headers.admin,
    });
    expect(set.statusCode).toBe(204);
    try {
      const stored = await storeOrderNote(t.deps, order.id);
      expect(stored).toMatchObject({ locale: 'de-DE', title: `Lieferschein ${order.order_no}` });
    } finally {
      await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Settings',
        payload: { key: 'DefaultLanguage', value: 'nl-NL' },
        headers: headers.admin,
      });
      await t.database.db.execute(
        sql`update plant_requests set user_id = ${requestUser.rows[0]?.user_id ?? null} where id = ${order.request_id}`,
      );
    }
  });

  it('answers null for an order that does not exist', async () => {
    expect(await storeOrderNote(t.deps, '00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});

describe('who may read a note (decision 0009)', () => {
  it("gives another customer's user the same 404 as an unknown document; members, admins read it; anonymous 401", async () => {
    const order = await orderAt('delivery', 'P-24004');
    const stored = await storeOrderNote(t.deps, order.id);
    if (!stored) throw new Error('no note');
    expect((await content(stored.documentSystemId, 'member')).statusCode).toBe(200);
    expect((await content(stored.documentSystemId, 'admin')).statusCode).toBe(200);
    const refused = await content(stored.documentSystemId, 'other');
    const unknown = await content('DMS-PAKBON-O-0000-000000', 'other');
    expect(refused.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(refused.json()).toEqual(unknown.json());
    const info = await t.app.inject({
      url: `/api/v2.0/Documents/${encodeURIComponent(stored.documentSystemId)}`,
      headers: headers.other,
    });
    expect(info.statusCode).toBe(404);
    expect((await content(stored.documentSystemId)).statusCode).toBe(401);
  });
});

describe('queueOrderNotes', () => {
  it('makes the notes at once when the process runs no jobs, and never fails the caller', async () => {
    const order = await orderAt('delivery', 'P-24007');
    await t.database.db.execute(sql`delete from documents where order_id = ${order.id}`);
    await expect(
      queueOrderNotes(t.deps, [order.id, order.id, 'not-a-uuid', '00000000-0000-4000-8000-000000000000']),
    ).resolves.toBeUndefined();
    expect(await notesOf(order.id)).toHaveLength(1);
  });

  it('queues an order-note job that the worker turns into the note', async () => {
    const boss: PgBoss = await createJobs(t.database.url, () => {});
    try {
      await startOrderNoteWorker(boss, t.deps, 0.5);
      const order = await orderAt('move_to', 'P-24001').catch(() => orderAt('delivery', 'P-24001'));
      await t.database.db.execute(sql`delete from documents where order_id = ${order.id}`);
      await queueOrderNotes({ ...t.deps, jobs: boss }, [order.id]);
      const jobs = await boss.findJobs(ORDER_NOTE_QUEUE, { data: { orderId: order.id } });
      expect(jobs.length).toBeGreaterThan(0);
      await expect
        .poll(async () => (await notesOf(order.id)).length, { timeout: 20_000, interval: 200 })
        .toBe(1);
      const [doc] = await notesOf(order.id);
      expect((await content(doc.document_system_id, 'member')).statusCode).toBe(200);
    } finally {
      await boss.stop({ graceful: false, timeout: 1000 });
    }
  });
});

describe('the demo data', () => {
  it('has notes for its latest executed orders, made by the same renderer', async () => {
    const r = await t.database.db.execute<{
      document_system_id: string;
      order_no: string;
      category: string;
    }>(sql`
      select d.document_system_id, o.order_no, d.category from documents d join plant_orders o on o.id = d.order_id
      where d.document_system_id like 'DMS-%' and o.kind = 'removal' order by o.order_no limit 1`);
    const doc = r.rows[0];
    if (!doc) throw new Error('the demo data has no removal notes');
    expect(doc.category).toBe('Afvoerbon');
    const kinds = await t.database.db.execute<{ category: string }>(
      sql`select distinct d.category from documents d where d.order_id is not null order by 1`,
    );
    expect(kinds.rows.map((k) => k.category)).toEqual(
      expect.arrayContaining(['Afvoerbon', 'Pakbon', 'Verplaatsingsbon']),
    );
    const pdf = await readPdf((await content(doc.document_system_id, 'admin')).rawPayload);
    expect(words(pdf.text)).toContain(doc.order_no);
  });
});
