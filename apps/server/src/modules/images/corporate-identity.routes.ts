import { apiError } from '@mp/contract/api/common';
import { imageSetResult } from '@mp/contract/api/images';
import { corporateIdentitySettingsUpdate } from '@mp/contract/api/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAccess } from '../../platform/auth/access.ts';
import type { Deps } from '../../platform/deps.ts';
import { imageKinds, readUploads } from '../../platform/files/uploads.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { uploadForm } from '../../platform/http/openapi-schema.ts';
import { corporateIdentityEditors } from '../../platform/http/route-access.ts';
import {
  removeCorporateImage,
  saveCorporateIdentitySettings,
  uploadCorporateImage,
} from './corporate-identity.service.ts';
import { corporateSlots, missingFile } from './images.service.ts';

const slotParam = z.object({ slot: z.enum(corporateSlots) });

/** The corporate-identity page's writes (decision 0026): admins and AppCorporateIdentity holders. */
export function corporateIdentityRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['CorporateIdentity'];

  app.post(
    '/api/v2.0/CorporateIdentity/Images/:slot',
    {
      config: corporateIdentityEditors,
      schema: {
        ...uploadForm({ files: { file: imageKinds }, required: ['file'] }),
        tags,
        description:
          'Admins and AppCorporateIdentity holders: the logo, banner or favicon, multipart field `file` (PNG, JPEG, WebP or GIF by content; re-encoded, metadata stripped; the favicon becomes a PNG). 413 too large, 415 other types (SVG included).',
        params: slotParam,
        response: { 201: imageSetResult },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      // checked before the upload body is read, so a refused caller's file is never buffered or decoded
      await requireAccess(ctx, { permission: 'area.write', area: 'AppCorporateIdentity' });
      const { files } = await readUploads(req, deps.config, { allowed: imageKinds, fileFields: ['file'] });
      if (files.length === 0) throw missingFile('file');
      return reply.code(201).send(await uploadCorporateImage(ctx, deps.storage, req.params.slot, files[0]));
    },
  );

  app.delete(
    '/api/v2.0/CorporateIdentity/Images/:slot',
    {
      config: corporateIdentityEditors,
      schema: {
        tags,
        description:
          'Admins and AppCorporateIdentity holders: remove the logo, banner or favicon; the portal default shows again.',
        params: slotParam,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeCorporateImage(ctxOf(req, deps), deps.storage, req.params.slot);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/api/v2.0/CorporateIdentity/Settings',
    {
      config: corporateIdentityEditors,
      schema: {
        tags,
        description:
          'Admins and AppCorporateIdentity holders: colours (#RRGGBB; PrimaryColorRgb follows PrimaryColor), EnableFooterNavigation, ShowTermsAndConditionsLink, TermsAndConditionsUrl — all or nothing. A colour pair below WCAG AA 4.5:1 answers 422 corporate_identity.contrast_te_laag (details.pairs: id, text, background, ratio) unless acceptLowContrast is true.',
        body: corporateIdentitySettingsUpdate,
        response: { 204: z.null(), 422: apiError },
      },
    },
    async (req, reply) => {
      await saveCorporateIdentitySettings(ctxOf(req, deps), req.body);
      return reply.code(204).send(null);
    },
  );
}
