import { connectionTest } from '@mp/contract/api/erp-sync';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import type { ErpDeps } from './erp.connector.ts';
import { testErpConnection } from './erp.service.ts';

/** What the ERP's services need of the app's dependencies, with the request's logger for the client's lines. */
export function erpDepsOf(deps: Deps, req?: FastifyRequest): ErpDeps {
  return {
    config: deps.config,
    db: deps.db,
    loadSettings: deps.loadSettings,
    erpDefaults: deps.erpDefaults,
    log: req ? (entry) => req.log.debug(entry, 'erp') : undefined,
  };
}

export async function erpRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/v2.0/Erp/test-connection',
    {
      schema: {
        tags: ['Erp'],
        description:
          'Admins and holders of BusinessCentral: tests the connection to the ERP with the saved settings — a token, the company, one page of the custom rental API — and answers each step as a translation key and its text (decision 0027). With ERP=none: erp.niet_gekoppeld. Never returns the secret.',
        response: { 200: connectionTest },
      },
    },
    async (req) => testErpConnection(ctxOf(req, deps), erpDepsOf(deps, req)),
  );
}
