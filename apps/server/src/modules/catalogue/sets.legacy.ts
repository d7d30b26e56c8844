import { locationNumber, requireOneOf } from '@mp/contract/api/common';
import type { SetDetail } from '@mp/contract/api/sets';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyPrices, legacyRows } from '../../platform/http/legacy-dto.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { getSet, listSets, setsExist } from './sets.service.ts';

type Summary = Awaited<ReturnType<typeof listSets>>['sets'][number];

/** A set as the legacy interface names it. Prices are zeroed when toonPrijs is false (product §6). */
function setDto(s: Summary) {
  return {
    id: s.id,
    setNummer: s.setNo,
    materieelSoort: s.setNo,
    omschrijving: s.description,
    langeOmschrijving: s.longDescription,
    imageUrl: s.imageUrl,
    aantalRegels: s.lineCount,
    favoriet: s.favourite,
  };
}

// why: the old interface had no prijsOpAanvraag on set lines.
function setLinePrices(l: SetDetail['lines'][number]) {
  const { prijsOpAanvraag: _, ...prices } = legacyPrices(l);
  return prices;
}

function setDetailDto(s: SetDetail) {
  return {
    ...setDto(s),
    wijzigbaar: s.allowEdit,
    standaardGevuld: s.fillByDefault,
    alsSnelleLijst: s.useAsQuickList,
    regels: s.lines.map((l) => ({
      guidId: l.lineId,
      parentId: l.parentLineId,
      type: l.type === 'set' ? 'Set' : 'Materieel',
      materieelSoort: l.itemNo,
      omschrijving: l.description,
      aantal: l.amount,
      ...setLinePrices(l),
      imageUrl: l.imageUrl,
    })),
  };
}

const setKey = z.string().trim().min(1).max(50);

/** Legacy RPC calls MaterieelSets/* (POST, body is a request object). */
export function setsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/MaterieelSets/SetsExist',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z.object({}).passthrough().nullish(),
        response: { 200: legacyAnswer({ setsExist: z.boolean() }) },
      },
    },
    async (req) => ({ setsExist: await setsExist(ctxOf(req, deps)) }),
  );

  app.post(
    '/api/MaterieelSets/GetSets',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z.object({ materieelLocatieNr: locationNumber.optional() }).passthrough().nullish(),
        response: { 200: legacyAnswer({ sets: legacyRows }) },
      },
    },
    async (req) => {
      const r = await listSets(ctxOf(req, deps), { locationNo: req.body?.materieelLocatieNr });
      return { sets: r.sets.map(setDto) };
    },
  );

  app.post(
    '/api/MaterieelSets/GetSet',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: requireOneOf(
          z
            .object({
              id: setKey.optional(),
              setNummer: setKey.optional(),
              materieelLocatieNr: locationNumber.optional(),
            })
            .passthrough(),
          ['id', 'setNummer'],
        ),
        response: { 200: legacyAnswer({}) },
      },
    },
    async (req) => {
      const key = (req.body.setNummer ?? req.body.id) as string;
      return setDetailDto(await getSet(ctxOf(req, deps), key, { locationNo: req.body.materieelLocatieNr }));
    },
  );

  app.post(
    '/api/MaterieelSets/GetSetsDetails',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z
          .object({ ids: z.array(setKey).min(1).max(100), materieelLocatieNr: locationNumber.optional() })
          .passthrough(),
        response: { 200: legacyAnswer({ sets: legacyRows }) },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const out = [];
      for (const key of req.body.ids)
        out.push(setDetailDto(await getSet(ctx, key, { locationNo: req.body.materieelLocatieNr })));
      return { sets: out };
    },
  );

  app.post(
    '/api/MaterieelSets/GetSetsLinks',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        body: z
          .object({ materieelSoort: setKey, materieelLocatieNr: locationNumber.optional() })
          .passthrough(),
        response: { 200: legacyAnswer({ sets: legacyRows }) },
      },
    },
    async (req) => {
      const r = await listSets(ctxOf(req, deps), {
        itemNo: req.body.materieelSoort,
        locationNo: req.body.materieelLocatieNr,
      });
      return { sets: r.sets.map(setDto) };
    },
  );
}
