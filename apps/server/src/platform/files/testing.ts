import { randomBytes } from 'node:crypto';
import { crc32, deflateRawSync } from 'node:zlib';

/** Test helpers: build multipart bodies and zip archives byte by byte (no client library needed). */

export interface Part {
  name: string;
  /** A file part when set (the client's file name, sent as is). */
  filename?: string;
  contentType?: string;
  value: Buffer | string;
}

export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mp${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"`;
    if (p.filename !== undefined) head += `; filename="${p.filename}"`;
    head += '\r\n';
    if (p.filename !== undefined || p.contentType)
      head += `Content-Type: ${p.contentType ?? 'application/octet-stream'}\r\n`;
    chunks.push(
      Buffer.from(`${head}\r\n`),
      Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const payload = Buffer.concat(chunks);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface ZipEntryInput {
  name: string;
  data: Buffer;
  /** Declared uncompressed size (to forge a lying header); defaults to the real size. */
  declaredSize?: number;
}

/** A zip archive with deflated entries, real CRCs and a correct central directory (unless sizes are forged). */
export function zip(entries: ZipEntryInput[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const body = deflateRawSync(e.data);
    const size = e.declaredSize ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc32(e.data), 14);
    local.writeUInt32LE(body.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    locals.push(local, name, body);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc32(e.data), 16);
    central.writeUInt32LE(body.length, 20);
    central.writeUInt32LE(size, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    centrals.push(central, name);
    offset += 30 + name.length + body.length;
  }
  const cd = Buffer.concat(centrals);
  const eocd = Buffer.alloc(22);
  eocd.writeUInt32LE(0x06054b50, 0);
  eocd.writeUInt16LE(entries.length, 8);
  eocd.writeUInt16LE(entries.length, 10);
  eocd.writeUInt32LE(cd.length, 12);
  eocd.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, cd, eocd]);
}

/** The entries that make a zip an xlsx workbook for the type check. */
export function minimalXlsx(extra: ZipEntryInput[] = []): Buffer {
  return zip([
    { name: '[Content_Types].xml', data: Buffer.from('<?xml version="1.0"?><Types/>') },
    { name: 'xl/workbook.xml', data: Buffer.from('<?xml version="1.0"?><workbook/>') },
    ...extra,
  ]);
}

const MAIN_NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A worksheet's XML with every cell an inline string (as Excel and exceljs's streaming writer may write it). */
export function sheetXmlOf(rows: string[][]): string {
  const columnName = (i: number) => String.fromCharCode(65 + i);
  const body = rows.map((cells, r) => {
    const row = cells
      .map((v, c) => `<c r="${columnName(c)}${r + 1}" t="inlineStr"><is><t>${xmlText(v)}</t></is></c>`)
      .join('');
    return `<row r="${r + 1}">${row}</row>`;
  });
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="${MAIN_NS}"><sheetData>${body.join('')}</sheetData></worksheet>`;
}

export interface WorkbookInput {
  /** The first sheet: its XML as is (to forge a broken or hostile sheet), or rows written as inline strings. */
  sheet: string | Buffer | string[][];
  sharedStrings?: string | Buffer;
  /** The sheet's declared uncompressed size (to forge a lying central directory). */
  declaredSheetSize?: number;
}

/** A complete workbook as Excel lays it out (content types, workbook, relationships, the sheet). */
export function workbook(input: WorkbookInput): Buffer {
  const sheet = Array.isArray(input.sheet) ? sheetXmlOf(input.sheet) : input.sheet;
  const rels = [
    '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>',
    ...(input.sharedStrings
      ? [
          '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>',
        ]
      : []),
  ];
  const text = (s: string) => Buffer.from(s);
  return zip([
    {
      name: '[Content_Types].xml',
      data: text(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
          '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
          '<Default Extension="xml" ContentType="application/xml"/>' +
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
          '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
          (input.sharedStrings
            ? '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
            : '') +
          '</Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: text(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
          '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="${MAIN_NS}" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">` +
          '<sheets><sheet name="Blad1" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: text(
        `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join('')}</Relationships>`,
      ),
    },
    {
      name: 'xl/worksheets/sheet1.xml',
      data: Buffer.isBuffer(sheet) ? sheet : text(sheet),
      ...(input.declaredSheetSize === undefined ? {} : { declaredSize: input.declaredSheetSize }),
    },
    ...(input.sharedStrings
      ? [
          {
            name: 'xl/sharedStrings.xml',
            data: Buffer.isBuffer(input.sharedStrings) ? input.sharedStrings : text(input.sharedStrings),
          },
        ]
      : []),
  ]);
}
