import cluster, { type Worker } from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import client from 'prom-client';
import { AppError } from '../errors.ts';
import { type GaugeSources, registerStateGauges } from './metrics.gauges.ts';

const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * Prometheus metrics at /metrics, only for a scraper holding `token` (METRICS_TOKEN) as its bearer token: the
 * figures tell the runtime version, memory and sign-in counts. Without a configured token the route is absent.
 * With `sources`, the state of the pool, queues, outboxes and ERP sync too (metrics.gauges.ts).
 */
export function registerMetrics(
  app: FastifyInstance,
  token: string | undefined,
  sources?: GaugeSources,
): client.Registry {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  if (sources) registerStateGauges(registry, sources);
  // a cluster worker (WEB_CONCURRENCY, decision 0029) gives its figures to the primary, which adds up all workers'
  if (cluster.isWorker) {
    new client.AggregatorRegistry();
    client.AggregatorRegistry.setRegistries([registry]);
  }
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
    return cluster.isWorker ? clusterMetrics() : registry.metrics();
  });
  return registry;
}

// ── a cluster (WEB_CONCURRENCY): a scrape answered by any worker tells the figures of all of them ─────────────────

const ASK = 'mp:metrics?';
const ANSWER = 'mp:metrics';
interface Answer {
  type: typeof ANSWER;
  id: number;
  text?: string;
  error?: string;
}
const waiting = new Map<number, (a: Answer) => void>();
let asked = 0;

/** In a worker: the metrics of every worker, added up by the primary (answerMetrics). */
function clusterMetrics(): Promise<string> {
  if (waiting.size === 0) process.on('message', onAnswer);
  const id = ++asked;
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => settle({ type: ANSWER, id, error: 'the primary did not answer' }), 10_000);
    const settle = (a: Answer) => {
      clearTimeout(timer);
      waiting.delete(id);
      if (waiting.size === 0) process.off('message', onAnswer);
      if (a.error !== undefined) reject(new Error(`cluster metrics: ${a.error}`));
      else resolve(a.text ?? '');
    };
    waiting.set(id, settle);
    process.send?.({ type: ASK, id });
  });
}

function onAnswer(m: unknown) {
  const a = m as Answer;
  if (a?.type === ANSWER) waiting.get(a.id)?.(a);
}

let aggregator: client.AggregatorRegistry<client.PrometheusContentType> | null = null;

/** In the cluster's primary: answers a worker's request for the metrics of all workers. */
export function answerMetrics(worker: Worker, message: unknown): void {
  const m = message as { type?: string; id?: number };
  if (m?.type !== ASK || typeof m.id !== 'number') return;
  const id = m.id;
  aggregator ??= new client.AggregatorRegistry();
  aggregator.clusterMetrics().then(
    (text: string) => worker.isConnected() && worker.send({ type: ANSWER, id, text } satisfies Answer),
    (e: Error) =>
      worker.isConnected() && worker.send({ type: ANSWER, id, error: e.message } satisfies Answer),
  );
}
