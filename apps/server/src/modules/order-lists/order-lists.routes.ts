import { locationNumber, plantLocationParams } from '@mp/contract/api/common';
import {
  addOrderListLinesInput,
  addOrderListLinesQuery,
  createOrderListInput,
  orderDraft,
  orderDraftResponse,
  orderList,
  orderListsResponse,
  updateOrderListInput,
  updateOrderListLineInput,
} from '@mp/contract/api/order-lists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { idempotentChange, optionalIdempotencyHeaders } from '../../platform/http/idempotent-change.ts';
import { orderListsLegacy } from './order-lists.legacy.ts';
import { addOrderListLines, deleteOrderListLine, updateOrderListLine } from './order-lists.lines.ts';
import {
  clearOrderList,
  createOrderList,
  deleteOrderList,
  getDraft,
  getOrderList,
  listOrderLists,
  saveDraft,
  updateOrderList,
} from './order-lists.service.ts';

// why: one name per path position (`id` = the order list id, orderListId in the spec's paths).
const listParams = z.object({ plantLocation: locationNumber, id: z.guid() });
const lineParams = z.object({ plantLocation: locationNumber, id: z.guid(), lineId: z.guid() });
const idempotent =
  ' With an Idempotency-Key (a change queued offline) a repeat takes effect once and answers the list as it is now (header Idempotent-Replayed); the same key with another body answers 422 error.idempotency_conflict.';

export async function orderListsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['OrderLists'];
  const base = '/api/v2.0/OrderLists/:plantLocation';

  app.get(
    base,
    {
      schema: {
        tags,
        description:
          "The user's order lists on the location (the first is the default, made on first use), with line counts for the main bar.",
        params: plantLocationParams,
        response: { 200: orderListsResponse },
      },
    },
    async (req) => listOrderLists(ctxOf(req, deps), req.params.plantLocation),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        description: 'A new named order list (only with Bestellen_EnableMeerdereBestellijsten; else 422).',
        params: plantLocationParams,
        body: createOrderListInput,
        response: { 201: orderList },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createOrderList(ctxOf(req, deps), req.params.plantLocation, req.body.name)),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: listParams, response: { 200: orderList } } },
    async (req) => getOrderList(ctxOf(req, deps), req.params.plantLocation, req.params.id),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        description: `Rename (only with several lists) and/or save amounts and comments of several lines at once. Amount 0 is refused: delete the line instead.${idempotent}`,
        params: listParams,
        headers: optionalIdempotencyHeaders,
        body: updateOrderListInput,
        response: { 200: orderList },
      },
    },
    async (req, reply) => {
      const { plantLocation: loc, id } = req.params;
      return idempotentChange(ctxOf(req, deps), req, reply, {
        scope: `order-list.update:${loc}:${id}`,
        body: req.body,
        change: (ctx) => updateOrderList(ctx, loc, id, req.body),
        current: (ctx) => getOrderList(ctx, loc, id),
      });
    },
  );

  app.delete(
    `${base}/:id`,
    {
      schema: {
        tags,
        description: 'Deletes the list (only with several lists; to empty it use DELETE …/orderlistlines).',
        params: listParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await deleteOrderList(ctxOf(req, deps), req.params.plantLocation, req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:id/orderlistlines`,
    {
      schema: {
        tags,
        description: `Adds items and sets. An item already on the list gets the amount added. A set becomes a set line with its components below it: at the set amounts × the number of sets, or with childLinesIncluded=true at the amounts in childLines (Sets_AllowEdit). Unknown items: 422 error.onbekend_materieel.${idempotent}`,
        params: listParams,
        headers: optionalIdempotencyHeaders,
        querystring: addOrderListLinesQuery,
        body: addOrderListLinesInput,
        response: { 200: orderList },
      },
    },
    async (req, reply) => {
      const { plantLocation: loc, id } = req.params;
      const children = req.query.childLinesIncluded;
      return idempotentChange(ctxOf(req, deps), req, reply, {
        scope: `order-list.add:${loc}:${id}:${children ? 'children' : 'sets'}`,
        body: req.body,
        change: (ctx) => addOrderListLines(ctx, loc, id, req.body, children),
        current: (ctx) => getOrderList(ctx, loc, id),
      });
    },
  );

  app.delete(
    `${base}/:id/orderlistlines`,
    {
      schema: {
        tags,
        description: `Empties the list.${idempotent}`,
        params: listParams,
        headers: optionalIdempotencyHeaders,
        response: { 200: orderList },
      },
    },
    async (req, reply) => {
      const { plantLocation: loc, id } = req.params;
      return idempotentChange(ctxOf(req, deps), req, reply, {
        scope: `order-list.clear:${loc}:${id}`,
        body: null,
        change: (ctx) => clearOrderList(ctx, loc, id),
        current: (ctx) => getOrderList(ctx, loc, id),
      });
    },
  );

  app.put(
    `${base}/:id/orderlistlines/:lineId`,
    {
      schema: {
        tags,
        description:
          "Changes a line's amount (1–9999; a set line scales its components along) and/or comment. Components of a set only with Sets_AllowEdit.",
        params: lineParams,
        body: updateOrderListLineInput,
        response: { 200: orderList },
      },
    },
    async (req) =>
      updateOrderListLine(
        ctxOf(req, deps),
        req.params.plantLocation,
        req.params.id,
        req.params.lineId,
        req.body,
      ),
  );

  app.delete(
    `${base}/:id/orderlistlines/:lineId`,
    {
      schema: {
        tags,
        description: `Deletes a line (a set line with its components) and answers the list.${idempotent}`,
        params: lineParams,
        headers: optionalIdempotencyHeaders,
        response: { 200: orderList },
      },
    },
    async (req, reply) => {
      const { plantLocation: loc, id, lineId } = req.params;
      return idempotentChange(ctxOf(req, deps), req, reply, {
        scope: `order-list.line.delete:${loc}:${id}:${lineId}`,
        body: null,
        change: (ctx) => deleteOrderListLine(ctx, loc, id, lineId),
        current: (ctx) => getOrderList(ctx, loc, id),
      });
    },
  );

  app.get(
    `${base}/:id/draft`,
    {
      schema: {
        tags,
        description:
          "The order wizard's saved draft (savedAanvraagDTO) of this list; null when there is none.",
        params: listParams,
        response: { 200: orderDraftResponse },
      },
    },
    async (req) => getDraft(ctxOf(req, deps), req.params.plantLocation, req.params.id),
  );

  app.put(
    `${base}/:id/draft`,
    {
      schema: {
        tags,
        description: 'Saves the draft (replaces it). Cleared by a submit.',
        params: listParams,
        body: orderDraft,
        response: { 200: orderDraftResponse },
      },
    },
    async (req) => saveDraft(ctxOf(req, deps), req.params.plantLocation, req.params.id, req.body),
  );

  app.delete(
    `${base}/:id/draft`,
    { schema: { tags, params: listParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await saveDraft(ctxOf(req, deps), req.params.plantLocation, req.params.id, null);
      return reply.code(204).send(null);
    },
  );

  orderListsLegacy(app, deps);
}
