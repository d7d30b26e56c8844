import { apiError } from '@mp/contract/api/common';
import {
  mailTemplate,
  mailTemplateInput,
  mailTemplateList,
  mailTemplateParams,
  mailTemplatePreview,
  mailTemplateTestAnswer,
  mailTemplateType,
} from '@mp/contract/api/mail-templates';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyLocaleField } from '../../platform/http/legacy-dto.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import {
  listMailTemplates,
  previewMailTemplate,
  resetMailTemplate,
  saveMailTemplate,
  sendTestMail,
} from './mail-templates.service.ts';

const tags = ['MailTemplates'];
const unknownNote =
  ' A placeholder the type does not fill in is refused (400, details.fields.subject / html: MailTemplates.onbekende_placeholder with params.names); a text with no words left once cleaned answers 422 MailTemplates.tekst_leeg.';

export async function mailTemplatesRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;

  app.get(
    '/api/v2.0/MailTemplates',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          'Admin: every admin-editable mail type with the placeholders its sender fills in and its text per language (the default when none is stored, isDefault).',
        response: { 200: mailTemplateList },
      },
    },
    async (req) => listMailTemplates(ctxOf(req, deps)),
  );

  app.put(
    '/api/v2.0/MailTemplates/:type/:locale',
    {
      config: adminOnly,
      schema: {
        tags,
        description: `Admin: stores the subject and HTML (cleaned by the mail allow-list) of one type in one language.${unknownNote}`,
        params: mailTemplateParams,
        body: mailTemplateInput,
        response: { 200: mailTemplate, 422: apiError },
      },
    },
    async (req) => saveMailTemplate(ctxOf(req, deps), req.params.type, req.params.locale, req.body),
  );

  app.delete(
    '/api/v2.0/MailTemplates/:type/:locale',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          "Admin: back to the product's default text for this type and language (answers that text).",
        params: mailTemplateParams,
        response: { 200: mailTemplate },
      },
    },
    async (req) => resetMailTemplate(ctxOf(req, deps), req.params.type, req.params.locale),
  );

  app.post(
    '/api/v2.0/MailTemplates/:type/:locale/preview',
    {
      config: adminOnly,
      schema: {
        tags,
        description: `Admin: the (unsaved) text as a reader gets it, filled with sample values. Stores nothing.${unknownNote}`,
        params: mailTemplateParams,
        body: mailTemplateInput,
        response: { 200: mailTemplatePreview, 422: apiError },
      },
    },
    async (req) =>
      previewMailTemplate(ctxOf(req, deps), publicUrl, req.params.type, req.params.locale, req.body),
  );

  app.post(
    '/api/v2.0/MailTemplates/:type/:locale/test',
    {
      config: adminOnly,
      schema: {
        tags,
        description: `Admin: sends the (unsaved) text with sample values to the administrator's own address (202). Stores nothing.${unknownNote}`,
        params: mailTemplateParams,
        body: mailTemplateInput,
        response: { 202: mailTemplateTestAnswer, 422: apiError },
      },
    },
    async (req, reply) =>
      reply
        .code(202)
        .send(
          await sendTestMail(
            ctxOf(req, deps),
            { mailer: deps.mailer, publicUrl },
            req.params.type,
            req.params.locale,
            req.body,
          ),
        ),
  );

  // ── legacy (spec §7 MailTemplates/*) ──
  const legacyLocale = legacyLocaleField(mailTemplateParams.shape.locale);
  app.post(
    '/api/MailTemplates/GetMailTemplates',
    {
      config: adminOnly,
      schema: {
        tags: ['Legacy'],
        description: 'Admin: every type and language (as GET /api/v2.0/MailTemplates, flat).',
        body: z.object({}).strict().nullish(),
        response: { 200: z.object({ mailTemplates: z.array(mailTemplate) }) },
      },
    },
    async (req) => ({
      mailTemplates: (await listMailTemplates(ctxOf(req, deps))).types.flatMap((t) => t.templates),
    }),
  );
  app.post(
    '/api/MailTemplates/SaveMailTemplateTexts',
    {
      config: adminOnly,
      schema: {
        tags: ['Legacy'],
        description: `Admin: stores the subject and HTML of one type in one language.${unknownNote}`,
        body: z
          .object({ type: mailTemplateType, locale: legacyLocale })
          .extend(mailTemplateInput.shape)
          .passthrough(),
        response: { 200: mailTemplate, 422: apiError },
      },
    },
    async (req) => {
      const { type, locale, subject, html } = req.body;
      return saveMailTemplate(ctxOf(req, deps), type, locale, { subject, html });
    },
  );
}
