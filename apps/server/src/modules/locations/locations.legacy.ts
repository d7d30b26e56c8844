import { apiError, locationNumber } from '@mp/contract/api/common';
import { NEW_LOCATION_NO } from '@mp/contract/api/locations';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import {
  IDEMPOTENT_REPLAY_HEADER,
  idempotencyHeaders,
  idempotencyKeyOf,
} from '../../platform/http/idempotency.ts';
import { requireErpAccount } from '../erp/index.ts';
import { checkNewLocationNo, createLocation, listCreatableCustomers } from './locations.manage.ts';
import { requestLocation } from './locations.requests.ts';
import {
  listDepots,
  listMyLocations,
  listMyLocationsWithAddresses,
  listWorkAddresses,
} from './locations.service.ts';

/** Locatie as the legacy interface names it (product §3). */
const locatie = z.object({
  nummer: z.string(),
  omschrijving: z.string(),
  omschrijving2: z.string().nullable(),
  geblokeerd: z.boolean(),
  projectNummer: z.string().nullable(),
  rol: z.enum(['user', 'administration']),
});

/** A work address as the legacy interface names it. */
const adres = z.object({
  code: z.string(),
  naam: z.string(),
  adres: z.string(),
  postcode: z.string().nullable(),
  plaats: z.string(),
  land: z.string(),
  contactpersoon: z.string().nullable(),
  telefoonnummer: z.string().nullable(),
  standaard: z.boolean(),
  /** 'werkadres', or 'depot' with DepotWerkAdresen_TonenEnGebruiken. */
  soort: z.enum(['werkadres', 'depot']),
});

function toAdres(a: {
  code: string;
  name: string;
  street: string;
  postcode: string | null;
  city: string;
  country: string;
  contactPerson: string | null;
  phone: string | null;
  isDefault: boolean;
  kind?: 'work_address' | 'depot';
}): z.infer<typeof adres> {
  return {
    code: a.code,
    naam: a.name,
    adres: a.street,
    postcode: a.postcode,
    plaats: a.city,
    land: a.country,
    contactpersoon: a.contactPerson,
    telefoonnummer: a.phone,
    standaard: a.isDefault,
    soort: a.kind === 'depot' ? 'depot' : 'werkadres',
  };
}

const depot = z.object({
  nummer: z.string(),
  naam: z.string(),
  adres: z.string().nullable(),
  postcode: z.string().nullable(),
  plaats: z.string().nullable(),
  telefoonnummer: z.string().nullable(),
  email: z.string().nullable(),
  standaard: z.boolean(),
});

/** Legacy RPC calls (POST /api/{Controller}/{Action}) of the locations area. */
export function locationsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // GetLocationsCallBack is what the old client called after the ERP answered: the same list, and 416 for a user
  // whose account the ERP does not know (product §7): an external user without a customer, and — with an ERP
  // connected — a user whose customer has no account there (decision 0027).
  for (const action of ['GetGebruikerMaterieelLocaties', 'GetLocationsCallBack']) {
    app.post(
      `/api/GebruikerMaterieellocatie/${action}`,
      {
        schema: {
          tags: ['Legacy'],
          description:
            action === 'GetLocationsCallBack'
              ? "GET PlantLocations in the old client's names. 416 warning.navision_account_onbekend for an external user without a customer and, with an ERP connected, for a user whose customer has no account in the ERP."
              : "GET PlantLocations in the old client's names. 416 warning.navision_account_onbekend for an external user without a customer.",
          body: z.object({}).passthrough().nullish(),
          response: { 200: z.object({ locaties: z.array(locatie) }), 416: apiError },
        },
      },
      async (req) => {
        const ctx = ctxOf(req, deps);
        if (action === 'GetLocationsCallBack') await requireErpAccount(ctx, deps);
        const locations = await listMyLocations(ctx);
        return {
          locaties: locations.map((l) => ({
            nummer: l.locationNo,
            omschrijving: l.description,
            omschrijving2: l.description2,
            geblokeerd: l.blocked,
            projectNummer: l.projectNo,
            rol: l.role,
          })),
        };
      },
    );
  }

  app.post(
    '/api/MaterieelAanvraag/GetAdressen',
    {
      schema: {
        tags: ['Legacy'],
        description:
          "The work addresses of one of the caller's locations (the default first; with DepotWerkAdresen_TonenEnGebruiken also the depots, soort depot). 404 error.locatie_onbekend for a location the caller does not belong to.",
        body: z.object({ materieelLocatieNr: locationNumber }).passthrough(),
        response: { 200: z.object({ adressen: z.array(adres) }) },
      },
    },
    async (req) => ({
      adressen: (await listWorkAddresses(ctxOf(req, deps), req.body.materieelLocatieNr)).map(toAdres),
    }),
  );

  app.post(
    '/api/MaterieelAanvraag/GetLocationsAdressen',
    {
      schema: {
        tags: ['Legacy'],
        description:
          "Every location of the caller with its work addresses (the relocation and transport forms' targets; geblokeerd ones are listed so a form can leave them out).",
        body: z.object({}).passthrough().nullish(),
        response: {
          200: z.object({
            locaties: z.array(
              z.object({
                nummer: z.string(),
                omschrijving: z.string(),
                geblokeerd: z.boolean(),
                adressen: z.array(adres),
              }),
            ),
          }),
        },
      },
    },
    async (req) => ({
      locaties: (await listMyLocationsWithAddresses(ctxOf(req, deps))).map(({ location, addresses }) => ({
        nummer: location.locationNo,
        omschrijving: location.description,
        geblokeerd: location.blocked,
        adressen: addresses.map((a) =>
          toAdres({
            ...a,
            postcode: a.postcode ?? null,
            contactPerson: a.contactPerson ?? null,
            phone: a.phone ?? null,
          }),
        ),
      })),
    }),
  );

  app.post(
    '/api/MaterieelLocatie/GetDepots',
    {
      schema: {
        tags: ['Legacy'],
        description:
          'The depots for deliveries (soort aanvoer, the default) or removals (afvoer), with the default of Depot_DefaultOrder / Depot_DefaultRemoval marked standaard.',
        body: z
          .object({ soort: z.enum(['aanvoer', 'afvoer']).nullish() })
          .passthrough()
          .nullish(),
        response: { 200: z.object({ standaardDepot: z.string().nullable(), depots: z.array(depot) }) },
      },
    },
    async (req) => {
      const list = await listDepots(ctxOf(req, deps), req.body?.soort === 'afvoer' ? 'removal' : 'order');
      return {
        standaardDepot: list.defaultDepotNo,
        depots: list.depots.map((d) => ({
          nummer: d.depotNo,
          naam: d.name,
          adres: d.street,
          postcode: d.postcode,
          plaats: d.city,
          telefoonnummer: d.phone,
          email: d.email,
          standaard: d.isDefault,
        })),
      };
    },
  );

  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };
  const text = (max: number) => z.string().trim().max(max);
  const date = z.iso.date();

  app.post(
    '/api/LocatieAanmaken/GebruikerKlanten',
    {
      schema: {
        tags: ['Legacy'],
        description:
          'The customers the caller may create a location for: every customer for admins and internal users, else only its own. Needs AppNieuweLocatieAanmaken (403).',
        body: z.object({}).passthrough().nullish(),
        response: {
          200: z.object({
            klanten: z.array(
              z.object({
                nummer: z.string(),
                naam: z.string(),
                plaats: z.string().nullable(),
                geblokeerd: z.boolean(),
              }),
            ),
          }),
        },
      },
    },
    async (req) => ({
      klanten: (await listCreatableCustomers(ctxOf(req, deps))).map((c) => ({
        nummer: c.customerNo,
        naam: c.name,
        plaats: c.city ?? null,
        geblokeerd: c.blocked,
      })),
    }),
  );

  app.post(
    '/api/LocatieAanmaken/LocatieNummerChecken',
    {
      schema: {
        tags: ['Legacy'],
        description:
          'Whether locatieNummer may be used for a new location (format letter-hyphen-five digits, unused); melding is the translation key of the reason. Needs AppNieuweLocatieAanmaken (403).',
        body: z.object({ locatieNummer: z.string().max(50) }).passthrough(),
        response: { 200: z.object({ geldig: z.boolean(), melding: z.string().nullable() }) },
      },
    },
    async (req) => {
      const r = await checkNewLocationNo(ctxOf(req, deps), req.body.locatieNummer);
      return { geldig: r.valid, melding: r.code };
    },
  );

  app.post(
    '/api/LocatieAanmaken/LocatieAanMaken',
    {
      schema: {
        tags: ['Legacy'],
        description:
          'Creates a location like POST v2.0/PlantLocations (the same rules and 422 codes; requires the Idempotency-Key header). Answers the new number.',
        headers: idempotencyHeaders,
        body: z
          .object({
            klantNummer: z.string().trim().min(1).max(50),
            locatieNummer: z.string().trim().regex(NEW_LOCATION_NO),
            omschrijving: text(100).min(1),
            omschrijving2: text(100).optional(),
            projectNummer: text(50).optional(),
            startDatum: date.optional(),
            eindDatum: date.optional(),
            adres: text(200).optional(),
            postcode: text(20).optional(),
            plaats: text(100).optional(),
          })
          .passthrough(),
        response: { 200: z.object({ nummer: z.string() }), 422: apiError },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const answer = await createLocation(
        ctxOf(req, deps),
        {
          customerNo: b.klantNummer,
          locationNo: b.locatieNummer,
          description: b.omschrijving,
          description2: b.omschrijving2,
          projectNo: b.projectNummer,
          startDate: b.startDatum,
          endDate: b.eindDatum,
          street: b.adres,
          postcode: b.postcode,
          city: b.plaats,
        },
        idempotencyKeyOf(req.headers),
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return { nummer: b.locatieNummer };
    },
  );

  app.post(
    '/api/LocatieAanvragen/LocatieAanvragen',
    {
      schema: {
        tags: ['Legacy'],
        description:
          'Asks for a new location like POST v2.0/LocationRequests (AppLocatie; the department is mailed; requires the Idempotency-Key header).',
        headers: idempotencyHeaders,
        body: z
          .object({
            omschrijving: text(100).min(1),
            omschrijving2: text(100).optional(),
            projectNummer: text(50).optional(),
            adres: text(200).optional(),
            postcode: text(20).optional(),
            plaats: text(100).optional(),
            startDatum: date.optional(),
            eindDatum: date.optional(),
            opmerking: text(1000).optional(),
          })
          .passthrough(),
        response: { 200: z.object({ id: z.string() }), 422: apiError },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const answer = await requestLocation(
        ctxOf(req, deps),
        mail,
        {
          description: b.omschrijving,
          description2: b.omschrijving2,
          projectNo: b.projectNummer,
          street: b.adres,
          postcode: b.postcode,
          city: b.plaats,
          startDate: b.startDatum,
          endDate: b.eindDatum,
          comment: b.opmerking,
        },
        idempotencyKeyOf(req.headers),
      );
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return { id: answer.body.id };
    },
  );
}
