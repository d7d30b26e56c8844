import { apiError, idParams } from '@mp/contract/api/common';
import { outboxList, outboxListQuery, outboxMessage, outboxRetried } from '@mp/contract/api/erp-outbox';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { erpOperators } from '../../platform/http/route-access.ts';
import { listOutbox, retryAllDead, retryMessage } from './outbox.admin.ts';
import { useErpOutbox } from './outbox.ts';

/** The outbox's operator routes under /api/v2.0/Erp/outbox (decision 0027); the outbox is on when an ERP is configured. */
export async function erpOutboxRoutes(fastify: FastifyInstance, deps: Deps) {
  useErpOutbox(deps.config.ERP !== 'none');
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Erp'];
  const base = '/api/v2.0/Erp/outbox';

  app.get(
    base,
    {
      config: erpOperators,
      schema: {
        tags,
        description:
          'Admins and BusinessCentral holders: the messages to the ERP of one status (waiting, with those being sent; dead; sent), newest first, with the count of each status and the last error in the reader’s language.',
        querystring: outboxListQuery,
        response: { 200: outboxList },
      },
    },
    async (req) => listOutbox(ctxOf(req, deps), req.query),
  );

  app.post(
    `${base}/:id/retry`,
    {
      config: erpOperators,
      schema: {
        tags,
        description:
          'Admins and BusinessCentral holders: a dead message waits again, due now, its tries counted afresh (404 ErpOutbox.onbekend; 409 ErpOutbox.niet_dood when it is not dead).',
        params: idParams,
        response: { 200: outboxMessage, 409: apiError },
      },
    },
    async (req) => retryMessage(ctxOf(req, deps), req.params.id),
  );

  app.post(
    `${base}/retry-dead`,
    {
      config: erpOperators,
      schema: {
        tags,
        description: 'Admins and BusinessCentral holders: every dead message waits again, due now.',
        response: { 200: outboxRetried },
      },
    },
    async (req) => retryAllDead(ctxOf(req, deps)),
  );
}
