import { requireOneOf } from '@mp/contract/api/common';
import { locationNumber } from '@mp/contract/api/ordering';
import {
  addRemovalLinesInput,
  removalAmount,
  removalList as removalListSchema,
} from '@mp/contract/api/stock';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { removalLinesRoutes } from './removal-lines.routes.ts';
import { afvoerlijstDto } from './removal-lists.dto.ts';
import { addRemovalLines, getRemovalList } from './removal-lists.service.ts';

const params = z.object({ plantLocation: locationNumber });
const access =
  'Needs AppAfvoerlijst; plantLocation must be one of the caller’s locations (a foreign one answers 404, like an unknown one).';

export async function removalListsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['RemovalLists'];
  const base = '/api/v2.0/RemovalLists/:plantLocation';

  app.get(
    base,
    {
      schema: {
        tags,
        description: `The caller's removal list (afvoerlijst) on the location: its lines with what is on site now, and their count. ${access}`,
        params,
        response: { 200: removalListSchema },
      },
    },
    async (req) => getRemovalList(ctxOf(req, deps), req.params.plantLocation),
  );

  app.post(
    base,
    {
      schema: {
        tags,
        description: `Puts stock lines on the caller's removal list (a line already there gets the new amount), or with all=true everything still available (only with MaterieelvoorraadBulkTerugsturenEnabled, which also allows more than one line per call). Each amount is checked against the stock at the moment of writing, minus what other users already put on theirs when Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers (422 error.onvoldoende_voorraad naming the lines). Refused with 422 when Materieelvoorraad_NietMeerAfvoeren; the read-only role administration gets 403. ${access}`,
        params,
        body: addRemovalLinesInput,
        response: { 200: removalListSchema },
      },
    },
    async (req) => addRemovalLines(ctxOf(req, deps), req.params.plantLocation, req.body),
  );

  removalListsLegacy(app, deps);
  await removalLinesRoutes(fastify, deps);
}

/** Legacy RPC calls Afvoerlijst/* (POST, body is a request object). */
function removalListsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];
  const answer = { 200: legacyAnswer({ afvoerlijstItems: legacyRows }) };

  app.post(
    '/api/Afvoerlijst/GetAfvoerlijst',
    {
      schema: {
        tags,
        description: `The caller's removal list on the location. ${access}`,
        body: z.object({ materieelLocatieNr: locationNumber }).passthrough(),
        response: answer,
      },
    },
    async (req) => afvoerlijstDto(await getRemovalList(ctxOf(req, deps), req.body.materieelLocatieNr)),
  );

  const item = z
    .object({
      materieelSoort: z.string().trim().min(1).max(50),
      materieelNummer: z.string().trim().max(50).nullish(),
      retourAantal: removalAmount.optional(),
      opmerking: z.string().max(500).nullish(),
    })
    .passthrough();

  app.post(
    '/api/Afvoerlijst/AddToAfvoerlijst',
    {
      schema: {
        tags,
        description: `Stock lines onto the caller's removal list (afvoerlijstItems; one item as the body's own fields also works), with the rules of POST RemovalLists/{plantLocation}. ${access}`,
        body: requireOneOf(
          z
            .object({
              materieelLocatieNr: locationNumber,
              afvoerlijstItems: z.array(item).min(1).max(500).optional(),
              materieelSoort: z.string().trim().min(1).max(50).optional(),
              materieelNummer: z.string().trim().max(50).nullish(),
              retourAantal: removalAmount.optional(),
              opmerking: z.string().max(500).nullish(),
            })
            .passthrough(),
          ['afvoerlijstItems', 'materieelSoort'],
        ),
        response: answer,
      },
    },
    async (req) => {
      const b = req.body;
      const items = b.afvoerlijstItems ?? [
        {
          materieelSoort: b.materieelSoort as string,
          materieelNummer: b.materieelNummer,
          retourAantal: b.retourAantal,
          opmerking: b.opmerking,
        },
      ];
      return afvoerlijstDto(
        await addRemovalLines(ctxOf(req, deps), b.materieelLocatieNr, {
          lines: items.map((i) => ({
            itemNo: i.materieelSoort,
            plantNo: i.materieelNummer || undefined,
            amount: i.retourAantal ?? 1,
            comment: i.opmerking ?? undefined,
          })),
        }),
      );
    },
  );
}
