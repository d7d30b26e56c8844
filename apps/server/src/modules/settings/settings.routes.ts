import {
  settingsPayload as payload,
  settingUpdate,
  settingsUpdate as updateBody,
} from '@mp/contract/api/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import { buildInfo } from '../../platform/version.ts';
import { readFlatSettings, readSettings, resetSettings, writeSettings } from './settings.service.ts';

const flatten = (b: z.infer<typeof updateBody>) => ({
  ...b.boolValues,
  ...b.intValues,
  ...b.stringValues,
  ...b.multiStrings,
});

export async function settingsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Settings'];

  app.get(
    '/api/v2.0/Settings/:groupingType',
    {
      schema: {
        tags,
        description:
          'Settings of one group (`all` for every group). Public settings need no login; admins see all.',
        security: [],
        params: z.object({ groupingType: z.string().min(1).max(64) }),
        response: { 200: payload },
      },
    },
    async (req) => readSettings(ctxOf(req, deps), req.params.groupingType),
  );

  app.put(
    '/api/v2.0/Settings/:groupingType',
    {
      config: adminOnly,
      schema: {
        tags,
        description: 'Admin: update settings of one group (all or nothing).',
        params: z.object({ groupingType: z.string().min(1).max(64) }),
        body: updateBody,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await writeSettings(ctxOf(req, deps), flatten(req.body), req.params.groupingType);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2.0/Settings',
    {
      config: adminOnly,
      schema: {
        tags,
        description: 'Admin: set one setting by key. An unknown key answers 404 error.instelling_onbekend.',
        body: settingUpdate,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await writeSettings(ctxOf(req, deps), { [req.body.key]: req.body.value });
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v2.0/Settings/:key',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          'Admin: put one setting back to its default (the stored value is removed). An unknown key answers 404 error.instelling_onbekend.',
        params: z.object({ key: z.string().min(1).max(128) }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await resetSettings(ctxOf(req, deps), [req.params.key]);
      return reply.code(204).send(null);
    },
  );

  // Legacy RPC calls (POST /api/{Controller}/{Action}).
  const legacy = { tags: ['Legacy'], body: z.object({}).passthrough().optional() };
  // why: answered without a login (the public subset for a visitor), so declared public (issue #16).
  const legacyPublic = { ...legacy, security: [] };
  app.post(
    '/api/AppSettings/GetAppSettings',
    { schema: { ...legacyPublic, response: { 200: z.record(z.string(), z.unknown()) } } },
    async (req) => readFlatSettings(ctxOf(req, deps)),
  );
  app.post(
    '/api/AppSettings/GetSettings',
    { schema: { ...legacyPublic, response: { 200: payload } } },
    async (req) => readSettings(ctxOf(req, deps), 'all'),
  );
  app.post(
    '/api/AppSettings/UpdateAppSettings',
    { config: adminOnly, schema: { tags: ['Legacy'], body: updateBody, response: { 204: z.null() } } },
    async (req, reply) => {
      await writeSettings(ctxOf(req, deps), flatten(req.body));
      return reply.code(204).send(null);
    },
  );
  app.post(
    '/api/AppSettings/GetVersion',
    {
      schema: {
        ...legacyPublic,
        response: { 200: z.object({ version: z.string(), buildId: z.string() }) },
      },
    },
    async () => {
      const info = buildInfo(deps.webRoot);
      return { version: info.version, buildId: info.buildId };
    },
  );
}
