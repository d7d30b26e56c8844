import { searchSynonyms, searchSynonymsInput } from '@mp/contract/api/search-synonyms';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import { getSearchSynonyms, saveSearchSynonyms } from './search.synonyms.ts';

/** The search synonyms of SynoniemCode's list (issue #31 item 20): administrators read and replace them. */
export function searchSynonymsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Search'];

  app.get(
    '/api/v2.0/SearchSynonyms',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          "Admin: the groups of search synonyms of the list the setting SynoniemCode names (code '' and no groups while it is empty: synonyms off). A searched word of a group also finds what the group's other words find.",
        response: { 200: searchSynonyms },
      },
    },
    async (req) => getSearchSynonyms(ctxOf(req, deps)),
  );

  app.put(
    '/api/v2.0/SearchSynonyms',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          'Admin: replaces every group of the list SynoniemCode names, in this order (all or nothing); the search uses them at once in this process, within seconds in others. 422 error.synoniemcode_leeg while the setting is empty; a word twice (in one group or two) 422 naming it (validation.synoniem_dubbel).',
        body: searchSynonymsInput,
        response: { 200: searchSynonyms },
      },
    },
    async (req) => saveSearchSynonyms(ctxOf(req, deps), req.body),
  );
}
