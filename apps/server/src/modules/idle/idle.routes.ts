import {
  idleDigestPreference,
  idleEquipment as idleEquipmentSchema,
  idleParams,
  idleUnsubscribeInput,
} from '@mp/contract/api/idle';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import {
  idleDigestPreference as getPreference,
  idleEquipment,
  setIdleDigestPreference,
  unsubscribeIdleDigest,
} from './idle.service.ts';

export async function idleRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['IdleEquipment'];
  app.get(
    '/api/v2.0/IdleEquipment/:plantLocation',
    {
      schema: {
        tags,
        description:
          'Idle equipment on plantLocation (decision 0034): every stock line that nothing moved (no delivery, relocation, scan, inspection or removal-list entry) for Materieelvoorraad_StilstandDagen days, the longest idle first, with their rent per day and what returning them today saves until the project’s end (the location’s end date; saving null without one). Needs AppMaterieelvoorraad; plantLocation must be one of the caller’s locations (a foreign one answers 404, like an unknown one).',
        params: idleParams,
        response: { 200: idleEquipmentSchema },
      },
    },
    async (req) => idleEquipment(ctxOf(req, deps), req.params.plantLocation),
  );

  app.get(
    '/api/v2.0/Users/me/idle-digest',
    {
      schema: {
        tags,
        description:
          'Whether the signed-in user gets the weekly digest of idle equipment on their locations (off until they opt in).',
        response: { 200: idleDigestPreference },
      },
    },
    async (req) => getPreference(ctxOf(req, deps)),
  );

  app.put(
    '/api/v2.0/Users/me/idle-digest',
    {
      schema: {
        tags,
        description: 'The signed-in user turns their weekly digest of idle equipment on or off.',
        body: idleDigestPreference,
        response: { 200: idleDigestPreference },
      },
    },
    async (req) => setIdleDigestPreference(ctxOf(req, deps), req.body.enabled),
  );

  app.post(
    '/api/v2.0/IdleDigest/unsubscribe',
    {
      schema: {
        tags,
        description:
          'The digest mail’s unsubscribe link (no sign-in): its signed token turns the digest off for the user it names. A token that is not valid answers 400 Stilstand.afmelden_ongeldig.',
        body: idleUnsubscribeInput,
        response: { 204: z.null() },
        // the mail's link works without signing in: the signed token is the proof
        security: [],
      },
    },
    async (req, reply) => {
      await unsubscribeIdleDigest(ctxOf(req, deps), deps.tokens.secret, req.body.token);
      return reply.status(204).send(null);
    },
  );
}
