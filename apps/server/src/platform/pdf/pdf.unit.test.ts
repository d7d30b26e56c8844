import { getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { columnWidths, labelWidth } from './fit.ts';
import { textRuns } from './fonts.ts';
import { defaultBrand, PdfWriter } from './pdf.ts';
import { readPdf } from './pdf-text.test-support.ts';
import { textPdf } from './text-pdf.ts';

const oneLine = (s: string) => s.replace(/\s+/g, ' ');

describe('text in the embedded fonts', () => {
  it('cuts a text into runs per font: Latin, emoji, CJK; a character none has becomes U+FFFD', () => {
    expect(textRuns('Łukasz Şükrü Иван')).toEqual([{ font: 'text', text: 'Łukasz Şükrü Иван' }]);
    expect(textRuns('Kraan 🏗️ 中文', true)).toEqual([
      { font: 'bold', text: 'Kraan ' },
      { font: 'emoji', text: '🏗️' },
      { font: 'bold', text: ' ' },
      { font: 'cjkBold', text: '中文' },
    ]);
    expect(textRuns('Kim 김')).toEqual([{ font: 'text', text: 'Kim \uFFFD' }]);
    // control characters have no glyph: a CR/LF is a line break, the others a space
    expect(textRuns('a\r\nb\tc\u0000d')).toEqual([{ font: 'text', text: 'a\nb c d' }]);
  });

  it("reads a letter back right after an earlier document used a glyph built from it ('Ż' holds 'Z')", async () => {
    const first = await readPdf(await textPdf('Eerste', ['Żaneta Źródlana']));
    expect(oneLine(first.text)).toContain('Żaneta Źródlana');
    const second = await readPdf(await textPdf('Tweede', ['Zelf ophalen, Zaandam']));
    expect(oneLine(second.text)).toContain('Zelf ophalen, Zaandam');
  });

  it('keeps a row of mixed scripts in a table cell apart from the next row', async () => {
    const pdf = new PdfWriter(defaultBrand, { title: 'Tabel' });
    const long = 'Ołówek 😀 鉛筆 Карандаш '.repeat(12).trim();
    pdf.table(
      [
        { header: 'Omschrijving', width: 30 },
        { header: 'Bedrag', width: 10, align: 'right' },
      ],
      [
        [long, '€ 1,00'],
        ['Volgende regel', '€ 2,00'],
      ],
    );
    const bytes = await pdf.finish({ text: 'x', pageLabel: () => '' });
    expect(oneLine((await readPdf(bytes)).text)).toContain(oneLine(long));
    // where each piece of text sits (PDF y grows upwards): the next row starts below the last line of the long one
    const page = await (await getDocumentProxy(new Uint8Array(bytes))).getPage(1);
    const items = (await page.getTextContent()).items as Array<{ str: string; transform: number[] }>;
    const baselineOf = (s: string) => items.filter((i) => i.str.includes(s)).map((i) => i.transform[5]);
    const lowestOfLong = Math.min(...['Ołówek', 'Карандаш', '鉛筆'].flatMap(baselineOf));
    const next = Math.max(...baselineOf('Volgende regel'));
    expect(items.filter((i) => i.str.includes('Карандаш')).length).toBeGreaterThan(0);
    expect(next).toBeLessThan(lowestOfLong - 15);
  });
});

describe('labels that fit', () => {
  it('gives each column at least its minimum, taking the room from the columns that have it', () => {
    const { widths, scale } = columnWidths([50, 10, 10], [40, 30, 10], 140);
    expect(scale).toBe(1);
    expect(widths[1]).toBeCloseTo(30);
    expect(widths[2]).toBeGreaterThanOrEqual(10);
    expect(widths.reduce((s, w) => s + w, 0)).toBeCloseTo(140);
    // nothing short: the shares as they are
    expect(columnWidths([1, 1], [10, 10], 100).widths).toEqual([50, 50]);
    // more needed than there is: scaled down alike, and the caller is told by how much
    const tight = columnWidths([1, 1], [80, 120], 100);
    expect(tight.widths).toEqual([40, 60]);
    expect(tight.scale).toBe(0.5);
  });

  it('sizes a label column for whole labels when they leave the value room, else for the widest word', () => {
    expect(labelWidth(160, [50, 60], [50, 40])).toBe(60);
    expect(labelWidth(160, [120], [70])).toBe(72); // 45 % of the column, wrapping at the space
    expect(labelWidth(160, [120], [95])).toBe(80); // never more than half
  });
});
