import { apiError, idParams } from '@mp/contract/api/common';
import { orderForm, submitResult } from '@mp/contract/api/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { defaultOrderListId } from '../modules/order-lists/index.ts';
import { legacyOrderForm, toOrderForm } from '../modules/requests/index.ts';
import type { Deps } from '../platform/deps.ts';
import { ctxOf, requireUser } from '../platform/http/context.ts';
import {
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyHeaders,
  idempotencyKeyOf,
} from '../platform/http/idempotency.ts';
import { legacyAnswer, legacyRequestStatus } from '../platform/http/legacy-dto.ts';
import { submitOrderList } from './submit-order-list.ts';

// why: one name per path position (`id` = the order list for …/order, the request elsewhere).

/** The order submit: v2 PlantRequests/{orderListId}/order and the legacy MaterieelAanvraag/AddAanvraag. */
export async function submitOrderListRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/v2.0/PlantRequests/:id/order',
    {
      schema: {
        tags: ['PlantRequests'],
        description:
          'Submits order list {id} as an order request (201). Requires the Idempotency-Key header (400 without): a retry with the same key answers the same (header Idempotent-Replayed), the same key with another body 422 error.idempotency_conflict. Date rules, terms and the destination are checked on the server.',
        params: idParams,
        headers: idempotencyHeaders,
        body: orderForm,
        // 409: the list was emptied by an earlier submit (error.bestellijst_al_verstuurd, details.requestNo)
        response: { 201: submitResult, 409: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const key = idempotencyKeyOf(req.headers);
      const answer = await submitOrderList(
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

  app.post(
    '/api/MaterieelAanvraag/AddAanvraag',
    {
      schema: {
        tags: ['Legacy'],
        description:
          'The order submit with the Dutch order form; requires the Idempotency-Key header like the v2 call.',
        headers: idempotencyHeaders,
        body: legacyOrderForm,
        response: {
          201: legacyAnswer({
            id: z.string(),
            aanvraagNummer: z.string(),
            status: z.string(),
            materieelLocatieNr: z.string(),
            aantalRegels: z.number().int(),
          }),
          409: apiError,
        },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const key = idempotencyKeyOf(req.headers);
      const form = toOrderForm(req.body);
      const listId =
        req.body.bestellijstId ?? (await defaultOrderListId(ctx, req.body.materieelLocatieNr as string));
      const answer = await submitOrderList(
        ctx,
        { mailer: deps.mailer, publicUrl: deps.config.publicUrl },
        listId,
        form,
        key,
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(answer.status as 201).send({
        id: answer.body.id,
        aanvraagNummer: answer.body.requestNo,
        status: legacyRequestStatus[answer.body.status],
        materieelLocatieNr: answer.body.locationNo,
        aantalRegels: answer.body.lineCount,
      });
    },
  );
}
