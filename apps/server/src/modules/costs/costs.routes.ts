import { apiError } from '@mp/contract/api/common';
import {
  customerCosts,
  customerCostsQuery,
  locationCostItems,
  locationCosts,
  locationCostsParams,
} from '@mp/contract/api/costs';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';

import { ctxOf } from '../../platform/http/context.ts';
import { readCustomerCosts } from './costs.customer.ts';
import { readLocationCostItems, readLocationCosts } from './costs.service.ts';

/** The cost on site (issue #37 point 1, decision 0033). */
export async function costsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v2.0/PlantLocations/:plantLocation/costs',
    {
      schema: {
        tags: ['Costs'],
        description:
          "What the equipment on the location costs, excl. VAT (totals also incl. VAT, 21 % on each month's sum as the invoice counts it): this month so far, since the first movement onto the location, this month if nothing moves until its last day, and until the location's end date (null without one, or when it lies before today: endDateState) — per item and per numbered plant, per week of the last 26 by catalogue category ('costs' = order costs, 'other' = no category), the 10 most expensive items (itemCount: how many there are; every item with GET …/costs/items). Priced with the invoicing run's own arithmetic (catalogue day / week prices, whole weeks, the rental discount with UseRentalDiscount), so a month's figure is its invoice. Needs the functional area AppMaterieelFacturen and the location to be the caller's (the read-only role reads); another's answers 404 like an unknown one.",
        params: locationCostsParams,
        response: { 200: locationCosts },
      },
    },
    async (req) => readLocationCosts(ctxOf(req, deps), req.params.plantLocation),
  );
  app.get(
    '/api/v2.0/PlantLocations/:plantLocation/costs/items',
    {
      schema: {
        tags: ['Costs'],
        description:
          'Every item of GET PlantLocations/{plantLocation}/costs with a cost since the start or on the location now, with its numbered plants, the most expensive since the start first. The same access as the figures.',
        params: locationCostsParams,
        response: { 200: locationCostItems },
      },
    },
    async (req) => readLocationCostItems(ctxOf(req, deps), req.params.plantLocation),
  );
  app.get(
    '/api/v2.0/Reports/costs',
    {
      schema: {
        tags: ['Costs', 'Reports'],
        description:
          "The cost on site across a customer's locations for the management's reports: each location's figures (as GET PlantLocations/{plantLocation}/costs) and their sums — projectedProjectEnd over the locations with an end date, the others to their month's end — the weeks by category and the 10 most expensive items over every location. AppRapportage (403 without); the caller's own customer (an admin names one in customerId: 422 Rapportages.kosten_klant_kiezen without); another customer answers 404.",
        querystring: customerCostsQuery,
        response: { 200: customerCosts, 422: apiError },
      },
    },
    async (req) => readCustomerCosts(ctxOf(req, deps), req.query.customerId),
  );
}
