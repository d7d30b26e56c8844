import rateLimit from '@fastify/rate-limit';
import { pageViewInput } from '@mp/contract/api/shell';
import { daysInPast, pageStatsResponse } from '@mp/contract/api/statistics';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Deps } from '../../platform/deps.ts';
import { ctxOf } from '../../platform/http/context.ts';
import { statisticsLegacy, trackingRateLimit } from './statistics.legacy.ts';
import { pageStats, trackPageView } from './statistics.service.ts';

export async function statisticsRoutes(fastify: FastifyInstance, deps: Deps) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  await app.register(rateLimit, { global: false });
  const tags = ['Statistics'];

  app.post(
    '/api/v2.0/statistics',
    {
      config: { rateLimit: trackingRateLimit },
      schema: {
        tags,
        security: [],
        description:
          'Records a page view (path only; query and fragment dropped) when EnablePageTracking is on. Anonymous allowed. Always 204.',
        body: pageViewInput,
        response: { 204: z.null() },
      },
    },
    async (req, reply) => {
      await trackPageView(ctxOf(req, deps), req.body.page);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/api/v2.0/statistics',
    {
      schema: {
        tags,
        description:
          'Views per page per day (Europe/Amsterdam days) over the last daysInPast days, today included. Admins and AppRapportage.',
        querystring: z.object({ daysInPast }),
        response: { 200: pageStatsResponse },
      },
    },
    async (req) => pageStats(ctxOf(req, deps), req.query.daysInPast),
  );

  statisticsLegacy(app, deps);
}
