// The sync ERP → portal (issue #33 point 2, decision 0027) against the fake BC: a page failing halfway resumes
// from its checkpoint, a full sync equals the fake's counts, a change shows after the delta, a deletion
// disappears, GetLocationsCallBack's 416, and who may call the sync.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { loadSettings } from '../settings/index.ts';
import { syncEntity } from './erp.sync.ts';
import { startConnectedApp } from './erp.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const EXTERNAL = 'projectleider@infranoord.nl';

let fake: FakeBc;
let t: TestApp;
let none: TestApp;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.database.db.execute<{ n: number }>(query)).rows[0].n);

async function post(app: TestApp, email: string, url: string, payload?: object) {
  return app.app.inject({
    method: 'POST',
    url,
    headers: { ...(await app.auth(email)), 'accept-language': 'nl-NL' },
    ...(payload === undefined ? {} : { payload }),
  });
}

const sync = async (entities?: string[]) => {
  const r = await post(t, ADMIN, '/api/v2.0/Erp/sync', entities ? { entities } : {});
  expect(r.statusCode, r.body).toBe(200);
  return r.json();
};

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp());
  none = await createTestApp();
});
afterAll(async () => {
  await t?.close();
  await none?.close();
  await fake?.close();
});

describe('the sync ERP → portal', () => {
  it('GetLocationsCallBack answers 416 while the user’s customer has no account in the ERP', async () => {
    const r = await post(t, EXTERNAL, '/api/GebruikerMaterieellocatie/GetLocationsCallBack', {});
    expect(r.statusCode).toBe(416);
    expect(r.json().code).toBe('warning.navision_account_onbekend');
    // without an ERP the same user gets the locations
    expect(
      (await post(none, EXTERNAL, '/api/GebruikerMaterieellocatie/GetLocationsCallBack', {})).statusCode,
    ).toBe(200);
  });

  it('resumes a run that failed halfway from its checkpoint: no row twice, none lost', async () => {
    let requests = 0;
    const deps = {
      config: t.deps.config,
      db: t.database.db,
      loadSettings,
      clientOptions: {
        maxRetries: 0,
        pageSize: 100,
        // the fourth page fails: the first request is the high-water read, then pages 1–3 come in
        log: (e: { msg: string; path?: string; status?: number }) => {
          if (e.msg === 'erp.request' && e.path?.endsWith('/itemTranslations') && ++requests === 4)
            fake.control.addFault({ kind: 'status', status: 500, path: '/itemTranslations', times: 1 });
        },
      },
    };
    expect((await syncEntity(deps, 'categories')).state).toBe('done');
    expect((await syncEntity(deps, 'items')).state).toBe('done');
    const failed = await syncEntity(deps, 'itemTranslations');
    expect(failed).toMatchObject({
      state: 'failed',
      pages: 3,
      upserted: 300,
      error: { code: 'erp.fout.unavailable' },
    });
    const state = (
      await t.database.db.execute<{ next_link: string; pages: number; last_error_code: string }>(
        sql`select next_link, pages, last_error_code from erp_sync_state where entity = 'itemTranslations'`,
      )
    ).rows[0];
    expect(state).toMatchObject({ pages: 3, last_error_code: 'erp.fout.unavailable' });
    expect(state.next_link).toContain('skiptoken');
    expect(await count(sql`select count(*) as n from item_translations where erp_id is not null`)).toBe(300);

    const resumed = await syncEntity(deps, 'itemTranslations');
    const total = fake.control.counts().itemTranslations;
    expect(resumed).toMatchObject({ state: 'done', error: null });
    expect(resumed.pages).toBe(Math.ceil(total / 100) - 3);
    expect(await count(sql`select count(*) as n from item_translations where erp_id is not null`)).toBe(
      total,
    );
    expect(await count(sql`select count(distinct erp_id) as n from item_translations`)).toBe(total);
    expect(await count(sql`select count(*) as n from item_translations`)).toBe(total);
    // the resumed run did not ask the first pages again: one request per remaining page, no high-water read
    expect(requests).toBe(4 + 1 + resumed.pages);
    // the resumed run completed the first full run
    const done = await t.database.db.execute<{ full: boolean; delta: boolean }>(sql`
      select full_completed_at is not null as full, delta_completed_at is not null as delta
      from erp_sync_state where entity = 'itemTranslations'`);
    expect(done.rows[0]).toEqual({ full: true, delta: false });
  });

  it('a full sync makes the portal hold what the ERP holds (counts equal, every row keyed by the ERP)', async () => {
    const answer = await sync(syncedWithoutImages);
    expect(answer.code).toBe('erp.sync.klaar');
    expect(answer.results.filter((r: { state: string }) => r.state !== 'done')).toEqual([]);
    const erp = fake.control.counts();
    const tables: Array<[string, number]> = [
      ['categories', erp.rentalCategories],
      ['category_translations', erp.categoryTranslations],
      ['items', erp.items],
      ['item_translations', erp.itemTranslations],
      ['tech_attributes', erp.technicalAttributes],
      ['item_tech_data', erp.itemTechnicalData],
      ['customers', erp.customers],
      ['plant_locations', erp.projectLocations],
    ];
    for (const [table, n] of tables) {
      expect([table, await count(sql`select count(*) as n from ${sql.identifier(table)}`)]).toEqual([
        table,
        n,
      ]);
      expect([
        table,
        await count(sql`select count(*) as n from ${sql.identifier(table)} where erp_id is null`),
      ]).toEqual([table, 0]);
    }
    expect(await count(sql`select count(*) as n from inspections where erp_id is not null`)).toBe(
      erp.inspections,
    );
    // the read models see it: a card per item
    const numbers = fake.control.list('items', { top: 5 }).map((i) => String(i.number));
    const cards = await t.app.inject({
      method: 'GET',
      url: `/api/v2.0/Items?itemNos=${numbers.join(',')}`,
      headers: await t.auth(USER),
    });
    expect(cards.json().items.map((c: { itemNo: string }) => c.itemNo)).toEqual(numbers);
  });

  it('a change in the ERP shows in GET Items after the delta', async () => {
    fake.control.advanceClock(60_000);
    const [item] = fake.control.list('items', { top: 1, filter: "number eq 'AG-1001'" });
    const [dutch] = fake.control.list('itemTranslations', {
      filter: "itemNumber eq 'AG-1001' and languageCode eq 'NLD'",
    });
    fake.control.update('itemTranslations', String(dutch.id), { description: 'Aggregaat uit het ERP' });
    fake.control.update('rentalItems', String(item.id), { dayPrice: 123.45 });
    const answer = await sync(['rentalItems', 'itemTranslations']);
    expect(answer.results.map((r: { entity: string; state: string }) => [r.entity, r.state])).toEqual([
      ['rentalItems', 'done'],
      ['itemTranslations', 'done'],
    ]);
    const cards = await t.app.inject({
      method: 'GET',
      url: '/api/v2.0/Items?itemNos=AG-1001',
      headers: { ...(await t.auth(USER)), 'accept-language': 'nl-NL' },
    });
    const [card] = cards.json().items;
    expect(card.description).toBe('Aggregaat uit het ERP');
    expect(JSON.stringify(card)).toContain('123.45');
  });

  it('raises catalogue_revision (the read models rebuild) only when a page changes something', async () => {
    const revision = () => count(sql`select revision as n from catalogue_revision`);
    const before = await revision();
    // the ERP changed fields the portal does not keep (BC's lastModifiedDateTime moves with any field): the delta
    // reads those records and finds them as the portal has them
    fake.control.advanceClock(60_000);
    fake.control.touch('items', { count: 5, changes: { unitCost: 99 } });
    fake.control.touch('rentalItems', { count: 5 });
    const again = await sync(['items', 'rentalItems']);
    expect(again.results.map((r: { state: string; upserted: number }) => [r.state, r.upserted])).toEqual([
      ['done', 0],
      ['done', 0],
    ]);
    expect(await revision()).toBe(before);
    fake.control.advanceClock(60_000);
    fake.control.touch('rentalItems', {
      count: 1,
      filter: "itemNumber eq 'AG-1001'",
      changes: { weekPrice: 321 },
    });
    await sync(['rentalItems']);
    expect(await revision()).toBeGreaterThan(before);
  });

  it('a record deleted in the ERP disappears from the portal', async () => {
    fake.control.advanceClock(60_000);
    const [item] = fake.control.list('items', { top: 1, filter: "number eq 'AG-1002'" });
    fake.control.remove('items', String(item.id));
    const answer = await sync(['deletions']);
    expect(answer.results[0]).toMatchObject({ entity: 'deletions', state: 'done', deleted: 1 });
    const cards = await t.app.inject({
      method: 'GET',
      url: '/api/v2.0/Items?itemNos=AG-1002',
      headers: await t.auth(USER),
    });
    expect(cards.json().items).toEqual([]);
  });

  it('GET Erp/sync says where each entity stands, the last error in the caller’s language', async () => {
    const r = await t.app.inject({
      method: 'GET',
      url: '/api/v2.0/Erp/sync',
      headers: { ...(await t.auth(ADMIN)), 'accept-language': 'en-US' },
    });
    expect(r.statusCode, r.body).toBe(200);
    const byEntity = new Map(r.json().entities.map((e: { entity: string }) => [e.entity, e]));
    expect(byEntity.get('items')).toMatchObject({ running: false, resumable: false, lastError: null });
    expect((byEntity.get('items') as { fullCompletedAt: string }).fullCompletedAt).toMatch(/^\d{4}-/);
    expect(byEntity.get('itemImages')).toMatchObject({ fullCompletedAt: null, upsertedTotal: 0 });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v2.0/Erp/sync', headers: await t.auth(USER) }))
        .statusCode,
    ).toBe(403);
  });

  it('GetLocationsCallBack answers the locations once the customer is known in the ERP', async () => {
    const r = await post(t, EXTERNAL, '/api/GebruikerMaterieellocatie/GetLocationsCallBack', {});
    expect(r.statusCode).toBe(200);
    expect(r.json().locaties.length).toBeGreaterThan(0);
  });

  it('the legacy sync calls do the work and say what they did', async () => {
    const r = await post(t, ADMIN, '/api/MaterieelKeuringenSync/DoKeuringenSync', {});
    expect(r.statusCode).toBe(200);
    expect(r.json()).toMatchObject({
      code: 'erp.sync.klaar',
      results: [{ entity: 'inspections', state: 'done' }],
    });
    const tech = await post(t, ADMIN, '/api/MaterieelSync/DoMaterieelDetailTechDataSync', {});
    expect(tech.json().results.map((x: { entity: string }) => x.entity)).toEqual([
      'technicalAttributes',
      'itemTechnicalData',
    ]);
    const texts = await post(t, ADMIN, '/api/MaterieelSync/DoMaterieelCatalogusVertalingenSync', {});
    expect(texts.json().results.map((x: { entity: string }) => x.entity)).toEqual([
      'categoryTranslations',
      'itemTranslations',
    ]);
  });

  it('with ERP=none the sync calls say that no ERP is connected', async () => {
    for (const url of [
      '/api/v2.0/Erp/sync',
      '/api/MaterieelImage/SyncImages',
      '/api/MaterieelSync/DoMaterieelDetailTechDataVertalingenSync',
    ]) {
      const r = await post(none, ADMIN, url, {});
      expect(r.statusCode).toBe(200);
      expect(r.json()).toMatchObject({ code: 'erp.niet_gekoppeld', erp: 'none', results: [] });
      expect(r.json().message).toContain('geen ERP gekoppeld');
    }
  });

  it('refuses the sync calls to users without BusinessCentral (403) and anonymous callers (401)', async () => {
    for (const url of [
      '/api/v2.0/Erp/sync',
      '/api/MaterieelSync/DoMaterieelDetailTechDataSync',
      '/api/MaterieelSync/DoMaterieelDetailTechDataVertalingenSync',
      '/api/MaterieelSync/DoMaterieelCatalogusVertalingenSync',
      '/api/MaterieelImage/SyncImages',
      '/api/MaterieelKeuringenSync/DoKeuringenSync',
    ]) {
      expect([url, (await post(t, USER, url, {})).statusCode]).toEqual([url, 403]);
      const anonymous = await t.app.inject({
        method: 'POST',
        url,
        payload: {},
      });
      expect([url, anonymous.statusCode]).toEqual([url, 401]);
    }
  });
});

const syncedWithoutImages = [
  'categories',
  'categoryTranslations',
  'items',
  'rentalItems',
  'itemTranslations',
  'technicalAttributes',
  'itemTechnicalData',
  'customers',
  'projectLocations',
  'inspections',
  'deletions',
];
