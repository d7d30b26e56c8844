import { anyCaseWords, apiError, idParams, urlReference } from '@mp/contract/api/common';
import { corporateIdentity } from '@mp/contract/api/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { imageKinds, readUploads } from '../../platform/files/uploads.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { uploadForm } from '../../platform/http/openapi-schema.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import type { CorporateSlot } from './images.queries.ts';
import {
  colourKeys,
  corporateSlots,
  getCorporateIdentity,
  missingFile,
  removeImage,
  saveCustomColors,
  setCorporateImages,
  setImage,
} from './images.service.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Legacy RPC calls (POST /api/{Controller}/{Action}) for corporate identity, colours, category and content images. */
export function imagesLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/AppSettings/GetCorporateIdentityImages',
    {
      schema: {
        tags,
        security: [],
        body: z.object({}).passthrough().nullish(),
        response: { 200: corporateIdentity },
      },
    },
    async (req) => getCorporateIdentity(ctxOf(req, deps)),
  );

  app.post(
    '/api/AppSettings/UpdateCorporateIdentityImages',
    {
      config: adminOnly,
      schema: {
        ...uploadForm({
          files: { logo: imageKinds, banner: imageKinds, favicon: imageKinds },
          atLeastOneFile: true,
        }),
        tags,
        description:
          'Admin: multipart with any of the file fields logo, banner, favicon. Answers the new URLs.',
        response: { 200: corporateIdentity },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      // checked before the upload body is read, so a non-admin's file is never buffered or decoded
      await requireAccess(ctx, { permission: 'admin' });
      const { files } = await readUploads(req, deps.config, {
        allowed: imageKinds,
        maxFiles: 3,
        fileFields: corporateSlots,
      });
      if (files.length === 0) throw missingFile('logo');
      return setCorporateImages(
        ctx,
        deps.storage,
        files.map((f) => ({ slot: f.field as CorporateSlot, upload: f })),
      );
    },
  );

  app.post(
    '/api/CustomColors/SaveCustomColors',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          'Admin: colour settings (PrimaryColor, PrimaryColorDarker, PrimaryColorRgb, PrimaryTextColor, Secondary…) as #RRGGBB / "R, G, B". PrimaryColorRgb follows PrimaryColor (a different one is refused: 422 validation.rgb_volgt_primaire_kleur). Colours whose text would fall below WCAG AA are refused (422 corporate_identity.contrast_te_laag, with each failing pair).',
        body: z.record(z.string().max(64), z.string().max(32)).meta({
          // the colour settings only, in any letter case (the service names an unknown one)
          propertyNames: { pattern: anyCaseWords(colourKeys) },
        }),
        response: { 204: z.null(), 422: apiError },
      },
    },
    async (req, reply) => {
      await saveCustomColors(ctxOf(req, deps), req.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/AppSettings/UpdateCategoryImages',
    {
      config: adminOnly,
      schema: {
        ...uploadForm({
          files: { file: imageKinds },
          otherFiles: imageKinds,
          fields: { categoryId: { type: 'string', format: 'uuid' }, id: { type: 'string', format: 'uuid' } },
          atLeastOneFile: true,
          rules: {
            // a file named by its category's id, or `file` with the category in categoryId (or id)
            propertyNames: { anyOf: [{ enum: ['file', 'categoryId', 'id'] }, { format: 'uuid' }] },
            if: { required: ['file'] },
            // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then/else, not a promise
            then: { anyOf: [{ required: ['categoryId'] }, { required: ['id'] }] },
          },
        }),
        tags,
        description:
          'Admin: multipart; either a field categoryId with the file in `file`, or one file per category with the category id as its field name (up to 10).',
        response: {
          200: z.object({ categories: z.array(z.object({ categoryId: z.string(), url: urlReference })) }),
        },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      // checked before the upload body is read, so a non-admin's file is never buffered or decoded
      await requireAccess(ctx, { permission: 'admin' });
      const { files, fields } = await readUploads(req, deps.config, { allowed: imageKinds, maxFiles: 10 });
      if (files.length === 0) throw missingFile('file');
      const out: { categoryId: string; url: string }[] = [];
      for (const file of files) {
        const categoryId = uuidPattern.test(file.field) ? file.field : (fields.categoryId ?? fields.id ?? '');
        const result = await setImage(ctx, deps.storage, 'category', categoryId || null, file);
        out.push({ categoryId, url: result.url });
      }
      return { categories: out };
    },
  );

  app.post(
    '/api/AppSettings/RemoveCategoryImage',
    {
      config: adminOnly,
      schema: {
        tags,
        description: 'Admin: clear a category image.',
        body: z.union([z.object({ categoryId: z.guid() }).passthrough(), idParams.passthrough()]),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const body = req.body as { categoryId?: string; id?: string };
      await removeImage(ctxOf(req, deps), deps.storage, 'category', (body.categoryId ?? body.id) as string);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/ContentControllers/UploadContentImage',
    {
      config: adminOnly,
      schema: {
        ...uploadForm({ files: { file: imageKinds }, otherFiles: imageKinds, atLeastOneFile: true }),
        tags,
        description:
          'Admin: multipart image for a content page (any one file field). Answers the URL to put in the page.',
        response: { 200: z.object({ fileId: z.string(), url: urlReference }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      // checked before the upload body is read, so a non-admin's file is never buffered or decoded
      await requireAccess(ctx, { permission: 'admin' });
      const { files } = await readUploads(req, deps.config, { allowed: imageKinds });
      if (files.length === 0) throw missingFile('file');
      return setImage(ctx, deps.storage, 'content', null, files[0]);
    },
  );
}
