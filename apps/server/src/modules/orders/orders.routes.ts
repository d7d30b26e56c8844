import { idParams } from '@mp/contract/api/common';
import {
  exitOrderDetail,
  exitOrderList,
  exitOrderListQuery,
  orderDetail,
  orderList,
  orderListQuery,
} from '@mp/contract/api/orders';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { fileAnswer, fileTypes } from '../../platform/http/openapi-schema.ts';
import { sendStoredFile } from '../../platform/http/send-file.ts';
import { documentServiceDepsOf } from '../documents/index.ts';
import { ordersLegacy } from './orders.legacy.ts';
import { getExitOrder, getOrder, listExitOrders, listOrders, readExitOrderFile } from './orders.service.ts';

const access =
  "Needs the kind's functional area (AppMaterieelordersAanvoer, …Afvoer, …VerplaatsingNaar, …VerplaatsingVan; AppExitOrders) and the location to be the caller's: another customer's order answers 404 like an unknown one.";

/** The customer's order and exit-order pages (issue #12 part 5) and the legacy MaterieelOrder / MaterieelExitOrder calls. */
export async function ordersRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PlantOrders'];

  app.get(
    '/api/v2.0/PlantOrders',
    {
      schema: {
        tags,
        description: `The orders of one kind on plantLocation (Orders aanvoer, afvoer, naar- and van-verplaatsing), newest order date first, filtered by status, date range (the executed, else planned, else order date; until before from: 400 validation.einde_na_begin) and words in the order, reference or request number. With project=true over every location of the caller's with plantLocation's project number (needs ProjectOverzichten_TonenEnGebruiken, else 403 Afvoerlijst.project_uit). ${access}`,
        querystring: orderListQuery,
        response: { 200: orderList },
      },
    },
    async (req) => {
      const { kind, ...q } = req.query;
      return listOrders(ctxOf(req, deps), { ...q, kinds: [kind] });
    },
  );

  app.get(
    '/api/v2.0/PlantOrders/:id',
    {
      schema: {
        tags,
        description: `One order: lines with plant numbers, costs with their total, documents (GET Documents/{id}/content: the delivery / removal note), the request it came from, a move's other half and a removal's exit order. ${access}`,
        params: idParams,
        response: { 200: orderDetail },
      },
    },
    async (req) =>
      getOrder(ctxOf(req, deps), { id: req.params.id }, undefined, documentServiceDepsOf(deps, req)),
  );

  app.get(
    '/api/v2.0/ExitOrders',
    {
      schema: {
        tags,
        description: `The exit orders of plantLocation (what left it for good), newest first; with project=true those of every location of the caller's with its project number (ProjectOverzichten_TonenEnGebruiken). ${access}`,
        querystring: exitOrderListQuery,
        response: { 200: exitOrderList },
      },
    },
    async (req) => listExitOrders(ctxOf(req, deps), req.query),
  );

  app.get(
    '/api/v2.0/ExitOrders/:id',
    {
      schema: {
        tags,
        description: `One exit order: its lines with the condition on return, remarks and damage, its photos (GET ExitOrders/{id}/files/{fileId}) and documents. ${access}`,
        params: idParams,
        response: { 200: exitOrderDetail },
      },
    },
    async (req) => getExitOrder(ctxOf(req, deps), { id: req.params.id }),
  );

  app.get(
    '/api/v2.0/ExitOrders/:id/files/:fileId',
    {
      schema: {
        tags,
        description: `A photo or document of an exit order (photos and PDFs inline, anything else as an attachment; private, no-cache). ${access}`,
        params: z.object({ id: z.guid(), fileId: z.guid() }),
        response: { 200: fileAnswer('The file, in its own type (photos and PDFs inline).', fileTypes.any) },
      },
    },
    async (req, reply) => {
      const file = await readExitOrderFile(ctxOf(req, deps), deps.storage, req.params.id, req.params.fileId);
      return sendStoredFile(reply, file);
    },
  );

  ordersLegacy(app, deps);
}
