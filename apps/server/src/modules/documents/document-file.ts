import type { FastifyReply } from 'fastify';

/** Shown in the browser (PDF, images); anything else is downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|webp|gif))$/;

/** A document's file as Documents/{id}/content and the legacy DownloadDocument send it (decision 0009). */
export function sendDocumentFile(
  reply: FastifyReply,
  file: { bytes: Buffer; fileName: string; contentType: string },
) {
  const disposition = INLINE.test(file.contentType) ? 'inline' : 'attachment';
  return reply
    .header('content-type', file.contentType)
    .header('content-disposition', `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
    .header('cache-control', 'private, no-cache')
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .send(file.bytes);
}
