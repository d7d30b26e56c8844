import { apiError, idParams } from '@mp/contract/api/common';
import { cancelRequestInput, requestDetail, requestList, requestListQuery } from '@mp/contract/api/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { requestsLegacy } from './requests.legacy.ts';
import { getRequest, listRequests } from './requests.service.ts';
import { cancelRequest } from './requests.status.ts';

// why: one name per path position (`id` = the request; …/{id}/order, the submit, is workflows/submit-order-list.routes.ts).
export async function requestsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PlantRequests'];
  const base = '/api/v2.0/PlantRequests';
  const mailDeps = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };

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
    async (req) => {
      const { plantLocation, ...query } = req.query;
      return listRequests(ctxOf(req, deps), { ...query, locationNo: plantLocation });
    },
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
          'The requester cancels the request: only while submitted (else 409 error.status_overgang_ongeldig, details.currentStatus).',
        params: idParams,
        body: cancelRequestInput.optional(),
        response: { 200: requestDetail, 409: apiError },
      },
    },
    async (req) => cancelRequest(ctxOf(req, deps), mailDeps, req.params.id, req.body?.note),
  );

  requestsLegacy(app, deps);
}
