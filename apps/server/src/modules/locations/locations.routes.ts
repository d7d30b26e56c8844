import { apiError, idParams, locationNumber, plantLocationParams } from '@mp/contract/api/common';
import {
  approveLocationRequestInput,
  depotList,
  locationDetails,
  locationFactsUpdate,
  locationMemberUpdate,
  locationNoCheck,
  locationRequest,
  locationRequestInput,
  locationRequestQueue,
  locationRequestQueueQuery,
  newPlantLocationInput,
  rejectLocationRequestInput,
  workAddress,
  workAddressInput,
  workAddressList,
  workAddressParams,
} from '@mp/contract/api/locations';
import { plantLocationList } from '@mp/contract/api/shell';
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
import { departmentOnly } from '../../platform/http/route-access.ts';
import { createWorkAddress, deleteWorkAddress, updateWorkAddress } from './locations.addresses.ts';
import {
  changeLocationFacts,
  readLocationDetails,
  removeLocationMember,
  setLocationMember,
} from './locations.data.ts';
import { locationsLegacy } from './locations.legacy.ts';
import { checkNewLocationNo, createLocation } from './locations.manage.ts';
import {
  approveLocationRequest,
  listLocationRequests,
  rejectLocationRequest,
  requestLocation,
} from './locations.requests.ts';
import {
  listDepots,
  listMyLocationsWithDefault,
  listWorkAddresses,
  rememberLastLocation,
} from './locations.service.ts';

export async function locationsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PlantLocations'];
  const mail = { mailer: deps.mailer, publicUrl: deps.config.publicUrl };

  app.get(
    '/api/v2.0/PlantLocations',
    {
      schema: {
        tags,
        description:
          "The signed-in user's locations (members only; admins see every active location), and defaultLocationNo: the one to choose when none is chosen (the only one, else the last chosen while the user still has it, else null). 416 warning.navision_account_onbekend for an external user without a customer.",
        response: { 200: plantLocationList },
      },
    },
    async (req) => listMyLocationsWithDefault(ctxOf(req, deps)),
  );

  app.put(
    '/api/v2.0/PlantLocations/:plantLocation/chosen',
    {
      schema: {
        tags,
        description:
          'Keeps the location as the one the user has just chosen (204), answered as defaultLocationNo at their next sign-in on any device. A location the user may not pick answers 404 error.locatie_onbekend.',
        params: plantLocationParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await rememberLastLocation(ctxOf(req, deps), req.params.plantLocation);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v2.0/PlantLocations/depots/:purpose',
    {
      schema: {
        tags,
        description:
          'Depots for the order or removal wizard; defaultDepotNo from Depot_DefaultOrder / Depot_DefaultRemoval.',
        params: z.object({ purpose: z.enum(['order', 'removal']) }),
        response: { 200: depotList },
      },
    },
    async (req) => listDepots(ctxOf(req, deps), req.params.purpose),
  );

  app.get(
    '/api/v2.0/PlantLocations/:plantLocation/addresses',
    {
      schema: {
        tags,
        description:
          'Work addresses of a location the user belongs to (404 error.locatie_onbekend otherwise).',
        params: plantLocationParams,
        response: { 200: workAddressList },
      },
    },
    async (req) => ({ addresses: await listWorkAddresses(ctxOf(req, deps), req.params.plantLocation) }),
  );

  app.get(
    '/api/v2.0/PlantLocations/validatenewlocationno/:locationNo',
    {
      schema: {
        tags,
        description:
          'Whether locationNo may be used for a new location: the format (a capital letter, a hyphen, five digits, e.g. P-24013; else code Locatie.aanmaken.nummer_formaat) and uniqueness over all locations, deregistered ones too (Locatie.aanmaken.nummer_bestaat). Needs AppNieuweLocatieAanmaken (403 otherwise).',
        params: z.object({ locationNo: z.string().max(50) }),
        response: { 200: locationNoCheck },
      },
    },
    async (req) => checkNewLocationNo(ctxOf(req, deps), req.params.locationNo),
  );

  app.post(
    '/api/v2.0/PlantLocations',
    {
      schema: {
        tags,
        description:
          'Creates a location (201, no body). Needs AppNieuweLocatieAanmaken: admins and internal users for any customer, anyone else granted it only for its own customer (another customer answers 422 Locatie.aanmaken.klant_onbekend like an unknown one). A taken number answers 422 Locatie.aanmaken.nummer_bestaat, a blocked customer 422 Locatie.aanmaken.klant_geblokkeerd. The creator becomes a member (role user); with street and city the location gets its default work address (code HOOFD). Requires the Idempotency-Key header (400 without): a retry with the same key answers 201 again (header Idempotent-Replayed), the same key with another body 422 error.idempotency_conflict.',
        headers: idempotencyHeaders,
        body: newPlantLocationInput,
        response: { 201: z.null(), 422: apiError },
      },
    },
    async (req, reply) => {
      const answer = await createLocation(ctxOf(req, deps), req.body, idempotencyKeyOf(req.headers));
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(201).send(null);
    },
  );

  const addressAccess =
    "Needs write access on the location (a member with role user, an admin) or to be the key user of the location's customer (decision 0023); the read-only role gets 403, another customer's or an unknown location 404 error.locatie_onbekend, and nothing changes.";

  app.post(
    '/api/v2.0/PlantLocations/:plantLocation/addresses',
    {
      schema: {
        tags,
        description: `Adds a work address (201); without code it gets the next free WA-nn; a code the location already has answers 422 Locatie.adres_code_bestaat; isDefault clears the other default. ${addressAccess}`,
        params: plantLocationParams,
        body: workAddressInput,
        response: { 201: workAddress, 422: apiError },
      },
    },
    async (req, reply) =>
      reply.code(201).send(await createWorkAddress(ctxOf(req, deps), req.params.plantLocation, req.body)),
  );

  app.put(
    '/api/v2.0/PlantLocations/:plantLocation/addresses/:addressId',
    {
      schema: {
        tags,
        description: `Replaces a work address of the location (an address of another location: 404 Locatie.adres_onbekend). ${addressAccess}`,
        params: workAddressParams,
        body: workAddressInput,
        response: { 200: workAddress, 422: apiError },
      },
    },
    async (req) =>
      updateWorkAddress(ctxOf(req, deps), req.params.plantLocation, req.params.addressId, req.body),
  );

  app.delete(
    '/api/v2.0/PlantLocations/:plantLocation/addresses/:addressId',
    {
      schema: {
        tags,
        description: `Deletes a work address (204). One that an open request (submitted, in progress, planned) delivers to or collects from answers 422 Locatie.adres_in_gebruik; a done request keeps its own copy of the address. ${addressAccess}`,
        params: workAddressParams,
        response: { 204: z.null(), 422: apiError },
      },
    },
    async (req, reply) => {
      await deleteWorkAddress(ctxOf(req, deps), req.params.plantLocation, req.params.addressId);
      return reply.code(204).send(null);
    },
  );

  const dataAccess =
    'Members read it (the read-only role too), admins and the key user of the location’s customer as well; anything else answers 404 error.locatie_onbekend.';
  app.get(
    '/api/v2.0/PlantLocations/:plantLocation/details',
    {
      schema: {
        tags,
        description: `The location data page: facts, members (with what the caller may change) and the traffic light (days of the oldest stock line against Locatie_Indicator*). ${dataAccess}`,
        params: plantLocationParams,
        response: { 200: locationDetails },
      },
    },
    async (req) => readLocationDetails(ctxOf(req, deps), req.params.plantLocation),
  );

  app.put(
    '/api/v2.0/PlantLocations/:plantLocation',
    {
      schema: {
        tags,
        description:
          'Changes the descriptions, project number and dates (204): a member with role user, an admin, or the key user of the location’s customer (403 error.alleen_lezen for the read-only role; 404 otherwise). An end before the start answers 422 validation.einde_na_begin at endDate.',
        params: plantLocationParams,
        body: locationFactsUpdate,
        response: { 204: z.null(), 422: apiError },
      },
    },
    async (req, reply) => {
      await changeLocationFacts(ctxOf(req, deps), req.params.plantLocation, req.body);
      return reply.code(204).send(null);
    },
  );

  const memberParams = z.object({
    plantLocation: locationNumber,
    userId: z.string().min(1).max(64),
  });
  app.put(
    '/api/v2.0/PlantLocations/:plantLocation/members/:userId',
    {
      schema: {
        tags,
        description:
          'Adds the user to the location or changes its role (204): an admin, or the key user of the location’s customer for a user it manages (canManageUser); another user answers 404.',
        params: memberParams,
        body: locationMemberUpdate,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await setLocationMember(ctxOf(req, deps), req.params.plantLocation, req.params.userId, req.body.role);
      return reply.code(204).send(null);
    },
  );

  app.delete(
    '/api/v2.0/PlantLocations/:plantLocation/members/:userId',
    {
      schema: {
        tags,
        description:
          'Removes the user from the location (204), under the rule of PUT …/members/{userId}; a user who is no member answers 404.',
        params: memberParams,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await removeLocationMember(ctxOf(req, deps), req.params.plantLocation, req.params.userId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/v2.0/LocationRequests',
    {
      schema: {
        tags,
        description:
          "Asks for a new location (201; LocatieAanvragen): needs AppLocatie. Stored for the equipment department's queue, which is mailed (NewPlantLocationRequest). Requires the Idempotency-Key header (400 without): a retry with the same key answers the same request (header Idempotent-Replayed), the same key with another body 422 error.idempotency_conflict.",
        headers: idempotencyHeaders,
        body: locationRequestInput,
        response: { 201: locationRequest, 422: apiError },
      },
    },
    async (req, reply) => {
      const answer = await requestLocation(ctxOf(req, deps), mail, req.body, idempotencyKeyOf(req.headers));
      if (answer.replayed) reply.header(IDEMPOTENT_REPLAY_HEADER, 'true');
      return reply.code(201).send(answer.body);
    },
  );

  app.get(
    '/api/v2.0/Department/location-requests',
    {
      config: departmentOnly,
      schema: {
        tags: ['Department'],
        description:
          "The equipment department's queue of location requests by status (default open), newest first.",
        querystring: locationRequestQueueQuery,
        response: { 200: locationRequestQueue },
      },
    },
    async (req) => listLocationRequests(ctxOf(req, deps), req.query.status),
  );

  app.post(
    '/api/v2.0/Department/location-requests/:id/approve',
    {
      config: departmentOnly,
      schema: {
        tags: ['Department'],
        description:
          "Approves an open location request: the location (number and customer as chosen; 422 Locatie.aanmaken.nummer_bestaat / klant_onbekend / klant_geblokkeerd) and the requester's membership (role user) in one transaction; the requester is mailed. A request already handled: 422 Locatie.aanvragen.al_behandeld; unknown: 404.",
        params: idParams,
        body: approveLocationRequestInput,
        response: { 200: locationRequest, 422: apiError },
      },
    },
    async (req) => approveLocationRequest(ctxOf(req, deps), mail, req.params.id, req.body),
  );

  app.post(
    '/api/v2.0/Department/location-requests/:id/reject',
    {
      config: departmentOnly,
      schema: {
        tags: ['Department'],
        description:
          'Rejects an open location request with a reason the requester is mailed. Already handled: 422 Locatie.aanvragen.al_behandeld; unknown: 404.',
        params: idParams,
        body: rejectLocationRequestInput,
        response: { 200: locationRequest, 422: apiError },
      },
    },
    async (req) => rejectLocationRequest(ctxOf(req, deps), mail, req.params.id, req.body.reason),
  );

  locationsLegacy(app, deps);
}
