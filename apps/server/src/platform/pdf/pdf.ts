import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';
import type { PdfBrand } from './brand.ts';
import { columnWidths, labelWidth } from './fit.ts';
import type { Cell, Column, FactBlock, PdfMeta, TableOptions } from './pdf.types.ts';
import { drawText, type TextOptions, textHeight, textWidth, useTextFont, widestWord } from './text.ts';

/*
 * The one way this portal makes a PDF (decision 0019): pdfkit with a small set of layout helpers — a header with
 * the corporate identity's logo and colour, blocks of facts, tables that break over pages and repeat their header,
 * signature boxes and a footer with page numbers. Delivery and removal notes, invoices and the demo documents all
 * go through it. Text is in embedded libre fonts (fonts.ts: Noto Sans, Noto Emoji, Noto Sans Hans), so a name in
 * Polish, Turkish, Cyrillic, Chinese or with an emoji prints as written.
 */

export { brandColour, defaultBrand, type PdfBrand } from './brand.ts';

const require = createRequire(import.meta.url);
// why: pdfkit (with fontkit, fonts.ts) is loaded with the first document, not when the server starts: most
// processes never write a PDF and it costs ~10 MB of heap and ~0.2 s to load (decision 0008 "RSS per process")
let pdfkit: typeof PDFKitDocument | undefined;
const loadPdfKit = (): typeof PDFKitDocument => {
  pdfkit ??= require('pdfkit') as typeof PDFKitDocument;
  return pdfkit;
};

export type { Align, Cell, Column, Fact, FactBlock, PdfMeta, TableOptions } from './pdf.types.ts';

const TEXT = '#1A1B1E';
const MUTED = '#5C5F66';
const RULE = '#CED4DA';
const ZEBRA = '#F4F6F8';
const A4 = { margin: 48, bottom: 64 };

/**
 * A document being written. Draw from top to bottom with the helpers; `finish` adds the footers and answers
 * the bytes. New pages (a table running over, `ensureSpace`) start with a small running header.
 */
export class PdfWriter {
  readonly doc: PDFKit.PDFDocument;
  private readonly bytes: Promise<Buffer>;
  private running: string;
  readonly brand: PdfBrand;

  constructor(brand: PdfBrand, meta: PdfMeta) {
    this.brand = brand;
    const PDFDocument = loadPdfKit();
    this.doc = new PDFDocument({
      size: 'A4',
      margins: { top: A4.margin, left: A4.margin, right: A4.margin, bottom: A4.bottom },
      bufferPages: true,
      lang: meta.language,
      displayTitle: true,
      info: {
        Title: meta.title,
        Subject: meta.subject ?? meta.title,
        Author: brand.name,
        Creator: 'Materieelportaal',
        Producer: 'Materieelportaal (pdfkit)',
        CreationDate: meta.created ?? new Date(),
      },
    });
    this.running = meta.title;
    const chunks: Buffer[] = [];
    this.doc.on('data', (c: Buffer) => chunks.push(c));
    this.bytes = new Promise((resolve, reject) => {
      this.doc.on('end', () => resolve(Buffer.concat(chunks)));
      this.doc.on('error', reject);
    });
    this.doc.on('pageAdded', () => this.runningHeader());
    useTextFont(this.doc);
    this.doc.fontSize(9.5).fillColor(TEXT);
  }

  /** Writes `text` at (x, y) in the regular or bold fonts, at the document's size and colour. */
  private write(text: string, x: number, y: number, options: TextOptions, bold = false): void {
    drawText(this.doc, text, x, y, options, bold);
  }

  /** The height `text` takes at the document's size. */
  private measure(text: string, options: TextOptions, bold = false): number {
    return textHeight(this.doc, text, options, bold);
  }

  get left(): number {
    return this.doc.page.margins.left;
  }
  get width(): number {
    return this.doc.page.width - this.doc.page.margins.left - this.doc.page.margins.right;
  }
  get bottom(): number {
    return this.doc.page.height - this.doc.page.margins.bottom;
  }

  /** Starts a new page unless `height` points still fit on this one. */
  ensureSpace(height: number): void {
    if (this.doc.y + height > this.bottom) this.doc.addPage();
  }

  private runningHeader(): void {
    const { doc } = this;
    const top = doc.page.margins.top;
    doc.save();
    doc.rect(0, 0, doc.page.width, 6).fill(this.brand.primary);
    doc.fontSize(9).fillColor(this.brand.primary);
    this.write(this.running, this.left, top - 18, { width: this.width, lineBreak: false }, true);
    doc
      .moveTo(this.left, top - 4)
      .lineTo(this.left + this.width, top - 4)
      .lineWidth(0.5)
      .stroke(RULE);
    doc.restore();
    doc.fontSize(9.5).fillColor(TEXT);
    doc.x = this.left;
    doc.y = top + 6;
  }

  /**
   * The first page's header: the logo on the left, on the right the title in the primary colour with the number
   * and further lines (a date) under it, then a primary rule with an accent in the secondary colour.
   */
  header(h: { title: string; number?: string; lines?: string[] }): void {
    const { doc, brand } = this;
    this.running = [h.title, h.number].filter(Boolean).join(' ');
    const top = doc.page.margins.top;
    doc.rect(0, 0, doc.page.width, 6).fill(brand.primary);
    const logoBox = { width: 170, height: 56 };
    if (brand.logo) {
      try {
        doc.image(brand.logo, this.left, top, { fit: [logoBox.width, logoBox.height] });
      } catch {
        // why: an unreadable logo must not cost the customer their delivery note; the name stands in for it.
        this.brandName(top);
      }
    } else this.brandName(top);
    const rightX = this.left + logoBox.width + 16;
    const rightW = this.width - logoBox.width - 16;
    doc.fontSize(20).fillColor(brand.primary);
    this.write(h.title, rightX, top, { width: rightW, align: 'right' }, true);
    if (h.number) {
      doc.fontSize(12).fillColor(TEXT);
      this.write(h.number, rightX, doc.y + 2, { width: rightW, align: 'right' }, true);
    }
    doc.fontSize(9).fillColor(MUTED);
    for (const line of h.lines ?? []) this.write(line, rightX, doc.y + 1, { width: rightW, align: 'right' });
    const y = Math.max(doc.y, top + logoBox.height) + 10;
    doc.rect(this.left, y, this.width, 2.5).fill(brand.primary);
    doc.rect(this.left, y + 2.5, 60, 2.5).fill(brand.secondary);
    doc.fillColor(TEXT).fontSize(9.5);
    doc.x = this.left;
    doc.y = y + 18;
  }

  private brandName(top: number): void {
    this.doc.fontSize(16).fillColor(this.brand.primary);
    this.write(this.brand.name, this.left, top + 14, { width: 170, lineBreak: false }, true);
  }

  /** Vertical space (points), unless the page ends first. */
  space(points: number): void {
    if (this.doc.y + points < this.bottom) this.doc.y += points;
  }

  /** A section heading in the primary colour, kept with `keep` points of what follows. */
  heading(text: string, keep = 60): void {
    const { doc } = this;
    this.ensureSpace(28 + keep);
    if (doc.y > doc.page.margins.top + 10) doc.y += 6;
    doc.fontSize(11).fillColor(this.brand.primary);
    this.write(text, this.left, doc.y, { width: this.width }, true);
    doc.moveDown(0.3);
    doc.fontSize(9.5).fillColor(TEXT);
  }

  /** Running text over the full width. */
  paragraph(
    text: string,
    options: { bold?: boolean; size?: number; colour?: string; gap?: number } = {},
  ): void {
    const { doc } = this;
    doc.fontSize(options.size ?? 9.5).fillColor(options.colour ?? TEXT);
    const height = this.measure(text, { width: this.width }, options.bold);
    this.ensureSpace(Math.min(height, 40) + (options.gap ?? 0));
    if (options.gap) doc.y += options.gap;
    this.write(text, this.left, doc.y, { width: this.width }, options.bold);
    doc.fontSize(9.5).fillColor(TEXT);
  }

  /**
   * Blocks of label–value pairs (order data, addresses) in a grid of `columns` equal columns, each under a small
   * heading; empty facts and blocks are left out.
   */
  facts(blocks: FactBlock[], columns = 3): void {
    const shown = blocks
      .map((b) => ({
        ...b,
        facts: b.facts.filter((f) => f.value !== null && f.value !== undefined && f.value !== ''),
      }))
      .filter((b) => b.facts.length > 0);
    for (let i = 0; i < shown.length; i += columns) this.factRow(shown.slice(i, i + columns), columns);
  }

  private factRow(blocks: FactBlock[], columns: number): void {
    const { doc } = this;
    const gap = 14;
    const colW = (this.width - gap * (columns - 1)) / columns;
    const LABEL = 9;
    // each block's labels get the room they need (issue #31 item 16: "Creditnotanum/mer"); a label wraps at spaces
    // only, and one whose single word is still too wide is written smaller
    const layout = blocks.map((b) => {
      doc.fontSize(LABEL);
      const labels = b.facts.map((f) => f.label).filter(Boolean);
      const labelW = labelWidth(
        colW,
        labels.map((l) => textWidth(doc, l)),
        labels.map((l) => widestWord(doc, l)),
      );
      const sizes = b.facts.map((f) =>
        f.label ? Math.max(6, Math.min(LABEL, (LABEL * labelW) / widestWord(doc, f.label))) : LABEL,
      );
      return { labelW, valueW: colW - labelW - (labelW > 0 ? 4 : 0), sizes };
    });
    const heightOf = (b: FactBlock, i: number) => {
      const { labelW, valueW, sizes } = layout[i];
      return (
        18 +
        b.facts.reduce((sum, f, j) => {
          doc.fontSize(sizes[j]);
          const label = f.label ? this.measure(f.label, { width: labelW }) : 0;
          doc.fontSize(LABEL);
          return sum + Math.max(label, this.measure(String(f.value), { width: valueW })) + 3;
        }, 0)
      );
    };
    const height = Math.max(...blocks.map(heightOf));
    this.ensureSpace(height + 8);
    const top = doc.y;
    blocks.forEach((b, i) => {
      const x = this.left + i * (colW + gap);
      const { labelW, valueW, sizes } = layout[i];
      doc.rect(x, top, colW, 1.5).fill(this.brand.primary);
      doc.fontSize(8.5).fillColor(this.brand.primary);
      this.write(
        b.heading.toUpperCase(),
        x,
        top + 5,
        { width: colW, characterSpacing: 0.4, lineBreak: false },
        true,
      );
      let y = top + 18;
      b.facts.forEach((f, j) => {
        doc.fontSize(sizes[j]).fillColor(MUTED);
        let labelBottom = y;
        if (f.label) {
          this.write(f.label, x, y + (LABEL - sizes[j]) / 2, { width: labelW });
          labelBottom = doc.y;
        }
        doc.fontSize(LABEL).fillColor(TEXT);
        this.write(String(f.value), x + (labelW > 0 ? labelW + 4 : 0), y, { width: valueW });
        y = Math.max(labelBottom, doc.y) + 3;
      });
    });
    doc.fillColor(TEXT);
    doc.x = this.left;
    doc.y = top + height + 10;
  }

  /**
   * A table over the full width: a header row in the primary colour, light stripes, cells that wrap. A row that
   * does not fit starts a new page, which repeats the header row; totals stay with the last row.
   */
  table(columns: Column[], rows: Cell[][], options: TableOptions = {}): void {
    const { doc, brand } = this;
    const pad = 4;
    const cellOf = (c: Cell) => (typeof c === 'string' ? { text: c } : c);
    const totals = options.totals ?? [];
    // A header wraps at spaces only and an amount (a right-aligned or nowrap cell) not at all: each column is at least that
    // wide, taking the room from the columns that have it (issue #31 item 16).
    const HEADER = 8.5;
    const minimums = columns.map((c, i) => {
      doc.fontSize(HEADER);
      let need = widestWord(doc, c.header, {}, true);
      if (c.align === 'right' || c.nowrap) {
        doc.fontSize(9);
        for (const row of [...rows, ...totals]) {
          const cell = row[i] === undefined ? null : cellOf(row[i]);
          for (const line of cell?.text.split('\n') ?? [])
            need = Math.max(need, textWidth(doc, line, {}, cell?.bold || totals.includes(row)));
        }
      }
      return need + 2 * pad + 0.5;
    });
    const fitted = columnWidths(
      columns.map((c) => c.width),
      minimums,
      this.width,
    );
    const widths = fitted.widths;
    const headerSize = HEADER * fitted.scale;
    const xs = widths.map((_, i) => this.left + widths.slice(0, i).reduce((s, w) => s + w, 0));
    const rowHeight = (row: Cell[], bold = false) =>
      Math.max(
        ...row.map((c, i) => {
          const cell = cellOf(c);
          doc.fontSize(9);
          return this.measure(cell.text || ' ', { width: widths[i] - 2 * pad }, bold || cell.bold);
        }),
      ) +
      2 * pad;
    const drawHeader = () => {
      doc.fontSize(headerSize);
      const h =
        Math.max(...columns.map((c, i) => this.measure(c.header, { width: widths[i] - 2 * pad }, true))) +
        2 * pad +
        1;
      const y = doc.y;
      doc.rect(this.left, y, this.width, h).fill(brand.primary);
      doc.fillColor(brand.primaryText);
      columns.forEach((c, i) => {
        this.write(
          c.header,
          xs[i] + pad,
          y + pad + 0.5,
          { width: widths[i] - 2 * pad, align: c.align },
          true,
        );
      });
      doc.y = y + h;
    };
    const drawRow = (row: Cell[], index: number, bold = false) => {
      const h = rowHeight(row, bold);
      const y = doc.y;
      if (!bold && index % 2 === 1) doc.rect(this.left, y, this.width, h).fill(ZEBRA);
      row.forEach((c, i) => {
        const cell = cellOf(c);
        doc.fontSize(9).fillColor(cell.colour ?? TEXT);
        this.write(
          cell.text,
          xs[i] + pad,
          y + pad,
          { width: widths[i] - 2 * pad, align: columns[i].align },
          bold || cell.bold,
        );
      });
      doc.y = y + h;
      doc
        .moveTo(this.left, doc.y)
        .lineTo(this.left + this.width, doc.y)
        .lineWidth(0.4)
        .stroke(RULE);
    };

    const totalsHeight = totals.reduce((s, r) => s + rowHeight(r, true), 0);
    this.ensureSpace(24 + (rows[0] ? rowHeight(rows[0]) : 20) + (rows.length <= 1 ? totalsHeight : 0));
    drawHeader();
    if (rows.length === 0 && options.empty) {
      doc.fontSize(9).fillColor(MUTED);
      this.write(options.empty, this.left + pad, doc.y + pad, { width: this.width - 2 * pad });
      doc.y += pad;
    }
    rows.forEach((row, i) => {
      const last = i === rows.length - 1;
      const need = rowHeight(row) + (last ? totalsHeight : 0);
      if (doc.y + need > this.bottom) {
        doc.addPage();
        drawHeader();
      }
      drawRow(row, i);
    });
    if (totals.length) {
      if (doc.y + totalsHeight > this.bottom) {
        doc.addPage();
        drawHeader();
      }
      doc
        .moveTo(this.left, doc.y)
        .lineTo(this.left + this.width, doc.y)
        .lineWidth(1)
        .stroke(brand.primary);
      totals.forEach((r, i) => {
        drawRow(r, i, true);
      });
    }
    doc.fontSize(9.5).fillColor(TEXT);
    doc.x = this.left;
    doc.y += 12;
  }

  /**
   * Boxes to sign, side by side, each with its title and lines for name, date and signature; the boxes are
   * kept together on one page.
   */
  signatures(boxes: string[], lines: { name: string; date: string; signature: string }): void {
    const { doc, brand } = this;
    const height = 100;
    this.ensureSpace(height + 8);
    const gap = 18;
    const w = (this.width - gap * (boxes.length - 1)) / boxes.length;
    const top = doc.y + 4;
    boxes.forEach((title, i) => {
      const x = this.left + i * (w + gap);
      doc.save();
      doc.roundedRect(x, top, w, height, 4).clip();
      doc.rect(x, top, w, 22).fill(ZEBRA);
      doc.restore();
      doc.roundedRect(x, top, w, height, 4).lineWidth(0.8).stroke(RULE);
      doc
        .moveTo(x, top + 22)
        .lineTo(x + w, top + 22)
        .lineWidth(0.5)
        .stroke(RULE);
      doc.fontSize(9.5).fillColor(brand.primary);
      this.write(title, x + 8, top + 7, { width: w - 16, lineBreak: false }, true);
      doc.fontSize(8.5).fillColor(MUTED);
      const rows = [lines.name, lines.date, lines.signature];
      rows.forEach((label, r) => {
        const y = top + 37 + r * 22;
        this.write(label, x + 8, y - 9, { width: 70, lineBreak: false });
        const lineTop = r === 2 ? y + 12 : y + 3;
        doc
          .moveTo(x + 80, lineTop)
          .lineTo(x + w - 10, lineTop)
          .lineWidth(0.5)
          .stroke(RULE);
      });
    });
    doc.fillColor(TEXT).fontSize(9.5);
    doc.x = this.left;
    doc.y = top + height + 10;
  }

  /** Writes the footer on every page (`text(page, pages)` on the left, `pageLabel(page, pages)` on the right) and answers the PDF. */
  finish(footer: { text: string; pageLabel: (page: number, pages: number) => string }): Promise<Buffer> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = range.start; i < range.start + range.count; i++) {
      doc.switchToPage(i);
      // why: writing inside the bottom margin would otherwise make pdfkit start yet another page.
      const bottom = doc.page.margins.bottom;
      doc.page.margins.bottom = 0;
      const y = doc.page.height - bottom + 22;
      doc
        .moveTo(this.left, y - 6)
        .lineTo(this.left + this.width, y - 6)
        .lineWidth(0.5)
        .stroke(RULE);
      doc.fontSize(8).fillColor(MUTED);
      this.write(footer.text, this.left, y, { width: this.width * 0.7, lineBreak: false });
      this.write(footer.pageLabel(i - range.start + 1, range.count), this.left + this.width * 0.7, y, {
        width: this.width * 0.3,
        align: 'right',
        lineBreak: false,
      });
      doc.page.margins.bottom = bottom;
    }
    doc.end();
    return this.bytes;
  }
}
