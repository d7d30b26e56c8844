import {
  translationChanges as changes,
  translationsLocale as locale,
  translationsView as view,
} from '@mp/contract/api/translations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import { readTranslations, saveTranslations } from './translations.service.ts';

export async function translationsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Translations'];

  app.get(
    '/api/v2.0/Translations/:locale',
    { schema: { tags, security: [], params: z.object({ locale }), response: { 200: view } } },
    async (req) => readTranslations(ctxOf(req, deps), req.params.locale),
  );
  app.put(
    '/api/v2.0/Translations/:locale',
    {
      config: adminOnly,
      schema: {
        tags,
        description: 'Admin: override texts (key → text; null restores the bundled text).',
        params: z.object({ locale }),
        body: changes,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await saveTranslations(ctxOf(req, deps), req.params.locale, req.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Translations/GetTranslations',
    {
      schema: {
        tags: ['Legacy'],
        security: [],
        body: z.object({ locale: locale.optional() }).passthrough().optional(),
        response: { 200: z.object({ locale, translations: z.record(z.string(), z.string()) }) },
      },
    },
    async (req) => readTranslations(ctxOf(req, deps), req.body?.locale ?? req.locale),
  );
  app.post(
    '/api/Translations/SaveTranslations',
    {
      config: adminOnly,
      schema: {
        tags: ['Legacy'],
        body: z.object({ locale, translations: changes }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await saveTranslations(ctxOf(req, deps), req.body.locale, req.body.translations);
      return reply.code(204).send(null);
    },
  );
}
