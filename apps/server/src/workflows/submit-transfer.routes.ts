import { apiError, requireOneOf } from '@mp/contract/api/common';
import { type RelocationForm, relocationForm } from '@mp/contract/api/removal';
import { submitResult } from '@mp/contract/api/requests';
import { otherTransferForm, type TransportForm, timeOfDay, transportForm } from '@mp/contract/api/transport';
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
import { submitRelocation } from './submit-relocation.ts';
import { submitTransport } from './submit-transport.ts';

const idempotency =
  'Requires the Idempotency-Key header (400 without): a retry with the same key answers the same (header Idempotent-Replayed), the same key with another body 422 error.idempotency_conflict.';
const relocationRules =
  "kind relocation: the caller's removal list on plantLocation moves to targetLocation — another of the caller's locations, not a blocked one (422 error.locatie_geblokkeerd), the same one only with Verplaatsen_EnableVerplaastenNaarEigenLocatie — delivered at work address addressCode of the target or the typed address; the list is emptied. The move date allows the Verplaatsen_DagenInVerleden days before today; the expected return is required with Verplaatsen_VerwachtRetourVerplicht and never before the move; terms with Verplaatsen_VoorwaardenVerplicht. Needs AppVerplaatsen with write access on both locations; an empty list answers 422 error.afvoerlijst_leeg, an amount that open removals and relocations already take 409 error.afvoer_conflict naming the item.";
const transportRules =
  "kind transport: goods (cargo, in words; not the location's stock) are carried on transportDate from `from` (a work address of plantLocation or typed) to `to` (of targetLocation: another of the caller's locations, not a blocked one, the same one only with TransportAanvraag_EnableVerplaastenNaarEigenLocatie). The date allows the TransportAanvraag_DageninInVerleden days before today, weekends too; each window ends after it begins (validation.tijdvak_ongeldig), unloading is never before the transport date and on the same day ends after loading begins (validation.lossen_voor_laden); terms with TransportAanvraag_VoorwaardenVerplicht; mail with TransportAanvraag_EnableSendEmailUser. Needs AppMaterieelTransportAanvraag with write access on both locations. The request carries Transport_MateriaalSoort and Transport_AfspraakCode of the settings.";

/** The legacy relocation form (MaterieelAanvraag/AddVerplaasting, product §3's Dutch names). */
const legacyRelocationForm = requireOneOf(
  z
    .object({
      materieelLocatieNr: legacyRequired(50),
      /** eindlocatie: the location the equipment moves to. */
      naarMaterieelLocatieNr: legacyRequired(50),
      verplaatsDatum: legacyDay,
      retourDatum: legacyDay.nullish(),
      transportmiddel: text(50),
      /** bestemmingadres: a work address code of the target, else adres/postcode/plaats. */
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

const relocationDutch: Record<string, string> = {
  plantLocation: 'materieelLocatieNr',
  targetLocation: 'naarMaterieelLocatieNr',
  moveDate: 'verplaatsDatum',
  expectedReturnDate: 'retourDatum',
  transportMeans: 'transportmiddel',
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

function toRelocationForm(b: z.infer<typeof legacyRelocationForm>): RelocationForm {
  return asV2Form(
    relocationForm,
    {
      kind: 'relocation',
      plantLocation: b.materieelLocatieNr,
      targetLocation: b.naarMaterieelLocatieNr,
      moveDate: b.verplaatsDatum.slice(0, 10),
      expectedReturnDate: b.retourDatum ? b.retourDatum.slice(0, 10) : null,
      transportMeans: given(b.transportmiddel),
      addressCode: given(b.bestemmingadres),
      street: given(b.adres),
      postcode: given(b.postcode),
      city: given(b.plaats),
      contactPerson: b.contactpersoon,
      phone: b.telefoonnummer,
      reference: given(b.referentie),
      comment: b.opmerking ?? undefined,
      termsAccepted: b.voorwaardenGeaccepteerd ?? false,
    },
    relocationDutch,
  );
}

/** One end of a legacy transport (van / naar): a work address code, else adres/postcode/plaats, and who is there. */
const legacyTransportEnd = requireOneOf(
  z
    .object({
      adrescode: filled(50),
      adres: filled(200),
      postcode: text(20),
      plaats: filled(100),
      contactpersoon: legacyRequired(100),
      telefoonnummer: legacyPhone,
    })
    .passthrough(),
  ['adrescode', ['adres', 'plaats']],
);

/** The legacy transport form (MaterieelAanvraag/AddTransportAanvraag); decision 0017 names its fields. */
const legacyTransportForm = z
  .object({
    materieelLocatieNr: legacyRequired(50),
    naarMaterieelLocatieNr: legacyRequired(50),
    transportDatum: legacyDay,
    laadTijdVan: timeOfDay,
    laadTijdTot: timeOfDay,
    losDatum: legacyDay.nullish(),
    losTijdVan: timeOfDay,
    losTijdTot: timeOfDay,
    lading: legacyRequired(1000),
    van: legacyTransportEnd,
    naar: legacyTransportEnd,
    referentie: text(100),
    opmerking: text(2000),
    voorwaardenGeaccepteerd: z.boolean().nullish(),
  })
  .passthrough();

const endDutch = {
  addressCode: 'adrescode',
  street: 'adres',
  postcode: 'postcode',
  city: 'plaats',
  contactPerson: 'contactpersoon',
  phone: 'telefoonnummer',
};
const transportDutch: Record<string, string> = {
  plantLocation: 'materieelLocatieNr',
  targetLocation: 'naarMaterieelLocatieNr',
  transportDate: 'transportDatum',
  loadingFrom: 'laadTijdVan',
  loadingUntil: 'laadTijdTot',
  unloadingDate: 'losDatum',
  unloadingFrom: 'losTijdVan',
  unloadingUntil: 'losTijdTot',
  cargo: 'lading',
  from: 'van',
  to: 'naar',
  reference: 'referentie',
  comment: 'opmerking',
  termsAccepted: 'voorwaardenGeaccepteerd',
  ...Object.fromEntries(Object.entries(endDutch).map(([k, v]) => [`from.${k}`, `van.${v}`])),
  ...Object.fromEntries(Object.entries(endDutch).map(([k, v]) => [`to.${k}`, `naar.${v}`])),
};

function toTransportForm(b: z.infer<typeof legacyTransportForm>): TransportForm {
  const end = (e: z.infer<typeof legacyTransportEnd>) => ({
    addressCode: given(e.adrescode),
    street: given(e.adres),
    postcode: given(e.postcode),
    city: given(e.plaats),
    contactPerson: e.contactpersoon,
    phone: e.telefoonnummer,
  });
  return asV2Form(
    transportForm,
    {
      kind: 'transport',
      plantLocation: b.materieelLocatieNr,
      targetLocation: b.naarMaterieelLocatieNr,
      transportDate: b.transportDatum.slice(0, 10),
      loadingFrom: b.laadTijdVan,
      loadingUntil: b.laadTijdTot,
      unloadingDate: b.losDatum ? b.losDatum.slice(0, 10) : null,
      unloadingFrom: b.losTijdVan,
      unloadingUntil: b.losTijdTot,
      cargo: b.lading,
      from: end(b.van),
      to: end(b.naar),
      reference: given(b.referentie),
      comment: b.opmerking ?? undefined,
      termsAccepted: b.voorwaardenGeaccepteerd ?? false,
    },
    transportDutch,
  );
}

/** The other transfers: v2 PlantRequests/othertransfers (relocation or transport), the legacy AddVerplaasting and AddTransportAanvraag. */
export async function submitTransferRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const submitDeps = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  app.post(
    '/api/v2.0/PlantRequests/othertransfers',
    {
      schema: {
        tags: ['PlantRequests'],
        description: `Submits a relocation or a transport request (201), by kind. ${relocationRules} ${transportRules} ${idempotency}`,
        headers: idempotencyHeaders,
        body: otherTransferForm,
        response: { 201: submitResult, 409: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const key = idempotencyKeyOf(req.headers);
      const answer =
        req.body.kind === 'transport'
          ? await submitTransport(ctx, submitDeps, req.body, key)
          : await submitRelocation(ctx, submitDeps, req.body, key);
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(answer.status as 201).send(answer.body);
    },
  );

  app.post(
    '/api/MaterieelAanvraag/AddVerplaasting',
    {
      schema: {
        tags: ['Legacy'],
        description: `The relocation submit with the Dutch form (naarMaterieelLocatieNr = eindlocatie, verplaatsDatum, retourDatum, bestemmingadres = work address code of the target, else adres/postcode/plaats). ${relocationRules} ${idempotency}`,
        headers: idempotencyHeaders,
        body: legacyRelocationForm,
        response: { 201: legacySubmitAnswer, 409: apiError },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const form = toRelocationForm(req.body);
      const answer = await submitRelocation(ctx, submitDeps, form, idempotencyKeyOf(req.headers));
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(answer.status as 201).send(legacySubmitted(answer.body));
    },
  );

  app.post(
    '/api/MaterieelAanvraag/AddTransportAanvraag',
    {
      schema: {
        tags: ['Legacy'],
        description: `The transport submit with the Dutch form (transportDatum, laadTijdVan/-Tot, losDatum, losTijdVan/-Tot as HH:MM, lading, van and naar each with adrescode or adres/postcode/plaats, contactpersoon, telefoonnummer). ${transportRules} ${idempotency}`,
        headers: idempotencyHeaders,
        body: legacyTransportForm,
        response: { 201: legacySubmitAnswer },
      },
    },
    async (req, reply) => {
      const ctx = ctxOf(req, deps);
      requireUser(ctx);
      const form = toTransportForm(req.body);
      const answer = await submitTransport(ctx, submitDeps, form, idempotencyKeyOf(req.headers));
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(answer.status as 201).send(legacySubmitted(answer.body));
    },
  );
}
