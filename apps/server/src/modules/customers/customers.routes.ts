import { customerList, customerQuery } from '@mp/contract/api/customers';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { listCustomers } from './customers.service.ts';

export async function customersRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v2.0/Customers',
    {
      schema: {
        tags: ['Customers'],
        description:
          'Customers the caller may pick, by name (at most `limit`; words in `q` match name or number). Admins, the equipment department and the rental company staff who create locations (internal users without a customer) see all; others (internal users of a customer included) their own customer and those of their locations.',
        querystring: customerQuery,
        response: { 200: customerList },
      },
    },
    async (req) => listCustomers(ctxOf(req, deps), req.query),
  );
}
