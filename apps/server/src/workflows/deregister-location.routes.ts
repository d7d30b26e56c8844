import { apiError, locationNumber, plantLocationParams } from '@mp/contract/api/common';
import {
  deregisterInput,
  deregistrationInfo as deregistrationInfoSchema,
  deregistrationResult,
} from '@mp/contract/api/locations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../platform/deps.ts';
import { ctxOf } from '../platform/http/context.ts';
import { deregisterLocation, deregistrationInfo } from './deregister-location.ts';

/** The deregistration's HTTP entry points: v2 and legacy LocatieAfmelden/LocatieAfmelden. */
export async function deregisterLocationRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PlantLocations'];
  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };
  const text = (max: number) => z.string().trim().max(max);
  const date = z.iso.date();

  app.get(
    '/api/v2.0/PlantLocations/:plantLocation/deregistration',
    {
      schema: {
        tags,
        description:
          'What the deregistration form needs: the stock lines still on the location (sale items left out with LocatieAfmelden_DisableCheckSellItems), whether that blocks (LocatieAfmelden_MaterieelCheck), whether a buy-off amount may be asked (LocatieAfmelden_AfkoopSom), whether a deregistration is pending. Needs AppLocatieAfmelden and write access on the location (read-only role: 403; foreign or unknown: 404).',
        params: plantLocationParams,
        response: { 200: deregistrationInfoSchema },
      },
    },
    async (req) => deregistrationInfo(ctxOf(req, deps), req.params.plantLocation),
  );

  app.post(
    '/api/v2.0/PlantLocations/:plantLocation/deregistration',
    {
      schema: {
        tags,
        description:
          "Deregisters the location (LocatieAfmelden; decision 0023). With LocatieAfmelden_MaterieelCheck and stock remaining: 422 Locatie.afmelden.nog_voorraad, unless removeRemaining — then all that is left goes onto the caller's removal list and the answer is state pending: the location closes once its stock reaches zero. A date before today: 422 Locatie.afmelden.datum_verleden; buyOff without LocatieAfmelden_AfkoopSom: 422 Locatie.afmelden.afkoopsom_uit; already pending: 422 Locatie.afmelden.al_afgemeld. The department is mailed (UnsubscribePlantLocation). Needs AppLocatieAfmelden and write access (read-only: 403; foreign, unknown or closed: 404).",
        params: plantLocationParams,
        body: deregisterInput,
        response: { 200: deregistrationResult, 422: apiError },
      },
    },
    async (req) => deregisterLocation(ctxOf(req, deps), mail, req.params.plantLocation, req.body),
  );

  app.post(
    '/api/LocatieAfmelden/LocatieAfmelden',
    {
      schema: {
        tags: ['Legacy'],
        description:
          'Deregisters materieelLocatieNr like POST v2.0/PlantLocations/{plantLocation}/deregistration (the same rules and 422 codes): datum, opmerking, afkoopsom, allesAfvoeren (all that is left onto the removal list; the location closes at zero stock). status afgemeld or in_afwachting.',
        body: z
          .object({
            materieelLocatieNr: locationNumber,
            datum: date,
            opmerking: text(1000).optional(),
            afkoopsom: z.boolean().optional(),
            allesAfvoeren: z.boolean().optional(),
          })
          .passthrough(),
        response: { 200: z.object({ status: z.enum(['afgemeld', 'in_afwachting']) }), 422: apiError },
      },
    },
    async (req) => {
      const b = req.body;
      const r = await deregisterLocation(ctxOf(req, deps), mail, b.materieelLocatieNr, {
        date: b.datum,
        comment: b.opmerking,
        buyOff: b.afkoopsom,
        removeRemaining: b.allesAfvoeren,
      });
      return { status: r.state === 'pending' ? ('in_afwachting' as const) : ('afgemeld' as const) };
    },
  );
}
