import { erpSyncAnswer } from '@mp/contract/api/erp-sync';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { erpDepsOf } from './erp.deps.ts';
import type { SyncedEntity } from './erp.port.ts';
import { startSync } from './erp.sync.service.ts';

/**
 * The old client's sync calls (spec §7), each the sync of the entities it names (decision 0027). The technical
 * data's translations are part of its records (a text per language, the attributes' labels per language), so
 * DoMaterieelDetailTechDataVertalingenSync syncs the same two entities as DoMaterieelDetailTechDataSync.
 */
const calls: Array<[path: string, entities: SyncedEntity[], what: string]> = [
  [
    '/api/MaterieelSync/DoMaterieelDetailTechDataSync',
    ['technicalAttributes', 'itemTechnicalData'],
    'the technical data',
  ],
  [
    '/api/MaterieelSync/DoMaterieelDetailTechDataVertalingenSync',
    ['technicalAttributes', 'itemTechnicalData'],
    'the technical data with its texts and labels per language',
  ],
  [
    '/api/MaterieelSync/DoMaterieelCatalogusVertalingenSync',
    ['categoryTranslations', 'itemTranslations'],
    "the catalogue's translations (categories, items)",
  ],
  ['/api/MaterieelImage/SyncImages', ['itemImages'], "the items' pictures"],
  ['/api/MaterieelKeuringenSync/DoKeuringenSync', ['inspections'], 'the inspections'],
];

export function erpLegacyRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  for (const [path, entities, what] of calls)
    app.post(
      path,
      {
        schema: {
          tags: ['Legacy'],
          description: `Admins and holders of BusinessCentral: syncs ${what} from the ERP, as POST Erp/sync with entities ${entities.join(', ')}.`,
          body: z.object({}).passthrough().nullish(),
          response: { 200: erpSyncAnswer },
        },
      },
      async (req) => startSync(ctxOf(req, deps), erpDepsOf(deps, req), entities),
    );
}
