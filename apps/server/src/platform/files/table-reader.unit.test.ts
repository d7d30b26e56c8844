import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { readTable } from './table-reader.ts';
import { workbook, zip } from './testing.ts';

// The one reader of uploaded tables (issue #31 item 2): what it reads from workbooks as Excel and exceljs write them,
// and how it refuses what it must not read. The users import tests drive the same reader through HTTP.

const options = { maxRows: 5, codes: { type: 'x.type', tooManyRows: 'x.rows' } };
const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';

async function excel(fill: (ws: ExcelJS.Worksheet, wb: ExcelJS.Workbook) => void): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  fill(wb.addWorksheet('Eerste'), wb);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe('table reader', () => {
  it('reads the first sheet of an exceljs workbook: shared strings, rich text, numbers, booleans, gaps', async () => {
    const bytes = await excel((ws, wb) => {
      ws.addRow(['E-mail', 'Naam', 'Aantal', 'Actief']);
      ws.addRow([
        '  a@b.nl ',
        { richText: [{ text: 'Jan ' }, { text: 'de Vries', font: { bold: true } }] },
        12.5,
        true,
      ]);
      ws.getCell('A4').value = 'c@d.nl';
      ws.getCell('D4').value = false;
      wb.addWorksheet('Tweede').addRow(['niet', 'gelezen']);
    });
    expect(await readTable(bytes, options)).toEqual([
      ['E-mail', 'Naam', 'Aantal', 'Actief'],
      ['a@b.nl', 'Jan de Vries', '12.5', 'true'],
      [],
      ['c@d.nl', '', '', 'false'],
    ]);
  });

  it('reads prefixed XML, skips phonetic runs and keeps only the shared strings in use', async () => {
    const sheet =
      `<?xml version="1.0"?><x:worksheet xmlns:x="${NS}"><x:sheetData>` +
      '<x:row r="1"><x:c r="B1" t="s"><x:v>2</x:v></x:c><x:c r="C1" t="inlineStr"><x:is><x:t>inline &amp; klaar</x:t></x:is></x:c></x:row>' +
      '</x:sheetData></x:worksheet>';
    const sharedStrings =
      `<?xml version="1.0"?><sst xmlns="${NS}"><si><t>nul</t></si><si><t>een</t></si>` +
      '<si><r><t>ka</t></r><r><t>nji</t></r><rPh sb="0" eb="1"><t>フリガナ</t></rPh></si><si><t>drie</t></si></sst>';
    expect(await readTable(workbook({ sheet, sharedStrings }), options)).toEqual([
      ['', 'kanji', 'inline & klaar'],
    ]);
  });

  it('reads CSV with ; , or tab, UTF-8 with a byte order mark or Windows-1252, skipping empty lines', async () => {
    expect(await readTable(Buffer.from('\uFEFFe-mail;naam\n\na@b.nl; Zoë \n'), options)).toEqual([
      ['e-mail', 'naam'],
      ['a@b.nl', 'Zoë'],
    ]);
    expect(await readTable(Buffer.from('e-mail\tnaam\r\na@b.nl\tX\r\n'), options)).toEqual([
      ['e-mail', 'naam'],
      ['a@b.nl', 'X'],
    ]);
    const latin1 = Buffer.from('e-mail,naam\na@b.nl,M\xfcller\n', 'latin1');
    expect(await readTable(latin1, options)).toEqual([
      ['e-mail', 'naam'],
      ['a@b.nl', 'Müller'],
    ]);
  });

  it('refuses past the row limit, counting rows with a value only', async () => {
    const rows = (n: number) => [['h'], ...Array.from({ length: n }, (_, i) => [`r${i}`])];
    expect(await readTable(workbook({ sheet: rows(5) }), options)).toHaveLength(6);
    await expect(readTable(workbook({ sheet: rows(6) }), options)).rejects.toMatchObject({
      status: 422,
      code: 'x.rows',
      details: { maxRows: 5 },
    });
    const csv = (n: number) => Buffer.from(rows(n).join('\n\n\n'));
    expect(await readTable(csv(5), options)).toHaveLength(6);
    await expect(readTable(csv(6), options)).rejects.toMatchObject({ status: 422, code: 'x.rows' });
  });

  it('refuses binary and non-workbook files by content (415) and broken references (422)', async () => {
    await expect(readTable(Buffer.from([0x41, 0x00, 0x42]), options)).rejects.toMatchObject({
      status: 415,
      code: 'x.type',
    });
    await expect(readTable(zip([{ name: 'a.txt', data: Buffer.from('a') }]), options)).rejects.toMatchObject({
      status: 415,
    });
    const sheet = `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="s"><v>7</v></c></row></sheetData></worksheet>`;
    await expect(
      readTable(workbook({ sheet, sharedStrings: `<sst xmlns="${NS}"><si><t>a</t></si></sst>` }), options),
    ).rejects.toMatchObject({
      status: 422,
      code: 'error.bestand_onleesbaar',
      details: { reason: 'xlsx_shared_string' },
    });
    const backwards = `<worksheet><sheetData><row r="3"><c><v>1</v></c></row><row r="2"><c><v>1</v></c></row></sheetData></worksheet>`;
    await expect(readTable(workbook({ sheet: backwards }), options)).rejects.toMatchObject({
      status: 422,
      details: { reason: 'xlsx_row_number' },
    });
  });

  it('bounds what a sheet can make it keep: cells past column 64 are dropped, a cell over 32,767 characters is 413', async () => {
    const wide = `<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>a</t></is></c><c r="ZZ1" t="inlineStr"><is><t>ver</t></is></c></row></sheetData></worksheet>`;
    expect(await readTable(workbook({ sheet: wide }), options)).toEqual([['a']]);
    const long = `<worksheet><sheetData><row r="1"><c t="inlineStr"><is><t>${'x'.repeat(40_000)}</t></is></c></row></sheetData></worksheet>`;
    await expect(readTable(workbook({ sheet: long }), options)).rejects.toMatchObject({
      status: 413,
      details: { reason: 'table_cell' },
    });
  });
});
