import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/app.ts';
import { postMultipart, testPng } from '../../../test/uploads.ts';
import { corporateIdentity, users } from '../../db/schema/index.ts';
import type { Part } from '../../platform/files/testing.ts';

// Issue #15 part 3 (decision 0026): the corporate-identity page's calls. EDITOR holds AppCorporateIdentity.
const ADMIN = 'admin@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const EDITOR = 'materieeldienst@materieelportaal.nl';
const LIMIT = 256 * 1024;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { MAX_UPLOAD_BYTES: String(LIMIT) } });
  await t.deps.db
    .update(users)
    .set({ permissions: ['department', 'AppCorporateIdentity'] })
    .where(eq(users.email, EDITOR));
});
afterAll(async () => {
  await t.close();
});

const png = testPng;
const upload = (slot: string, parts: Part[], email?: string) =>
  postMultipart(t, `/api/v2.0/CorporateIdentity/Images/${slot}`, parts, email);
const ci = async () => (await t.app.inject({ url: '/api/v2.0/CorporateIdentity' })).json();
const settings = async () => (await t.app.inject({ url: '/api/v2.0/Settings/all' })).json();
const put = async (body: unknown, email?: string) =>
  t.app.inject({
    method: 'PUT',
    url: '/api/v2.0/CorporateIdentity/Settings',
    payload: body as object,
    headers: email ? await t.auth(email) : {},
  });

describe('corporate images', () => {
  it('an AppCorporateIdentity holder sets and removes the logo; the default shows again', async () => {
    const r = await upload(
      'logo',
      [{ name: 'file', filename: 'logo.png', value: await png(1200, 300) }],
      EDITOR,
    );
    expect(r.statusCode).toBe(201);
    expect((await ci()).logoUrl).toBe(r.json().url);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2.0/CorporateIdentity/Images/logo',
      headers: await t.auth(EDITOR),
    });
    expect(del.statusCode).toBe(204);
    expect((await ci()).logoUrl).toBeNull();
  });

  it('refuses other users (403) and visitors (401), changing nothing', async () => {
    const set = await upload('banner', [{ name: 'file', filename: 'b.png', value: await png() }], ADMIN);
    expect(set.statusCode).toBe(201);
    const before = await ci();
    const [row] = await t.deps.db.select().from(corporateIdentity);
    const user = await upload('banner', [{ name: 'file', filename: 'b.png', value: await png() }], USER);
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('error.geen_toegang');
    expect(
      (await upload('banner', [{ name: 'file', filename: 'b.png', value: await png() }])).statusCode,
    ).toBe(401);
    const del = await t.app.inject({
      method: 'DELETE',
      url: '/api/v2.0/CorporateIdentity/Images/banner',
      headers: await t.auth(USER),
    });
    expect(del.statusCode).toBe(403);
    expect(await ci()).toEqual(before);
    expect(await t.deps.db.select().from(corporateIdentity)).toEqual([row]);
  });

  it('refuses an unknown slot', async () => {
    const r = await upload('avatar', [{ name: 'file', filename: 'a.png', value: await png() }], ADMIN);
    expect(r.statusCode).toBe(400);
  });

  it('checks type and size: too big 413, SVG 415, HTML or a PDF named .png 415, a fake PNG 415', async () => {
    const before = await ci();
    const big = await upload(
      'logo',
      [{ name: 'file', filename: 'big.png', value: Buffer.concat([await png(), Buffer.alloc(LIMIT * 2)]) }],
      ADMIN,
    );
    expect(big.statusCode).toBe(413);
    expect(big.json().code).toBe('error.te_groot');
    const svg = await upload(
      'favicon',
      [
        {
          name: 'file',
          filename: 'icon.svg',
          contentType: 'image/svg+xml',
          value: '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect/></svg>',
        },
      ],
      ADMIN,
    );
    expect(svg.statusCode).toBe(415);
    expect(svg.json().code).toBe('error.bestandstype');
    const html = await upload(
      'logo',
      [
        {
          name: 'file',
          filename: 'logo.png',
          contentType: 'image/png',
          value: '<html><script>x</script></html>',
        },
      ],
      ADMIN,
    );
    expect(html.statusCode).toBe(415);
    // the PNG signature followed by anything else: detected as PNG, refused when decoding fails
    const fake = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<?php echo "not an image"; ?>'.repeat(20)),
    ]);
    const disguised = await upload(
      'logo',
      [{ name: 'file', filename: 'logo.png', contentType: 'image/png', value: fake }],
      ADMIN,
    );
    expect(disguised.statusCode).toBe(415);
    expect(disguised.json().code).toBe('error.bestandstype');
    expect(await ci()).toEqual(before);
  });

  it('turns the favicon into a PNG of at most 256 px', async () => {
    const jpeg = await sharp(await png(600, 600))
      .jpeg()
      .toBuffer();
    const r = await upload('favicon', [{ name: 'file', filename: 'f.jpg', value: jpeg }], ADMIN);
    expect(r.statusCode).toBe(201);
    const img = await t.app.inject({ url: r.json().url });
    expect(img.headers['content-type']).toBe('image/png');
    expect((await sharp(img.rawPayload).metadata()).width).toBe(256);
  });
});

describe('colour and footer settings', () => {
  it('saves colours (PrimaryColorRgb follows) and footer settings for an AppCorporateIdentity holder', async () => {
    const r = await put(
      {
        values: {
          PrimaryColor: '#0B5394',
          PrimaryColorDarker: '#073763',
          EnableFooterNavigation: false,
          ShowTermsAndConditionsLink: true,
          TermsAndConditionsUrl: 'https://example.nl/voorwaarden',
        },
      },
      EDITOR,
    );
    expect(r.statusCode).toBe(204);
    const s = await settings();
    expect(s.stringValues.PrimaryColor).toBe('#0B5394');
    expect(s.stringValues.PrimaryColorRgb).toBe('11, 83, 148');
    expect(s.boolValues.EnableFooterNavigation).toBe(false);
    expect(s.boolValues.ShowTermsAndConditionsLink).toBe(true);
    expect(s.stringValues.TermsAndConditionsUrl).toBe('https://example.nl/voorwaarden');
  });

  it('refuses a pair below 4.5:1 with the pairs and ratios, unless confirmed', async () => {
    const before = (await settings()).stringValues.PrimaryColor;
    const low = await put({ values: { PrimaryColor: '#FFD43B' } }, ADMIN);
    expect(low.statusCode).toBe(422);
    expect(low.json().code).toBe('corporate_identity.contrast_te_laag');
    const pairs = low.json().details.pairs as { id: string; ratio: number }[];
    expect(pairs.map((p) => p.id)).toEqual(['primaryText-on-primary', 'primary-on-page']);
    expect(pairs[0]?.ratio).toBeLessThan(4.5);
    expect((await settings()).stringValues.PrimaryColor).toBe(before);
    // the stored colours count too: a text colour alone can break a pair
    const text = await put({ values: { PrimaryTextColor: '#AAAAAA' } }, ADMIN);
    expect(text.statusCode).toBe(422);
    const ok = await put({ values: { PrimaryColor: '#FFD43B' }, acceptLowContrast: true }, ADMIN);
    expect(ok.statusCode).toBe(204);
    expect((await settings()).stringValues.PrimaryColor).toBe('#FFD43B');
    expect((await put({ values: { PrimaryColor: '#1C4E80' } }, ADMIN)).statusCode).toBe(204);
  });

  it('refuses bad values, other settings and an empty change; nothing is stored', async () => {
    const before = await settings();
    const bad = await put({ values: { PrimaryColor: 'red;}body{x' } }, ADMIN);
    expect(bad.statusCode).toBe(400);
    const other = await put({ values: { PrimaryColor: '#000000', AllowAnonymousUsers: true } }, ADMIN);
    expect(other.statusCode).toBe(400);
    const url = await put(
      { values: { PrimaryColor: '#0B5394', TermsAndConditionsUrl: 'javascript:alert(1)' } },
      ADMIN,
    );
    expect(url.statusCode).toBe(400);
    expect(Object.keys(url.json().details.fields)).toEqual(['values.TermsAndConditionsUrl']);
    expect((await put({ values: {} }, ADMIN)).statusCode).toBe(400);
    expect(await settings()).toEqual(before);
  });

  it('refuses other users (403) and visitors (401), changing nothing', async () => {
    const before = await settings();
    const user = await put({ values: { PrimaryColor: '#000000' } }, USER);
    expect(user.statusCode).toBe(403);
    expect(user.json().code).toBe('error.geen_toegang');
    expect((await put({ values: { PrimaryColor: '#000000' } })).statusCode).toBe(401);
    expect(await settings()).toEqual(before);
  });
});

describe('footer columns', () => {
  const save = async (body: unknown, email?: string) =>
    t.app.inject({
      method: 'PUT',
      url: '/api/v2.0/Footers',
      payload: body as object,
      headers: email ? await t.auth(email) : {},
    });
  const footers = async (locale: string) =>
    (await t.app.inject({ url: `/api/v2.0/Footers?locale=${locale}` })).json().footers as {
      columnName: string;
      locale: string;
      html: string;
    }[];

  it('an AppCorporateIdentity holder saves a column, sanitised', async () => {
    const r = await save(
      {
        locale: 'de-DE',
        columnName: 'footer_column_two',
        html: '<p>Hallo <script>x()</script><b>Welt</b></p>',
      },
      EDITOR,
    );
    expect(r.statusCode).toBe(200);
    const col = (await footers('de-DE')).find((f) => f.columnName === 'footer_column_two');
    expect(col?.locale).toBe('de-DE');
    expect(col?.html).toContain('<b>Welt</b>');
    expect(col?.html).not.toContain('script');
  });

  it('refuses other users (403, also the legacy call), changing nothing', async () => {
    const before = await footers('fr-FR');
    const r = await save({ locale: 'fr-FR', columnName: 'footer_column_one', html: '<p>x</p>' }, USER);
    expect(r.statusCode).toBe(403);
    const legacy = await t.app.inject({
      method: 'POST',
      url: '/api/Footer/AddOrUpdateFooter',
      payload: { locale: 'fr-FR', columnName: 'footer_column_one', html: '<p>x</p>' },
      headers: await t.auth(USER),
    });
    expect(legacy.statusCode).toBe(403);
    expect(await footers('fr-FR')).toEqual(before);
  });
});

describe('who may', () => {
  it('the session says whether the user may edit the corporate identity', async () => {
    const user = async (email: string) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Auth/login',
        payload: { email, password: DEMO_PASSWORD },
        remoteAddress: `10.78.0.${Math.floor(Math.random() * 200) + 1}`,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().user as { canCorporateIdentity: boolean };
    };
    expect((await user(EDITOR)).canCorporateIdentity).toBe(true);
    expect((await user(ADMIN)).canCorporateIdentity).toBe(true);
    expect((await user(USER)).canCorporateIdentity).toBe(false);
  });
});
