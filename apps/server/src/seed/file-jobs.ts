import { pdfLogo } from '../platform/pdf/logo.ts';
import { defaultBrand, type PdfBrand } from '../platform/pdf/pdf.ts';
import { type PdfLine, textPdf } from '../platform/pdf/text-pdf.ts';
import type { Shape } from './catalogue-data.ts';
import { renderLogo, renderPicture } from './images.ts';

/** A file the seed stores: bytes made on demand, under a fixed key (reseeding overwrites, never piles up). */
export interface FileJob {
  id: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  make(): Promise<Buffer> | Buffer;
  meta?: Record<string, unknown>;
}

// why: one logo conversion for the hundreds of demo documents, not one each.
let brand: Promise<PdfBrand> | null = null;
/** The demo corporate identity (the seeded logo, the default colours) as the demo documents show it. */
export function demoBrand(): Promise<PdfBrand> {
  brand ??= renderLogo()
    .then(pdfLogo)
    .then((logo) => ({ ...defaultBrand, logo }));
  return brand;
}

/** The demo documents' creation date: fixed, so every run makes the same bytes. */
const CREATED = new Date('2026-11-16T08:00:00Z');

/** A demo document (certificate, site document, manual, invoice…): the branded plain layout of platform/pdf. */
export function pdfJob(
  id: string,
  storageKey: string,
  fileName: string,
  title: string,
  lines: (PdfLine | string)[],
): FileJob {
  return {
    id,
    storageKey,
    fileName,
    contentType: 'application/pdf',
    make: async () => textPdf(title, lines, { brand: await demoBrand(), created: CREATED }),
  };
}

export function pictureJob(
  id: string,
  storageKey: string,
  fileName: string,
  picture: { shape: Shape; colour: string; title: string; caption: string },
): FileJob {
  return {
    id,
    storageKey,
    fileName,
    contentType: 'image/webp',
    make: () => renderPicture(picture.shape, picture.colour, picture.title, picture.caption),
    meta: { width: 400, height: 300, generated: true },
  };
}
