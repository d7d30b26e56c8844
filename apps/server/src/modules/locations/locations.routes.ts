import { depotList, workAddressList } from '@mp/contract/api/locations';
import { plantLocationList } from '@mp/contract/api/shell';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { locationsLegacy } from './locations.legacy.ts';
import { listDepots, listMyLocations, listWorkAddresses } from './locations.service.ts';

const plantLocationParam = z.object({ plantLocation: z.string().trim().min(1).max(50) });

export async function locationsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['PlantLocations'];

  app.get(
    '/api/v2.0/PlantLocations',
    {
      schema: {
        tags,
        description:
          "The signed-in user's locations (members only; admins see every active location). 416 warning.navision_account_onbekend for an external user without a customer.",
        response: { 200: plantLocationList },
      },
    },
    async (req) => ({ plantLocations: await listMyLocations(ctxOf(req, deps)) }),
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
        params: plantLocationParam,
        response: { 200: workAddressList },
      },
    },
    async (req) => ({ addresses: await listWorkAddresses(ctxOf(req, deps), req.params.plantLocation) }),
  );

  locationsLegacy(app, deps);
}
