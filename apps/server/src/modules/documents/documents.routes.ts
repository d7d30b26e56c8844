import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { documentContent, documentInfo } from './documents.service.ts';

const params = z.object({ documentSystemId: z.string().trim().min(1).max(200) });

export const documentInfoSchema = z.object({
  documentSystemId: z.string(),
  category: z.string(),
  title: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  documentDate: z.string().nullable(),
  url: z.string(),
});

const access =
  "An item's document like the item's details (anonymous only with AllowAnonymousUsers); a document of a location, or of a plant, order or invoice at one, only for that location's members and admins; else 404.";

/** Shown in the browser (PDF, images); anything else is downloaded. */
const INLINE = /^(application\/pdf|image\/(png|jpeg|webp|gif))$/;

export async function documentsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Documents'];

  app.get(
    '/api/v2.0/Documents/:documentSystemId',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `What a document is: title, category, file name, type, size, date and the content URL. ${access}`,
        params,
        response: { 200: documentInfoSchema },
      },
    },
    async (req) => documentInfo(ctxOf(req, deps), req.params.documentSystemId),
  );

  app.get(
    '/api/v2.0/Documents/:documentSystemId/content',
    {
      schema: { security: visitorsWhenAllowed, tags, description: `The document's file. ${access}`, params },
    },
    async (req, reply) => {
      const file = await documentContent(ctxOf(req, deps), deps.storage, req.params.documentSystemId);
      const disposition = INLINE.test(file.contentType) ? 'inline' : 'attachment';
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `${disposition}; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-cache')
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(file.bytes);
    },
  );
}
