import { locationNumber, plantLocationParams, requireOneOf } from '@mp/contract/api/common';
import { MAX_LINE_COMMENT } from '@mp/contract/api/order-lists';
import {
  addRemovalLinesInput,
  projectRemovalLists,
  removalAmount,
  removalList as removalListSchema,
} from '@mp/contract/api/stock';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { idempotentChange, optionalIdempotencyHeaders } from '../../platform/http/idempotent-change.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { removalLinesRoutes } from './removal-lines.routes.ts';
import { afvoerlijstDto } from './removal-lists.dto.ts';
import {
  addRemovalLines,
  getProjectRemovalLists,
  getRemovalList,
  updateProjectRemovalLines,
} from './removal-lists.service.ts';

const access =
  'Needs AppAfvoerlijst; plantLocation must be one of the caller’s locations (a foreign one answers 404, like an unknown one).';
const idempotent =
  'With an Idempotency-Key (a change queued offline) a repeat takes effect once and answers the list as it is now (header Idempotent-Replayed); the same key with another body answers 422 error.idempotency_conflict.';

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
        params: plantLocationParams,
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
        description: `Puts stock lines on the caller's removal list (a line already there gets the new amount), or with all=true everything still available (only with MaterieelvoorraadBulkTerugsturenEnabled, which also allows more than one line per call). Each amount is checked against the stock at the moment of writing, minus what other users already put on theirs when Materieelvoorraad_AantalBeschikbaarCheckAfvoerlijstAlleGebruikers (422 error.onvoldoende_voorraad naming the lines). Refused with 422 when Materieelvoorraad_NietMeerAfvoeren; the read-only role administration gets 403. ${idempotent} ${access}`,
        params: plantLocationParams,
        headers: optionalIdempotencyHeaders,
        body: addRemovalLinesInput,
        response: { 200: removalListSchema },
      },
    },
    async (req, reply) => {
      const loc = req.params.plantLocation;
      return idempotentChange(ctxOf(req, deps), req, reply, {
        scope: `removal-list.add:${loc}`,
        body: req.body,
        change: (ctx) => addRemovalLines(ctx, loc, req.body),
        current: (ctx) => getRemovalList(ctx, loc),
      });
    },
  );

  app.get(
    '/api/v2.0/RemovalLists/project/:plantLocation',
    {
      schema: {
        tags,
        description: `The project variant (ProjectOverzichten_TonenEnGebruiken, else 403 Afvoerlijst.project_uit): the caller's removal lists on every location of theirs with the same project number as plantLocation — that one first, the others when they hold lines. Lines are edited with PATCH RemovalLists/{their location}/lines/{lineId}. ${access}`,
        params: plantLocationParams,
        response: { 200: projectRemovalLists },
      },
    },
    async (req) => getProjectRemovalLists(ctxOf(req, deps), req.params.plantLocation),
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

  /** The project's lists as one list of afvoerlijstItems (materieelLocatie says where each line's stock is). */
  const projectDto = (p: Awaited<ReturnType<typeof getProjectRemovalLists>>) => ({
    projectNummer: p.projectNo,
    afvoerlijstItems: p.lists.flatMap((l) => afvoerlijstDto(l).afvoerlijstItems),
  });
  const projectAnswer = {
    200: legacyAnswer({ projectNummer: z.string().nullable(), afvoerlijstItems: legacyRows }),
  };

  app.post(
    '/api/Afvoerlijst/GetAfvoerlijstProject',
    {
      schema: {
        tags,
        description: `The caller's removal lists on every location of the project of materieelLocatieNr (ProjectOverzichten_TonenEnGebruiken, else 403). ${access}`,
        body: z.object({ materieelLocatieNr: locationNumber }).passthrough(),
        response: projectAnswer,
      },
    },
    async (req) => projectDto(await getProjectRemovalLists(ctxOf(req, deps), req.body.materieelLocatieNr)),
  );

  app.post(
    '/api/Afvoerlijst/UpdateAfvoerlijstProjectItems',
    {
      schema: {
        tags,
        description: `New return amounts and comments of lines (id) on any of the caller's lists in the project of materieelLocatieNr, each checked as on its own list; all or nothing (ProjectOverzichten_TonenEnGebruiken, else 403). ${access}`,
        body: z
          .object({
            materieelLocatieNr: locationNumber,
            afvoerlijstItems: z
              .array(
                z
                  .object({
                    id: z.guid(),
                    retourAantal: removalAmount.optional(),
                    opmerking: z.string().max(MAX_LINE_COMMENT).nullish(),
                  })
                  .passthrough(),
              )
              .min(1)
              .max(500),
          })
          .passthrough(),
        response: projectAnswer,
      },
    },
    async (req) =>
      projectDto(
        await updateProjectRemovalLines(
          ctxOf(req, deps),
          req.body.materieelLocatieNr,
          req.body.afvoerlijstItems.map((i) => ({
            lineId: i.id,
            amount: i.retourAantal,
            comment: i.opmerking,
          })),
        ),
      ),
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
