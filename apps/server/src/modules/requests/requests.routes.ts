import {
  cancelRequestInput,
  changeRequestStatusInput,
  orderForm,
  requestDetail,
  requestList,
  requestListQuery,
  submitResult,
} from '@mp/contract/api/ordering';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf, requireUser } from '../../platform/http/context.ts';
import { IDEMPOTENT_REPLAY_HEADER, idempotencyKeyOf } from '../../platform/http/idempotency.ts';
import { requestsLegacy } from './requests.legacy.ts';
import {
  cancelRequest,
  changeRequestStatus,
  getRequest,
  listRequests,
  submitOrder,
} from './requests.service.ts';

// why: one name per path position (`id` = the order list for …/order, the request elsewhere).
const idParams = z.object({ id: z.guid() });
const idempotencyHeaders = z
  .object({
    'idempotency-key': z
      .string()
      .max(255)
      .optional()
      .describe('One fresh value per order; reused on retries.'),
  })
  .passthrough();

export async function requestsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PlantRequests'];
  const base = '/api/v2.0/PlantRequests';

  app.post(
    `${base}/:id/order`,
    {
      schema: {
        tags,
        description:
          'Submits order list {id} as an order request (201). Requires the Idempotency-Key header (400 without): a retry with the same key answers the same (header Idempotent-Replayed), the same key with another body 422 error.idempotency_conflict. Date rules, terms and the destination are checked on the server.',
        params: idParams,
        headers: idempotencyHeaders,
        body: orderForm,
        response: { 201: submitResult },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const key = idempotencyKeyOf(req.headers);
      const answer = await submitOrder(
        ctx,
        { mailer: deps.mailer, publicUrl: deps.config.publicUrl },
        req.params.id,
        req.body,
        key,
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(answer.status as 201).send(answer.body);
    },
  );

  app.get(
    base,
    {
      schema: {
        tags,
        description:
          "Requests of the user's locations (one location with plantLocation), newest first; status may list several, comma-separated.",
        querystring: requestListQuery,
        response: { 200: requestList },
      },
    },
    async (req) => listRequests(ctxOf(req, deps), req.query),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        description:
          'One request with its lines, status history and the statuses this viewer may move it to.',
        params: idParams,
        response: { 200: requestDetail },
      },
    },
    async (req) => getRequest(ctxOf(req, deps), req.params.id),
  );

  app.post(
    `${base}/:id/cancel`,
    {
      schema: {
        tags,
        description:
          'The requester cancels the request: only while submitted (else 422 error.status_overgang_ongeldig).',
        params: idParams,
        body: cancelRequestInput.optional(),
        response: { 200: requestDetail },
      },
    },
    async (req) => cancelRequest(ctxOf(req, deps), req.params.id, req.body?.note),
  );

  app.post(
    `${base}/:id/status`,
    {
      schema: {
        tags,
        description:
          'The equipment department (admins) changes the status along the life cycle (docs/decisions/0006); rejecting and cancelling need a note.',
        params: idParams,
        body: changeRequestStatusInput,
        response: { 200: requestDetail },
      },
    },
    async (req) => changeRequestStatus(ctxOf(req, deps), req.params.id, req.body),
  );

  requestsLegacy(app, deps);
}
