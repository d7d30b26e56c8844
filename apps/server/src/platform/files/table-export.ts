import { PassThrough, type Readable } from 'node:stream';
import type { Locale } from '@mp/contract/i18n';
import Papa from 'papaparse';

/*
 * A table written as a spreadsheet (XLSX) or as CSV, streamed: rows go out as they are written, so a large
 * export never holds its whole file in memory (decision 0016). The caller checks access and reads the rows
 * before the stream starts, so every refusal is still an ordinary JSON error.
 */

export type ExportFormat = 'xlsx' | 'csv';
export const exportFormats = ['xlsx', 'csv'] as const satisfies readonly ExportFormat[];

/** How a column's values are typed: text, whole numbers, money (a decimal string), or a calendar day 'yyyy-mm-dd'. */
export type ExportKind = 'text' | 'int' | 'money' | 'date';
export type ExportCell = string | number | null;

export interface ExportColumn {
  /** The header, already in the user's language. */
  header: string;
  kind: ExportKind;
  /** Width in characters (XLSX). */
  width: number;
}

export interface ExportTable {
  sheetName: string;
  columns: ExportColumn[];
  rows: Iterable<ExportCell[]>;
  locale: Locale;
}

export const exportContentType: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
};

/** Date formats of the spreadsheet's day cells, by the user's language. */
const dayFormat: Record<Locale, string> = {
  'nl-NL': 'dd-mm-yyyy',
  'en-US': 'mm/dd/yyyy',
  'fr-FR': 'dd/mm/yyyy',
  'de-DE': 'dd.mm.yyyy',
};

/** Rows written per CSV chunk (and between two looks at the reader's pace). */
const CHUNK = 500;

/** Writes the table in the format; the stream ends when the file is complete, or is destroyed on a failure. */
export function exportTable(format: ExportFormat, table: ExportTable): Readable {
  const out = new PassThrough();
  const write = format === 'xlsx' ? writeXlsx : writeCsv;
  write(out, table).catch((e: unknown) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  return out;
}

/** Waits while the reader is behind (the stream's buffer is full), so memory stays flat. */
function drained(out: PassThrough): Promise<void> {
  if (!out.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const done = () => {
      out.off('drain', done);
      out.off('close', done);
      out.off('error', reject);
      resolve();
    };
    out.once('drain', done);
    out.once('close', done);
    out.once('error', reject);
  });
}

/** A day 'yyyy-mm-dd' as the UTC midnight Excel stores for that calendar day. */
function dayCell(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

async function writeXlsx(out: PassThrough, table: ExportTable): Promise<void> {
  // why: exceljs is loaded with the first XLSX export, not when the server starts: it is ~700 modules, ~0.5 s and
  // ~10 MB of heap that most processes never use (decision 0008 "RSS per process")
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useStyles: true,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet(table.sheetName.slice(0, 31), {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = table.columns.map((c, i) => ({
    key: String(i),
    width: c.width,
    style:
      c.kind === 'date'
        ? { numFmt: dayFormat[table.locale] }
        : c.kind === 'money'
          ? { numFmt: '#,##0.00' }
          : c.kind === 'int'
            ? { numFmt: '0' }
            : {},
  }));
  const header = sheet.addRow(table.columns.map((c) => c.header));
  header.font = { bold: true };
  header.commit();
  let n = 0;
  for (const row of table.rows) {
    sheet
      .addRow(
        row.map((v, i) => {
          if (v === null || v === '') return null;
          switch (table.columns[i]?.kind) {
            case 'date':
              return dayCell(String(v));
            case 'money':
            case 'int':
              return Number(v);
            default:
              return v;
          }
        }),
      )
      .commit();
    if (++n % CHUNK === 0) await drained(out);
  }
  sheet.commit();
  await workbook.commit();
}

async function writeCsv(out: PassThrough, table: ExportTable): Promise<void> {
  // Excel opens CSV in the separator and decimal mark of its region: ';' and ',' where the decimal mark is a comma.
  const comma = table.locale !== 'en-US';
  const config = { delimiter: comma ? ';' : ',', newline: '\r\n', escapeFormulae: true, header: false };
  const cell = (v: ExportCell, kind: ExportKind | undefined): string | number => {
    if (v === null) return '';
    if (kind === 'money' && comma) return String(v).replace('.', ',');
    return v;
  };
  // The byte order mark tells Excel the file is UTF-8.
  out.write(`\uFEFF${Papa.unparse([table.columns.map((c) => c.header)], config)}\r\n`);
  let chunk: (string | number)[][] = [];
  const flush = async () => {
    if (chunk.length === 0) return;
    out.write(`${Papa.unparse(chunk, config)}\r\n`);
    chunk = [];
    await drained(out);
  };
  for (const row of table.rows) {
    chunk.push(row.map((v, i) => cell(v, table.columns[i]?.kind)));
    if (chunk.length === CHUNK) await flush();
  }
  await flush();
  out.end();
}

/** A server-made file name: the words given, letters, digits and dashes only, with the format's extension. */
export function exportFileName(parts: string[], format: ExportFormat): string {
  const name = parts
    .map((p) =>
      p
        .normalize('NFKD')
        .replace(/\p{M}/gu, '')
        .replace(/[^\w-]+/g, '-')
        .replace(/^-+|-+$/g, ''),
    )
    .filter(Boolean)
    .join('-');
  return `${name || 'export'}.${format}`;
}
