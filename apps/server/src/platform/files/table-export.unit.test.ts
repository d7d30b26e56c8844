import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { type ExportColumn, exportFileName, exportTable } from './table-export.ts';

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

const columns: ExportColumn[] = [
  { header: 'Nummer', kind: 'text', width: 12 },
  { header: 'Aantal', kind: 'int', width: 8 },
  { header: 'Prijs', kind: 'money', width: 10 },
  { header: 'Datum', kind: 'date', width: 12 },
];

describe('exportTable', () => {
  it('streams 10,000 XLSX rows that read back typed, in several chunks', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => [`N-${i}`, i, `${i}.25`, '2026-11-24']);
    const stream = exportTable('xlsx', { sheetName: 'Voorraad', columns, rows, locale: 'nl-NL' });
    let chunks = 0;
    stream.on('data', () => chunks++);
    const bytes = await bytesOf(stream);
    expect(chunks).toBeGreaterThan(1);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Voorraad');
    expect(sheet?.rowCount).toBe(10_001);
    expect(sheet?.getRow(1).values).toEqual([undefined, 'Nummer', 'Aantal', 'Prijs', 'Datum']);
    expect(sheet?.getRow(10_001).values).toEqual([
      undefined,
      'N-9999',
      9999,
      9999.25,
      new Date('2026-11-24T00:00:00Z'),
    ]);
  });

  it('CSV: formulas are escaped, quotes doubled, money with a decimal comma where the region writes one', async () => {
    const rows = [
      ['=HYPERLINK("http://x")', 3, '12.50', null],
      ['a;b "c"', -2, null, '2026-01-02'],
    ];
    const nl = (
      await bytesOf(exportTable('csv', { sheetName: 'x', columns, rows, locale: 'nl-NL' }))
    ).toString();
    const parsed = Papa.parse<string[]>(nl.slice(1).trimEnd(), { delimiter: ';' }).data;
    expect(parsed).toEqual([
      ['Nummer', 'Aantal', 'Prijs', 'Datum'],
      [`'=HYPERLINK("http://x")`, '3', '12,50', ''],
      ['a;b "c"', '-2', '', '2026-01-02'],
    ]);
    const en = (
      await bytesOf(exportTable('csv', { sheetName: 'x', columns, rows, locale: 'en-US' }))
    ).toString();
    expect(en.split('\r\n')[1]).toBe(`"'=HYPERLINK(""http://x"")",3,12.50,`);
  });

  it('file names are made by the server: letters, digits and dashes only', () => {
    expect(exportFileName(['voorraad', 'P-24001', '2026-11-24'], 'xlsx')).toBe(
      'voorraad-P-24001-2026-11-24.xlsx',
    );
    expect(exportFileName(['../../etc/passwd', 'Bestand ö'], 'csv')).toBe('etc-passwd-Bestand-o.csv');
    expect(exportFileName([], 'csv')).toBe('export.csv');
  });
});
