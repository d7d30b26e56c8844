import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { listMyLocations } from './locations.service.ts';

/** Locatie as the legacy interface names it (product §3). */
const locatie = z.object({
  nummer: z.string(),
  omschrijving: z.string(),
  omschrijving2: z.string().nullable(),
  geblokeerd: z.boolean(),
  projectNummer: z.string().nullable(),
  rol: z.enum(['user', 'administration']),
});

/** Legacy RPC calls (POST /api/{Controller}/{Action}) of the locations area. */
export function locationsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post(
    '/api/GebruikerMaterieellocatie/GetGebruikerMaterieelLocaties',
    {
      schema: {
        tags: ['Legacy'],
        body: z.object({}).passthrough().nullish(),
        response: { 200: z.object({ locaties: z.array(locatie) }) },
      },
    },
    async (req) => {
      const locations = await listMyLocations(ctxOf(req, deps));
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
