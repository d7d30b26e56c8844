import { idleEquipment as idleEquipmentSchema, idleParams } from '@mp/contract/api/idle';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { idleEquipment } from './idle.service.ts';

export async function idleRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v2.0/IdleEquipment/:plantLocation',
    {
      schema: {
        tags: ['PlantInventoryItems'],
        description:
          'Idle equipment on plantLocation (decision 0034): every stock line that nothing moved (no delivery, relocation, scan, inspection or removal-list entry) for Materieelvoorraad_StilstandDagen days, the longest idle first, with their rent per day and what returning them today saves until the project’s end (the location’s end date; saving null without one). Needs AppMaterieelvoorraad; plantLocation must be one of the caller’s locations (a foreign one answers 404, like an unknown one).',
        params: idleParams,
        response: { 200: idleEquipmentSchema },
      },
    },
    async (req) => idleEquipment(ctxOf(req, deps), req.params.plantLocation),
  );
}
