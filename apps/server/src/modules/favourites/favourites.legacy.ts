import { locationNumber, requireOneOf } from '@mp/contract/api/common';
import type { FavouriteList } from '@mp/contract/api/favourites';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyPrices, legacyRows } from '../../platform/http/legacy-dto.ts';
import {
  addFavouriteItems,
  createFavouriteList,
  deleteFavouriteList,
  getFavouriteList,
  listFavourites,
  listsWithItem,
  removeFavouriteItem,
  renameFavouriteList,
} from './favourites.service.ts';

const materieelSoort = z.string().trim().min(1).max(50);
const naam = z.string().trim().min(1).max(100);
/** The list id: `lijstId` in the legacy bodies (`id` accepted too). */
const lijst = { lijstId: z.guid().optional(), id: z.guid().optional() };
/** A body that names its list (lijstId or id). */
const withLijst = <T extends z.ZodRawShape>(shape: T) =>
  requireOneOf(z.object({ ...shape, ...lijst }).passthrough(), ['lijstId', 'id']);

function lijstDto(l: FavouriteList, withItems: boolean) {
  return {
    id: l.id,
    naam: l.name,
    materieelLocatieNr: l.locationNo,
    aantalItems: l.itemCount,
    ...(withItems
      ? {
          items: l.items.map((i) => ({
            materieelSoort: i.itemNo,
            omschrijving: i.description,
            verhuurType: i.rentalType,
            ...legacyPrices(i),
            imageUrl: i.imageUrl,
          })),
        }
      : {}),
  };
}

/** A list with its items (lijstDto with items), as the API document says it. */
const lijstAnswer = { 200: legacyAnswer({ id: z.string(), naam: z.string(), items: legacyRows }) };

/** Legacy RPC calls MaterieelFavorieten/* (POST, body is a request object). */
export function favouritesLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];
  const idOf = (b: { lijstId?: string; id?: string }) => (b.lijstId ?? b.id) as string;

  app.post(
    '/api/MaterieelFavorieten/GetLijsten',
    {
      schema: {
        tags,
        body: z.object({ materieelLocatieNr: locationNumber.optional() }).passthrough().nullish(),
        response: { 200: legacyAnswer({ lijsten: legacyRows }) },
      },
    },
    async (req) => {
      const r = await listFavourites(ctxOf(req, deps), { locationNo: req.body?.materieelLocatieNr });
      return { lijsten: r.lists.map((l) => lijstDto(l, false)) };
    },
  );

  app.post(
    '/api/MaterieelFavorieten/GetLijstenDetails',
    {
      schema: {
        tags,
        body: z
          .object({ materieelLocatieNr: locationNumber.optional(), ...lijst })
          .passthrough()
          .nullish(),
        response: { 200: legacyAnswer({ lijsten: legacyRows }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const id = req.body?.lijstId ?? req.body?.id;
      if (id) return { lijsten: [lijstDto(await getFavouriteList(ctx, id), true)] };
      const r = await listFavourites(ctx, { locationNo: req.body?.materieelLocatieNr });
      return { lijsten: r.lists.map((l) => lijstDto(l, true)) };
    },
  );

  app.post(
    '/api/MaterieelFavorieten/AddLijst',
    {
      schema: {
        tags,
        body: z.object({ naam, materieelLocatieNr: locationNumber.nullish() }).passthrough(),
        response: { 200: legacyAnswer({ id: z.string(), naam: z.string() }) },
      },
    },
    async (req) =>
      lijstDto(
        await createFavouriteList(ctxOf(req, deps), {
          name: req.body.naam,
          locationNo: req.body.materieelLocatieNr,
        }),
        true,
      ),
  );

  app.post(
    '/api/MaterieelFavorieten/RenameLijst',
    {
      schema: {
        tags,
        body: withLijst({ naam }),
        response: lijstAnswer,
      },
    },
    async (req) => lijstDto(await renameFavouriteList(ctxOf(req, deps), idOf(req.body), req.body.naam), true),
  );

  app.post(
    '/api/MaterieelFavorieten/RemoveLijst',
    { schema: { tags, body: withLijst({}), response: { 204: z.null() } } },
    async (req, reply) => {
      await deleteFavouriteList(ctxOf(req, deps), idOf(req.body));
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/MaterieelFavorieten/AddItem',
    {
      schema: {
        tags,
        body: withLijst({ materieelSoort }),
        response: lijstAnswer,
      },
    },
    async (req) =>
      lijstDto(await addFavouriteItems(ctxOf(req, deps), idOf(req.body), [req.body.materieelSoort]), true),
  );

  app.post(
    '/api/MaterieelFavorieten/AddItems',
    {
      schema: {
        tags,
        body: withLijst({ materieelSoorten: z.array(materieelSoort).min(1).max(200) }),
        response: lijstAnswer,
      },
    },
    async (req) =>
      lijstDto(await addFavouriteItems(ctxOf(req, deps), idOf(req.body), req.body.materieelSoorten), true),
  );

  app.post(
    '/api/MaterieelFavorieten/RemoveLijstItem',
    {
      schema: {
        tags,
        body: withLijst({ materieelSoort }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeFavouriteItem(ctxOf(req, deps), idOf(req.body), req.body.materieelSoort);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/MaterieelFavorieten/Inlijst',
    {
      schema: {
        tags,
        body: z.object({ materieelSoort }).passthrough(),
        response: { 200: legacyAnswer({ inLijst: z.boolean(), lijsten: z.array(z.unknown()) }) },
      },
    },
    async (req) => {
      const lijsten = await listsWithItem(ctxOf(req, deps), req.body.materieelSoort);
      return { inLijst: lijsten.length > 0, lijsten };
    },
  );
}
