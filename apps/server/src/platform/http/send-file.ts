import type { FastifyReply } from 'fastify';
import { type ExportFormat, exportContentType } from '../files/table-export.ts';
import { safeDisplayName } from '../files/uploads.ts';

/*
 * How the portal sends a file (issue #32 item 5): a stored file (a document, an invoice PDF, a complaint's
 * attachment, an exit order's photo) and a list export. One place for the headers that keep a download safe.
 */

/** Shown in the browser (PDF, images); anything else is downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|webp|gif))$/;

/**
 * `content-disposition` for a download: always a server-chosen disposition and an escaped name, the plain
 * `filename` (ASCII, no quotes or line breaks) for old clients and `filename*` (RFC 8187) for the rest.
 */
export function contentDisposition(
  fileName: string,
  disposition: 'attachment' | 'inline' = 'attachment',
): string {
  const name = safeDisplayName(fileName);
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\%]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/**
 * A stored file in its own type: photos and PDFs inline, anything else as an attachment; never from a shared
 * cache without asking again (access may have ended since), never sniffed, sandboxed when opened.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: { bytes: Buffer; fileName: string; contentType: string },
) {
  return reply
    .header('content-type', file.contentType)
    .header(
      'content-disposition',
      contentDisposition(file.fileName, INLINE.test(file.contentType) ? 'inline' : 'attachment'),
    )
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.bytes);
}

/** A list export (xlsx or csv, streamed): always downloaded, never stored by a cache. */
export function sendExport(
  reply: FastifyReply,
  file: { format: ExportFormat; fileName: string; body: NodeJS.ReadableStream | Buffer | string },
) {
  return reply
    .header('content-type', exportContentType[file.format])
    .header('content-disposition', contentDisposition(file.fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .send(file.body);
}
