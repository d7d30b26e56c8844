import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

const ADMIN = 'admin@materieelportaal.nl';
const INTERNAL = 'uitvoerder@vandijk.nl'; // member of P-24001..P-24004, P-24007
const EXTERNAL = 'projectleider@infranoord.nl'; // member of P-24008..P-24012
const READ_ONLY = 'administratie@vandijk.nl'; // administration role on P-24001

let t: TestApp;
let headers: Record<string, { authorization: string }>;

async function firstId(where: ReturnType<typeof sql>): Promise<string> {
  const r = await t.database.db.execute<{ id: string }>(
    sql`select d.document_system_id as id from documents d ${where} order by d.document_system_id limit 1`,
  );
  if (!r.rows[0]) throw new Error('no such demo document');
  return r.rows[0].id;
}

const content = (id: string, as?: keyof typeof headers) =>
  t.app.inject({
    url: `/api/v2.0/Documents/${encodeURIComponent(id)}/content`,
    headers: as ? headers[as] : {},
  });
const info = (id: string, as?: keyof typeof headers) =>
  t.app.inject({ url: `/api/v2.0/Documents/${encodeURIComponent(id)}`, headers: as ? headers[as] : {} });

async function setSetting(key: string, value: unknown) {
  const r = await t.app.inject({
    method: 'POST',
    url: '/api/v2.0/Settings',
    payload: { key, value },
    headers: headers.admin,
  });
  expect(r.statusCode).toBe(204);
}

beforeAll(async () => {
  t = await createTestApp();
  headers = {
    admin: await t.auth(ADMIN),
    internal: await t.auth(INTERNAL),
    external: await t.auth(EXTERNAL),
    readOnly: await t.auth(READ_ONLY),
  };
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v2.0/Documents/{documentSystemId}', () => {
  it("serves an item's manual like its details page, and the details page links to it", async () => {
    const manual = await firstId(sql`where d.document_system_id like 'DMS-HANDL-%'`);
    const itemNo = manual.slice('DMS-HANDL-'.length);
    const details = await t.app.inject({ url: `/api/v2.0/Items/${itemNo}`, headers: headers.internal });
    expect(details.statusCode, details.body).toBe(200);
    const docs = details.json().documents as { url: string; title: string }[];
    expect(docs.length).toBeGreaterThan(0);
    const r = await t.app.inject({ url: docs[0].url, headers: headers.external });
    expect(r.statusCode, `${docs[0].url} ${r.body}`).toBe(200);
    expect(r.headers['content-type']).toBe('application/pdf');
    expect(r.headers['content-disposition']).toMatch(
      /^inline; filename="[^"]+\.pdf"; filename\*=UTF-8''.+\.pdf$/,
    );
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(r.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const id = decodeURIComponent(docs[0].url.split('/')[4]);
    const meta = await info(id, 'internal');
    expect(meta.statusCode).toBe(200);
    expect(meta.json()).toMatchObject({
      documentSystemId: id,
      contentType: 'application/pdf',
      url: docs[0].url,
    });
    expect(meta.json().size).toBe(r.rawPayload.length);
  });

  it('answers anonymous visitors 401 for a manual unless AllowAnonymousUsers is on', async () => {
    const id = await firstId(
      sql`where d.item_id is not null and d.plant_id is null and d.category = 'Documenten'`,
    );
    expect((await content(id)).statusCode).toBe(401);
    await setSetting('AllowAnonymousUsers', true);
    try {
      expect((await content(id)).statusCode).toBe(200);
    } finally {
      await setSetting('AllowAnonymousUsers', false);
    }
  });

  it("shows a location's document to its members only; another user gets the same 404 as for an unknown id", async () => {
    const own = await firstId(
      sql`join plant_locations l on l.id = d.location_id where l.location_no = 'P-24001'`,
    );
    const foreign = await firstId(
      sql`join plant_locations l on l.id = d.location_id where l.location_no = 'P-24008'`,
    );
    expect((await content(own, 'internal')).statusCode).toBe(200);
    expect((await content(own, 'readOnly')).statusCode).toBe(200);
    expect((await content(own, 'admin')).statusCode).toBe(200);
    const refused = await content(foreign, 'internal');
    expect(refused.statusCode).toBe(404);
    const unknown = await content('DMS-DOES-NOT-EXIST', 'internal');
    expect(unknown.statusCode).toBe(404);
    expect(refused.json()).toEqual(unknown.json());
    expect((await info(foreign, 'internal')).statusCode).toBe(404);
    expect((await content(foreign, 'external')).statusCode).toBe(200);
    expect((await content(own)).statusCode).toBe(401);
  });

  it("keeps a plant's certificate to the members of the plant's location", async () => {
    const r = await t.database.db.execute<{ id: string; location_no: string }>(sql`
      select d.document_system_id as id, l.location_no from documents d
      join plants p on p.id = d.plant_id join plant_locations l on l.id = p.location_id
      where l.location_no in ('P-24001', 'P-24008') order by l.location_no, d.document_system_id`);
    const own = r.rows.find((x) => x.location_no === 'P-24001');
    const foreign = r.rows.find((x) => x.location_no === 'P-24008');
    if (!own || !foreign) throw new Error('demo data lacks certificates at P-24001 and P-24008');
    expect((await content(own.id, 'internal')).statusCode).toBe(200);
    expect((await content(foreign.id, 'internal')).statusCode).toBe(404);
    expect((await content(foreign.id, 'external')).statusCode).toBe(200);
  });

  it('refuses an overlong id with 400 naming the field', async () => {
    const r = await content('x'.repeat(300), 'internal');
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields.documentSystemId).toBeDefined();
  });
});
