import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { adminOnly } from '../../platform/http/route-access.ts';
import { approve, readMe } from './users.service.ts';

const me = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  internalExternal: z.enum(['Internal', 'External']),
  language: z.string(),
  phone: z.string().nullable(),
  customerId: z.string().nullable(),
  permissions: z.array(z.string()),
  areas: z.record(z.string(), z.array(z.enum(['read', 'write']))),
  locations: z.array(
    z.object({
      id: z.string(),
      locationNo: z.string(),
      description: z.string(),
      description2: z.string().nullable(),
      projectNumber: z.string().nullable(),
      blocked: z.boolean(),
      role: z.enum(['user', 'administration']),
    }),
  ),
});

export async function usersRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/v2.0/Users/me',
    {
      schema: {
        tags: ['Users'],
        description: 'The signed-in user with their locations (role per location) and functional areas.',
        response: { 200: me },
      },
    },
    async (req) => readMe(ctxOf(req, deps)),
  );

  app.post(
    '/api/v2.0/Users/:id/approve',
    {
      config: adminOnly,
      schema: {
        tags: ['Users'],
        description:
          'Admin: approve an account that registered itself (it cannot sign in before). 404 for an unknown id.',
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await approve(ctxOf(req, deps), req.params.id);
      return reply.code(204).send(null);
    },
  );
}
