import { locationNumber } from '@mp/contract/api/common';
import { setDetail, setsQuery, setsResponse } from '@mp/contract/api/sets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { setsLegacy } from './sets.legacy.ts';
import { getSet, listSets, setsExist } from './sets.service.ts';

export async function setsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sets'];

  app.get(
    '/api/v2.0/Sets',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description:
          "Active sets (none when MaterieelSets_ToonSets is off), the favourite sets (FavorietenSets) first in the setting's order. itemNo: only the sets holding that item; favourites=true: only the favourite sets. Anonymous only with AllowAnonymousUsers.",
        querystring: setsQuery,
        response: { 200: setsResponse },
      },
    },
    async (req) =>
      listSets(ctxOf(req, deps), {
        itemNo: req.query.itemNo,
        locationNo: req.query.plantLocation,
        favourites: req.query.favourites === 'true',
      }),
  );

  app.get(
    '/api/v2.0/Sets/exist',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: 'Whether any set is shown (SetsExist).',
        response: { 200: z.object({ exist: z.boolean() }) },
      },
    },
    async (req) => ({ exist: await setsExist(ctxOf(req, deps)) }),
  );

  app.get(
    '/api/v2.0/Sets/:setNo',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description:
          'One set with its lines (child sets expanded, amounts per one set) and the Sets_* settings.',
        // why: '.' or '..' as the last segment is resolved away by URL normalisation (it would reach the list)
        params: z.object({
          setNo: z
            .string()
            .trim()
            .min(1)
            .max(50)
            .regex(/^(?!\.{1,2}$)/),
        }),
        querystring: z.object({ plantLocation: locationNumber.optional() }).strict(),
        response: { 200: setDetail },
      },
    },
    async (req) => getSet(ctxOf(req, deps), req.params.setNo, { locationNo: req.query.plantLocation }),
  );

  setsLegacy(app, deps);
}
