import { createRequire } from 'node:module';
import { context, trace } from '@opentelemetry/api';
import { getRPCMetadata, RPCType } from '@opentelemetry/core';
import { OTLPTraceExporter as JsonExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { OTLPTraceExporter as ProtoExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { buildInfo } from '../version.ts';
import type { Env, Telemetry } from './telemetry.types.ts';

/** The OpenTelemetry SDK, loaded only when OTLP is configured (telemetry.ts startTelemetry). */

function exporterFor(env: Env): SpanExporter {
  const protocol = (
    env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ??
    env.OTEL_EXPORTER_OTLP_PROTOCOL ??
    'http/protobuf'
  )
    .trim()
    .toLowerCase();
  if (protocol === 'http/json') return new JsonExporter();
  if (protocol === 'http/protobuf') return new ProtoExporter();
  throw new Error(`OTEL_EXPORTER_OTLP_PROTOCOL ${protocol}: only http/protobuf and http/json are supported`);
}

/** Registers the tracer provider, its OTLP exporter and the instrumentations. */
export function startSdk(env: Env): Telemetry {
  const started = new NodeTracerProvider({
    resource: resourceFromAttributes({
      'service.name': env.OTEL_SERVICE_NAME?.trim() || 'materieelportaal',
      'service.version': buildInfo().version,
    }),
    spanProcessors: [new BatchSpanProcessor(exporterFor(env))],
  });
  started.register();
  registerInstrumentations({
    tracerProvider: started,
    instrumentations: [
      new HttpInstrumentation({
        // health probes and scrapes every few seconds would bury the requests that matter
        ignoreIncomingRequestHook: (req) => /^\/(health\/|metrics(\?|$))/.test(req.url ?? ''),
      }),
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });
  // why: a module imported (ESM) before the instrumentations were enabled is patched only when required again; the
  // pg and http patches are on their prototypes and exports, so one require here reaches every importer.
  const require = createRequire(import.meta.url);
  require('pg');
  require('node:http');
  require('node:https');
  return {
    shutdown: () => started.shutdown(),
    flush: () => started.forceFlush(),
    nameRequest(method, route) {
      // instrumentation-http names its server span "<method> <http.route>" from the RPC metadata when it ends
      const rpc = getRPCMetadata(context.active());
      if (rpc?.type === RPCType.HTTP) rpc.route = route;
      const span = trace.getActiveSpan();
      span?.setAttribute('http.route', route);
      span?.updateName(`${method} ${route}`);
    },
  };
}
