import { idParams, itemNumber } from '@mp/contract/api/common';
import {
  addFavouriteItemsInput,
  createFavouriteListInput,
  favouriteList,
  favouriteListsQuery,
  favouriteListsResponse,
  favouritesToOrderListInput,
  renameFavouriteListInput,
} from '@mp/contract/api/favourites';
import { orderList } from '@mp/contract/api/order-lists';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { favouritesLegacy } from './favourites.legacy.ts';
import {
  addFavouriteItems,
  createFavouriteList,
  deleteFavouriteList,
  favouritesToOrderList,
  getFavouriteList,
  listFavourites,
  removeFavouriteItem,
  renameFavouriteList,
} from './favourites.service.ts';

export async function favouritesRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['FavoriteLists'];
  const base = '/api/v2.0/FavoriteLists';

  app.get(
    base,
    {
      schema: {
        tags,
        description:
          "The user's favourite lists; with plantLocation the lists for every location plus that location's.",
        querystring: favouriteListsQuery,
        response: { 200: favouriteListsResponse },
      },
    },
    async (req) => listFavourites(ctxOf(req, deps), { locationNo: req.query.plantLocation }),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        description:
          'A new named list; with plantLocation it belongs to that location (needs write access there).',
        body: createFavouriteListInput,
        response: { 201: favouriteList },
      },
    },
    async (req, reply) =>
      reply.code(201).send(
        await createFavouriteList(ctxOf(req, deps), {
          name: req.body.name,
          locationNo: req.body.plantLocation,
        }),
      ),
  );

  app.get(
    `${base}/:id`,
    { schema: { tags, params: idParams, response: { 200: favouriteList } } },
    async (req) => getFavouriteList(ctxOf(req, deps), req.params.id),
  );

  app.put(
    `${base}/:id`,
    {
      schema: {
        tags,
        description: 'Rename.',
        params: idParams,
        body: renameFavouriteListInput,
        response: { 200: favouriteList },
      },
    },
    async (req) => renameFavouriteList(ctxOf(req, deps), req.params.id, req.body.name),
  );

  app.delete(
    `${base}/:id`,
    { schema: { tags, params: idParams, response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteFavouriteList(ctxOf(req, deps), req.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:id/items`,
    {
      schema: {
        tags,
        description: 'Adds one item (itemNo) or several (itemNos); items already on the list stay once.',
        params: idParams,
        body: addFavouriteItemsInput,
        response: { 200: favouriteList },
      },
    },
    async (req) => {
      const itemNos = [...(req.body.itemNo ? [req.body.itemNo] : []), ...(req.body.itemNos ?? [])];
      return addFavouriteItems(ctxOf(req, deps), req.params.id, itemNos);
    },
  );

  app.delete(
    `${base}/:id/items/:itemNumber`,
    { schema: { tags, params: z.object({ id: z.guid(), itemNumber }), response: { 204: z.null() } } },
    async (req, reply) => {
      await removeFavouriteItem(ctxOf(req, deps), req.params.id, req.params.itemNumber);
      return reply.code(204).send(null);
    },
  );

  app.post(
    `${base}/:id/orderlist`,
    {
      schema: {
        tags,
        description:
          'Every item of the list onto an order list of plantLocation (the default list when orderListId is absent); amounts add up.',
        params: idParams,
        body: favouritesToOrderListInput,
        response: { 200: orderList },
      },
    },
    async (req) =>
      favouritesToOrderList(ctxOf(req, deps), req.params.id, {
        locationNo: req.body.plantLocation,
        orderListId: req.body.orderListId,
        amount: req.body.amount,
      }),
  );

  favouritesLegacy(app, deps);
}
