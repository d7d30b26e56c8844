import { requireOneOf } from '@mp/contract/api/common';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { throttleAddress } from '../../platform/http/client-address.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { pageStats, trackPageView } from './statistics.service.ts';

/** Anonymous page views are cheap to send: a per-address ceiling keeps the table from being flooded. */
export const trackingRateLimit = {
  max: 240,
  timeWindow: '1 minute',
  // an IPv6 client by its /64, as the login throttle counts it
  keyGenerator: (req: FastifyRequest) => throttleAddress(req.ip),
};

/** Legacy RPC calls: Logging/LogPagina and Logging/GetPaginaLogStats (Dutch field names). */
export function statisticsLegacy(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const tags = ['Legacy'];

  app.post(
    '/api/Logging/LogPagina',
    {
      config: { rateLimit: trackingRateLimit },
      schema: {
        tags,
        security: [],
        body: requireOneOf(
          z
            .object({
              pagina: z.string().min(1).max(300).optional(),
              page: z.string().min(1).max(300).optional(),
            })
            .passthrough(),
          ['pagina', 'page'],
        ),
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await trackPageView(ctxOf(req, deps), (req.body.pagina ?? req.body.page) as string);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/Logging/GetPaginaLogStats',
    {
      schema: {
        tags,
        body: z.object({ daysInPast: z.coerce.number().int().min(1).max(366).default(30) }).passthrough(),
        response: {
          200: z.object({
            daysInPast: z.number(),
            stats: z.array(z.object({ datum: z.string(), pagina: z.string(), aantal: z.number() })),
            totalen: z.array(z.object({ pagina: z.string(), aantal: z.number() })),
          }),
        },
      },
    },
    async (req) => {
      const s = await pageStats(ctxOf(req, deps), req.body.daysInPast);
      return {
        daysInPast: s.daysInPast,
        stats: s.rows.map((r) => ({ datum: r.date, pagina: r.page, aantal: r.views })),
        totalen: s.totals.map((t) => ({ pagina: t.page, aantal: t.views })),
      };
    },
  );
}
