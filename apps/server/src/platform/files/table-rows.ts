import Papa from 'papaparse';
import type { TableLimits } from './table-limits.ts';
import { readXlsxRows } from './xlsx-rows.ts';
import { Refusal } from './zip.ts';

export type { TableLimits };

/**
 * An uploaded table (XLSX or CSV) as trimmed text rows, the header first. This is the part of the table reader
 * (table-reader.ts) that runs in its worker thread: whatever the file holds, reading stops at the row limit and
 * every kept character is counted.
 */

/** UTF-8 (a byte order mark dropped); a file that is not, as Windows-1252, which Excel writes as "CSV" on Windows. */
function csvText(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

function readCsvRows(bytes: Buffer, limits: TableLimits): string[][] {
  const text = csvText(bytes);
  const rows: string[][] = [];
  let chars = 0;
  let refusal: Refusal | null = null;
  // why `step`: papaparse's `preview` counts empty lines too; `step` sees only the rows kept, and `abort` ends the
  // reading at the first row past the limit.
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [';', ',', '\t'],
    step(result, parser) {
      if (rows.length > limits.maxRows) {
        refusal = new Refusal('too_many_rows', 'rows');
        parser.abort();
        return;
      }
      const row = result.data.slice(0, limits.maxColumns).map((c) => String(c ?? ''));
      for (const c of row) chars += c.length;
      if (chars > limits.maxTextChars) {
        refusal = new Refusal('too_large', 'table_text');
        parser.abort();
        return;
      }
      rows.push(row);
    },
  });
  if (refusal) throw refusal;
  return rows;
}

/** The rows of a file already known to be `kind` (by its magic bytes; null: no known binary type, read as CSV). */
export async function readTableRows(
  bytes: Buffer,
  kind: 'xlsx' | 'csv',
  limits: TableLimits,
): Promise<string[][]> {
  const rows = kind === 'xlsx' ? await readXlsxRows(bytes, limits) : readCsvRows(bytes, limits);
  return rows.map((r) => r.map((c) => c.trim()));
}
