import { locationNumber } from '@mp/contract/api/common';
import { removalLineParams, scannedPlantInput, updateRemovalLineInput } from '@mp/contract/api/removal';
import { removalAmount, removalList as removalListSchema } from '@mp/contract/api/stock';
import { MAX_LINE_COMMENT } from '@mp/contract/rules/limits';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { idempotentChange, optionalIdempotencyHeaders } from '../../platform/http/idempotent-change.ts';
import { legacyAnswer, legacyRows } from '../../platform/http/legacy-dto.ts';
import { afvoerlijstDto } from './removal-lists.dto.ts';
import {
  addScannedPlant,
  addScannedPlantWhereItStands,
  deleteRemovalLines,
  getRemovalList,
  updateRemovalLines,
} from './removal-lists.service.ts';

// Editing the caller's removal-list lines (issue #11 part 1): the page's autosave and its delete buttons, v2 and
// the legacy Afvoerlijst/* calls.

const access =
  'Needs AppAfvoerlijst with write access on plantLocation (the read-only role administration gets 403); a foreign location answers 404, like an unknown one; a line of another list, or one that is gone, 404 error.niet_gevonden.';
const idempotent =
  'With an Idempotency-Key (a change queued offline) a repeat takes effect once and answers the list as it is now (header Idempotent-Replayed); the same key with another body answers 422 error.idempotency_conflict.';

export async function removalLinesRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['RemovalLists'];
  const line = '/api/v2.0/RemovalLists/:plantLocation/lines/:lineId';

  app.patch(
    line,
    {
      schema: {
        tags,
        description: `Changes a line of the caller's removal list: the return amount (checked like POST RemovalLists/{plantLocation} at the moment of writing: 422 error.onvoldoende_voorraad naming the line) and/or the comment (null or '' clears it). Answers the whole list. ${idempotent} ${access}`,
        params: removalLineParams,
        headers: optionalIdempotencyHeaders,
        body: updateRemovalLineInput,
        response: { 200: removalListSchema },
      },
    },
    async (req, reply) => {
      const { plantLocation: loc, lineId } = req.params;
      return idempotentChange(ctxOf(req, deps), req, reply, {
        scope: `removal-list.line.update:${loc}:${lineId}`,
        body: req.body,
        change: (ctx) => updateRemovalLines(ctx, loc, [{ lineId, ...req.body }]),
        current: (ctx) => getRemovalList(ctx, loc),
      });
    },
  );

  app.delete(
    line,
    {
      schema: {
        tags,
        description: `Takes a line off the caller's removal list. Answers the list that is left. ${idempotent} ${access}`,
        params: removalLineParams,
        headers: optionalIdempotencyHeaders,
        response: { 200: removalListSchema },
      },
    },
    async (req, reply) => {
      const { plantLocation: loc, lineId } = req.params;
      return idempotentChange(ctxOf(req, deps), req, reply, {
        scope: `removal-list.line.delete:${loc}:${lineId}`,
        body: null,
        change: (ctx) => deleteRemovalLines(ctx, loc, [lineId]),
        current: (ctx) => getRemovalList(ctx, loc),
      });
    },
  );

  app.post(
    '/api/v2.0/RemovalLists/scanned-plants',
    {
      schema: {
        tags,
        description: `A scanned plant (code: its number or its label's address) onto the caller's removal list of the location it stands on, amount 1, with the rules of POST RemovalLists/{plantLocation}; answers that list. Needs Materieelvoorraad_ScannenEnabled (else 403); a plant on none of the caller's locations answers 404 Materieelvoorraad.scan_niet_gevonden. What the phone sends for a scan made offline. Needs AppAfvoerlijst with write access on that location (the read-only role administration gets 403). ${idempotent}`,
        headers: optionalIdempotencyHeaders,
        body: scannedPlantInput,
        response: { 200: removalListSchema },
      },
    },
    async (req, reply) =>
      idempotentChange(ctxOf(req, deps), req, reply, {
        scope: 'removal-list.scan',
        body: req.body,
        change: (ctx) => addScannedPlantWhereItStands(ctx, req.body.code),
        stored: (list) => ({ locationNo: list.locationNo }),
        current: (ctx, stored) => getRemovalList(ctx, (stored as { locationNo: string }).locationNo),
      }),
  );

  const legacy = { tags: ['Legacy'] };
  const answer = { 200: legacyAnswer({ afvoerlijstItems: legacyRows }) };
  const lineId = z.guid();

  app.post(
    '/api/Afvoerlijst/AddScannedItemToAfvoerlijst',
    {
      schema: {
        ...legacy,
        description: `A scanned plant (materieelNummer: its number or its label's address) onto the caller's removal list of the location, amount 1, with the rules of AddToAfvoerlijst. Needs Materieelvoorraad_ScannenEnabled (else 403); a plant that is not on materieelLocatieNr answers 404. ${access}`,
        body: z
          .object({ materieelLocatieNr: locationNumber, materieelNummer: z.string().trim().min(1).max(500) })
          .passthrough(),
        response: answer,
      },
    },
    async (req) =>
      afvoerlijstDto(
        await addScannedPlant(ctxOf(req, deps), req.body.materieelLocatieNr, req.body.materieelNummer),
      ),
  );

  app.post(
    '/api/Afvoerlijst/DeleteAfvoerlijstItem',
    {
      schema: {
        ...legacy,
        description: `One line (id) off the caller's removal list. ${access}`,
        body: z.object({ materieelLocatieNr: locationNumber, id: lineId }).passthrough(),
        response: answer,
      },
    },
    async (req) =>
      afvoerlijstDto(await deleteRemovalLines(ctxOf(req, deps), req.body.materieelLocatieNr, [req.body.id])),
  );

  app.post(
    '/api/Afvoerlijst/DeleteAfvoerlijstItems',
    {
      schema: {
        ...legacy,
        description: `Several lines (ids) off the caller's removal list. ${access}`,
        body: z
          .object({ materieelLocatieNr: locationNumber, ids: z.array(lineId).min(1).max(500) })
          .passthrough(),
        response: answer,
      },
    },
    async (req) =>
      afvoerlijstDto(await deleteRemovalLines(ctxOf(req, deps), req.body.materieelLocatieNr, req.body.ids)),
  );

  app.post(
    '/api/Afvoerlijst/UpdateAfvoerlijstItems',
    {
      schema: {
        ...legacy,
        description: `New return amounts (retourAantal) and comments (opmerking) of lines (id) of the caller's removal list, with the rules of PATCH RemovalLists/{plantLocation}/lines/{lineId}. ${access}`,
        body: z
          .object({
            materieelLocatieNr: locationNumber,
            afvoerlijstItems: z
              .array(
                z
                  .object({
                    id: lineId,
                    retourAantal: removalAmount.optional(),
                    opmerking: z.string().max(MAX_LINE_COMMENT).nullish(),
                  })
                  .passthrough(),
              )
              .min(1)
              .max(500),
          })
          .passthrough(),
        response: answer,
      },
    },
    async (req) =>
      afvoerlijstDto(
        await updateRemovalLines(
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
}
