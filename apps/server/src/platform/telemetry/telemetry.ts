import {
  type Context,
  context,
  type Link,
  propagation,
  ROOT_CONTEXT,
  type Span,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import type { Env, Telemetry } from './telemetry.types.ts';

export type { Env, Telemetry } from './telemetry.types.ts';

/*
 * Traces (issue #35 point 3, decision 0030 "What the portal is doing"): OpenTelemetry, exported by OTLP/HTTP when
 * OTEL_EXPORTER_OTLP_ENDPOINT or OTEL_EXPORTER_OTLP_TRACES_ENDPOINT is set, else off: no SDK started, no
 * instrumentation patched, no hook added. What is traced:
 *   - each request (instrumentation-http's server span, named "<method> <route template>" by traceRoutes);
 *   - each database statement inside a request or a job (instrumentation-pg, only under a parent span: pg-boss's
 *     polling and the listeners' statements start no trace of their own);
 *   - each job (pg-boss's own instrumentation: a span per job continuing the trace that queued it, since
 *     createJobs stores the trace context on the job when telemetry is on);
 *   - outgoing calls: fetch (ERP, document service, webhook subscriptions: instrumentation-undici), node:http(s),
 *     and SMTP (a span of our own around each mail, mailer.ts);
 *   - each ERP outbox delivery: a span of its own in the trace of the request that wrote the row (the row keeps
 *     its traceparent, storedTraceParent), linked to the drain job that delivers it (inStoredTrace).
 */

const TRACER = 'materieelportaal';

let started: Telemetry | null = null;

/** Whether tracing was started in this process (OTLP configured). */
export function telemetryStarted(): boolean {
  return started !== null;
}

/**
 * Starts tracing when OTLP is configured (see tracesConfigured); else does nothing and returns null: the SDK
 * (telemetry.sdk.ts) is not even loaded. The exporter, sampler (OTEL_TRACES_SAMPLER, OTEL_TRACES_SAMPLER_ARG), batch
 * sizes and service name (OTEL_SERVICE_NAME, OTEL_RESOURCE_ATTRIBUTES) follow the standard variables.
 */
export async function startTelemetry(env: Env = process.env): Promise<Telemetry | null> {
  if (started || !tracesConfigured(env)) return null;
  const { startSdk } = await import('./telemetry.sdk.ts');
  started = startSdk(env);
  return started;
}

/** OTLP is configured: an endpoint is given and the SDK is not disabled (the standard variables). */
export function tracesConfigured(env: Env = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  const exporters = env.OTEL_TRACES_EXPORTER?.split(',').map((s) => s.trim().toLowerCase());
  if (exporters?.includes('none')) return false;
  return Boolean(env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT?.trim() || env.OTEL_EXPORTER_OTLP_ENDPOINT?.trim());
}

/** The request spans are named by route template ("POST /api/v2.0/PlantRequests/:id/order"); only with tracing on. */
export function traceRoutes(app: FastifyInstance): void {
  const on = started;
  if (!on) return;
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.url) on.nameRequest(req.method, req.routeOptions.url);
  });
}

/** The ids a log line carries while a span is active (logger.ts). */
export function traceIds(): { trace_id: string; span_id: string } | Record<string, never> {
  const span = trace.getActiveSpan();
  if (!span) return {};
  const { traceId, spanId } = span.spanContext();
  return { trace_id: traceId, span_id: spanId };
}

/** Runs `fn` in a span of our own (an outgoing call no instrumentation sees, like SMTP); a no-op tracer when off. */
export async function inSpan<T>(
  name: string,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return run(name, { kind: SpanKind.CLIENT, attributes }, context.active(), fn);
}

/**
 * The W3C traceparent of the active span, for work a later job does on behalf of this one (an ERP outbox row keeps
 * it); null when tracing is off (nothing built, no cost) or no span is active.
 */
export function storedTraceParent(): string | null {
  if (!started || !trace.getActiveSpan()) return null;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent ?? null;
}

/**
 * Runs `fn` in a CONSUMER span whose parent is the stored `traceParent` (storedTraceParent: the request that wrote
 * an outbox row), linked to the active span (the job delivering it, which handles many rows of many traces); without
 * one (tracing was off when the row was written), a child of the active span. A no-op tracer when off.
 */
export async function inStoredTrace<T>(
  name: string,
  traceParent: string | null,
  attributes: Record<string, string | number>,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const parent =
    started && traceParent ? propagation.extract(ROOT_CONTEXT, { traceparent: traceParent }) : null;
  if (!parent || !trace.getSpanContext(parent))
    return run(name, { kind: SpanKind.CONSUMER, attributes }, context.active(), fn);
  const job = trace.getActiveSpan();
  const links: Link[] = job ? [{ context: job.spanContext() }] : [];
  return run(name, { kind: SpanKind.CONSUMER, attributes, links }, parent, fn);
}

async function run<T>(
  name: string,
  options: { kind: SpanKind; attributes: Record<string, string | number>; links?: Link[] },
  parent: Context,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  return trace.getTracer(TRACER).startActiveSpan(name, options, parent, async (span) => {
    try {
      return await fn(span);
    } catch (e) {
      span.recordException(e as Error);
      span.setStatus({ code: SpanStatusCode.ERROR, message: (e as Error).message });
      throw e;
    } finally {
      span.end();
    }
  });
}

/** Runs `fn` outside any trace (a job that queues its own next run must not chain every run into one trace). */
export function outsideTraces<T>(fn: () => T): T {
  return context.with(ROOT_CONTEXT, fn);
}
