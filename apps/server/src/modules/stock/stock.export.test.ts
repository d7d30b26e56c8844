import { EMPTY_GUID } from '@mp/contract/api/catalogue';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { FOREIGN_LOC, LOC, READONLY, setSetting, USER } from '../order-lists/ordering.test-support.ts';

// Issue #10 part 8: the stock and its history as XLSX and CSV, read back with real parsers (exceljs, papaparse)
// and compared cell by cell with what the API answers.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await setSetting(t, 'Materieelvoorraad_ShowExportVoorraad', true);
  await setSetting(t, 'Materieelvoorraad_ShowExportVoorraadVerloop', true);
});
afterAll(async () => {
  await t?.close();
});

type Line = {
  itemNo: string;
  description: string;
  plantNo: string | null;
  quantity: number;
  onSiteSince: string;
  daysOnSite: number;
  dayPrice: string | null;
  weekPrice: string | null;
  lineDayRent: string | null;
  lineWeekRent: string | null;
  nextInspection: string | null;
  onMyRemovalList: number;
};

async function get(url: string, headers: Record<string, string> = {}, email = USER) {
  return t.app.inject({ url, headers: { ...(await t.auth(email)), ...headers } });
}

/** Every line of the stock page in one sort order (all pages). */
async function pageLines(loc: string, q = ''): Promise<Line[]> {
  const url = (n: number) =>
    `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${loc}&pageSize=250&pageNumber=${n}${q}`;
  const first = (await get(url(1))).json();
  const items: Line[] = [...first.items];
  for (let n = 2; items.length < first.total; n++) items.push(...(await get(url(n))).json().items);
  return items;
}

async function readXlsx(bytes: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = wb.worksheets[0];
  if (!sheet) throw new Error('no sheet');
  const rows: ExcelJS.CellValue[][] = [];
  const width = sheet.columnCount;
  sheet.eachRow({ includeEmpty: true }, (row) => {
    // row.values starts at index 1 and leaves empty cells as holes: one entry per column, null when empty.
    const values = row.values as ExcelJS.CellValue[];
    rows.push(Array.from({ length: width }, (_, i) => values[i + 1] ?? null));
  });
  return { sheet, rows };
}

const day = (d: string | null) => (d ? new Date(`${d}T00:00:00Z`) : null);
const money = (m: string | null) => (m === null ? null : Number(m));

describe('GET PlantInventoryItems/{id}/export', () => {
  it('XLSX: every line the page shows, typed cells (numbers, dates), headers in Dutch, column widths', async () => {
    const lines = await pageLines(LOC, '&sortBy=quantityDesc');
    const r = await get(
      `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/export?plantLocation=${LOC}&sortBy=quantityDesc`,
    );
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(r.headers['content-disposition']).toMatch(
      new RegExp(
        `^attachment; filename="voorraad-${LOC}-[-\\d]+\\.xlsx"; filename\\*=UTF-8''voorraad-${LOC}-\\d{4}-\\d{2}-\\d{2}\\.xlsx$`,
      ),
    );
    const { sheet, rows } = await readXlsx(r.rawPayload);
    const [header, ...data] = rows;
    // The internal user without ShowPriceInternalPrices sees no prices: no price columns.
    expect(header).toEqual([
      'Artikelnummer',
      'Omschrijving',
      'Materieelnummer',
      'Aantal',
      'Op locatie sinds',
      'Dagen op locatie',
      'Keuringsdatum',
      'Op mijn afvoerlijst',
    ]);
    expect(data).toHaveLength(lines.length);
    data.forEach((row, i) => {
      const l = lines[i] as Line;
      expect(row).toEqual([
        l.itemNo,
        l.description,
        l.plantNo,
        l.quantity,
        day(l.onSiteSince),
        l.daysOnSite,
        day(l.nextInspection),
        l.onMyRemovalList,
      ]);
    });
    expect(typeof data[0]?.[3]).toBe('number');
    expect(data[0]?.[4]).toBeInstanceOf(Date);
    expect(sheet.getColumn(2).width).toBeGreaterThan(30);
    expect(sheet.getColumn(5).numFmt).toBe('dd-mm-yyyy');
  });

  it('XLSX with prices: day and week price and the line rent as numbers; German headers and dates', async () => {
    await setSetting(t, 'ShowPriceInternalPrices', true);
    try {
      const lines = await pageLines(LOC);
      const r = await get(`/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/export?plantLocation=${LOC}`, {
        'x-locale': 'de-DE',
      });
      expect(r.statusCode).toBe(200);
      expect(r.headers['content-disposition']).toContain(`bestand-${LOC}-`);
      const { sheet, rows } = await readXlsx(r.rawPayload);
      const [header, ...data] = rows;
      expect(header?.slice(0, 4)).toEqual(['Artikelnummer', 'Beschreibung', 'Gerätenummer', 'Menge']);
      expect(header).toHaveLength(12);
      expect(header?.[6]).toBe('Tagespreis');
      expect(sheet.getColumn(5).numFmt).toBe('dd.mm.yyyy');
      expect(sheet.getColumn(7).numFmt).toBe('#,##0.00');
      expect(data).toHaveLength(lines.length);
      let priced = 0;
      data.forEach((row, i) => {
        const l = lines[i] as Line;
        expect(row.slice(6, 10)).toEqual([
          money(l.dayPrice),
          money(l.weekPrice),
          money(l.lineDayRent),
          money(l.lineWeekRent),
        ]);
        if (l.lineDayRent !== null) priced++;
      });
      expect(priced).toBeGreaterThan(0);
    } finally {
      await setSetting(t, 'ShowPriceInternalPrices', false);
    }
  });

  it('CSV: the same rows; ";" and decimal comma in Dutch, "," in English; UTF-8 with byte order mark', async () => {
    const lines = await pageLines(LOC, '&query=a');
    const nl = await get(
      `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/export?plantLocation=${LOC}&query=a&format=csv`,
    );
    expect(nl.statusCode).toBe(200);
    expect(nl.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(nl.body.startsWith('\uFEFF')).toBe(true);
    const parsed = Papa.parse<string[]>(nl.body.slice(1).trimEnd(), { delimiter: ';' });
    expect(parsed.errors).toEqual([]);
    const [header, ...data] = parsed.data;
    expect(header?.[0]).toBe('Artikelnummer');
    expect(data).toHaveLength(lines.length);
    expect(lines.length).toBeGreaterThan(0);
    data.forEach((row, i) => {
      const l = lines[i] as Line;
      expect(row).toEqual([
        l.itemNo,
        l.description,
        l.plantNo ?? '',
        String(l.quantity),
        l.onSiteSince,
        String(l.daysOnSite),
        l.nextInspection ?? '',
        String(l.onMyRemovalList),
      ]);
    });
    // The words are looked for in the description of the caller's language: in English, every line (no words).
    const en = await get(
      `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/export?plantLocation=${LOC}&format=csv`,
      {
        'x-locale': 'en-US',
      },
    );
    const enRows = Papa.parse<string[]>(en.body.slice(1).trimEnd(), { delimiter: ',' }).data;
    expect(enRows[0]?.slice(0, 2)).toEqual(['Item number', 'Description']);
    expect(enRows).toHaveLength((await pageLines(LOC)).length + 1);
  });

  it('refuses: setting off 403, bad input 400 naming the field, foreign location 404, anonymous 401', async () => {
    const url = (q: string) => `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/export?${q}`;
    const bad = await get(url(`plantLocation=${LOC}&format=pdf`));
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(bad.json().details)).toContain('format');
    expect((await get(url(`plantLocation=${FOREIGN_LOC}`))).statusCode).toBe(404);
    expect((await t.app.inject({ url: url(`plantLocation=${LOC}`) })).statusCode).toBe(401);
    // The read-only role reads the stock, so it may export it.
    expect((await get(url(`plantLocation=${LOC}`), {}, READONLY)).statusCode).toBe(200);
    await setSetting(t, 'Materieelvoorraad_ShowExportVoorraad', false);
    try {
      const off = await get(url(`plantLocation=${LOC}`));
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('Materieelvoorraad.export.uit');
    } finally {
      await setSetting(t, 'Materieelvoorraad_ShowExportVoorraad', true);
    }
  });
});

describe('GET PlantInventoryItems/{itemNo}/history/export', () => {
  it('XLSX and CSV rows equal the history the API answers', async () => {
    const [line] = await pageLines(LOC, '&sortBy=quantityDesc');
    const itemNo = encodeURIComponent(line?.itemNo ?? '');
    const history = (
      await get(`/api/v2.0/PlantInventoryItems/${itemNo}/history?plantLocation=${LOC}`)
    ).json();
    expect(history.entries.length).toBeGreaterThan(0);
    const r = await get(`/api/v2.0/PlantInventoryItems/${itemNo}/history/export?plantLocation=${LOC}`);
    expect(r.statusCode).toBe(200);
    const { rows } = await readXlsx(r.rawPayload);
    const [header, ...data] = rows;
    expect(header).toEqual(['Datum', 'Tot en met', 'Soort', 'Mutatie', 'Saldo', 'Ordernummer']);
    expect(data).toHaveLength(history.entries.length);
    const kinds: Record<string, string> = { delivery: 'Levering', removal: 'Afvoer', initial: 'Beginstand' };
    data.forEach((row, i) => {
      const e = history.entries[i];
      expect(row[0]).toEqual(day(e.date));
      expect(row[1]).toEqual(day(e.until));
      if (kinds[e.kind]) expect(row[2]).toBe(kinds[e.kind]);
      expect(row.slice(3, 6)).toEqual([e.quantity, e.balance, e.orderNo]);
    });
    const csv = await get(
      `/api/v2.0/PlantInventoryItems/${itemNo}/history/export?plantLocation=${LOC}&format=csv`,
    );
    const csvRows = Papa.parse<string[]>(csv.body.slice(1).trimEnd(), { delimiter: ';' }).data;
    expect(csvRows).toHaveLength(history.entries.length + 1);
    expect(csvRows.at(-1)?.[4]).toBe(String(history.current));
  });

  it('the setting switches it off; a foreign location answers 404', async () => {
    const [line] = await pageLines(LOC);
    const url = (loc: string) =>
      `/api/v2.0/PlantInventoryItems/${encodeURIComponent(line?.itemNo ?? '')}/history/export?plantLocation=${loc}`;
    expect((await get(url(FOREIGN_LOC))).statusCode).toBe(404);
    await setSetting(t, 'Materieelvoorraad_ShowExportVoorraadVerloop', false);
    try {
      const off = await get(url(LOC));
      expect(off.statusCode).toBe(403);
      expect(off.json().code).toBe('Materieelvoorraad.export.verloop_uit');
    } finally {
      await setSetting(t, 'Materieelvoorraad_ShowExportVoorraadVerloop', true);
    }
  });
});
