import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { LocalDiskStorage } from '../../platform/files/storage.ts';
import { multipart, type Part } from '../../platform/files/testing.ts';
import {
  COLLEAGUE,
  EXTERNAL,
  FOREIGN_LOC,
  LOC,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #13 part 5: complaints end to end over HTTP on a real database — the form's rules, idempotent submits, the
// expected date in working days, uploads, access (foreign location, read-only, management), the department's
// answer and the mails.

const DEPT = 'materieeldienst@materieelportaal.nl';
// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

const filesDir = mkdtempSync(path.join(tmpdir(), 'mp-complaint-files-'));
let t: TestApp;
beforeAll(async () => {
  // why: a files folder of this file's own: the shared one gets the uploads of every test file running at once (the
  // legacy tests upload too), and "no file left on disk" is counted in it
  t = await createTestApp({ deps: { storage: new LocalDiskStorage(filesDir) } });
});
afterAll(async () => {
  await t?.close();
});

async function call(method: 'GET' | 'POST', url: string, body?: unknown, email = USER, headers = {}) {
  return t.app.inject({
    method,
    url,
    ...(body === undefined ? {} : { payload: body as object }),
    headers: { ...(await t.auth(email)), ...headers },
  });
}

async function create(body: Json, email = USER, key: string = randomUUID()) {
  return call('POST', '/api/v2.0/Complaints', body, email, { 'idempotency-key': key });
}

const form = (over: Json = {}) => ({
  plantLocation: LOC,
  type: 'Storing',
  subject: 'Trilplaat start niet',
  description: 'De trilplaat start sinds vanochtend niet meer.',
  ...over,
});

async function upload(id: string, parts: Part[], email = USER, url = `/api/v2.0/Complaints/${id}/documents`) {
  const body = multipart(parts);
  return t.app.inject({
    method: 'POST',
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(await t.auth(email)) },
  });
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#c00' } })
    .png()
    .toBuffer();
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function stored(): Promise<{ rows: number; files: number; onDisk: number }> {
  const r = await t.database.db.execute<{ rows: number; files: number }>(sql`
    select (select count(*) from complaint_documents)::int as rows,
      (select count(*) from files where storage_key like 'complaints/%')::int as files`);
  const dir = path.join(filesDir, 'complaints');
  return { ...r.rows[0], onDisk: existsSync(dir) ? readdirSync(dir).length : 0 };
}

async function mails(
  to: string,
  type: string,
): Promise<Array<{ subject: string; text: string; html: string; locale: string }>> {
  const r = await t.database.db.execute<{ subject: string; text: string; html: string; locale: string }>(sql`
    select subject, text, html, locale from mail_outbox where lower("to") = lower(${to}) and type = ${type}
    order by created_at`);
  return r.rows;
}

describe('submitting a complaint', () => {
  it('refuses missing and unknown fields with a translation key per field', async () => {
    const r = await create({ plantLocation: LOC, type: 'Kapot', subject: '  ', description: '' });
    expect(r.statusCode).toBe(400);
    const body = r.json();
    expect(body.code).toBe('error.ongeldige_invoer');
    expect(body.message).toBeTruthy();
    expect(body.details.fields.type.code).toBe('validation.onbekende_waarde');
    expect(body.details.fields.subject.code).toBe('validation.verplicht');
    expect(body.details.fields.description.code).toBe('validation.verplicht');

    const extra = await create(form({ status: 'closed' }));
    expect(extra.statusCode).toBe(400);
    expect(extra.json().details.fields).toBeTruthy();
  });

  it('offers only the types of Klacht_TypeFilter and refuses another one on `type`', async () => {
    await setSetting(t, 'Klacht_TypeFilter', ['Storing', 'Schade']);
    try {
      const options = await call('GET', `/api/v2.0/Complaints/options?plantLocation=${LOC}`);
      expect(options.json().types).toEqual(['Storing', 'Schade']);
      const r = await create(form({ type: 'Factuur' }));
      expect(r.statusCode).toBe(400);
      expect(r.json().details.fields.type.code).toBe('validation.onbekende_waarde');
    } finally {
      await setSetting(t, 'Klacht_TypeFilter', []);
    }
    const all = await call('GET', `/api/v2.0/Complaints/options?plantLocation=${LOC}`);
    expect(all.json().types).toEqual(['Storing', 'Schade', 'Levering', 'Factuur', 'Overig']);
  });

  it("takes an item, plant, order and invoice of the location, and names each field that is another location's", async () => {
    const mine = (await call('GET', `/api/v2.0/Complaints/options?plantLocation=${LOC}`)).json();
    const foreign = (
      await call('GET', `/api/v2.0/Complaints/options?plantLocation=${FOREIGN_LOC}`, undefined, EXTERNAL)
    ).json();
    for (const o of [mine, foreign]) {
      expect(o.plants.length).toBeGreaterThan(0);
      expect(o.orders.length).toBeGreaterThan(0);
      expect(o.invoices.length).toBeGreaterThan(0);
    }
    // an item only the foreign location has had
    const myItems = new Set(mine.items.map((i: Json) => i.itemNo));
    const foreignItem = foreign.items.find((i: Json) => !myItems.has(i.itemNo))?.itemNo;
    expect(foreignItem).toBeTruthy();

    const bad = await create(
      form({
        itemNo: foreignItem,
        plantNo: foreign.plants[0].plantNo,
        orderNo: foreign.orders[0].orderNo,
        invoiceNo: foreign.invoices[0].invoiceNo,
      }),
    );
    expect(bad.statusCode).toBe(400);
    const fields = bad.json().details.fields;
    for (const f of ['itemNo', 'plantNo', 'orderNo', 'invoiceNo']) {
      expect(fields[f].code, f).toBe('Klachten.validatie.niet_van_locatie');
      expect(fields[f].message, f).not.toBe('Klachten.validatie.niet_van_locatie');
    }

    const ok = await create(
      form({
        plantNo: mine.plants[0].plantNo,
        orderNo: mine.orders[0].orderNo,
        invoiceNo: mine.invoices[0].invoiceNo,
      }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    const c = ok.json();
    expect(c.complaintNo).toMatch(/^K-\d{4}-\d{6}$/);
    expect(c.status).toBe('open');
    expect(c.plant.plantNo).toBe(mine.plants[0].plantNo);
    expect(c.item.itemNo).toBe(mine.plants[0].itemNo);
    expect(c.order.orderNo).toBe(mine.orders[0].orderNo);
    expect(c.invoice.invoiceNo).toBe(mine.invoices[0].invoiceNo);
    expect(c.lines).toHaveLength(1);
    expect(c.lines[0]).toMatchObject({ author: 'user', message: form().description });
    expect(c.mayAdd).toBe(true);
  });

  it('is idempotent: the same key answers the same complaint and stores one; another body with it is 422', async () => {
    const key = randomUUID();
    const body = form({ subject: `Idempotent ${key}` });
    const [a, b] = await Promise.all([create(body, USER, key), create(body, USER, key)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).toBe(b.json().id);
    const again = await create(body, USER, key);
    expect(again.json().id).toBe(a.json().id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const n = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from complaints where subject = ${body.subject}`,
    );
    expect(n.rows[0].n).toBe(1);
    expect((await create(form({ subject: 'anders' }), USER, key)).statusCode).toBe(422);
    expect((await call('POST', '/api/v2.0/Complaints', form())).statusCode).toBe(400);
  });

  it('expects the resolution Klacht_VerwachteOplossingsDagen working days later, skipping the weekend', async () => {
    try {
      // Friday 27 November 2026, 10:00 in Amsterdam
      t.setNow(new Date('2026-11-27T09:00:00Z'));
      await setSetting(t, 'Klacht_VerwachteOplossingsDagen', 1);
      expect((await create(form())).json().expectedResolutionDate).toBe('2026-11-30');
      await setSetting(t, 'Klacht_VerwachteOplossingsDagen', 5);
      expect((await create(form())).json().expectedResolutionDate).toBe('2026-12-04');
      // Saturday: five working days are Monday to Friday of the next week
      t.setNow(new Date('2026-11-28T09:00:00Z'));
      expect((await create(form())).json().expectedResolutionDate).toBe('2026-12-04');
      await setSetting(t, 'Klacht_VerwachteOplossingsDagen', 14);
      // Wednesday + 14 working days = Tuesday two weeks and six days later
      t.setNow(new Date('2026-11-25T09:00:00Z'));
      expect((await create(form())).json().expectedResolutionDate).toBe('2026-12-15');
    } finally {
      t.setNow(null as unknown as Date);
    }
  });

  it('mails the department (its people and the shared address) in their languages', async () => {
    await setSetting(t, 'OrderWizardDefaultReceiver', 'planning@materieelportaal.nl');
    try {
      const subject = `Mail ${randomUUID()}`;
      const c = (await create(form({ subject, description: 'Zie <b>foto</b> & "bijlage"' }))).json();
      const toDept = (await mails(DEPT, 'ComplaintSubmitted')).filter((m) =>
        m.subject.includes(c.complaintNo),
      );
      expect(toDept).toHaveLength(1);
      expect(toDept[0].locale).toBe('en-US');
      expect(toDept[0].subject).toContain(subject);
      expect(toDept[0].text).toContain('Zie <b>foto</b> & "bijlage"');
      // what the user typed is text in the mail, never markup
      expect(toDept[0].html).toContain('Zie &lt;b&gt;foto&lt;/b&gt; &amp; &quot;bijlage&quot;');
      expect(toDept[0].html).not.toContain('<b>foto</b>');
      expect(toDept[0].text).toContain(`/materieeldienst/klachten/${c.id}`);
      const shared = (await mails('planning@materieelportaal.nl', 'ComplaintSubmitted')).filter((m) =>
        m.subject.includes(c.complaintNo),
      );
      expect(shared).toHaveLength(1);
      expect(shared[0].locale).toBe('nl-NL');
    } finally {
      await setSetting(t, 'OrderWizardDefaultReceiver', '');
    }
  });
});

describe('documents', () => {
  it('stores photos and PDFs and serves them privately', async () => {
    const c = (await create(form())).json();
    const r = await upload(c.id, [
      { name: 'file1', filename: 'foto.png', contentType: 'image/png', value: await png() },
      { name: 'file2', filename: 'rapport.pdf', contentType: 'application/pdf', value: pdf },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const docs = r.json().documents;
    expect(docs.map((d: Json) => d.fileName)).toEqual(['foto.png', 'rapport.pdf']);
    const bytes = await call('GET', docs[0].url);
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/png');
    expect(bytes.headers['cache-control']).toBe('private, no-cache');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');
    expect((await call('GET', `/api/v2.0/Complaints/${c.id}`)).json().documentCount).toBe(2);
  });

  it('refuses HTML or SVG renamed .png and an oversized file, storing nothing (no row, no file)', async () => {
    const c = (await create(form())).json();
    const before = await stored();
    const html = await upload(c.id, [
      {
        name: 'file1',
        filename: 'foto.png',
        contentType: 'image/png',
        value: '<html><script>alert(1)</script></html>',
      },
    ]);
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('error.bestandstype');
    const svg = await upload(c.id, [
      { name: 'file1', filename: 'ok.png', contentType: 'image/png', value: await png() },
      {
        name: 'file2',
        filename: 'foto.png',
        contentType: 'image/png',
        value: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      },
    ]);
    expect(svg.statusCode).toBe(415);
    const big = Buffer.concat([await png(), Buffer.alloc(10 * 1024 * 1024)]);
    const large = await upload(c.id, [
      { name: 'file1', filename: 'groot.png', contentType: 'image/png', value: big },
    ]);
    expect(large.statusCode).toBe(413);
    expect(large.json().code).toBe('error.te_groot');
    expect(await stored()).toEqual(before);
    expect((await call('GET', `/api/v2.0/Complaints/${c.id}`)).json().documents).toEqual([]);
  });
  it('holds at most 20 documents per complaint (422), storing none of a refused upload', async () => {
    const c = (await create(form())).json();
    for (let i = 0; i < 4; i++) {
      const r = await upload(
        c.id,
        Array.from({ length: 5 }, (_, n) => ({
          name: `file${n + 1}`,
          filename: `${i}-${n}.pdf`,
          value: pdf,
        })),
      );
      expect(r.statusCode, r.body).toBe(201);
    }
    const before = await stored();
    const more = await upload(c.id, [{ name: 'file1', filename: 'meer.pdf', value: pdf }]);
    expect(more.statusCode).toBe(422);
    expect(more.json().code).toBe('Klachten.te_veel_documenten');
    expect(await stored()).toEqual(before);
    const six = await upload(
      (await create(form())).json().id,
      Array.from({ length: 6 }, (_, n) => ({ name: `file${n + 1}`, filename: `${n}.pdf`, value: pdf })),
    );
    expect([400, 413]).toContain(six.statusCode);
  });
});

describe('access', () => {
  it("answers 404 to every read and write of another customer's complaint, and lists none of it", async () => {
    const c = (await create(form())).json();
    const doc = (
      await upload(c.id, [{ name: 'file1', filename: 'a.png', contentType: 'image/png', value: await png() }])
    ).json().documents[0];
    const key = { 'idempotency-key': randomUUID() };
    const attempts = [
      await call('GET', `/api/v2.0/Complaints/${c.id}`, undefined, EXTERNAL),
      await call('GET', `/api/v2.0/Complaints?plantLocation=${LOC}`, undefined, EXTERNAL),
      await call('GET', `/api/v2.0/Complaints/options?plantLocation=${LOC}`, undefined, EXTERNAL),
      await call('GET', doc.url, undefined, EXTERNAL),
      await call('POST', `/api/v2.0/Complaints/${c.id}/lines`, { message: 'hallo' }, EXTERNAL),
      await call('POST', '/api/v2.0/Complaints', form(), EXTERNAL, key),
      await upload(c.id, [{ name: 'file1', filename: 'a.png', value: await png() }], EXTERNAL),
      await call('POST', '/api/Klachten/GetMaterieelKlachtDetails', { id: c.id }, EXTERNAL),
      await call(
        'POST',
        '/api/Klachten/GetMaterieelKlachtDetails',
        { klachtNummer: c.complaintNo },
        EXTERNAL,
      ),
      await call('POST', '/api/Klachten/GetMaterieelKlachtDocumenten', { id: c.id }, EXTERNAL),
      await call('POST', '/api/Klachten/CreateMaterieelKlachtRegel', { id: c.id, bericht: 'x' }, EXTERNAL),
      await call('POST', '/api/Klachten/GetMaterieelKlachten', { materieelLocatieNr: LOC }, EXTERNAL),
      await call(
        'POST',
        '/api/Klachten/CreateMaterieelKlacht',
        { materieelLocatieNr: LOC, klachtType: 'Storing', onderwerp: 'x', omschrijving: 'y' },
        EXTERNAL,
        { 'idempotency-key': randomUUID() },
      ),
      await upload(
        c.id,
        [
          { name: 'id', value: c.id },
          { name: 'file', filename: 'a.png', value: await png() },
        ],
        EXTERNAL,
        '/api/Klachten/UploadKlachtDocumenten',
      ),
    ];
    expect(attempts.map((a) => a.statusCode)).toEqual(attempts.map(() => 404));
    const lines = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from complaint_lines where complaint_id = ${c.id}`,
    );
    expect(lines.rows[0].n).toBe(1);
    const theirs = (await call('GET', '/api/v2.0/Complaints?pageSize=100', undefined, EXTERNAL)).json();
    expect(theirs.items.some((i: Json) => i.id === c.id)).toBe(false);
    expect(theirs.items.length).toBeGreaterThan(0);
    expect(theirs.items.every((i: Json) => i.locationNo >= 'P-24008')).toBe(true);
  });

  it('lets the read-only role read but not write (403), and takes nothing more on a closed complaint (409)', async () => {
    const c = (await create(form())).json();
    const read = await call('GET', `/api/v2.0/Complaints/${c.id}`, undefined, READONLY);
    expect(read.statusCode).toBe(200);
    expect(read.json().mayAdd).toBe(false);
    expect(
      (await call('POST', `/api/v2.0/Complaints/${c.id}/lines`, { message: 'x' }, READONLY)).statusCode,
    ).toBe(403);
    expect((await create(form(), READONLY)).statusCode).toBe(403);

    expect(
      (await call('POST', `/api/v2.0/Department/complaints/${c.id}/answer`, { status: 'closed' }, DEPT))
        .statusCode,
    ).toBe(200);
    const closed = await call('POST', `/api/v2.0/Complaints/${c.id}/lines`, { message: 'nog iets' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().code).toBe('Klachten.gesloten');
    expect((await call('GET', `/api/v2.0/Complaints/${c.id}`)).json().mayAdd).toBe(false);
    const doc = await upload(c.id, [{ name: 'file1', filename: 'a.png', value: await png() }]);
    expect(doc.statusCode).toBe(409);
  });
});

describe('the management overview', () => {
  it("shows every complaint of the caller's own customer, member or not, and no other customer's", async () => {
    // directie is a member of every location of customer 1; take one membership away
    await t.database.db.execute(sql`
      delete from location_memberships where user_id = (select id from users where email = ${COLLEAGUE})
        and location_id = (select id from plant_locations where location_no = 'P-24002')`);
    const c = (await create(form({ plantLocation: 'P-24002', subject: 'Directie ziet dit' }))).json();
    const all = (
      await call('GET', '/api/v2.0/Complaints/management?pageSize=100', undefined, COLLEAGUE)
    ).json();
    expect(all.items.some((i: Json) => i.id === c.id)).toBe(true);
    const locations = new Set(all.items.map((i: Json) => i.locationNo));
    expect([...locations].every((l) => (l as string) < 'P-24008')).toBe(true);
    const expected = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from complaints c join plant_locations l on l.id = c.location_id
      join customers cu on cu.id = l.customer_id join users u on u.customer_id = cu.id where u.email = ${COLLEAGUE}`);
    expect(all.total).toBe(expected.rows[0].n);
    // the own overview holds only the locations the caller is a member of
    const mine = (await call('GET', '/api/v2.0/Complaints?pageSize=100', undefined, COLLEAGUE)).json();
    expect(mine.items.some((i: Json) => i.id === c.id)).toBe(false);
    // management reads it, and does not write there
    expect((await call('GET', `/api/v2.0/Complaints/${c.id}`, undefined, COLLEAGUE)).json().mayAdd).toBe(
      false,
    );
    expect(
      (await call('POST', `/api/v2.0/Complaints/${c.id}/lines`, { message: 'x' }, COLLEAGUE)).statusCode,
    ).toBe(403);
    // filtered on another customer's location: unknown
    expect(
      (
        await call(
          'GET',
          `/api/v2.0/Complaints/management?plantLocation=${FOREIGN_LOC}`,
          undefined,
          COLLEAGUE,
        )
      ).statusCode,
    ).toBe(404);
    // an Infra Noord complaint stays out of reach
    const foreign = await t.database.db.execute<{ id: string }>(sql`
      select c.id from complaints c join plant_locations l on l.id = c.location_id where l.location_no >= 'P-24008' limit 1`);
    expect(
      (await call('GET', `/api/v2.0/Complaints/${foreign.rows[0].id}`, undefined, COLLEAGUE)).statusCode,
    ).toBe(404);
  });

  it('answers 403 to a user without the management role', async () => {
    expect((await call('GET', '/api/v2.0/Complaints/management', undefined, USER)).statusCode).toBe(403);
    expect((await call('POST', '/api/Klachten/GetMaterieelKlachtenDirectie', {}, USER)).statusCode).toBe(403);
    expect((await call('GET', '/api/v2.0/Complaints/management', undefined, EXTERNAL)).statusCode).toBe(403);
  });
});

describe('the department', () => {
  it('answers and changes the status; the user is mailed, reads the answer, and a reply takes it up again', async () => {
    const c = (await create(form({ subject: 'Afhandeling' }))).json();
    for (const email of [USER, EXTERNAL, COLLEAGUE])
      expect((await call('GET', '/api/v2.0/Department/complaints', undefined, email)).statusCode).toBe(403);

    const queue = (
      await call('GET', '/api/v2.0/Department/complaints?status=open&pageSize=100', undefined, DEPT)
    ).json();
    expect(queue.items.some((i: Json) => i.id === c.id)).toBe(true);
    expect(queue.counts.open).toBeGreaterThan(0);
    expect(queue.items.every((i: Json) => i.status === 'open')).toBe(true);

    const empty = await call('POST', `/api/v2.0/Department/complaints/${c.id}/answer`, {}, DEPT);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields.message.code).toBe('validation.verplicht');

    const answer = 'We vervangen de trilplaat morgenochtend.';
    const r = await call(
      'POST',
      `/api/v2.0/Department/complaints/${c.id}/answer`,
      { message: answer, status: 'resolved' },
      DEPT,
    );
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().status).toBe('resolved');
    expect(r.json().resolvedAt).toBeTruthy();
    expect(r.json().userEmail).toBe(USER);

    const sent = (await mails(USER, 'ComplaintAnswered')).filter((m) => m.subject.includes(c.complaintNo));
    expect(sent).toHaveLength(1);
    expect(sent[0].locale).toBe('nl-NL');
    expect(sent[0].subject).toContain('Opgelost');
    expect(sent[0].text).toContain(answer);
    expect(sent[0].text).toContain(`/klacht-details/${c.id}`);

    const seen = (await call('GET', `/api/v2.0/Complaints/${c.id}`)).json();
    expect(seen.status).toBe('resolved');
    expect(seen.lines.at(-1)).toMatchObject({ author: 'department', message: answer });
    expect(seen.lastAuthor).toBe('department');

    const reply = await call('POST', `/api/v2.0/Complaints/${c.id}/lines`, { message: 'Nog steeds kapot.' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().status).toBe('in_progress');
    expect(reply.json().resolvedAt).toBeNull();
    const toDept = (await mails(DEPT, 'ComplaintReply')).filter((m) => m.subject.includes(c.complaintNo));
    expect(toDept).toHaveLength(1);
    expect(toDept[0].text).toContain('Nog steeds kapot.');

    // a status change alone mails too; the same status without a message is refused
    expect(
      (await call('POST', `/api/v2.0/Department/complaints/${c.id}/answer`, { status: 'in_progress' }, DEPT))
        .statusCode,
    ).toBe(400);
    await call('POST', `/api/v2.0/Department/complaints/${c.id}/answer`, { status: 'closed' }, DEPT);
    expect(
      (await mails(USER, 'ComplaintAnswered')).filter((m) => m.subject.includes(c.complaintNo)),
    ).toHaveLength(2);
  });

  it('adds documents and reads every document of the complaint', async () => {
    const c = (await create(form())).json();
    const r = await upload(
      c.id,
      [{ name: 'file1', filename: 'werkbon.pdf', value: pdf }],
      DEPT,
      `/api/v2.0/Department/complaints/${c.id}/documents`,
    );
    expect(r.statusCode, r.body).toBe(201);
    const doc = r.json().documents[0];
    expect(doc.author).toBe('department');
    expect((await call('GET', doc.url, undefined, DEPT)).statusCode).toBe(200);
    const user = (await call('GET', `/api/v2.0/Complaints/${c.id}`)).json();
    expect(user.documents[0].author).toBe('department');
    expect((await call('GET', user.documents[0].url)).statusCode).toBe(200);
    expect((await call('GET', doc.url, undefined, USER)).statusCode).toBe(403);
  });
});
