import { idParams, notBefore } from '@mp/contract/api/common';
import {
  footerColumnName as columnName,
  contentPage,
  contentPageList,
  contentPageOverview,
  footerColumn,
  footerList,
  localeSchema,
  serviceMessageAdmin,
  serviceMessageList,
} from '@mp/contract/api/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { adminOnly, corporateIdentityEditors } from '../../platform/http/route-access.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { contentLegacy } from './content.legacy.ts';
import {
  changeMessage,
  createMessage,
  createPage,
  getPage,
  listFooters,
  listMessages,
  listPages,
  pageOverview,
  removeMessage,
  removePage,
  saveFooter,
  updatePageContent,
} from './content.service.ts';

const HTML_MAX = 200_000;
const moment = z.iso.datetime({ offset: true }).transform((s) => new Date(s));
const localeQuery = z.object({ locale: localeSchema.optional() });
const pageKind = z.enum(['page', 'info', 'news']);

const pageCreate = z
  .object({
    pageName: z.string().trim().min(1).max(200),
    locale: localeSchema,
    html: z.string().max(HTML_MAX),
    kind: pageKind.optional(),
    /** Omitted: published now. null: kept as a draft (admins only). */
    publishedAt: moment.nullable().optional(),
  })
  .strict();
const pageUpdate = z
  .object({
    locale: localeSchema,
    pageName: z.string().trim().min(1).max(200).optional(),
    html: z.string().max(HTML_MAX).optional(),
    kind: pageKind.optional(),
    publishedAt: moment.nullable().optional(),
  })
  .strict();

const footerSave = z.object({ locale: localeSchema, columnName, html: z.string().max(HTML_MAX) }).strict();

/** For the API document: an end before its start answers 400 validation.einde_na_begin (against now, or the stored start, too). */
const untilAfterFrom = notBefore('activeUntil', 'activeFrom', { after: true });
const messageCreate = z
  .object({
    locale: localeSchema,
    message: z.string().trim().min(1).max(20_000),
    pageId: z.guid().nullable().optional(),
    activeFrom: moment.optional(),
    activeUntil: moment.nullable().optional(),
  })
  .strict()
  .meta(untilAfterFrom);
const messageUpdate = messageCreate.partial().strict().meta(untilAfterFrom);

export async function contentRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // ── content pages ──
  const pages = ['Pages'];
  app.get(
    '/api/v2.0/Pages',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags: pages,
        description:
          'Content pages with their names in `locale` (default: the request locale; nl-NL fallback). Published pages only, admins also see drafts. Anonymous only when AllowAnonymousUsers.',
        querystring: localeQuery,
        response: { 200: contentPageList },
      },
    },
    async (req) => ({ pages: await listPages(ctxOf(req, deps), req.query.locale ?? req.locale) }),
  );
  app.get(
    '/api/v2.0/Pages/overview',
    {
      config: adminOnly,
      schema: {
        tags: pages,
        description:
          'Admin: every page (drafts too) with its Dutch name, kind, publication, last change and the locales it has a text in.',
        response: { 200: contentPageOverview },
      },
    },
    async (req) => ({ pages: await pageOverview(ctxOf(req, deps)) }),
  );
  app.get(
    '/api/v2.0/Pages/:id',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags: pages,
        description: 'One page with its sanitized HTML in `locale`, falling back to nl-NL.',
        params: idParams,
        querystring: localeQuery,
        response: { 200: contentPage },
      },
    },
    async (req) => getPage(ctxOf(req, deps), req.params.id, req.query.locale ?? req.locale),
  );
  app.post(
    '/api/v2.0/Pages',
    {
      config: adminOnly,
      schema: {
        tags: pages,
        description: 'Admin: create a page (HTML sanitized).',
        body: pageCreate,
        response: { 201: contentPage },
      },
    },
    async (req, reply) => reply.code(201).send(await createPage(ctxOf(req, deps), req.body)),
  );
  app.put(
    '/api/v2.0/Pages/:id',
    {
      config: adminOnly,
      schema: {
        tags: pages,
        description: 'Admin: change the text of one locale (adds it when new), the kind or the publication.',
        params: idParams,
        body: pageUpdate,
        response: { 200: contentPage },
      },
    },
    async (req) => updatePageContent(ctxOf(req, deps), req.params.id, req.body),
  );
  app.delete(
    '/api/v2.0/Pages/:id',
    {
      config: adminOnly,
      schema: {
        tags: pages,
        description: 'Admin: delete a page (all locales).',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removePage(ctxOf(req, deps), req.params.id);
      return reply.code(204).send(null);
    },
  );

  // ── footer ──
  app.get(
    '/api/v2.0/Footers',
    {
      schema: {
        tags: ['Footers'],
        security: [],
        description:
          'The footer columns of `locale` (a column missing there comes from nl-NL), sanitized HTML. Public.',
        querystring: localeQuery,
        response: { 200: footerList },
      },
    },
    async (req) => ({ footers: await listFooters(ctxOf(req, deps), req.query.locale ?? req.locale) }),
  );
  app.put(
    '/api/v2.0/Footers',
    {
      config: corporateIdentityEditors,
      schema: {
        tags: ['Footers'],
        description:
          'Admins and AppCorporateIdentity holders: save one column of one locale (HTML sanitized).',
        body: footerSave,
        response: { 200: footerColumn },
      },
    },
    async (req) => saveFooter(ctxOf(req, deps), req.body),
  );

  // ── service messages ──
  const messages = ['ServiceMessages'];
  app.get(
    '/api/v2.0/ServiceMessages',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags: messages,
        description:
          'Active messages of `locale` (default: the request locale). `all=true` (admins): every message, past and future; of every locale unless `locale` is given. Anonymous only when AllowAnonymousUsers.',
        querystring: localeQuery.extend({ all: z.enum(['true', 'false']).optional() }),
        response: { 200: serviceMessageList },
      },
    },
    async (req) => ({
      serviceMessages: await listMessages(ctxOf(req, deps), {
        locale: req.query.locale,
        all: req.query.all === 'true',
      }),
    }),
  );
  app.post(
    '/api/v2.0/ServiceMessages',
    {
      config: adminOnly,
      schema: {
        tags: messages,
        description: 'Admin: create a message (HTML sanitized); active from now unless activeFrom is given.',
        body: messageCreate,
        response: { 201: serviceMessageAdmin },
      },
    },
    async (req, reply) => reply.code(201).send(await createMessage(ctxOf(req, deps), req.body)),
  );
  app.put(
    '/api/v2.0/ServiceMessages/:id',
    {
      config: adminOnly,
      schema: {
        tags: messages,
        description: 'Admin: change a message.',
        params: idParams,
        body: messageUpdate,
        response: { 200: serviceMessageAdmin },
      },
    },
    async (req) => changeMessage(ctxOf(req, deps), req.params.id, req.body),
  );
  app.delete(
    '/api/v2.0/ServiceMessages/:id',
    {
      config: adminOnly,
      schema: {
        tags: messages,
        description: 'Admin: delete a message.',
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeMessage(ctxOf(req, deps), req.params.id);
      return reply.code(204).send(null);
    },
  );

  await contentLegacy(app, deps);
}
