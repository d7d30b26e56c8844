import { connectionTest, erpSyncAnswer, erpSyncRequest, erpSyncStates } from '@mp/contract/api/erp-sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ENDS_SESSIONS } from '../../platform/auth/sessions.ts';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { erpDepsOf } from './erp.deps.ts';
import { erpLegacyRoutes } from './erp.legacy.ts';
import { testErpConnection } from './erp.service.ts';
import { readSyncStates, startSync } from './erp.sync.service.ts';
import { syncOrder } from './erp.sync.ts';
import { erpWebhookRoutes } from './erp.webhooks.routes.ts';

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

  app.post(
    '/api/v2.0/Erp/sync',
    {
      // a user the ERP blocked or deleted loses every session: the answer waits until this process knows it
      config: ENDS_SESSIONS,
      schema: {
        tags: ['Erp'],
        description:
          'Admins and holders of BusinessCentral: "sync now" — the entities given (all when left out: body {}) are synced from the ERP: queued as background jobs (answer erp.sync.gestart, or erp.sync.bezig when each already waits), or, in a process without the job runner, run now (erp.sync.klaar with the counts per entity). With ERP=none: erp.niet_gekoppeld (decision 0027).',
        body: erpSyncRequest,
        response: { 200: erpSyncAnswer },
      },
    },
    async (req) => startSync(ctxOf(req, deps), erpDepsOf(deps, req), req.body.entities ?? syncOrder),
  );
  app.get(
    '/api/v2.0/Erp/sync',
    {
      schema: {
        tags: ['Erp'],
        description:
          "Admins and holders of BusinessCentral: where the sync of each entity stands — running, resumable, the high-water mark of the next delta, the last full and delta runs, the counts of the current or last run, the last error in the caller's language (decision 0027).",
        response: { 200: erpSyncStates },
      },
    },
    async (req) => readSyncStates(ctxOf(req, deps), deps),
  );
  erpLegacyRoutes(fastify, deps);
  await erpWebhookRoutes(fastify, deps);
}
