import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import {
  ADMIN,
  EXTERNAL,
  FOREIGN_LOC,
  ITEM,
  LOC,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #13 part 4 (decision 0020): the location documents (GET PlantLocations/{plantLocation}/documents) and the
// four legacy MaterieelDocuments calls, each field by field against its v2 twin.
// why: in today's matrix every signed-in customer holds every area (decision 0002), so to show the 403 and the
// left-out documents the test takes an area away from everybody (the matrix's `can`, which access.ts asks).
const denied = vi.hoisted(() => new Set<string>());
vi.mock('@mp/contract/permissions', async (importOriginal) => {
  const real = await importOriginal<typeof import('@mp/contract/permissions')>();
  return {
    ...real,
    can: (...args: Parameters<typeof real.can>) => !denied.has(args[1]) && real.can(...args),
  };
});

type Doc = {
  id: string;
  title: string;
  category: string;
  fileName: string;
  contentType: string;
  size: number;
  date: string | null;
  url: string;
};
type DocList = {
  locationNo: string;
  categories: Array<{ category: string; count: number }>;
  items: Doc[];
  page: number;
  pageSize: number;
  total: number;
};
type Json = Record<string, unknown>;

let t: TestApp;
const called = new Set<string>();
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => denied.clear());

const list = (loc: string, query = '') => `/api/v2.0/PlantLocations/${loc}/documents${query}`;

async function get<T = Json>(url: string, email = USER): Promise<T> {
  const r = await t.app.inject({ url, headers: await t.auth(email) });
  expect(r.statusCode, `${url}: ${r.body}`).toBe(200);
  return r.json();
}
async function legacy(action: string, body: unknown, email: string | null = USER) {
  called.add(action);
  return t.app.inject({
    method: 'POST',
    url: `/api/MaterieelDocuments/${action}`,
    payload: body as object,
    headers: email ? await t.auth(email) : {},
  });
}
async function legacyOk<T = Json>(action: string, body: unknown, email = USER): Promise<T> {
  const r = await legacy(action, body, email);
  expect(r.statusCode, `${action}: ${r.body}`).toBe(200);
  return r.json();
}

/** What the database files under the location (the rows the page may show). */
async function filedUnder(loc: string) {
  const r = await t.database.db.execute<{
    id: string;
    category: string;
    invoice: boolean;
    kind: string | null;
  }>(sql`
    select d.document_system_id as id, d.category, d.invoice_id is not null as invoice, o.kind::text as kind
    from documents d join plant_locations l on l.id = d.location_id left join plant_orders o on o.id = d.order_id
    where l.location_no = ${loc}`);
  return r.rows;
}

/** The legacy row of a v2 document. */
const legacyDoc = (d: Doc) => ({
  documentSystemId: d.id,
  titel: d.title,
  categorie: d.category,
  bestandsnaam: d.fileName,
  bestandstype: d.contentType,
  grootte: d.size,
  datum: d.date,
  url: d.url,
});

describe('GET PlantLocations/{plantLocation}/documents', () => {
  it("lists every document filed under the member's location by category, newest first, each one downloadable", async () => {
    const r = await get<DocList>(list(LOC));
    const filed = await filedUnder(LOC);
    expect(filed.length).toBeGreaterThanOrEqual(2);
    expect(r.locationNo).toBe(LOC);
    expect(r.total).toBe(filed.length);
    expect(r.items.map((d) => d.id).sort()).toEqual(filed.map((d) => d.id).sort());
    expect(r.items.map((d) => d.id)).toEqual(
      expect.arrayContaining([`DMS-LOC-${LOC}-VG`, `DMS-LOC-${LOC}-BPI`]),
    );
    // categories with their counts, alphabetical; the items follow them, newest first within each
    const cats = [...new Set(filed.map((d) => d.category))].sort();
    expect(r.categories.map((c) => c.category)).toEqual(cats);
    for (const c of r.categories) expect(c.count).toBe(filed.filter((d) => d.category === c.category).length);
    expect(r.items.map((d) => d.category)).toEqual([...r.items.map((d) => d.category)].sort());
    for (let i = 1; i < r.items.length; i++) {
      const [a, b] = [r.items[i - 1], r.items[i]];
      if (a.category === b.category) expect((a.date ?? '') >= (b.date ?? '')).toBe(true);
    }
    const vg = r.items.find((d) => d.id === `DMS-LOC-${LOC}-VG`) as Doc;
    expect(vg).toMatchObject({
      category: 'Documenten',
      contentType: 'application/pdf',
      fileName: `vg-${LOC}.pdf`,
      url: `/api/v2.0/Documents/DMS-LOC-${LOC}-VG/content`,
    });
    expect(vg.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    const file = await t.app.inject({ url: vg.url, headers: await t.auth(USER) });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.length).toBe(vg.size);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // the read-only role and an admin read them too
    expect((await get<DocList>(list(LOC), READONLY)).total).toBe(filed.length);
    expect((await get<DocList>(list(LOC), ADMIN)).total).toBe(filed.length);
  });

  it("answers another customer's user 404, the same as an unknown location, and an anonymous caller 401", async () => {
    const foreign = await t.app.inject({ url: list(FOREIGN_LOC), headers: await t.auth(USER) });
    const unknown = await t.app.inject({ url: list('P-99999'), headers: await t.auth(USER) });
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await t.app.inject({ url: list(LOC), headers: await t.auth(EXTERNAL) })).statusCode).toBe(404);
    expect((await get<DocList>(list(FOREIGN_LOC), EXTERNAL)).total).toBeGreaterThan(0);
    expect((await t.app.inject({ url: list(LOC) })).statusCode).toBe(401);
  });

  it('answers 403 without the functional area Documenten (checked before the location)', async () => {
    denied.add('Documenten');
    for (const loc of [LOC, FOREIGN_LOC]) {
      const r = await t.app.inject({ url: list(loc), headers: await t.auth(USER) });
      expect(r.statusCode).toBe(403);
      expect(r.json().code).toBe('error.geen_toegang');
    }
    expect((await legacy('GetMaterieeLocatieDocs', { materieelLocatieNr: LOC })).statusCode).toBe(403);
  });

  it("leaves out an order's notes without its kind's area and an invoice's document without AppMaterieelFacturen", async () => {
    const filed = await filedUnder(LOC);
    const deliveries = filed.filter((d) => d.kind === 'delivery').length;
    expect(deliveries).toBeGreaterThan(0);
    // an invoice's PDF filed under the location (as the invoicing run files it)
    const inv = await t.database.db.execute<{ id: string }>(sql`
      select si.id from sales_invoices si join plant_locations l on l.id = si.location_id
      where l.location_no = ${LOC} limit 1`);
    const invoiceId = inv.rows[0]?.id;
    expect(invoiceId).toBeDefined();
    await t.database.db.execute(sql`
      insert into documents (document_system_id, category, title, file_id, document_date, location_id, invoice_id)
      select 'DMS-TEST-FACTUUR', 'Factuur', 'Factuur test', d.file_id, '2026-01-02', d.location_id, ${invoiceId}
      from documents d where d.document_system_id = ${`DMS-LOC-${LOC}-VG`}`);
    try {
      const all = await get<DocList>(list(LOC));
      expect(all.total).toBe(filed.length + 1);
      expect(all.categories.find((c) => c.category === 'Factuur')?.count).toBe(1);

      denied.add('AppMaterieelFacturen');
      const noInvoices = await get<DocList>(list(LOC));
      expect(noInvoices.total).toBe(filed.length);
      expect(noInvoices.items.map((d) => d.id)).not.toContain('DMS-TEST-FACTUUR');
      expect(noInvoices.categories.map((c) => c.category)).not.toContain('Factuur');

      denied.add('AppMaterieelordersAanvoer');
      const neither = await get<DocList>(list(LOC));
      expect(neither.total).toBe(filed.length - deliveries);
    } finally {
      await t.database.db.execute(sql`delete from documents where document_system_id = 'DMS-TEST-FACTUUR'`);
    }
  });

  it("names an order's note in the reader's language, whatever language it was filed in", async () => {
    const notes = (await filedUnder(LOC)).filter((d) => d.kind === 'delivery');
    expect(notes.length).toBeGreaterThan(0);
    const read = async (locale: string) => {
      const r = await t.app.inject({
        url: list(LOC, '?pageSize=250'),
        headers: { ...(await t.auth(USER)), 'x-locale': locale },
      });
      expect(r.statusCode).toBe(200);
      return (r.json() as DocList).items.filter((d) => notes.some((n) => n.id === d.id));
    };
    const [nl, en] = await Promise.all([read('nl-NL'), read('en-US')]);
    expect(nl.length).toBe(notes.length);
    expect(nl.every((d) => /^Pakbon \S+$/.test(d.title))).toBe(true);
    expect(en.every((d) => /^Delivery note \S+$/.test(d.title))).toBe(true);
    // the same order number, only the words differ; the category stays the stored one (the web translates it)
    expect(en.map((d) => d.title.split(' ').at(-1))).toEqual(nl.map((d) => d.title.split(' ').at(-1)));
    expect(en.every((d) => d.category === 'Pakbon')).toBe(true);
  });

  it('applies the name filter and category settings before the user’s words, category and page', async () => {
    const all = await get<DocList>(list(LOC));
    // the user's words: in the title or file name, case and accents aside
    const words = await get<DocList>(list(LOC, '?query=BOUWPLAATSINRICHTING'));
    expect(words.items.map((d) => d.id)).toEqual([`DMS-LOC-${LOC}-BPI`]);
    expect(words.total).toBe(1);
    expect(
      (await get<DocList>(list(LOC, `?query=${encodeURIComponent('vg- .pdf')}`))).items.map((d) => d.id),
    ).toEqual([`DMS-LOC-${LOC}-VG`]);
    expect((await get<DocList>(list(LOC, '?query=%25'))).total).toBe(0);
    // one category: its documents; the counts stay those of every category
    const docs = await get<DocList>(list(LOC, '?category=Documenten'));
    expect(docs.items.every((d) => d.category === 'Documenten')).toBe(true);
    expect(docs.total).toBe(all.categories.find((c) => c.category === 'Documenten')?.count);
    expect(docs.categories).toEqual(all.categories);
    // paging
    const second = await get<DocList>(list(LOC, '?pageSize=1&page=2'));
    expect(second.items).toEqual([all.items[1]]);
    expect(second.total).toBe(all.total);
    expect(
      (await t.app.inject({ url: list(LOC, '?pageSize=251'), headers: await t.auth(USER) })).statusCode,
    ).toBe(400);

    await setSetting(t, 'Documenten_LocatieDocumentNaamFilter', ['v&g*uitvoering', 'GEEN-ZO-DOCUMENT']);
    try {
      const filtered = await get<DocList>(list(LOC));
      expect(filtered.items.map((d) => d.id)).toEqual([`DMS-LOC-${LOC}-VG`]);
      expect(filtered.categories).toEqual([{ category: 'Documenten', count: 1 }]);
      // the legacy call applies it too
      const old = await legacyOk<{ documenten: Json[] }>('GetMaterieeLocatieDocs', {
        materieelLocatieNr: LOC,
      });
      expect(old.documenten.map((d) => d.documentSystemId)).toEqual([`DMS-LOC-${LOC}-VG`]);
    } finally {
      await setSetting(t, 'Documenten_LocatieDocumentNaamFilter', []);
    }

    const other = all.categories.find((c) => c.category !== 'Documenten')?.category as string;
    expect(other).toBeDefined();
    await setSetting(t, 'Documenten_LocatieCategorieen', [other, 'Documenten']);
    try {
      const ordered = await get<DocList>(list(LOC));
      expect(ordered.categories.map((c) => c.category)).toEqual([other, 'Documenten']);
      expect(ordered.items[0].category).toBe(other);
      expect(ordered.items.at(-1)?.category).toBe('Documenten');
      expect(ordered.total).toBe(
        all.categories
          .filter((c) => [other, 'Documenten'].includes(c.category))
          .reduce((s, c) => s + c.count, 0),
      );
    } finally {
      await setSetting(t, 'Documenten_LocatieCategorieen', []);
    }
  });
});

describe('the legacy MaterieelDocuments calls answer their v2 twins', () => {
  it('GetMaterieeLocatieDocs answers GET PlantLocations/{plantLocation}/documents, with its filters', async () => {
    const v2 = await get<DocList>(list(LOC));
    const old = await legacyOk<Json>('GetMaterieeLocatieDocs', { materieelLocatieNr: LOC });
    expect(old).toEqual({
      materieelLocatieNr: LOC,
      documenten: v2.items.map(legacyDoc),
      categorieen: v2.categories.map((c) => ({ categorie: c.category, aantal: c.count })),
      totaal: v2.total,
      pagina: 1,
    });
    const filtered = await get<DocList>(list(LOC, '?query=bouwplaats&category=Documenten&pageSize=1'));
    expect(
      await legacyOk('GetMaterieeLocatieDocs', {
        materieelLocatieNr: LOC,
        zoekString: 'bouwplaats',
        categorie: 'Documenten',
        aantalPerPagina: 1,
        pagina: 1,
      }),
    ).toMatchObject({ documenten: filtered.items.map(legacyDoc), totaal: filtered.total });
    const foreign = await legacy('GetMaterieeLocatieDocs', { materieelLocatieNr: FOREIGN_LOC });
    expect(foreign.statusCode).toBe(404);
    expect((await legacy('GetMaterieeLocatieDocs', {})).statusCode).toBe(400);
  });

  it('GetMaterieelDetailsDocs answers the documents of GET Items/{itemNo}, field by field', async () => {
    const item = await get<{
      documents: Array<{ id: string; title: string; category: string; date: string | null; url: string }>;
    }>(`/api/v2.0/Items/${ITEM}`);
    expect(item.documents.length).toBeGreaterThan(0);
    const old = await legacyOk<{ documenten: Array<ReturnType<typeof legacyDoc>> }>(
      'GetMaterieelDetailsDocs',
      {
        materieelSoort: ITEM,
      },
    );
    expect(
      old.documenten.map((d) => ({
        id: d.documentSystemId,
        title: d.titel,
        category: d.categorie,
        date: d.datum,
        url: d.url,
      })),
    ).toEqual(item.documents);
    // file name, type and size are those GET Documents/{id} tells
    for (const d of old.documenten) {
      const info = await get<Json>(`/api/v2.0/Documents/${encodeURIComponent(d.documentSystemId)}`, EXTERNAL);
      expect(d).toMatchObject({
        bestandsnaam: info.fileName,
        bestandstype: info.contentType,
        grootte: info.size,
      });
    }
    expect((await legacy('GetMaterieelDetailsDocs', { materieelSoort: 'GEEN-ARTIKEL' })).statusCode).toBe(
      404,
    );
    // like the item's page: anonymous only with AllowAnonymousUsers
    expect((await legacy('GetMaterieelDetailsDocs', { materieelSoort: ITEM }, null)).statusCode).toBe(401);
    denied.add('AppDetails');
    expect((await legacy('GetMaterieelDetailsDocs', { materieelSoort: ITEM })).statusCode).toBe(403);
  });

  it("GetMaterieelUniekDetailsDocs answers a plant's documents as GET Documents/{id} and the plant's page tell them", async () => {
    const r = await t.database.db.execute<{ plantNo: string; itemNo: string }>(sql`
      select p.plant_no as "plantNo", i.item_no as "itemNo" from plants p join items i on i.id = p.item_id
      join plant_locations l on l.id = p.location_id
      where l.location_no = ${LOC} and exists (select 1 from documents d where d.plant_id = p.id)
      order by p.plant_no limit 1`);
    const plant = r.rows[0];
    expect(plant).toBeDefined();
    const old = await legacyOk<{ documenten: Array<ReturnType<typeof legacyDoc>> }>(
      'GetMaterieelUniekDetailsDocs',
      {
        materieelLocatieNr: LOC,
        materieelSoort: plant.itemNo,
        materieelNummer: plant.plantNo.toLowerCase(),
      },
    );
    expect(old.documenten.length).toBeGreaterThan(0);
    for (const d of old.documenten) {
      const info = await get<Json>(`/api/v2.0/Documents/${encodeURIComponent(d.documentSystemId)}`);
      expect(d).toEqual({
        documentSystemId: info.documentSystemId,
        titel: info.title,
        categorie: info.category,
        bestandsnaam: info.fileName,
        bestandstype: info.contentType,
        grootte: info.size,
        datum: info.documentDate,
        url: info.url,
      });
    }
    // the certificates of the plant's page are among them, then the item's manuals
    const page = await get<{ inspections: Array<{ certificateDocumentId: string | null }> }>(
      `/api/v2.0/PlantInventoryItems/${plant.itemNo}/plants/${plant.plantNo}?plantLocation=${LOC}`,
    );
    const ids = old.documenten.map((d) => d.documentSystemId);
    const certificates = page.inspections.flatMap((i) => i.certificateDocumentId ?? []);
    expect(certificates.length).toBeGreaterThan(0);
    for (const id of certificates) expect(ids).toContain(id);
    const manuals = (await get<{ documents: Array<{ id: string }> }>(`/api/v2.0/Items/${plant.itemNo}`))
      .documents;
    expect(ids.slice(ids.length - manuals.length)).toEqual(manuals.map((m) => m.id));

    // another customer's user, another location, an unknown plant: 404 alike
    const body = { materieelLocatieNr: LOC, materieelNummer: plant.plantNo };
    const foreign = await legacy('GetMaterieelUniekDetailsDocs', body, EXTERNAL);
    expect(foreign.statusCode).toBe(404);
    const elsewhere = await legacy('GetMaterieelUniekDetailsDocs', {
      ...body,
      materieelLocatieNr: 'P-24002',
    });
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await legacy('GetMaterieelUniekDetailsDocs', { ...body, materieelNummer: 'MS-GEEN' });
    expect(unknown.statusCode).toBe(404);
    // another customer's location is told apart from an unknown one no more than anywhere else
    const noSuchLocation = await legacy(
      'GetMaterieelUniekDetailsDocs',
      { ...body, materieelLocatieNr: 'P-99999' },
      EXTERNAL,
    );
    expect(foreign.json()).toEqual(noSuchLocation.json());
    denied.add('AppMaterieelvoorraad');
    expect((await legacy('GetMaterieelUniekDetailsDocs', body)).statusCode).toBe(403);
  });

  it('DownloadDocument answers GET Documents/{documentSystemId}/content: the same bytes, headers and refusals', async () => {
    const id = `DMS-LOC-${LOC}-VG`;
    const v2 = await t.app.inject({ url: `/api/v2.0/Documents/${id}/content`, headers: await t.auth(USER) });
    expect(v2.statusCode).toBe(200);
    for (const body of [{ documentSystemId: id }, { id }]) {
      const old = await legacy('DownloadDocument', body);
      expect(old.statusCode).toBe(200);
      expect(Buffer.compare(old.rawPayload, v2.rawPayload)).toBe(0);
      for (const h of [
        'content-type',
        'content-disposition',
        'cache-control',
        'x-content-type-options',
        'content-security-policy',
      ])
        expect(old.headers[h], h).toBe(v2.headers[h]);
    }
    const foreign = await legacy('DownloadDocument', { documentSystemId: `DMS-LOC-${FOREIGN_LOC}-VG` });
    const unknown = await legacy('DownloadDocument', { documentSystemId: 'DMS-GEEN' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect((await legacy('DownloadDocument', { documentSystemId: id }, null)).statusCode).toBe(401);
    const none = await legacy('DownloadDocument', {});
    expect(none.statusCode).toBe(400);
  });
});

describe('hostile input', () => {
  it('never answers 5xx (NUL, LIKE wildcards, quotes, overlong)', async () => {
    const values = ['\u0000', 'a\u0000b', '%_\\', "' or 1=1 --", '😀'.repeat(30), 'x'.repeat(300)];
    for (const v of values) {
      for (const url of [
        list(LOC, `?query=${encodeURIComponent(v)}`),
        list(LOC, `?category=${encodeURIComponent(v)}`),
        list(encodeURIComponent(v)),
      ]) {
        const r = await t.app.inject({ url, headers: await t.auth(USER) });
        expect(r.statusCode, `${url}: ${r.body}`).toBeLessThan(500);
      }
      for (const [action, body] of [
        ['GetMaterieeLocatieDocs', { materieelLocatieNr: LOC, zoekString: v, categorie: v }],
        ['GetMaterieeLocatieDocs', { materieelLocatieNr: v }],
        ['GetMaterieelDetailsDocs', { materieelSoort: v }],
        ['GetMaterieelUniekDetailsDocs', { materieelLocatieNr: LOC, materieelNummer: v }],
        ['DownloadDocument', { documentSystemId: v }],
      ] as const) {
        const r = await legacy(action, body);
        expect(r.statusCode, `${action} ${JSON.stringify(body)}: ${r.body}`).toBeLessThan(500);
      }
    }
  });
});

// (runs last: it reads which calls the tests above made)
describe('the API document', () => {
  it('holds the four MaterieelDocuments calls and the tests above made each', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    const declared = Object.keys(doc.paths)
      .filter((p) => p.startsWith('/api/MaterieelDocuments/'))
      .map((p) => p.slice('/api/MaterieelDocuments/'.length))
      .sort();
    expect(declared).toEqual([
      'DownloadDocument',
      'GetMaterieeLocatieDocs',
      'GetMaterieelDetailsDocs',
      'GetMaterieelUniekDetailsDocs',
    ]);
    expect([...called].sort()).toEqual(declared);
    expect(doc.paths['/api/v2.0/PlantLocations/{plantLocation}/documents']).toBeDefined();
  });
});
