import { SaxesParser, type SaxesTagPlain } from 'saxes';
import type { TableLimits } from './table-limits.ts';
import {
  checkZipLimits,
  defaultZipLimits,
  inflateEntry,
  Refusal,
  type ZipEntry,
  zipDirectory,
} from './zip.ts';

/**
 * The first worksheet of an XLSX workbook as text rows, read as a stream (docs/decisions/0004, issue #31 item 2):
 * each part is inflated chunk by chunk (never beyond its declared size) into a SAX parser, so nothing holds the
 * unpacked workbook. The sheet is read first and reading stops at the first row past the row limit; then only the
 * shared strings its rows use are kept. XML with a DOCTYPE is refused (no entity can expand). Runs in the table
 * reader's worker thread.
 */

/** Most inflated bytes of one part (the sheet, its shared strings): well beyond what 10,000 rows need. */
export const MAX_PART_BYTES = 64 * 1024 * 1024;
/** The most characters Excel puts in a cell. */
export const MAX_CELL_CHARS = 32_767;
/** The last row of an Excel sheet. */
const MAX_SHEET_ROW = 1_048_576;

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/** The attribute of a local name whatever its prefix (`r:id`, `x:r`). */
function attr(tag: SaxesTagPlain, name: string): string | undefined {
  for (const [k, v] of Object.entries(tag.attributes)) if (localName(k) === name) return v;
  return undefined;
}

interface XmlHandlers {
  open?(name: string, tag: SaxesTagPlain): void;
  close?(name: string): void;
  text?(text: string): void;
}

/** Thrown by a handler to stop reading a part early, having found what it needs: the part ends there. */
class Stop extends Error {}

/**
 * Streams one part through a SAX parser. A DOCTYPE, malformed XML, text that is not UTF-8 or a part that ends before
 * its root closes is unreadable. A handler stops the reading by throwing `Stop` (done) or a `Refusal`.
 */
async function readXml(bytes: Buffer, entry: ZipEntry, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ xmlns: false, position: false } as const);
  parser.on('doctype', () => {
    throw new Refusal('unreadable', 'xml_doctype');
  });
  parser.on('opentag', (tag) => handlers.open?.(localName(tag.name), tag));
  parser.on('closetag', (tag) => handlers.close?.(localName(tag.name)));
  if (handlers.text) {
    parser.on('text', handlers.text);
    parser.on('cdata', handlers.text);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for await (const chunk of inflateEntry(bytes, entry, MAX_PART_BYTES))
      parser.write(decoder.decode(chunk, { stream: true }));
    parser.write(decoder.decode());
    parser.close();
  } catch (e) {
    if (e instanceof Stop) return;
    if (e instanceof Refusal) throw e;
    // saxes (not well-formed, an undefined entity, cut off) and TextDecoder (not UTF-8)
    throw new Refusal('unreadable', 'xml_malformed');
  }
}

/** "worksheets/sheet1.xml" relative to xl/, or "/xl/…" absolute, as a zip entry name. */
function partName(base: string, target: string): string {
  const parts = (target.startsWith('/') ? target.slice(1) : `${base}${target}`).split('/');
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else if (p && p !== '.') out.push(p);
  }
  return out.join('/');
}

interface Parts {
  sheet: ZipEntry;
  sharedStrings: ZipEntry | null;
}

/** The first sheet of the workbook and its shared strings, by the workbook's relationships. */
async function findParts(bytes: Buffer, entries: Map<string, ZipEntry>): Promise<Parts> {
  const part = (name: string) => entries.get(name) ?? null;
  const workbookEntry = part('xl/workbook.xml');
  const relsEntry = part('xl/_rels/workbook.xml.rels');
  let firstSheetId: string | undefined;
  if (workbookEntry)
    await readXml(bytes, workbookEntry, {
      open(name, tag) {
        if (name !== 'sheet') return;
        firstSheetId = attr(tag, 'id') ?? '';
        throw new Stop();
      },
    });
  const targets = new Map<string, string>();
  let sharedStringsTarget: string | undefined;
  if (relsEntry)
    await readXml(bytes, relsEntry, {
      open(name, tag) {
        if (name !== 'Relationship') return;
        const target = attr(tag, 'Target');
        if (!target) return;
        targets.set(attr(tag, 'Id') ?? '', partName('xl/', target));
        if (attr(tag, 'Type')?.endsWith('/sharedStrings')) sharedStringsTarget = partName('xl/', target);
      },
    });
  const sheet =
    (firstSheetId ? part(targets.get(firstSheetId) ?? '') : null) ?? part('xl/worksheets/sheet1.xml');
  if (!sheet) throw new Refusal('unreadable', 'xlsx_no_sheet');
  return { sheet, sharedStrings: part(sharedStringsTarget ?? 'xl/sharedStrings.xml') };
}

/** "AB12" → 27 (0-based column); null when the reference has no letters. */
function columnOf(ref: string): number | null {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    const upper = c >= 97 ? c - 32 : c;
    if (upper < 65 || upper > 90) break;
    col = col * 26 + (upper - 64);
    if (col > 16_384) return null;
  }
  return i === 0 ? null : col - 1;
}

/** A cell as read from the sheet: its text, or the index of a shared string resolved afterwards. */
type Cell = string | number;

/**
 * Reads the sheet's rows, refusing at the first row with a value past the limit; cells beyond `maxColumns` are not
 * kept. Also counts the characters of the text kept (shared strings are counted when resolved).
 */
async function readSheet(
  bytes: Buffer,
  sheet: ZipEntry,
  limits: TableLimits,
): Promise<{ rows: Cell[][]; chars: number }> {
  const rows: Cell[][] = [];
  let rowNo = 0;
  let cells: Cell[] = [];
  let rowHasValue = false;
  let col = -1;
  let type = 'n';
  let value = '';
  let capture = false;
  let inInline = false;
  let inPhonetic = false;
  let chars = 0;

  await readXml(bytes, sheet, {
    open(name, tag) {
      switch (name) {
        case 'row': {
          const r = attr(tag, 'r');
          const n = r === undefined ? rowNo + 1 : Number(r);
          if (!Number.isInteger(n) || n <= rowNo || n > MAX_SHEET_ROW)
            throw new Refusal('unreadable', 'xlsx_row_number');
          rowNo = n;
          cells = [];
          rowHasValue = false;
          col = -1;
          break;
        }
        case 'c': {
          const r = attr(tag, 'r');
          const c = r === undefined ? col + 1 : columnOf(r);
          if (c === null || c <= col) throw new Refusal('unreadable', 'xlsx_cell_reference');
          col = c;
          type = attr(tag, 't') ?? 'n';
          value = '';
          break;
        }
        case 'v':
          capture = !inInline;
          break;
        case 'is':
          inInline = true;
          break;
        case 'rPh':
          inPhonetic = true;
          break;
        case 't':
          capture = inInline && !inPhonetic;
          break;
      }
    },
    close(name) {
      switch (name) {
        case 'v':
        case 't':
          capture = false;
          break;
        case 'is':
          inInline = false;
          break;
        case 'rPh':
          inPhonetic = false;
          break;
        case 'c': {
          if (col >= limits.maxColumns || value === '') break;
          const cell = cellValue(type, value);
          if (typeof cell === 'string') {
            chars += cell.length;
            if (chars > limits.maxTextChars) throw new Refusal('too_large', 'table_text');
          }
          cells[col] = cell;
          rowHasValue = true;
          break;
        }
        case 'row':
          if (!rowHasValue) break;
          // the header and maxRows rows: a row with a value past them ends the reading
          if (rowNo > limits.maxRows + 1) throw new Refusal('too_many_rows', 'rows');
          rows[rowNo - 1] = Array.from(cells, (c) => c ?? '');
          break;
      }
    },
    text(t) {
      if (!capture) return;
      if (value.length + t.length > MAX_CELL_CHARS) throw new Refusal('too_large', 'table_cell');
      value += t;
    },
  });
  return { rows: Array.from(rows, (r) => r ?? []), chars };
}

/** A cell's text as exceljs's `cell.text` gave it; a shared string as its index. */
function cellValue(type: string, raw: string): Cell {
  switch (type) {
    case 's': {
      const i = Number(raw);
      if (!Number.isInteger(i) || i < 0) throw new Refusal('unreadable', 'xlsx_shared_string');
      return i;
    }
    case 'b':
      return raw === '1' ? 'true' : 'false';
    case 'inlineStr':
    case 'str':
    case 'e':
    case 'd':
      return raw;
    default: {
      const n = Number(raw);
      return Number.isFinite(n) ? String(n) : raw;
    }
  }
}

/** The shared strings the rows use (by index), reading no further than the highest index needed. */
async function readSharedStrings(
  bytes: Buffer,
  entry: ZipEntry | null,
  needed: Set<number>,
): Promise<Map<number, string>> {
  const found = new Map<number, string>();
  if (needed.size === 0) return found;
  if (!entry) throw new Refusal('unreadable', 'xlsx_shared_string');
  let last = 0;
  for (const i of needed) last = Math.max(last, i);
  let index = -1;
  let text = '';
  let keep = false;
  let capture = false;
  let inPhonetic = false;
  await readXml(bytes, entry, {
    open(name) {
      if (name === 'si') {
        index++;
        if (index > last) throw new Stop();
        keep = needed.has(index);
        text = '';
      } else if (name === 'rPh') inPhonetic = true;
      else if (name === 't') capture = keep && !inPhonetic;
    },
    close(name) {
      if (name === 't') capture = false;
      else if (name === 'rPh') inPhonetic = false;
      else if (name === 'si' && keep) found.set(index, text);
    },
    text(t) {
      if (!capture) return;
      if (text.length + t.length > MAX_CELL_CHARS) throw new Refusal('too_large', 'table_cell');
      text += t;
    },
  });
  if (found.size < needed.size) throw new Refusal('unreadable', 'xlsx_shared_string');
  return found;
}

/** The first worksheet's rows as text (not yet trimmed); row n of the sheet is index n - 1, gaps are empty rows. */
export async function readXlsxRows(bytes: Buffer, limits: TableLimits): Promise<string[][]> {
  const directory = zipDirectory(bytes, defaultZipLimits.maxEntries);
  checkZipLimits(directory, defaultZipLimits);
  const entries = new Map<string, ZipEntry>();
  for (const e of directory) {
    if (entries.has(e.name)) throw new Refusal('type', 'zip_malformed');
    entries.set(e.name, e);
  }
  const parts = await findParts(bytes, entries);
  const { rows, chars: inline } = await readSheet(bytes, parts.sheet, limits);
  const needed = new Set<number>();
  for (const row of rows) for (const c of row) if (typeof c === 'number') needed.add(c);
  const strings = await readSharedStrings(bytes, parts.sharedStrings, needed);
  let chars = inline;
  return rows.map((row) =>
    row.map((c) => {
      if (typeof c === 'string') return c;
      const s = strings.get(c) as string;
      chars += s.length;
      if (chars > limits.maxTextChars) throw new Refusal('too_large', 'table_text');
      return s;
    }),
  );
}
