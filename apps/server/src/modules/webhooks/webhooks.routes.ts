import { apiError, idParams } from '@mp/contract/api/common';
import {
  webhookDeliveryList,
  webhookDeliveryListQuery,
  webhookEndpoint,
  webhookEndpointCreate,
  webhookEndpointList,
  webhookEndpointUpdate,
  webhookEndpointWithSecret,
  webhookTestSent,
} from '@mp/contract/api/webhooks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { subscribedTypes } from './webhooks.events.ts';
import {
  changeEndpoint,
  createEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  removeEndpoint,
  resend,
  rotateEndpointSecret,
  sendTestEvent,
} from './webhooks.service.ts';

/** The endpoints' routes under /api/v2.0/Webhooks (decision 0032). */
export async function webhooksRoutes(fastify: FastifyInstance, deps: Deps) {
  // the subscribed event types known before the first request: an area's event costs no round trip when none is
  await subscribedTypes(deps.db);
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Webhooks'];
  const base = '/api/v2.0/Webhooks/endpoints';
  const settings = { allowLoopback: deps.config.WEBHOOKS_ALLOW_LOOPBACK };
  const access =
    'Admins (every customer, or all customers) and key users (their own customer only: another customer’s endpoint is 404); anyone else 403.';
  const deliveryParams = z.object({ id: z.guid(), deliveryId: z.guid() });

  app.get(
    base,
    {
      schema: {
        tags,
        description: `The endpoints the caller manages. ${access}`,
        response: { 200: webhookEndpointList },
      },
    },
    async (req) => listEndpoints(ctxOf(req, deps)),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        description: `Registers an endpoint (https, a public address); the answer holds its secret, shown only this once (201). ${access}`,
        body: webhookEndpointCreate,
        response: { 201: webhookEndpointWithSecret, 400: apiError },
      },
    },
    async (req, reply) => reply.code(201).send(await createEndpoint(ctxOf(req, deps), settings, req.body)),
  );

  app.get(
    `${base}/:id`,
    {
      schema: {
        tags,
        description: `One endpoint. ${access}`,
        params: idParams,
        response: { 200: webhookEndpoint },
      },
    },
    async (req) => getEndpoint(ctxOf(req, deps), req.params.id),
  );

  app.patch(
    `${base}/:id`,
    {
      schema: {
        tags,
        description: `Changes an endpoint's URL, description, events, or enables/disables it. ${access}`,
        params: idParams,
        body: webhookEndpointUpdate,
        response: { 200: webhookEndpoint, 400: apiError },
      },
    },
    async (req) => changeEndpoint(ctxOf(req, deps), settings, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        description: `Deletes an endpoint with its delivery log (204). ${access}`,
        params: idParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeEndpoint(ctxOf(req, deps), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:id/rotate-secret`,
    {
      schema: {
        tags,
        description: `A new secret, shown only this once; the previous one keeps signing alongside it for 24 h. ${access}`,
        params: idParams,
        response: { 200: webhookEndpointWithSecret },
      },
    },
    async (req) => rotateEndpointSecret(ctxOf(req, deps), req.params.id),
  );

  app.post(
    `${base}/:id/test`,
    {
      schema: {
        tags,
        description: `Sends a webhook.test event to this endpoint (202). ${access}`,
        params: idParams,
        response: { 202: webhookTestSent },
      },
    },
    async (req, reply) => reply.code(202).send(await sendTestEvent(ctxOf(req, deps), req.params.id)),
  );

  app.get(
    `${base}/:id/deliveries`,
    {
      schema: {
        tags,
        description: `The endpoint's delivery log, newest first, each delivery with its tries. ${access}`,
        params: idParams,
        querystring: webhookDeliveryListQuery,
        response: { 200: webhookDeliveryList },
      },
    },
    async (req) => listDeliveries(ctxOf(req, deps), req.params.id, req.query),
  );

  app.post(
    `${base}/:id/deliveries/:deliveryId/resend`,
    {
      schema: {
        tags,
        description: `Sends a delivery again (the same event id), due now, with 24 h of retries (204; 409 while it is being sent). ${access}`,
        params: deliveryParams,
        response: { 204: z.null(), 409: apiError },
      },
    },
    async (req, reply) => {
      await resend(ctxOf(req, deps), req.params.id, req.params.deliveryId);
      return reply.code(204).send(null);
    },
  );
}
