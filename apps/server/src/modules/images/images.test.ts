import { eq, isNotNull, ne } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { postMultipart, testPng } from '../../../test/uploads.ts';
import { categories, corporateIdentity, files, items, sets } from '../../db/schema/index.ts';
import type { Part } from '../../platform/files/testing.ts';

const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const LIMIT = 256 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(LIMIT) } });
});
afterAll(async () => {
  await t.close();
});

const png = testPng;
const upload = (url: string, parts: Part[], email?: string) => postMultipart(t, url, parts, email);

async function fetchUrl(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ url, headers });
}

describe('corporate identity', () => {
  it('is public and empty-safe', async () => {
    const r = await fetchUrl('/api/v2.0/CorporateIdentity');
    expect(r.statusCode).toBe(200);
    expect(Object.keys(r.json()).sort()).toEqual(['bannerUrl', 'faviconUrl', 'logoUrl']);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/AppSettings/GetCorporateIdentityImages',
      payload: {},
    });
    expect(legacy.json()).toEqual(r.json());
  });

  it('lets an admin upload a logo, served with cache and type headers', async () => {
    const r = await upload(
      '/api/v2.0/Images/set/corporate?id=logo',
      [{ name: 'file', filename: 'logo.png', value: await png(1600, 400) }],
      ADMIN,
    );
    expect(r.statusCode).toBe(201);
    const ci = (await fetchUrl('/api/v2.0/CorporateIdentity')).json();
    expect(ci.logoUrl).toBe(r.json().url);
    expect(ci.logoUrl).toMatch(/^\/api\/v2\.0\/Images\/single\/corporate\/logo\?v=[0-9a-f]{12}$/);
    const img = await fetchUrl(ci.logoUrl);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.headers['cache-control']).toBe('public, max-age=86400');
    expect(img.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(img.rawPayload).metadata();
    expect(meta.width).toBe(800);
    const again = await fetchUrl(ci.logoUrl, { 'if-none-match': String(img.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('takes several images in one legacy call and turns the favicon into a small PNG', async () => {
    const jpeg = await sharp(await png(600, 600))
      .jpeg()
      .toBuffer();
    const r = await upload(
      '/api/AppSettings/UpdateCorporateIdentityImages',
      [
        { name: 'banner', filename: 'banner.png', value: await png(3000, 600) },
        { name: 'favicon', filename: 'favicon.jpg', value: jpeg },
      ],
      ADMIN,
    );
    expect(r.statusCode).toBe(200);
    expect(r.json().bannerUrl).toMatch(/corporate\/banner/);
    const fav = await fetchUrl(r.json().faviconUrl);
    expect(fav.headers['content-type']).toBe('image/png');
    expect((await sharp(fav.rawPayload).metadata()).width).toBe(256);
  });

  it('refuses non-admins (403) and anonymous callers (401) without changing anything', async () => {
    const before = (await fetchUrl('/api/v2.0/CorporateIdentity')).json();
    const file = [{ name: 'file', filename: 'x.png', value: await png() }];
    expect((await upload('/api/v2.0/Images/set/corporate?id=logo', file, USER)).statusCode).toBe(403);
    expect((await upload('/api/v2.0/Images/set/corporate?id=logo', file)).statusCode).toBe(401);
    const legacy = await upload(
      '/api/AppSettings/UpdateCorporateIdentityImages',
      [{ name: 'logo', filename: 'x.png', value: await png() }],
      USER,
    );
    expect(legacy.statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2.0/Images/corporate/logo',
      headers: await t.auth(USER),
    });
    expect(del.statusCode).toBe(403);
    expect((await fetchUrl('/api/v2.0/CorporateIdentity')).json()).toEqual(before);
  });

  it('removes an image and drops its file', async () => {
    const up = await upload(
      '/api/v2.0/Images/set/corporate?id=banner',
      [{ name: 'file', filename: 'b.png', value: await png() }],
      ADMIN,
    );
    const fileId = up.json().fileId;
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2.0/Images/corporate/banner',
      headers: await t.auth(ADMIN),
    });
    expect(del.statusCode).toBe(204);
    expect((await fetchUrl('/api/v2.0/CorporateIdentity')).json().bannerUrl).toBeNull();
    expect(await t.deps.db.select().from(files).where(eq(files.id, fileId))).toHaveLength(0);
    expect((await fetchUrl('/api/v2.0/Images/single/corporate/banner')).statusCode).toBe(404);
  });
});

describe('upload checks', () => {
  it('answers 415 for HTML named .jpg and for SVG, whatever the declared type', async () => {
    const html = await upload(
      '/api/v2.0/Images/set/content',
      [
        {
          name: 'file',
          filename: 'foto.jpg',
          contentType: 'image/jpeg',
          value: '<!DOCTYPE html><html><script>alert(1)</script></html>',
        },
      ],
      ADMIN,
    );
    expect(html.statusCode).toBe(415);
    expect(html.json().code).toBe('error.bestandstype');
    const svg = await upload(
      '/api/v2.0/Images/set/corporate?id=logo',
      [
        {
          name: 'file',
          filename: 'logo.svg',
          contentType: 'image/svg+xml',
          value: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
        },
      ],
      ADMIN,
    );
    expect(svg.statusCode).toBe(415);
    const pdf = await upload(
      '/api/v2.0/Images/set/content',
      [{ name: 'file', filename: 'a.png', value: '%PDF-1.4\n%...' }],
      ADMIN,
    );
    expect(pdf.statusCode).toBe(415);
  });

  it('answers 413 beyond MAX_UPLOAD_BYTES', async () => {
    const big = Buffer.concat([await png(), Buffer.alloc(LIMIT * 2)]);
    const r = await upload(
      '/api/v2.0/Images/set/content',
      [{ name: 'file', filename: 'big.png', value: big }],
      ADMIN,
    );
    expect(r.statusCode).toBe(413);
    expect(r.json().code).toBe('error.te_groot');
    const edge = Buffer.concat([await png(), Buffer.alloc(LIMIT)]);
    expect(
      (
        await upload(
          '/api/v2.0/Images/set/content',
          [{ name: 'file', filename: 'e.png', value: edge }],
          ADMIN,
        )
      ).statusCode,
    ).toBe(413);
  });

  it('refuses a request without a file, and a JSON body', async () => {
    const none = await upload('/api/v2.0/Images/set/content', [{ name: 'caption', value: 'x' }], ADMIN);
    expect(none.statusCode).toBe(400);
    expect(none.json().details.fields).toHaveProperty('file');
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Images/set/content',
      payload: { file: 'x' },
      headers: await t.auth(ADMIN),
    });
    expect(json.statusCode).toBe(415);
    const badType = await upload(
      '/api/v2.0/Images/set/avatar',
      [{ name: 'file', filename: 'a.png', value: await png() }],
      ADMIN,
    );
    expect(badType.statusCode).toBe(400);
  });

  it('stores ../../x under a server-made key; the name is display text only', async () => {
    const r = await upload(
      '/api/v2.0/Images/set/content',
      [{ name: 'file', filename: '../../x.png', value: await png() }],
      ADMIN,
    );
    expect(r.statusCode).toBe(201);
    const [row] = await t.deps.db.select().from(files).where(eq(files.id, r.json().fileId));
    expect(row.fileName).toBe('x.png');
    expect(row.storageKey).toMatch(/^images-content\/[0-9a-f-]{36}\.png$/);
    expect(row.storageKey).not.toContain('..');
    expect((await t.deps.storage.get(row.storageKey))?.length).toBe(row.size);
  });

  it('strips metadata from uploaded photos', async () => {
    const photo = await sharp(await png(300, 200))
      .jpeg()
      .withMetadata({ exif: { IFD0: { Artist: 'gps-secret-owner' } } })
      .toBuffer();
    const r = await upload(
      '/api/ContentControllers/UploadContentImage',
      [{ name: 'upload', filename: 'foto.jpg', value: photo }],
      ADMIN,
    );
    expect(r.statusCode).toBe(200);
    const img = await fetchUrl(r.json().url);
    expect(img.headers['content-type']).toBe('image/jpeg');
    expect(img.rawPayload.includes(Buffer.from('gps-secret-owner'))).toBe(false);
  });
});

describe('item, category and set images', () => {
  it('serves the images the seed made for items', async () => {
    const [item] = await t.deps.db.select().from(items).where(isNotNull(items.imageFileId)).limit(1);
    expect(item).toBeDefined();
    const [file] = await t.deps.db.select().from(files).where(eq(files.id, item.imageFileId!));
    const r = await fetchUrl(`/api/v2.0/Images/single/item/${encodeURIComponent(item.itemNo)}`);
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(file.contentType);
    expect(r.headers['cache-control']).toBe('public, max-age=86400');
    expect(r.rawPayload.length).toBe(file.size);
    const byId = await fetchUrl(`/api/v2.0/Images/single/item/${item.id}`);
    expect(byId.statusCode).toBe(200);
    const all = await fetchUrl(`/api/v2.0/Images/all/item/${encodeURIComponent(item.itemNo)}`);
    expect(all.json().urls[0]).toMatch(new RegExp(`^/api/v2\\.0/Images/single/item/${item.itemNo}\\?v=`));
    expect((await fetchUrl('/api/v2.0/Images/single/item/NO-SUCH-ITEM')).statusCode).toBe(404);
    expect((await fetchUrl('/api/v2.0/Images/all/item/NO-SUCH-ITEM')).statusCode).toBe(404);
  });

  it("never serves a file that is not that entity's image", async () => {
    const [item] = await t.deps.db.select().from(items).where(isNotNull(items.imageFileId)).limit(1);
    // An item's picture is not a content image, and a random file id is nothing.
    expect((await fetchUrl(`/api/v2.0/Images/single/content/${item.imageFileId}`)).statusCode).toBe(404);
    expect(
      (await fetchUrl('/api/v2.0/Images/single/content/00000000-0000-0000-0000-000000000000')).statusCode,
    ).toBe(404);
    expect((await fetchUrl('/api/v2.0/Images/single/corporate/secret')).statusCode).toBe(404);
    const pdfs = await t.deps.db
      .select()
      .from(files)
      .where(eq(files.contentType, 'application/pdf'))
      .limit(1);
    for (const pdf of pdfs) {
      expect((await fetchUrl(`/api/v2.0/Images/single/item/${pdf.id}`)).statusCode).toBe(404);
      expect((await fetchUrl(`/api/v2.0/Images/single/content/${pdf.id}`)).statusCode).toBe(404);
    }
  });

  it('sets and removes a category image (legacy calls), admins only', async () => {
    const [category] = await t.deps.db.select().from(categories).limit(1);
    const denied = await upload(
      '/api/AppSettings/UpdateCategoryImages',
      [
        { name: 'categoryId', value: category.id },
        { name: 'file', filename: 'c.png', value: await png() },
      ],
      USER,
    );
    expect(denied.statusCode).toBe(403);
    const [unchanged] = await t.deps.db.select().from(categories).where(eq(categories.id, category.id));
    expect(unchanged.imageFileId).toBe(category.imageFileId);

    const r = await upload(
      '/api/AppSettings/UpdateCategoryImages',
      [
        { name: 'categoryId', value: category.id },
        { name: 'file', filename: 'c.png', value: await png(2000, 1500) },
      ],
      ADMIN,
    );
    expect(r.statusCode).toBe(200);
    const url = r.json().categories[0].url;
    const img = await fetchUrl(url);
    expect(img.statusCode).toBe(200);
    expect((await sharp(img.rawPayload).metadata()).width).toBe(1200);

    const [other] = await t.deps.db.select().from(categories).where(ne(categories.id, category.id)).limit(1);
    const byField = await upload(
      '/api/AppSettings/UpdateCategoryImages',
      [{ name: other.id, filename: 'c.png', value: await png() }],
      ADMIN,
    );
    expect(byField.json().categories[0].categoryId).toBe(other.id);

    const deniedRemove = await t.app.inject({
      method: 'POST',
      url: '/api/AppSettings/RemoveCategoryImage',
      payload: { categoryId: category.id },
      headers: await t.auth(USER),
    });
    expect(deniedRemove.statusCode).toBe(403);
    expect((await fetchUrl(url)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/api/AppSettings/RemoveCategoryImage',
      payload: { categoryId: category.id },
      headers: await t.auth(ADMIN),
    });
    expect(removed.statusCode).toBe(204);
    expect((await fetchUrl(`/api/v2.0/Images/single/category/${category.id}`)).statusCode).toBe(404);
    const unknownCategory = await upload(
      '/api/AppSettings/UpdateCategoryImages',
      [
        { name: 'categoryId', value: '00000000-0000-0000-0000-000000000009' },
        { name: 'file', filename: 'c.png', value: await png() },
      ],
      ADMIN,
    );
    expect(unknownCategory.statusCode).toBe(404);
  });

  it('sets an item and a set image (v2)', async () => {
    const [set] = await t.deps.db.select().from(sets).limit(1);
    const r = await upload(
      `/api/v2.0/Images/set/set?id=${set.setNo}`,
      [{ name: 'file', filename: 's.png', value: await png() }],
      ADMIN,
    );
    expect(r.statusCode).toBe(201);
    expect((await fetchUrl(r.json().url)).statusCode).toBe(200);
    const [item] = await t.deps.db.select().from(items).limit(1);
    const i = await upload(
      '/api/v2.0/Images/set/item',
      [
        { name: 'id', value: item.itemNo },
        { name: 'file', filename: 'i.png', value: await png() },
      ],
      ADMIN,
    );
    expect(i.statusCode).toBe(201);
    expect(i.json().url).toContain(`/item/${encodeURIComponent(item.itemNo)}?v=`);
    const noId = await upload(
      '/api/v2.0/Images/set/item',
      [{ name: 'file', filename: 'i.png', value: await png() }],
      ADMIN,
    );
    expect(noId.statusCode).toBe(400);
  });
});

describe('custom colours', () => {
  const save = async (body: unknown, email?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/CustomColors/SaveCustomColors',
      payload: body as object,
      headers: email ? await t.auth(email) : {},
    });
  const primary = async () =>
    (await t.app.inject({ url: '/api/v2.0/Settings/all' })).json().stringValues.PrimaryColor;

  it('writes colour settings as admin', async () => {
    const r = await save({ PrimaryColor: '#112233', secondaryColor: '#ffd43b' }, ADMIN);
    expect(r.statusCode).toBe(204);
    expect(await primary()).toBe('#112233');
  });

  it('refuses non-admins, bad colours and other settings, changing nothing', async () => {
    const before = await primary();
    expect((await save({ PrimaryColor: '#000000' }, USER)).statusCode).toBe(403);
    expect((await save({ PrimaryColor: '#000000' })).statusCode).toBe(401);
    const bad = await save({ PrimaryColor: 'red;}body{x' }, ADMIN);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields).toHaveProperty('PrimaryColor');
    const other = await save({ PrimaryColor: '#000000', AllowAnonymousUsers: 'true' }, ADMIN);
    expect(other.statusCode).toBe(400);
    expect(other.json().details.fields).toHaveProperty('AllowAnonymousUsers');
    expect(await primary()).toBe(before);
  });

  // issue #31 item 19: the legacy call left PrimaryColorRgb at the old colour; one rule for every write
  it('keeps PrimaryColorRgb in step with PrimaryColor, whichever call changes it', async () => {
    const colours = async () =>
      (await t.app.inject({ url: '/api/v2.0/Settings/all' })).json().stringValues as Record<string, string>;
    expect((await save({ primaryColor: '#0b5394' }, ADMIN)).statusCode).toBe(204);
    expect((await colours()).PrimaryColorRgb).toBe('11, 83, 148');
    // the same colour said twice is fine; another one is refused and nothing of the call is written
    expect((await save({ PrimaryColor: '#112233', PrimaryColorRgb: '17, 34, 51' }, ADMIN)).statusCode).toBe(
      204,
    );
    const off = await save({ PrimaryColorDarker: '#000000', PrimaryColorRgb: '1, 2, 3' }, ADMIN);
    expect(off.statusCode).toBe(422);
    expect(off.json().details.fields.PrimaryColorRgb.code).toBe('validation.rgb_volgt_primaire_kleur');
    expect(await colours()).toMatchObject({ PrimaryColorRgb: '17, 34, 51', PrimaryColorDarker: '#143A60' });
    // the settings editor's calls follow the same rule: a change …
    const headers = await t.auth(ADMIN);
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Settings/weergave',
      payload: { stringValues: { PrimaryColor: '#1864ab' } },
      headers,
    });
    expect(put.statusCode).toBe(204);
    expect((await colours()).PrimaryColorRgb).toBe('24, 100, 171');
    // … and back to the default
    const reset = await t.app.inject({ method: 'DELETE', url: '/api/v2.0/Settings/PrimaryColor', headers });
    expect(reset.statusCode).toBe(204);
    expect(await colours()).toMatchObject({ PrimaryColor: '#1C4E80', PrimaryColorRgb: '28, 78, 128' });
  });

  it('refuses colours whose text falls below WCAG AA, as the page does, changing nothing', async () => {
    const before = await primary();
    // white text (the default PrimaryTextColor) on light yellow: about 1.1:1
    const r = await save({ PrimaryColor: '#ffeb99' }, ADMIN);
    expect(r.statusCode).toBe(422);
    expect(r.json().code).toBe('corporate_identity.contrast_te_laag');
    expect(r.json().details.pairs.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining(['primaryText-on-primary', 'primary-on-page']),
    );
    expect(await primary()).toBe(before);
  });
});

describe('corporate identity row', () => {
  it('keeps a single row', async () => {
    expect(await t.deps.db.select().from(corporateIdentity)).toHaveLength(1);
  });
});
