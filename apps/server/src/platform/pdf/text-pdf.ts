import { defaultBrand, type PdfBrand, PdfWriter } from './pdf.ts';

/** A line of a plain text document: a string, or a styled line with extra space above it. */
export interface PdfLine {
  text: string;
  size?: number;
  bold?: boolean;
  /** Extra space above, in points. */
  gap?: number;
}

/**
 * A plain document: the branded header with the title, the lines, the footer with page numbers (Dutch: the demo
 * documents and anything without its own layout).
 */
export function textPdf(
  title: string,
  lines: (PdfLine | string)[],
  options: { brand?: PdfBrand; created?: Date; subtitle?: string } = {},
): Promise<Buffer> {
  const pdf = new PdfWriter(options.brand ?? defaultBrand, {
    title,
    language: 'nl-NL',
    created: options.created,
  });
  pdf.header({ title, lines: options.subtitle ? [options.subtitle] : [] });
  for (const line of lines) {
    const l = typeof line === 'string' ? { text: line } : line;
    pdf.paragraph(l.text, { bold: l.bold, size: l.size, gap: l.gap ?? 2 });
  }
  return pdf.finish({
    text: `${(options.brand ?? defaultBrand).name} · ${title}`,
    pageLabel: (page, pages) => `Pagina ${page} van ${pages}`,
  });
}
