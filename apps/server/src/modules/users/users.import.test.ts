import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { sheetXmlOf, workbook, zip } from '../../platform/files/testing.ts';
import { ADMIN } from '../order-lists/ordering.test-support.ts';

// Issue #31 item 2: one spreadsheet must not stall the server. The user import reads every file through the platform's
// table reader (in a worker, as a stream): hostile files are answered 413/415/422 with a clear code, never 500, the
// reading stops at the row limit, and at most two files are read at once (a third: 429 with Retry-After).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MAX_ROWS = 10_000;
const header = ['email', 'name'];
const rowsOf = (n: number, prefix = 'hostile') =>
  Array.from({ length: n }, (_, i) => [`${prefix}${i}@infranoord.nl`, `Gebruiker ${i}`]);

async function preview(bytes: Buffer) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v2.0/Users/import/preview',
    headers: await t.auth(ADMIN),
    payload: { content: bytes.toString('base64') },
  });
}

async function importCount(): Promise<number> {
  const r = await t.database.db.execute<{ n: number }>(sql`select count(*)::int as n from user_imports`);
  return r.rows[0].n;
}

describe('hostile files for the user import', () => {
  it('refuses what is neither CSV nor XLSX by its content with 415, on the import too (no job row)', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const notAWorkbook = zip([{ name: 'readme.txt', data: Buffer.from('hallo') }]);
    for (const bytes of [png, notAWorkbook]) {
      const r = await preview(bytes);
      expect(r.statusCode, r.body).toBe(415);
      expect(r.json()).toMatchObject({
        code: 'Gebruikers.import.bestandstype',
        details: { field: 'content' },
      });
    }
    const before = await importCount();
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/v2.0/Users/import',
      headers: await t.auth(ADMIN),
      payload: { content: png.toString('base64') },
    });
    expect(r.statusCode, r.body).toBe(415);
    expect(await importCount()).toBe(before);
  });

  it('stops reading at the row limit: 10,001 rows and a broken rest is 422 naming the limit', async () => {
    // the sheet breaks off after its 10,002nd row: a reader that went on would find it malformed
    const full = sheetXmlOf([header, ...rowsOf(MAX_ROWS + 5)]);
    const cut = full.indexOf(`<row r="${MAX_ROWS + 4}">`);
    const sheet = `${full.slice(0, cut)}<row r="${MAX_ROWS + 4}"><c r="A1`;
    const r = await preview(workbook({ sheet }));
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'Gebruikers.import.te_veel_regels',
      details: { field: 'content', maxRows: MAX_ROWS },
    });
    expect(r.json().message).toMatch(/10\.000/);

    const csv = [header, ...rowsOf(MAX_ROWS + 1)].map((row) => row.join(';')).join('\n');
    const c = await preview(Buffer.from(csv));
    expect(c.statusCode, c.body).toBe(422);
    expect(c.json()).toMatchObject({
      code: 'Gebruikers.import.te_veel_regels',
      details: { maxRows: MAX_ROWS },
    });

    // exactly at the limit (and an empty row past it, as Excel leaves formatted rows) is read
    const atLimit = sheetXmlOf([header, ...rowsOf(MAX_ROWS, 'grens')]).replace(
      '</sheetData>',
      `<row r="${MAX_ROWS + 9}"/></sheetData>`,
    );
    const ok = await preview(workbook({ sheet: atLimit }));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().counts.create).toBe(MAX_ROWS);
  });

  it('a zip whose directory understates the sheet (100 MiB declared as 10 KiB) is 422, inflated no further', async () => {
    const start = '<?xml version="1.0"?><worksheet><sheetData>';
    const sheet = Buffer.concat([Buffer.from(start), Buffer.alloc(100 * 1024 * 1024, 0x20)]);
    const bomb = workbook({ sheet, declaredSheetSize: 10 * 1024 });
    expect(bomb.length).toBeLessThan(400 * 1024);
    const r = await preview(bomb);
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({
      code: 'error.bestand_onleesbaar',
      details: { field: 'content', reason: 'zip_size_mismatch' },
    });
    // declared honestly, the same bomb is refused by its ratio before anything inflates
    const honest = await preview(workbook({ sheet }));
    expect(honest.statusCode, honest.body).toBe(413);
    expect(honest.json()).toMatchObject({ code: 'error.te_groot', details: { reason: 'zip_ratio' } });
  });

  it('XML with a DOCTYPE is 422 and nothing expands: entities in the shared strings, an external entity in the sheet', async () => {
    const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join(
      '',
    );
    const sharedStrings = `<?xml version="1.0"?><!DOCTYPE sst [<!ENTITY l0 "lol">${laughs}]><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>&l9;</t></si><si><t>name</t></si></sst>`;
    const sheet =
      '<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>' +
      '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c></row></sheetData></worksheet>';
    const r = await preview(workbook({ sheet, sharedStrings }));
    expect(r.statusCode, r.body).toBe(422);
    expect(r.json()).toMatchObject({ code: 'error.bestand_onleesbaar', details: { reason: 'xml_doctype' } });

    const xxe =
      '<?xml version="1.0"?><!DOCTYPE worksheet [<!ENTITY x SYSTEM "file:///etc/passwd">]>' +
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>&x;</t></is></c></row></sheetData></worksheet>';
    const x = await preview(workbook({ sheet: xxe }));
    expect(x.statusCode, x.body).toBe(422);
    expect(x.json()).toMatchObject({ code: 'error.bestand_onleesbaar', details: { reason: 'xml_doctype' } });
    expect(x.body).not.toContain('root:');
  });

  it('a truncated sheet, a corrupt deflate stream and a zip cut short are 422 or 415, never 500', async () => {
    const full = sheetXmlOf([header, ...rowsOf(50)]);
    const truncated = await preview(workbook({ sheet: full.slice(0, Math.floor(full.length / 2)) }));
    expect(truncated.statusCode, truncated.body).toBe(422);
    expect(truncated.json()).toMatchObject({
      code: 'error.bestand_onleesbaar',
      details: { reason: 'xml_malformed' },
    });

    // the sheet's compressed bytes overwritten with noise: the directory still reads, the inflating fails
    const good = workbook({ sheet: full });
    const sheetAt = good.indexOf('xl/worksheets/sheet1.xml') + 'xl/worksheets/sheet1.xml'.length;
    const corrupt = Buffer.from(good);
    for (let i = sheetAt + 8; i < sheetAt + 200; i++) corrupt[i] = (i * 37) & 0xff;
    const c = await preview(corrupt);
    expect(c.statusCode, c.body).toBe(422);
    expect(c.json().code).toBe('error.bestand_onleesbaar');

    const cutShort = await preview(good.subarray(0, good.length - 200));
    expect(cutShort.statusCode, cutShort.body).toBe(415);
    expect(cutShort.json().code).toBe('Gebruikers.import.bestandstype');
  });

  it('reads at most two files at once: a third is 429 with Retry-After; /health/live answers while they run', async () => {
    const files = [0, 1, 2].map((i) => workbook({ sheet: [header, ...rowsOf(MAX_ROWS, `tegelijk${i}-`)] }));
    const settled: boolean[] = [false, false, false];
    const answers = files.map((f, i) =>
      preview(f).then((r) => {
        settled[i] = true;
        return r;
      }),
    );
    // the one refused answers at once; the two being read are still running when it and /health/live answer
    const refused = await Promise.race([
      ...answers.map((a) => a.then((r) => (r.statusCode === 429 ? r : new Promise<never>(() => {})))),
      Promise.all(answers).then(() => null),
    ]);
    if (!refused) throw new Error('all three files were read: none was refused');
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.json()).toMatchObject({ code: 'error.bestanden_bezig' });
    const live = await t.app.inject({ url: '/health/live' });
    expect(live.statusCode).toBe(200);
    expect(settled.filter(Boolean)).toHaveLength(1);
    const statuses = (await Promise.all(answers)).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 429]);
    // and the slots are free again
    const again = await preview(files[0]);
    expect(again.statusCode, again.body).toBe(200);
  });
});
