import { imageSetResult } from '@mp/contract/api/images';
import { corporateIdentity } from '@mp/contract/api/shell';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { type ImageType, imageTypes } from '../../platform/files/image-url.ts';
import { imageKinds, readUploads, registerUploads } from '../../platform/files/uploads.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { fileAnswer, fileTypes, uploadForm } from '../../platform/http/openapi-schema.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import { corporateIdentityRoutes } from './corporate-identity.routes.ts';
import { imagesLegacy } from './images.legacy.ts';
import {
  getCorporateIdentity,
  listImageUrls,
  missingFile,
  readImage,
  removeImage,
  setImage,
} from './images.service.ts';

const typeParam = z.enum(imageTypes);
const entityId = z.string().trim().min(1).max(100);

export async function imagesRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await registerUploads(app, deps.config);
  const tags = ['Images'];

  app.get(
    '/api/v2.0/CorporateIdentity',
    {
      schema: {
        tags: ['CorporateIdentity'],
        security: [],
        description:
          'URLs of logo, banner and favicon (null when not set). Public: the shell needs them before sign-in.',
        response: { 200: corporateIdentity },
      },
    },
    async (req) => getCorporateIdentity(ctxOf(req, deps)),
  );

  // A content page's image is a new one each time; the other types name what the image is of (`id`). Two routes,
  // so the document can say which needs an id (issue #31 item 21).
  const storeUpload = async (req: FastifyRequest, type: ImageType, queryId: string | undefined) => {
    const ctx = ctxOf(req, deps);
    // checked before the upload body is read, so a non-admin's file is never buffered or decoded
    await requireAccess(ctx, { permission: 'admin' });
    const { files, fields } = await readUploads(req, deps.config, {
      allowed: imageKinds,
      fileFields: ['file'],
    });
    if (files.length === 0) throw missingFile('file');
    const id = entityId.safeParse(queryId ?? fields.id);
    return setImage(ctx, deps.storage, type, id.success ? id.data : null, files[0]);
  };
  const imageForm = uploadForm({ files: { file: imageKinds }, required: ['file'] });
  const uploadRules =
    'multipart upload of one image in field `file` (PNG, JPEG, WebP or GIF by content; re-encoded, metadata stripped). 413 too large, 415 other types.';

  app.post(
    '/api/v2.0/Images/set/content',
    {
      config: adminOnly,
      schema: {
        ...imageForm,
        tags,
        description: `Admin: a new image for a content page, ${uploadRules}`,
        response: { 201: imageSetResult },
      },
    },
    async (req, reply) => reply.code(201).send(await storeUpload(req, 'content', undefined)),
  );

  app.post(
    '/api/v2.0/Images/set/:type',
    {
      config: adminOnly,
      schema: {
        ...imageForm,
        tags,
        description: `Admin: the image of an item, category, set or corporate slot, ${uploadRules} \`id\` names the item number, category id, set id or corporate slot (logo|banner|favicon); the old client may send it as a form field instead of in the query.`,
        params: z.object({ type: typeParam.exclude(['content']) }),
        // why: required in the document; a form field id still counts (the old client), so optional here
        querystring: z
          .object({ id: entityId.optional() })
          .strict()
          .meta({ required: ['id'] }),
        response: { 201: imageSetResult },
      },
    },
    async (req, reply) => reply.code(201).send(await storeUpload(req, req.params.type, req.query.id)),
  );

  app.get(
    '/api/v2.0/Images/single/:type/:id',
    {
      schema: {
        tags,
        security: [],
        description:
          'The image bytes (public, cached a day; the URLs this API hands out carry a version). item: item number or id; category/set: id; corporate: logo|banner|favicon; content: file id.',
        params: z.object({ type: typeParam, id: entityId }),
        querystring: z.object({ v: z.string().max(64).optional() }),
        response: {
          200: fileAnswer('The image.', fileTypes.image),
          304: z.null().meta({ description: 'Not modified: the image of the If-None-Match etag.' }),
        },
      },
    },
    async (req, reply) => {
      const image = await readImage(ctxOf(req, deps), deps.storage, req.params.type, req.params.id);
      reply
        .header('content-type', image.contentType)
        .header('cache-control', 'public, max-age=86400')
        .header('etag', image.etag)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('content-disposition', 'inline');
      if (req.headers['if-none-match'] === image.etag) return reply.code(304).send(null);
      return reply.send(image.bytes);
    },
  );

  app.get(
    '/api/v2.0/Images/all/:type/:id',
    {
      schema: {
        tags,
        security: [],
        description: 'Every image URL of an entity (an item: its main picture, then its image documents).',
        params: z.object({ type: typeParam, id: entityId }),
        response: { 200: z.object({ urls: z.array(z.string()) }) },
      },
    },
    async (req) => ({ urls: await listImageUrls(ctxOf(req, deps), req.params.type, req.params.id) }),
  );

  app.delete(
    '/api/v2.0/Images/:type/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          'Admin: clear the image of an item, category, set or corporate slot, or delete a content image.',
        params: z.object({ type: typeParam, id: entityId }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeImage(ctxOf(req, deps), deps.storage, req.params.type, req.params.id);
      return reply.code(204).send(null);
    },
  );

  corporateIdentityRoutes(app, deps);
  imagesLegacy(app, deps);
}
