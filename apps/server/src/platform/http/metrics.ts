import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { AppError } from '../errors.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics at /metrics, only for a scraper holding `token` (METRICS_TOKEN) as its bearer token: the
 * figures tell the runtime version, memory and sign-in counts. Without a configured token the route is absent.
 */
export function registerMetrics(app: FastifyInstance, token: string | undefined): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  const duration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    const route = req.routeOptions.url ?? 'unmatched';
    duration.observe(
      { method: req.method, route, status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (!token) return registry;
  const expected = digest(`Bearer ${token}`);
  app.get('/metrics', { schema: { hide: true } }, async (req, reply) => {
    const given = digest(req.headers.authorization ?? '');
    if (!timingSafeEqual(given, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw new AppError('unauthenticated', 'error.niet_ingelogd');
    }
    reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
  return registry;
}
