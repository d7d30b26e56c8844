import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { multipart } from '../../platform/files/testing.ts';
import { COLLEAGUE, LOC, USER } from '../order-lists/ordering.test-support.ts';

// Issue #13 part 5: every legacy Klachten call (7) answers the data of its v2 twin, field by field, in the old
// client's names; the last test checks that no Klachten call of the API document was left out.

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, read field by field
type Json = Record<string, any>;

let t: TestApp;
const called = new Set<string>();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, email = USER): Promise<Json> {
  const r = await t.app.inject({ url, headers: await t.auth(email) });
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
}
async function legacy(action: string, body: unknown, email = USER, headers = {}) {
  called.add(action);
  return t.app.inject({
    method: 'POST',
    url: `/api/Klachten/${action}`,
    payload: body as object,
    headers: { ...(await t.auth(email)), ...headers },
  });
}
async function legacyOk(action: string, body: unknown, email = USER, status = 200): Promise<Json> {
  const r = await legacy(action, body, email);
  expect(r.statusCode, `${action}: ${r.body}`).toBe(status);
  return r.json();
}

const author = (a: string | null) => (a === null ? null : a === 'user' ? 'gebruiker' : 'materieeldienst');

/** The legacy row of a v2 complaint summary. */
const row = (c: Json) => ({
  id: c.id,
  klachtNummer: c.complaintNo,
  klachtType: c.type,
  onderwerp: c.subject,
  status: c.status,
  materieelLocatieNr: c.locationNo,
  locatieOmschrijving: c.locationDescription,
  ingediendDoor: c.userName,
  datumIngediend: c.createdAt,
  verwachteOplossingsDatum: c.expectedResolutionDate,
  datumOpgelost: c.resolvedAt,
  datumLaatsteBericht: c.lastMessageAt,
  laatsteBerichtVan: author(c.lastAuthor),
  aantalBerichten: c.lineCount,
  aantalDocumenten: c.documentCount,
});
const documents = (c: Json) =>
  c.documents.map((d: Json) => ({
    id: d.id,
    bestandsnaam: d.fileName,
    contentType: d.contentType,
    grootte: d.size,
    auteur: author(d.author),
    datum: d.createdAt,
    url: d.url,
  }));
const detail = (c: Json) => ({
  ...row(c),
  materieelSoort: c.item?.itemNo ?? null,
  materieelSoortOmschrijving: c.item?.description ?? null,
  materieelNummer: c.plant?.plantNo ?? null,
  orderId: c.order?.id ?? null,
  orderNummer: c.order?.orderNo ?? null,
  factuurId: c.invoice?.id ?? null,
  factuurNummer: c.invoice?.invoiceNo ?? null,
  regels: c.lines.map((l: Json) => ({
    id: l.id,
    auteur: author(l.author),
    naam: l.authorName,
    bericht: l.message,
    datum: l.createdAt,
  })),
  documenten: documents(c),
  magToevoegen: c.mayAdd,
});

/** A complaint of the seed with department lines and a photo (P-24001's). */
async function seeded(): Promise<Json> {
  const list = await get(`/api/v2.0/Complaints?plantLocation=${LOC}&pageSize=100`);
  const withPhoto = list.items.find((c: Json) => c.documentCount > 0);
  expect(withPhoto).toBeTruthy();
  return get(`/api/v2.0/Complaints/${withPhoto.id}`);
}

describe('the legacy Klachten calls answer their v2 twins', () => {
  it('CreateMaterieelKlacht answers POST Complaints (same complaint, same idempotency) with field errors in its names', async () => {
    const options = await get(`/api/v2.0/Complaints/options?plantLocation=${LOC}`);
    const key = randomUUID();
    const body = {
      materieelLocatieNr: LOC,
      klachtType: 'Schade',
      onderwerp: 'Hek beschadigd geleverd',
      omschrijving: 'Twee bouwhekken hebben een verbogen frame.',
      materieelNummer: options.plants[0].plantNo,
      orderNummer: options.orders[0].orderNo,
      factuurNummer: options.invoices[0].invoiceNo,
    };
    const r = await legacy('CreateMaterieelKlacht', body, USER, { 'idempotency-key': key });
    expect(r.statusCode, r.body).toBe(201);
    const created = r.json();
    const v2 = await get(`/api/v2.0/Complaints/${created.id}`);
    expect(created).toEqual({
      ...detail(v2),
      klachtTypeOmschrijving: 'Schade',
      statusOmschrijving: 'Open',
    });
    expect(v2.plant.plantNo).toBe(options.plants[0].plantNo);
    const again = await legacy('CreateMaterieelKlacht', body, USER, { 'idempotency-key': key });
    expect(again.json().id).toBe(created.id);
    expect(again.headers['idempotent-replayed']).toBe('true');

    const bad = await legacy(
      'CreateMaterieelKlacht',
      { ...body, orderNummer: 'O-0000-000000', klachtType: 'Kapot', onderwerp: '' },
      USER,
      { 'idempotency-key': randomUUID() },
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details.fields).sort()).toEqual(['klachtType', 'onderwerp']);
    const badRef = await legacy('CreateMaterieelKlacht', { ...body, orderNummer: 'O-0000-000000' }, USER, {
      'idempotency-key': randomUUID(),
    });
    expect(badRef.statusCode).toBe(400);
    expect(badRef.json().details.fields.orderNummer.code).toBe('Klachten.validatie.niet_van_locatie');
  });

  it('GetMaterieelKlachten answers GET Complaints (one location, and all of mine without it)', async () => {
    for (const [url, body] of [
      [
        `/api/v2.0/Complaints?plantLocation=${LOC}&pageSize=100`,
        { materieelLocatieNr: LOC, aantalPerPagina: 100 },
      ],
      ['/api/v2.0/Complaints?pageSize=100', { aantalPerPagina: 100 }],
      ['/api/v2.0/Complaints?pageSize=100&status=resolved', { aantalPerPagina: 100, status: 'resolved' }],
    ] as const) {
      const want = await get(url);
      const got = await legacyOk('GetMaterieelKlachten', body);
      expect(got.totaal).toBe(want.total);
      expect(got.pagina).toBe(1);
      expect(got.klachten).toMatchObject(want.items.map(row));
      expect(got.klachten.every((k: Json) => typeof k.statusOmschrijving === 'string')).toBe(true);
    }
  });

  it('GetMaterieelKlachtenDirectie answers GET Complaints/management', async () => {
    const want = await get('/api/v2.0/Complaints/management?pageSize=100', COLLEAGUE);
    expect(want.total).toBeGreaterThan(0);
    const got = await legacyOk('GetMaterieelKlachtenDirectie', { aantalPerPagina: 100 }, COLLEAGUE);
    expect(got.totaal).toBe(want.total);
    expect(got.klachten).toMatchObject(want.items.map(row));
    expect((await legacy('GetMaterieelKlachtenDirectie', {}, USER)).statusCode).toBe(403);
  });

  it('GetMaterieelKlachtDetails and GetMaterieelKlachtDocumenten answer GET Complaints/{id}', async () => {
    const v2 = await seeded();
    expect(v2.lines.some((l: Json) => l.author === 'department')).toBe(true);
    for (const key of [{ id: v2.id }, { klachtNummer: v2.complaintNo }])
      expect(await legacyOk('GetMaterieelKlachtDetails', key)).toMatchObject(detail(v2));
    expect(await legacyOk('GetMaterieelKlachtDocumenten', { id: v2.id })).toEqual({
      documenten: documents(v2),
    });
    expect(documents(v2).length).toBeGreaterThan(0);
  });

  it('CreateMaterieelKlachtRegel answers POST Complaints/{id}/lines', async () => {
    const v2 = await seeded();
    const got = await legacyOk(
      'CreateMaterieelKlachtRegel',
      { klachtNummer: v2.complaintNo, bericht: 'Graag een update.' },
      USER,
      201,
    );
    const after = await get(`/api/v2.0/Complaints/${v2.id}`);
    expect(after.lines).toHaveLength(v2.lines.length + 1);
    expect(got).toMatchObject(detail(after));
    expect(got.regels.at(-1)).toMatchObject({ auteur: 'gebruiker', bericht: 'Graag een update.' });
    const empty = await legacy('CreateMaterieelKlachtRegel', { id: v2.id, bericht: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.fields.bericht.code).toBe('validation.verplicht');
  });

  it('UploadKlachtDocumenten answers POST Complaints/{id}/documents, with the same refusals', async () => {
    const v2 = await seeded();
    const photo = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();
    const send = async (parts: Parameters<typeof multipart>[0]) => {
      called.add('UploadKlachtDocumenten');
      const body = multipart(parts);
      return t.app.inject({
        method: 'POST',
        url: '/api/Klachten/UploadKlachtDocumenten',
        payload: body.payload,
        headers: { ...body.headers, ...(await t.auth(USER)) },
      });
    };
    const r = await send([
      { name: 'id', value: v2.id },
      { name: 'bestand', filename: 'schade.png', contentType: 'image/png', value: photo },
    ]);
    expect(r.statusCode, r.body).toBe(201);
    const after = await get(`/api/v2.0/Complaints/${v2.id}`);
    expect(after.documents).toHaveLength(v2.documents.length + 1);
    expect(r.json()).toEqual({ documenten: documents(after) });
    const html = await send([
      { name: 'klachtNummer', value: v2.complaintNo },
      { name: 'bestand', filename: 'x.png', contentType: 'image/png', value: '<!doctype html><p>x</p>' },
    ]);
    expect(html.statusCode).toBe(415);
    expect((await get(`/api/v2.0/Complaints/${v2.id}`)).documents).toHaveLength(after.documents.length);
    expect((await send([{ name: 'bestand', filename: 'a.png', value: photo }])).statusCode).toBe(400);
  });
});

// (runs last: it reads which calls the tests above made)
describe('the API document', () => {
  it('holds no Klachten call these tests left out (7)', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    const declared = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/api/Klachten/'))
      .map((p) => p.slice('/api/Klachten/'.length))
      .sort();
    expect(declared).toHaveLength(7);
    expect([...called].sort()).toEqual(declared);
  });
});
