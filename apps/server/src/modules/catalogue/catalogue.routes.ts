import {
  cataloguePage as cataloguePageSchema,
  catalogueQuery,
  categoryDeleted,
  categoryList,
  itemCardsQuery,
  itemCards as itemCardsSchema,
  itemDetailsQuery,
  itemDetails as itemDetailsSchema,
  recentlyViewedNames,
  recentlyViewedQuery,
} from '@mp/contract/api/catalogue';
import { apiError, idParams } from '@mp/contract/api/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { plainJson } from '../../platform/http/plain-json.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import { visitorsWhenAllowed } from '../../platform/http/visitors.ts';
import { deleteCategory } from './catalogue.categories.ts';
import { catalogueLegacy } from './catalogue.legacy.ts';
import { cataloguePage, itemCards, itemDetails, listCategories } from './catalogue.service.ts';
import { recentlyViewed } from './search.service.ts';

const access =
  'Anonymous visitors only with AllowAnonymousUsers (else 401); plantLocation must be one of the user’s locations (else 404).';
const itemNoParam = z.object({ itemNo: z.string().trim().min(1).max(50) });

export async function catalogueRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Catalogue'];

  app.get(
    '/api/v2.0/Categories',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `The category tree as a flat list, depth first (parent = the empty guid for a root), names in the request locale with nl-NL fallback, image URLs and item counts. ${access}`,
        response: { 200: categoryList },
      },
      serializerCompiler: plainJson,
    },
    async (req) => listCategories(ctxOf(req, deps)),
  );

  app.delete(
    '/api/v2.0/Categories/:id',
    {
      config: adminOnly,
      schema: {
        tags,
        description:
          'Admin: deletes a category. One that still holds items or subcategories is refused (422 categorieen.niet_leeg, details itemCount/childCount) unless `moveTo` names the category to move them to first (not itself nor one below it: 422 categorieen.doel_ongeldig). One transaction; answers how much moved.',
        params: idParams,
        querystring: z.object({ moveTo: z.guid().optional() }),
        response: {
          200: categoryDeleted,
          422: apiError,
        },
      },
    },
    async (req) => deleteCategory(ctxOf(req, deps), req.params.id, req.query.moveTo),
  );

  app.get(
    '/api/v2.0/Products/:categoryId',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `One catalogue page of a category and its subcategories (the empty guid: the whole catalogue). Filters: bool (attribute ids that must all hold), dayMin/dayMax/weekMin/weekMax (ignored when the viewer sees no prices). Facets are computed over the current filtered set. Prices per product §6. ${access}`,
        params: z.object({ categoryId: z.guid() }),
        querystring: catalogueQuery,
        response: { 200: cataloguePageSchema },
      },
      serializerCompiler: plainJson,
    },
    async (req) => {
      const { plantLocation, ...query } = req.query;
      return cataloguePage(ctxOf(req, deps), req.params.categoryId, { ...query, locationNo: plantLocation });
    },
  );

  app.get(
    '/api/v2.0/Items',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `Several item cards at once, in the order asked (Home: recently viewed); unknown numbers are left out. ${access}`,
        querystring: itemCardsQuery,
        response: { 200: itemCardsSchema },
      },
      serializerCompiler: plainJson,
    },
    async (req) => itemCards(ctxOf(req, deps), req.query.itemNos, req.query.plantLocation),
  );

  app.get(
    '/api/v2.0/RecentlyViewed',
    {
      schema: {
        security: visitorsWhenAllowed,
        tags,
        description: `Home's recently viewed items and sets (kept in the browser) named in the request language (nl-NL fallback, else the number), with their image; items in the order asked, then sets; unknown numbers are left out, sets too when MaterieelSets_ToonSets is off. At most 10 of each. Anonymous visitors only with AllowAnonymousUsers (else 401).`,
        querystring: recentlyViewedQuery,
        response: { 200: recentlyViewedNames },
      },
    },
    async (req) => recentlyViewed(ctxOf(req, deps), req.query.itemNos ?? [], req.query.setNos ?? []),
  );

  for (const path of ['/api/v2.0/Items/:itemNo', '/api/v2.0/PlantTypes/:itemNo']) {
    app.get(
      path,
      {
        schema: {
          security: visitorsWhenAllowed,
          tags,
          description: `Everything the Details page shows: images, descriptions, technical data (hidden from anonymous visitors with Details_ToonTechnischeGegevensIngelogd), documents, prices, rental unit, accessories and order tips. ${access}`,
          params: itemNoParam,
          querystring: itemDetailsQuery,
          response: { 200: itemDetailsSchema },
        },
        serializerCompiler: plainJson,
      },
      async (req) => itemDetails(ctxOf(req, deps), req.params.itemNo, req.query.plantLocation),
    );
  }

  catalogueLegacy(app, deps);
}
