import { appConfig } from '@mp/contract/api/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { databaseAnswers } from '../../platform/db/database.ts';
import type { Deps } from '../../platform/deps.ts';
import { buildInfo } from '../../platform/version.ts';

export async function platformRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get('/health/live', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/health/ready', { schema: { hide: true } }, async (_req, reply) => {
    if (deps.lifecycle.shuttingDown) return reply.code(503).send({ status: 'shutting_down' });
    if (await databaseAnswers(deps.db)) return { status: 'ok' };
    return reply.code(503).send({ status: 'database_unreachable' });
  });

  app.get(
    '/api/v2.0/AppConfig',
    {
      schema: {
        tags: ['Platform'],
        security: [],
        response: { 200: appConfig },
      },
    },
    async () => {
      const info = buildInfo(deps.webRoot);
      const c = deps.config;
      // The same rule as the auth module's OIDC client (issuer, client id and redirect address all set).
      const externalLogin = Boolean(c.OIDC_ISSUER && c.OIDC_CLIENT_ID && c.OIDC_REDIRECT_URI);
      return { angularEnabled: false, externalLogin, version: info.version, buildId: info.buildId };
    },
  );
}
