import { idParams, requireOneOf } from '@mp/contract/api/common';
import {
  footerColumnName as columnName,
  footerColumn,
  localeSchema,
  serviceMessageAdmin,
} from '@mp/contract/api/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyLocaleField } from '../../platform/http/legacy-dto.ts';
import { adminOnly, corporateIdentityEditors } from '../../platform/http/route-access.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import {
  changeMessage,
  createMessage,
  createPage,
  getPage,
  listFooters,
  listMessages,
  listPages,
  removeMessage,
  removePage,
  saveFooter,
  updatePageContent,
} from './content.service.ts';

/** Legacy clients send 'nl-NL', 'nl_NL' or just 'nl'. */
const legacyLocale = legacyLocaleField(localeSchema);

const pageRef = requireOneOf(
  z
    .object({ pageId: z.guid().optional(), id: z.guid().optional(), locale: legacyLocale.optional() })
    .passthrough(),
  ['pageId', 'id'],
);
const legacyPage = z.object({
  pageId: z.string(),
  id: z.string(),
  pageName: z.string(),
  locale: localeSchema,
  kind: z.enum(['page', 'info', 'news']),
  publishedAt: z.string().nullable(),
  html: z.string().optional(),
});

const withPageId = <T extends { id: string }>(p: T) => ({ ...p, pageId: p.id });

/** The page id of a legacy body (the schema makes sure one of the two is there). */
const refOf = (body: { pageId?: string; id?: string }): string => (body.pageId ?? body.id) as string;

/** Legacy RPC calls: ContentControllers, Footer and ServiceMessages. */
export async function contentLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/ContentControllers/GetContent',
    {
      schema: { security: visitorsWhenAllowed, tags, body: pageRef, response: { 200: legacyPage } },
    },
    async (req) =>
      withPageId(await getPage(ctxOf(req, deps), refOf(req.body), req.body.locale ?? req.locale)),
  );

  app.post(
    '/api/ContentControllers/GetContentPages',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z.object({ locale: legacyLocale.optional() }).passthrough().nullish(),
        response: { 200: z.object({ pages: z.array(legacyPage) }) },
      },
    },
    async (req) => ({
      pages: (await listPages(ctxOf(req, deps), req.body?.locale ?? req.locale)).map(withPageId),
    }),
  );

  app.post(
    '/api/ContentControllers/RemoveContentPage',
    { config: adminOnly, schema: { tags, body: pageRef, response: { 204: z.null() } } },
    async (req, reply) => {
      await removePage(ctxOf(req, deps), refOf(req.body));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/ContentControllers/SaveContent',
    {
      config: adminOnly,
      schema: {
        tags,
        description: 'Admin: creates a page (no pageId) or saves the text of one locale of a page.',
        body: z
          .object({
            pageId: z.guid().nullish(),
            id: z.guid().nullish(),
            pageName: z.string().trim().min(1).max(200),
            locale: legacyLocale,
            html: z.string().max(200_000),
            kind: z.enum(['page', 'info', 'news']).optional(),
          })
          .passthrough(),
        response: { 200: legacyPage },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const { pageName, locale, html, kind } = req.body;
      const id = req.body.pageId ?? req.body.id;
      const page = id
        ? await updatePageContent(ctx, id, { pageName, locale, html, kind })
        : await createPage(ctx, { pageName, locale, html, kind });
      return withPageId(page);
    },
  );

  // ── footer ──
  app.post(
    '/api/Footer/GetFooters',
    {
      schema: {
        tags,
        security: [],
        body: z.object({ locale: legacyLocale.optional() }).passthrough().nullish(),
        response: { 200: z.object({ footers: z.array(footerColumn) }) },
      },
    },
    async (req) => ({ footers: await listFooters(ctxOf(req, deps), req.body?.locale ?? req.locale) }),
  );

  app.post(
    '/api/Footer/AddOrUpdateFooter',
    {
      config: corporateIdentityEditors,
      schema: {
        tags,
        description:
          'Admin: saves one column of one locale (keyed by locale + columnName; guidId is informational).',
        body: z
          .object({
            guidId: z.string().nullish(),
            locale: legacyLocale,
            columnName,
            html: z.string().max(200_000),
          })
          .passthrough(),
        response: { 200: footerColumn },
      },
    },
    async (req) =>
      saveFooter(ctxOf(req, deps), {
        locale: req.body.locale,
        columnName: req.body.columnName,
        html: req.body.html,
      }),
  );

  // ── service messages ──
  app.post(
    '/api/ServiceMessages/GetServiceMessages',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z.object({ locale: legacyLocale.optional() }).passthrough().nullish(),
        response: { 200: z.object({ serviceMessages: z.array(serviceMessageAdmin) }) },
      },
    },
    async (req) => ({
      serviceMessages: await listMessages(ctxOf(req, deps), { locale: req.body?.locale ?? req.locale }),
    }),
  );

  app.post(
    '/api/ServiceMessages/SaveServiceMessage',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          'Admin: creates (no id) or changes a message; the page is named by pageId or pageName. No response body.',
        body: z
          .object({
            id: z.guid().nullish(),
            locale: legacyLocale,
            message: z.string().trim().min(1).max(20_000),
            pageId: z.guid().nullish(),
            pageName: z.string().max(200).nullish(),
          })
          .passthrough(),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      const { id, locale, message, pageId, pageName } = req.body;
      const input = {
        locale,
        message,
        pageId: pageId ?? (pageName ? undefined : null),
        pageName: pageName ?? null,
      };
      if (id) await changeMessage(ctx, id, input);
      else await createMessage(ctx, input);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/ServiceMessages/RemoveServiceMessage',
    {
      config: adminOnly,
      schema: { tags, body: idParams.passthrough(), response: { 204: z.null() } },
    },
    async (req, reply) => {
      await removeMessage(ctxOf(req, deps), req.body.id);
      return reply.code(204).send(null);
    },
  );
}
