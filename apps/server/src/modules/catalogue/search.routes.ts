import {
  quickSearchQuery,
  SEARCH_DEFAULT_LIMIT,
  searchQuery,
  searchResults,
} from '@mp/contract/api/catalogue';
import { locationNumber } from '@mp/contract/api/common';
import { quickSearchResponse } from '@mp/contract/api/shell';
import { MAX_SEARCH_LENGTH } from '@mp/contract/rules/search';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { legacyAnswer, legacyLocale, legacyRows } from '../../platform/http/legacy-dto.ts';
import { plainJson } from '../../platform/http/plain-json.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { toMaterieel } from './catalogue.legacy.ts';
import { quickSearch, search } from './search.service.ts';
import { searchSynonymsRoutes } from './search.synonyms.routes.ts';

const rules =
  'Words split on spaces, case- and accent-insensitive, matched in the interface language (nl-NL fallback) and on the number; a word of 2 characters matches at the start of a word. When that finds fewer than 10 (Search: items matched before any filter), nl-NL and then the other languages fill the list, below the interface-language hits, each item once, named in the interface language. Fewer than MinimumZoekLengte characters: an empty list. Anonymous only with AllowAnonymousUsers.';

export async function searchRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Search'];

  app.get(
    '/api/v2.0/Search/quicksearch',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `Quick search for the dropdown: at most 10 items and sets, most matched words first, then relevance, then number. ${rules}`,
        querystring: quickSearchQuery,
        response: { 200: quickSearchResponse },
      },
      serializerCompiler: plainJson,
    },
    async (req) => quickSearch(ctxOf(req, deps), req.query.query, { locale: req.query.locale }),
  );

  app.get(
    '/api/v2.0/Search',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `The result list (Zoeken): item cards ranked like the quick search, with the catalogue's filters and facets, plus matching sets. ${rules}`,
        querystring: searchQuery,
        response: { 200: searchResults },
      },
      serializerCompiler: plainJson,
    },
    async (req) => {
      const { plantLocation, ...query } = req.query;
      return search(ctxOf(req, deps), { ...query, locationNo: plantLocation });
    },
  );

  searchSynonymsRoutes(app, deps);

  // Legacy RPC calls.
  const legacyTags = ['Legacy'];
  const zoekString = z.string().max(MAX_SEARCH_LENGTH);
  const language = z.string().max(10).optional();

  app.post(
    '/api/MaterieelSnelzoeken/GetSnelZoeken',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags: legacyTags,
        body: z.object({ zoekString, searchLanguage: language }),
        response: { 200: quickSearchResponse },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      return quickSearch(ctx, req.body.zoekString, {
        locale: legacyLocale(req.body.searchLanguage, ctx.locale),
      });
    },
  );

  app.post(
    '/api/MaterieelSnelzoeken/GetSnelZoekenDetails',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags: legacyTags,
        body: z.object({
          zoekString,
          searchLanguage: language,
          materieelLocatieNr: locationNumber.optional(),
          limit: z.number().int().min(1).max(1000).default(SEARCH_DEFAULT_LIMIT),
        }),
        response: {
          200: legacyAnswer({ materielen: legacyRows, sets: legacyRows, totaal: z.number().int() }),
        },
      },
    },
    async (req) => {
      const ctx = ctxOf(req, deps);
      const locale = legacyLocale(req.body.searchLanguage, ctx.locale);
      const r = await search(
        ctx,
        {
          query: req.body.zoekString,
          locationNo: req.body.materieelLocatieNr,
          limit: req.body.limit,
          sortBy: 'relevance',
          bool: [],
        },
        { locale, translations: true },
      );
      return {
        materielen: r.items.map((i) => toMaterieel(i, locale)),
        sets: r.sets.map((s) => ({
          materieelSoort: s.setNo,
          omschrijving: s.description,
          isSet: true,
          imageUrl: s.imageUrl,
        })),
        totaal: r.total,
      };
    },
  );
}
