import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import type { Locale } from '@mp/contract/i18n';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { invalidateCatalogueCaches } from './catalogue.cache.ts';
import { cardModels, listFromIndex, listingIndexes } from './catalogue.indexes.ts';
import {
  allListedBase,
  categoryBase,
  type ListingFilters,
  type SortKey,
  selectListing,
} from './catalogue.queries.ts';
import { selectCardsByIds } from './catalogue.read-model.queries.ts';

const ADMIN = 'admin@materieelportaal.nl';
const INTERNAL = 'uitvoerder@vandijk.nl'; // internal, member of P-24001..P-24004, P-24007
const EXTERNAL = 'projectleider@infranoord.nl'; // external, member of P-24008..P-24012
const OWN_LOCATION = 'P-24001';
const FOREIGN_LOCATION = 'P-24008';

let t: TestApp;
let headers: Record<string, { authorization: string }>;
let categories: {
  id: string;
  parent: string;
  code: string;
  name: string;
  totalItemCount: number;
  itemCount: number;
}[];

const categoryId = (code: string) => categories.find((c) => c.code === code)!.id;

async function setSettings(values: Record<string, unknown>) {
  for (const [key, value] of Object.entries(values)) {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Settings',
      payload: { key, value },
      headers: headers.admin,
    });
    expect(r.statusCode, key).toBe(204);
  }
}

const get = (url: string, as?: keyof typeof headers, extra: Record<string, string> = {}) =>
  t.app.inject({ url, headers: { ...(as ? headers[as] : {}), ...extra } });
const post = (url: string, payload: unknown, as?: keyof typeof headers) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers: as ? headers[as] : {} });

beforeAll(async () => {
  t = await createTestApp();
  headers = {
    admin: await t.auth(ADMIN),
    internal: await t.auth(INTERNAL),
    external: await t.auth(EXTERNAL),
  };
  const r = await get('/api/v2.0/Categories', 'internal');
  expect(r.statusCode).toBe(200);
  categories = r.json().categories;
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/v2.0/Categories', () => {
  it('is the tree depth first, roots under the empty guid, with subtree counts and images', () => {
    const roots = categories.filter((c) => c.parent === EMPTY_GUID);
    expect(roots.length).toBeGreaterThan(5);
    const afz = categories.find((c) => c.code === 'AFZ')!;
    const children = categories.filter((c) => c.parent === afz.id);
    expect(children.map((c) => c.code)).toContain('AFZ-HEK');
    expect(afz.totalItemCount).toBe(afz.itemCount + children.reduce((n, c) => n + c.totalItemCount, 0));
    // Depth first: every child comes after its parent.
    const at = new Map(categories.map((c, i) => [c.id, i]));
    const nested = categories.filter((c) => c.parent !== EMPTY_GUID);
    expect(nested.length).toBeGreaterThan(0);
    for (const c of nested) expect(at.get(c.id)!).toBeGreaterThan(at.get(c.parent)!);
    expect((categories[0] as unknown as { imageUrl: string }).imageUrl).toMatch(
      /^\/api\/v2\.0\/Images\/single\/category\//,
    );
  });

  it('names categories in the request locale', async () => {
    const r = await get('/api/v2.0/Categories', 'internal', { 'x-locale': 'en-US' });
    const hek = r.json().categories.find((c: { code: string }) => c.code === 'AFZ-HEK');
    expect(hek.name).toBe('Construction fences');
    expect(categories.find((c) => c.code === 'AFZ-HEK')!.name).toBe('Bouwhekken');
  });

  it('answers anonymous visitors 401 unless AllowAnonymousUsers is on', async () => {
    const off = await get('/api/v2.0/Categories');
    expect(off.statusCode).toBe(401);
    expect(off.json().code).toBe('error.niet_ingelogd');
    await setSettings({ AllowAnonymousUsers: true });
    try {
      expect((await get('/api/v2.0/Categories')).statusCode).toBe(200);
    } finally {
      await setSettings({ AllowAnonymousUsers: false });
    }
  });
});

describe('GET /api/v2.0/Products/{categoryId}', () => {
  it('lists a category with its subcategories, 50 per page by default, with cards in the locale', async () => {
    const afz = categories.find((c) => c.code === 'AFZ')!;
    const r = await get(`/api/v2.0/Products/${afz.id}`, 'external', { 'x-locale': 'en-US' });
    expect(r.statusCode).toBe(200);
    const page = r.json();
    expect(page.total).toBe(afz.totalItemCount);
    expect(page.pageSize).toBe(50);
    expect(page.pageNumber).toBe(1);
    expect(page.items).toHaveLength(Math.min(50, afz.totalItemCount));
    expect(page.category).toMatchObject({
      id: afz.id,
      parent: EMPTY_GUID,
      name: 'Barriers & traffic control',
    });
    const fence = page.items.find((i: { itemNo: string }) => i.itemNo === 'BH-1001');
    expect(fence).toMatchObject({
      itemNo: 'BH-1001',
      imageUrl: expect.stringMatching(/^\/api\/v2\.0\/Images\/single\/item\/BH-1001/),
      rentalType: 'Verhuur',
      showPrice: true,
      priceOnDemand: false,
    });
    expect(fence.description).toMatch(/^Construction fence/);
    expect(fence.dayPrice).toMatch(/^\d+\.\d{2}$/);
    expect(fence.weightPerPiece).toMatch(/^\d+\.\d$/);
    const galvanised = fence.techData.find((d: { code: string }) => d.code === 'verzinkt');
    expect(galvanised).toEqual({
      code: 'verzinkt',
      kind: 'boolean',
      label: 'Galvanised',
      unit: null,
      value: true,
    });
    const length = fence.techData.find((d: { code: string }) => d.code === 'lengte');
    expect(length).toEqual({ code: 'lengte', kind: 'number', label: 'Length (m)', unit: 'm', value: '3.5' });
    expect(page.format).toEqual({ priceDecimals: 2, weightDecimals: 1 });
  });

  it('pages through the whole set without gaps or repeats', async () => {
    const id = categoryId('AFZ');
    const total = categories.find((c) => c.code === 'AFZ')!.totalItemCount;
    const seen = new Set<string>();
    for (let p = 1; (p - 1) * 50 < total; p++) {
      const r = await get(`/api/v2.0/Products/${id}?pageNumber=${p}&sortBy=itemNo`, 'internal');
      for (const i of r.json().items) seen.add(i.itemNo);
    }
    expect(seen.size).toBe(total);
    const desc = (await get(`/api/v2.0/Products/${id}?sortBy=itemNoDesc&pageSize=100`, 'internal')).json();
    const nos = desc.items.map((i: { itemNo: string }) => i.itemNo);
    expect(nos).toEqual([...nos].sort().reverse());
  });

  it('lists the whole catalogue under the empty guid', async () => {
    const r = await get(`/api/v2.0/Products/${EMPTY_GUID}?pageSize=250`, 'internal');
    expect(r.statusCode).toBe(200);
    const sum = categories.filter((c) => c.parent === EMPTY_GUID).reduce((n, c) => n + c.totalItemCount, 0);
    expect(r.json().total).toBe(sum);
    expect(r.json().items).toHaveLength(250);
  });

  it('filters on a boolean attribute and computes facets over the filtered set', async () => {
    const id = categoryId('ENER');
    const all = (await get(`/api/v2.0/Products/${id}?pageSize=250`, 'external')).json();
    const group = all.facets.booleanGroups[0];
    expect(group.label).toBe('Technische gegevens');
    const diesel = group.options.find((o: { code: string }) => o.code === 'diesel');
    expect(diesel.count).toBeGreaterThan(0);
    expect(diesel.count).toBeLessThan(all.total);
    expect(diesel.selected).toBe(false);

    const r = await get(`/api/v2.0/Products/${id}?pageSize=250&bool=${diesel.attributeId}`, 'external');
    const filtered = r.json();
    expect(filtered.total).toBe(diesel.count);
    for (const item of filtered.items) {
      expect(
        item.techData.some((d: { code: string; value: unknown }) => d.code === 'diesel' && d.value === true),
      ).toBe(true);
    }
    const options = filtered.facets.booleanGroups[0].options;
    expect(options.find((o: { code: string }) => o.code === 'diesel')).toMatchObject({
      count: diesel.count,
      selected: true,
    });
    for (const o of options) expect(o.count).toBeLessThanOrEqual(filtered.total);
    // Another option narrows further; both must hold. Every diesel item of the demo is silenced, so one is made loud.
    const silenced = options.find((o: { code: string }) => o.code === 'geluidgedempt');
    expect(silenced).toMatchObject({ count: filtered.total });
    const loud = filtered.items[0].itemNo as string;
    const setSilenced = (value: boolean) =>
      t.database.db.execute(sql`
        update item_tech_data d set boolean_value = ${value} from items i
        where i.id = d.item_id and i.item_no = ${loud} and d.attribute_id = ${silenced.attributeId}`);
    await setSilenced(false);
    invalidateCatalogueCaches(t.database.db);
    try {
      const narrowed = (
        await get(`/api/v2.0/Products/${id}?pageSize=250&bool=${diesel.attributeId}`, 'external')
      ).json();
      const other = narrowed.facets.booleanGroups[0].options.find(
        (o: { code: string }) => o.code === 'geluidgedempt',
      );
      expect(other.count).toBe(narrowed.total - 1);
      const both = (
        await get(
          `/api/v2.0/Products/${id}?pageSize=250&bool=${diesel.attributeId},${other.attributeId}`,
          'external',
        )
      ).json();
      expect(both.total).toBe(other.count);
      expect(both.items.map((i: { itemNo: string }) => i.itemNo)).not.toContain(loud);
    } finally {
      await setSilenced(true);
      invalidateCatalogueCaches(t.database.db);
    }
  });

  it('filters on day and week price ranges; the bounds ignore the price filter itself', async () => {
    const id = categoryId('AFZ');
    const all = (await get(`/api/v2.0/Products/${id}?pageSize=250`, 'external')).json();
    const { min, max } = all.facets.dayPrice;
    expect(Number(min)).toBeLessThan(Number(max));
    const r = (await get(`/api/v2.0/Products/${id}?pageSize=250&dayMin=0.3&dayMax=1`, 'external')).json();
    expect(r.total).toBeGreaterThan(0);
    expect(r.total).toBeLessThan(all.total);
    for (const i of r.items) {
      expect(Number(i.dayPrice)).toBeGreaterThanOrEqual(0.3);
      expect(Number(i.dayPrice)).toBeLessThanOrEqual(1);
    }
    expect(r.facets.dayPrice).toEqual(all.facets.dayPrice);
    const week = (await get(`/api/v2.0/Products/${id}?pageSize=250&weekMin=2`, 'external')).json();
    for (const i of week.items) expect(Number(i.weekPrice)).toBeGreaterThanOrEqual(2);
  });

  it('shows no facets for a set of one item', async () => {
    const id = categoryId('AFZ');
    const one = (await get(`/api/v2.0/Products/${id}?dayMin=48&dayMax=48`, 'external')).json();
    expect(one.total).toBe(1);
    expect(one.facets.booleanGroups).toEqual([]);
  });

  it('refuses bad input with 400 naming the field', async () => {
    const id = categoryId('AFZ');
    for (const [query, field] of [
      ['pageSize=7', 'pageSize'],
      ['pageNumber=-1', 'pageNumber'],
      ['pageNumber=0', 'pageNumber'],
      ['sortBy=price', 'sortBy'],
      ['bool=not-a-guid', 'bool'],
      ['dayMin=abc', 'dayMin'],
    ]) {
      const r = await get(`/api/v2.0/Products/${id}?${query}`, 'internal');
      expect(r.statusCode, query).toBe(400);
      expect(Object.keys(r.json().details.fields), query).toContain(field);
    }
    const bad = await get('/api/v2.0/Products/AFZ', 'internal');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('categoryId');
  });

  it('answers an unknown category with 404', async () => {
    const r = await get('/api/v2.0/Products/7d0f2a4e-1111-4c4c-9a9a-123456789abc', 'internal');
    expect(r.statusCode).toBe(404);
  });

  it('answers a foreign or unknown plantLocation with the same 404, revealing nothing', async () => {
    const id = categoryId('AFZ');
    const foreign = await get(`/api/v2.0/Products/${id}?plantLocation=${FOREIGN_LOCATION}`, 'internal');
    const unknown = await get(`/api/v2.0/Products/${id}?plantLocation=P-99999`, 'internal');
    expect(foreign.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(foreign.json()).toEqual(unknown.json());
    expect(foreign.body).not.toContain(FOREIGN_LOCATION);
    expect((await get(`/api/v2.0/Products/${id}?plantLocation=${OWN_LOCATION}`, 'internal')).statusCode).toBe(
      200,
    );
    // Admins (the equipment department) may use any location.
    expect(
      (await get(`/api/v2.0/Products/${id}?plantLocation=${FOREIGN_LOCATION}`, 'admin')).statusCode,
    ).toBe(200);
  });
});

describe('listing index', () => {
  it('answers every page exactly as the listing statement does', async () => {
    const index = await listingIndexes.get(t.database.db, 'all');
    if (!index) throw new Error('no listing index');
    const attributes = (
      await t.database.db.execute<{ id: string }>(
        sql`select id from tech_attributes where kind = 'boolean' and filterable order by code`,
      )
    ).rows.map((r) => r.id);
    const sorts: SortKey[] = [
      'default',
      'relevance',
      'itemNo',
      'itemNoDesc',
      'description',
      'descriptionDesc',
      'dayPrice',
      'dayPriceDesc',
      'weekPrice',
      'weekPriceDesc',
      'weight',
      'weightDesc',
    ];
    const filterSets: ListingFilters[] = [
      { bool: [] },
      { bool: [attributes[0]] },
      { bool: [attributes[1], attributes[2]] },
      { bool: [], dayMin: 20, dayMax: 80.5 },
      { bool: [attributes[3]], weekMax: 150 },
      { bool: ['00000000-0000-4000-8000-000000000001'] },
    ];
    const targets: (string | null)[] = [null, ...categories.map((c) => c.id)];
    let compared = 0;
    for (const [k, categoryId] of targets.entries()) {
      const locale: Locale = (['nl-NL', 'en-US', 'fr-FR', 'de-DE'] as const)[k % 4];
      const sort = sorts[k % sorts.length];
      for (const [j, filters] of filterSets.entries()) {
        const input = {
          locale,
          hasRelevance: false,
          filters,
          sort: j === 0 ? sort : sorts[(k + j) % sorts.length],
          limit: j % 2 === 0 ? 50 : 7,
          offset: j % 3 === 2 ? 7 : 0,
          tech: j === 4 ? ('none' as const) : ('locale' as const),
          withPrices: (k + j) % 3 !== 0,
        };
        const fromSql = await selectListing(t.database.db, {
          ...input,
          base: categoryId === null ? allListedBase() : categoryBase(categoryId),
        });
        const what = `${categoryId} ${JSON.stringify(input)}`;
        // ids and numbers from the index, cards from the card model …
        const cards = await cardModels.get(t.database.db, locale);
        // in every locale from memory: nl-NL's descriptions in the store, another's from its own texts
        expect(cards, what).not.toBeNull();
        expect(await listFromIndex(t.database.db, index, { ...input, categoryId }, cards), what).toEqual(
          fromSql,
        );
        // … or by id from the database
        const { ids, ...numbers } = index.list({ ...input, categoryId });
        const items = await selectCardsByIds(t.database.db, locale, ids, input.offset, input.tech);
        expect({ ...numbers, items }, what).toEqual(fromSql);
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(250);
  });

  it('follows a change of the catalogue: within seconds from elsewhere, at once after invalidating', async () => {
    const cat = categories.find((c) => c.totalItemCount > 3 && c.itemCount > 3)!;
    const page = async () =>
      (await get(`/api/v2.0/Products/${cat.id}?sortBy=itemNo&pageSize=250`, 'internal')).json() as {
        total: number;
        items: { itemNo: string }[];
      };
    const before = await page();
    const blocked = before.items[0].itemNo;
    await t.database.db.execute(sql`update items set blocked = true where item_no = ${blocked}`);
    try {
      // Another process: noticed through the catalogue revision (checked about once a second).
      const until = Date.now() + 10_000;
      let after = await page();
      while (after.total === before.total && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 100));
        after = await page();
      }
      expect(after.total).toBe(before.total - 1);
      expect(after.items.map((i) => i.itemNo)).not.toContain(blocked);
    } finally {
      await t.database.db.execute(sql`update items set blocked = false where item_no = ${blocked}`);
      // This process: the writer says so and the next request reads the change.
      invalidateCatalogueCaches(t.database.db);
    }
    expect((await page()).total).toBe(before.total);
  });
});

describe('price visibility (product §6) per user kind', () => {
  const url = () => `/api/v2.0/Products/${categoryId('AFZ-HEK')}?sortBy=itemNo`;
  type Card = {
    itemNo: string;
    showPrice: boolean;
    priceOnDemand: boolean;
    dayPrice: string | null;
    weekPrice: string | null;
    salePrice: string | null;
  };
  const first = async (
    u: string,
    as?: keyof typeof headers,
  ): Promise<Card & { facets: { dayPrice: unknown } }> => {
    const r = await get(u, as);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    return { ...body.items.find((i: Card) => i.itemNo === 'BH-1001'), facets: body.facets };
  };
  const shown = (c: Card) => {
    expect(c.showPrice).toBe(true);
    expect(c.priceOnDemand).toBe(false);
    expect(c.dayPrice).toMatch(/^\d+\.\d+$/);
    expect(c.weekPrice).toMatch(/^\d+\.\d+$/);
  };
  const hidden = (c: Card & { facets: { dayPrice: unknown } }, onDemand = false) => {
    expect(c.showPrice).toBe(false);
    expect(c.priceOnDemand).toBe(onDemand);
    expect([c.dayPrice, c.weekPrice, c.salePrice]).toEqual([null, null, null]);
    expect(c.facets.dayPrice).toBeNull();
  };

  it('anonymous visitors (AllowAnonymousUsers on) by PubliekePrijzen', async () => {
    await setSettings({ AllowAnonymousUsers: true, PubliekePrijzen: false });
    try {
      hidden(await first(url()));
      await setSettings({ PubliekePrijzen: true });
      shown(await first(url()));
    } finally {
      await setSettings({ AllowAnonymousUsers: false, PubliekePrijzen: false });
    }
  });

  it('internal users with a location by ShowPriceInternalPrices, else price on demand', async () => {
    await setSettings({ ShowPriceInternalPrices: false });
    hidden(await first(`${url()}&plantLocation=${OWN_LOCATION}`, 'internal'), true);
    await setSettings({ ShowPriceInternalPrices: true });
    shown(await first(`${url()}&plantLocation=${OWN_LOCATION}`, 'internal'));
    await setSettings({ ShowPriceInternalPrices: false });
  });

  it('internal users without a location by ToonPrijsMaterieellocatie', async () => {
    await setSettings({ ToonPrijsMaterieellocatie: false });
    hidden(await first(url(), 'internal'));
    await setSettings({ ToonPrijsMaterieellocatie: true });
    shown(await first(url(), 'internal'));
  });

  it('external users and admins always', async () => {
    await setSettings({
      ShowPriceInternalPrices: false,
      ToonPrijsMaterieellocatie: false,
      PubliekePrijzen: false,
    });
    try {
      shown(await first(url(), 'external'));
      shown(await first(`${url()}&plantLocation=P-24009`, 'external'));
      shown(await first(url(), 'admin'));
      shown(await first(`${url()}&plantLocation=${OWN_LOCATION}`, 'admin'));
    } finally {
      await setSettings({ ToonPrijsMaterieellocatie: true });
    }
  });

  it('zeroes legacy prices and ignores price filters and price sorting when prices are hidden', async () => {
    await setSettings({ ToonPrijsMaterieellocatie: false });
    try {
      const legacy = await post(
        '/api/MaterieelCatalogus/GetMaterieelCatalogus',
        { categorieId: categoryId('AFZ-HEK'), sortBy: 'itemNo' },
        'internal',
      );
      const m = legacy.json().materielen[0];
      expect(m).toMatchObject({ toonPrijs: false, huurPrijs: 0, huurPrijsWeek: 0, verkoopPrijs: 0 });
      const all = (await get(url(), 'internal')).json();
      const base = `/api/v2.0/Products/${categoryId('AFZ-HEK')}`;
      const filtered = (await get(`${base}?dayMin=100000&sortBy=dayPriceDesc`, 'internal')).json();
      expect(filtered.total).toBe(all.total);
      expect(filtered.sortBy).toBe('default');
    } finally {
      await setSettings({ ToonPrijsMaterieellocatie: true });
    }
  });

  it('rounds amounts and weights to the configured decimals', async () => {
    await setSettings({ Prijzen_AantalDecimalen: 3, Gewicht_AantalDecimalen: 0 });
    try {
      const c = (await get(url(), 'external')).json();
      expect(c.format).toEqual({ priceDecimals: 3, weightDecimals: 0 });
      expect(c.items[0].dayPrice).toMatch(/^\d+\.\d{3}$/);
      expect(c.items[0].weightPerPiece).toMatch(/^\d+$/);
    } finally {
      await setSettings({ Prijzen_AantalDecimalen: 2, Gewicht_AantalDecimalen: 1 });
    }
  });
});

describe('item details', () => {
  it('serves PlantTypes/{itemNo} and Items/{itemNo} with descriptions, data, links and prices', async () => {
    for (const path of ['PlantTypes', 'Items']) {
      const r = await get(`/api/v2.0/${path}/BH-1001`, 'external', { 'x-locale': 'de-DE' });
      expect(r.statusCode, path).toBe(200);
      const d = r.json();
      expect(d.itemNo).toBe('BH-1001');
      expect(d.description).toMatch(/^Bauzaun/);
      expect(d.longDescription).toBeTruthy();
      expect(d.images[0]).toMatch(/^\/api\/v2\.0\/Images\/single\/item\/BH-1001/);
      expect(d.techDataVisible).toBe(true);
      expect(d.techData.find((x: { code: string }) => x.code === 'verzinkt').label).toBe('Verzinkt');
      expect(d.accessories.map((a: { itemNo: string }) => a.itemNo)).toEqual(['BHA-1001', 'BHA-1003']);
      expect(d.accessories[0].amount).toBe(1);
      expect(d.orderTips.map((a: { itemNo: string }) => a.itemNo)).toEqual([
        'BHA-1004',
        'BHA-1005',
        'BHA-1007',
      ]);
      expect(d.showPrice).toBe(true);
      expect(Array.isArray(d.documents)).toBe(true);
    }
  });

  it('finds an item number case-insensitively and answers an unknown one with 404', async () => {
    expect((await get('/api/v2.0/Items/bh-1001', 'internal')).json().itemNo).toBe('BH-1001');
    const r = await get('/api/v2.0/Items/NOPE-0000', 'internal');
    expect(r.statusCode).toBe(404);
    expect(r.json().code).toBe('error.niet_gevonden');
  });

  it('hides technical data from anonymous visitors with Details_ToonTechnischeGegevensIngelogd', async () => {
    await setSettings({ AllowAnonymousUsers: true, Details_ToonTechnischeGegevensIngelogd: true });
    try {
      const anon = (await get('/api/v2.0/PlantTypes/BH-1001')).json();
      expect(anon.techDataVisible).toBe(false);
      expect(anon.techData).toEqual([]);
      const user = (await get('/api/v2.0/PlantTypes/BH-1001', 'internal')).json();
      expect(user.techData.length).toBeGreaterThan(0);
    } finally {
      await setSettings({ AllowAnonymousUsers: false, Details_ToonTechnischeGegevensIngelogd: false });
    }
  });

  it('guards details like the catalogue: 401 anonymous, 404 foreign location', async () => {
    expect((await get('/api/v2.0/PlantTypes/BH-1001')).statusCode).toBe(401);
    expect(
      (await get(`/api/v2.0/PlantTypes/BH-1001?plantLocation=${FOREIGN_LOCATION}`, 'internal')).statusCode,
    ).toBe(404);
  });

  it('GET Items?itemNos= gives several cards in the order asked, leaving unknown numbers out', async () => {
    const r = await get('/api/v2.0/Items?itemNos=LM-1001,NOPE-1,BH-1001', 'internal');
    expect(r.statusCode).toBe(200);
    expect(r.json().items.map((i: { itemNo: string }) => i.itemNo)).toEqual(['LM-1001', 'BH-1001']);
    const none = await get('/api/v2.0/Items?itemNos=', 'internal');
    expect(none.statusCode).toBe(400);
    expect(none.json().details.fields).toHaveProperty('itemNos');
  });
});

describe('legacy catalogue calls', () => {
  it('GetItemCategories answers catalogi', async () => {
    const r = await post('/api/ItemCategories/GetItemCategories', {}, 'internal');
    expect(r.statusCode).toBe(200);
    const hek = r.json().catalogi.find((c: { code: string }) => c.code === 'AFZ-HEK');
    expect(hek).toMatchObject({ omschrijving: 'Bouwhekken', navisionFilter: 'Item Category Code=AFZ-HEK' });
    expect(hek.parent).toBe(categoryId('AFZ'));
  });

  it('GetMaterieelCatalogus answers materielen with Dutch fields and translated technical data', async () => {
    const r = await post(
      '/api/MaterieelCatalogus/GetMaterieelCatalogus',
      { categorieId: categoryId('AFZ-HEK'), sortBy: 'itemNo', pageSize: 50, pageNumber: 1 },
      'external',
    );
    expect(r.statusCode).toBe(200);
    const body = r.json();
    expect(body.totaal).toBeGreaterThan(0);
    const m = body.materielen[0];
    expect(m).toMatchObject({ materieelSoort: 'BH-1001', aantal: 0, toonPrijs: true });
    expect(typeof m.huurPrijs).toBe('number');
    expect(m.huurPrijs).toBeGreaterThan(0);
    expect(typeof m.gewichtPerStuk).toBe('number');
    const verzinkt = m.technischeGegevens.find((g: { label: string }) => g.label === 'Verzinkt');
    expect(verzinkt.tekst).toBe('Ja');
    expect(verzinkt.vertalingen).toContainEqual({ taal: 'en-US', label: 'Galvanised', tekst: 'Yes' });
    const lengte = m.technischeGegevens.find((g: { label: string }) => g.label === 'Lengte (m)');
    expect(lengte.tekst).toBe('3,5 m');
  });

  it('GetMaterieelCatalogus refuses a bad page size naming the field', async () => {
    const r = await post(
      '/api/MaterieelCatalogus/GetMaterieelCatalogus',
      { categorieId: categoryId('AFZ'), pageSize: 7 },
      'internal',
    );
    expect(r.statusCode).toBe(400);
    expect(r.json().details.fields).toHaveProperty('pageSize');
  });

  it('GetMaterieelDetails, GetMaterielenDetails, GetMaterieelBestelTips and GetMeegeLeverdeItems', async () => {
    const d = await post(
      '/api/MaterieelDetails/GetMaterieelDetails',
      { materieelSoort: 'BH-1001' },
      'internal',
    );
    expect(d.statusCode).toBe(200);
    expect(d.json()).toMatchObject({ materieelSoort: 'BH-1001', technischeGegevensZichtbaar: true });
    expect(d.json().langeOmschrijving).toBeTruthy();

    const many = await post(
      '/api/MaterieelDetails/GetMaterielenDetails',
      { materieelSoorten: ['BH-1001', 'LM-1001'] },
      'internal',
    );
    expect(many.json().materielen.map((m: { materieelSoort: string }) => m.materieelSoort)).toEqual([
      'BH-1001',
      'LM-1001',
    ]);

    const tips = await post(
      '/api/MaterieelBestelTips/GetMaterieelBestelTips',
      { materieelSoort: 'BH-1001' },
      'internal',
    );
    expect(tips.json().materielen.map((m: { materieelSoort: string }) => m.materieelSoort)).toEqual([
      'BHA-1004',
      'BHA-1005',
      'BHA-1007',
    ]);

    const acc = await post(
      '/api/MeegeleverdeItems/GetMeegeLeverdeItems',
      { materieelSoort: 'BH-1001' },
      'internal',
    );
    expect(acc.json().items).toHaveLength(2);
    expect(acc.json().items[0]).toMatchObject({ materieelSoort: 'BHA-1001', aantal: 1 });

    const missing = await post(
      '/api/MaterieelDetails/GetMaterieelDetails',
      { materieelSoort: 'NOPE-1' },
      'internal',
    );
    expect(missing.statusCode).toBe(404);
    const noField = await post('/api/MaterieelDetails/GetMaterieelDetails', {}, 'internal');
    expect(noField.statusCode).toBe(400);
    expect(noField.json().details.fields).toHaveProperty('materieelSoort');
  });
});
