import { apiError, locationNumber, requireOneOf } from '@mp/contract/api/common';
import { type RemovalForm, removalForm } from '@mp/contract/api/removal';
import { submitResult } from '@mp/contract/api/requests';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../platform/deps.ts';
import { ctxOf, requireUser } from '../platform/http/context.ts';
import {
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyHeaders,
  idempotencyKeyOf,
} from '../platform/http/idempotency.ts';
import {
  asV2Form,
  filled,
  given,
  legacyDay,
  legacyPhone,
  legacyRequired,
  legacySubmitAnswer,
  legacySubmitted,
  text,
} from './legacy-form.ts';
import { submitRemoval } from './submit-removal.ts';

const describeRules =
  'Requires the Idempotency-Key header (400 without): a retry with the same key answers the same (header Idempotent-Replayed), the same key with another body 422 error.idempotency_conflict. Needs AppAfvoeren with write access on the location. The date (Afvoeren_Blokkeerweekenden, Afvoeren_Blokkeerdagen, Afvoeren_DagenInVerleden), the terms (Afvoeren_VoorwaardenVerplicht), the depot (GET PlantLocations/depots/removal) and the work address are checked on the server; an empty list answers 422 error.afvoerlijst_leeg; an amount that open removals and relocations of the location already take 409 error.afvoer_conflict naming the item.';

/**
 * The legacy removal form (MaterieelAanvraag/AddAfvoer, product §3: Dutch names). Its schema says what
 * toRemovalForm requires: the day (then anything, e.g. a time), the depot, contact and phone, and a work address
 * code or street and city.
 */
const legacyRemovalForm = requireOneOf(
  z
    .object({
      materieelLocatieNr: locationNumber,
      afvoerDatum: legacyDay,
      transportmiddel: text(50),
      /** bestemming: the depot number. */
      bestemming: z.string().trim().min(1, 'validation.verplicht').max(50),
      /** bestemmingadres: the work address code where it is picked up (addressSelected), else adres/postcode/plaats. */
      bestemmingadres: filled(50),
      adres: filled(200),
      postcode: text(20),
      plaats: filled(100),
      contactpersoon: legacyRequired(100),
      telefoonnummer: legacyPhone,
      referentie: text(100),
      opmerking: text(2000),
      voorwaardenGeaccepteerd: z.boolean().nullish(),
    })
    .passthrough(),
  ['bestemmingadres', ['adres', 'plaats']],
);

const dutchField: Record<string, string> = {
  plantLocation: 'materieelLocatieNr',
  removalDate: 'afvoerDatum',
  transportMeans: 'transportmiddel',
  depotNo: 'bestemming',
  addressCode: 'bestemmingadres',
  street: 'adres',
  postcode: 'postcode',
  city: 'plaats',
  contactPerson: 'contactpersoon',
  phone: 'telefoonnummer',
  reference: 'referentie',
  comment: 'opmerking',
  termsAccepted: 'voorwaardenGeaccepteerd',
};

/** The legacy form as the v2 RemovalForm; field errors name the legacy fields. */
function toRemovalForm(b: z.infer<typeof legacyRemovalForm>): RemovalForm {
  return asV2Form(
    removalForm,
    {
      plantLocation: b.materieelLocatieNr,
      removalDate: b.afvoerDatum.slice(0, 10),
      transportMeans: given(b.transportmiddel),
      depotNo: given(b.bestemming) ?? '',
      addressCode: given(b.bestemmingadres),
      street: given(b.adres),
      postcode: given(b.postcode),
      city: given(b.plaats),
      contactPerson: b.contactpersoon ?? undefined,
      phone: b.telefoonnummer ?? undefined,
      reference: given(b.referentie),
      comment: b.opmerking ?? undefined,
      termsAccepted: b.voorwaardenGeaccepteerd ?? false,
    },
    dutchField,
  );
}

/** The removal submits: v2 PlantRequests/removal, the legacy MaterieelAanvraag/AddAfvoer. */
export async function submitRemovalRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const submitDeps = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  app.post(
    '/api/v2.0/PlantRequests/removal',
    {
      schema: {
        tags: ['PlantRequests'],
        description: `Submits the caller's removal list (afvoerlijst) on plantLocation as a removal request (201) to depot depotNo, picked up at work address addressCode or the typed address; the list is emptied. ${describeRules}`,
        headers: idempotencyHeaders,
        body: removalForm,
        response: { 201: submitResult, 409: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const answer = await submitRemoval(ctx, submitDeps, req.body, idempotencyKeyOf(req.headers));
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(answer.status as 201).send(answer.body);
    },
  );

  app.post(
    '/api/MaterieelAanvraag/AddAfvoer',
    {
      schema: {
        tags: ['Legacy'],
        description: `The removal submit with the Dutch removal form (afvoerDatum, transportmiddel, bestemming = depot, bestemmingadres = work address code, else adres/postcode/plaats). ${describeRules}`,
        headers: idempotencyHeaders,
        body: legacyRemovalForm,
        response: {
          201: legacySubmitAnswer,
          409: apiError,
        },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const answer = await submitRemoval(
        ctx,
        submitDeps,
        toRemovalForm(req.body),
        idempotencyKeyOf(req.headers),
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(answer.status as 201).send(legacySubmitted(answer.body));
    },
  );
}
