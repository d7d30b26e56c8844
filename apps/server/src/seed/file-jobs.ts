import type { Shape } from './catalogue-data.ts';
import { renderPicture } from './images.ts';
import { type PdfLine, simplePdf } from './pdf.ts';

/** A file the seed stores: bytes made on demand, under a fixed key (reseeding overwrites, never piles up). */
export interface FileJob {
  id: string;
  storageKey: string;
  fileName: string;
  contentType: string;
  make(): Promise<Buffer> | Buffer;
  meta?: Record<string, unknown>;
}

export function pdfJob(
  id: string,
  storageKey: string,
  fileName: string,
  title: string,
  lines: (PdfLine | string)[],
): FileJob {
  return { id, storageKey, fileName, contentType: 'application/pdf', make: () => simplePdf(title, lines) };
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
