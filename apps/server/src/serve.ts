import cluster from 'node:cluster';
import path from 'node:path';
import { defaultLocale } from '@mp/contract/i18n';
import type { Logger } from 'pino';
import { buildApp } from './app.ts';
import { startBanner } from './banner.ts';
import { isClusterWorker, type SharedFakeErp, sharedFakeErp } from './cluster.ts';
import type { Config } from './config.ts';
import { startFakeErp } from './fake-erp.ts';
import {
  configureReadModels,
  forgetSearchSynonyms,
  SEARCH_SYNONYMS_CHANNEL,
  warmCatalogue,
} from './modules/catalogue/index.ts';
import { startOrderNoteWorker } from './modules/documents/index.ts';
import { queueSync, startErpOutbox, startErpSync, startErpWebhooks, syncOrder } from './modules/erp/index.ts';
import { startIdleDigest, startScanCleanUp } from './modules/idle/index.ts';
import { startInvoicingSchedule } from './modules/invoices/index.ts';
import { forgetSettings, loadSettings, SETTINGS_CHANNEL } from './modules/settings/index.ts';
import {
  forgetWebhookSubscriptions,
  startWebhookWorker,
  WEBHOOKS_CHANNEL,
} from './modules/webhooks/index.ts';
import { loadSecret } from './platform/auth/secret.ts';
import { startSessionGuard } from './platform/auth/sessions.ts';
import { openDatabase } from './platform/db/bootstrap.ts';
import { startChangeListener } from './platform/db/changes.ts';
import { openStorage } from './platform/files/open-storage.ts';
import { createJobs, startWorkers } from './platform/jobs/jobs.ts';
import { createMailer } from './platform/mail/mailer.ts';
import { releaseUnusedMemory } from './platform/memory.ts';
import type { Telemetry } from './platform/telemetry/telemetry.ts';

/*
 * One server process (WEB_CONCURRENCY=1, or a worker of a cluster's primary, docs/decisions/0029): opens the
 * database (or the primary's), starts the jobs, the listeners and the app, and stops them all on SIGTERM/SIGINT.
 * main.ts loads this module only in a process that serves: a cluster's primary never holds the app's ~1,300
 * modules (decision 0008 "What a server process holds besides its models").
 */

/** Open from start until exit: a failed start must stop an embedded PostgreSQL it began. */
let opened: Awaited<ReturnType<typeof openDatabase>> | null = null;

/** Starts the server; a start that fails stops the embedded PostgreSQL it began and rejects. */
export async function serve(config: Config, logger: Logger, telemetry: Telemetry | null): Promise<void> {
  try {
    await start(config, logger, telemetry);
  } catch (e) {
    await opened?.shutdown().catch(() => {});
    throw e;
  }
}

async function start(config: Config, logger: Logger, telemetry: Telemetry | null): Promise<void> {
  const started = Date.now();
  const database = await openDatabase(config, (line) => logger.debug({ src: 'postgres' }, line));
  opened = database;
  const storage = await openStorage(config);
  // ERP=fake-bc (decision 0027): a fake Business Central with the demo company, where the settings are left empty
  // in a cluster (WEB_CONCURRENCY, decision 0029) the primary started the fake ERP and passes its connection on
  const worker = isClusterWorker();
  const ownFakeErp =
    config.ERP === 'fake-bc' && !worker ? await startFakeErp((line) => logger.info(line)) : null;
  const fakeErp: SharedFakeErp | null = ownFakeErp ?? (config.ERP === 'fake-bc' ? sharedFakeErp() : null);
  const erpDefaults = fakeErp?.defaults;
  if (config.SEED === 'demo') {
    // loaded only to seed (its generator and images are not needed by a server that does not)
    const { seedDemo } = await import('./seed/index.ts');
    const seeded = await seedDemo(database.db, { storage, log: (m) => logger.info(m) });
    if (seeded) logger.info('demo data loaded');
  }
  const boss = config.JOBS_ENABLED
    ? await createJobs(database.url, (e) => logger.error({ err: e }, 'jobs'))
    : null;
  const mailer = createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, boss });
  if (boss) {
    await startWorkers(boss, { mailer, db: database.db });
    await startOrderNoteWorker(boss, { db: database.db, storage, loadSettings });
    // with an ERP the ERP posts the invoices (decision 0027): the portal's monthly run does not run
    if (config.ERP === 'none')
      await startInvoicingSchedule(boss, { db: database.db, loadSettings, clock: () => new Date() });
    // the weekly digest of idle equipment, Mondays 07:00, once per location and week (decision 0034)
    await startIdleDigest(boss, {
      db: database.db,
      mailer,
      loadSettings,
      clock: () => new Date(),
      publicUrl: config.publicUrl,
      secret: loadSecret(config.JWT_SECRET, config.dataDir),
    });
    // the scans the idle rule no longer reads, nightly (decision 0034)
    await startScanCleanUp(boss, { db: database.db, clock: () => new Date() });
    // the ERP outbox (decision 0027): with an ERP configured, its worker delivers what the areas wrote
    await startErpOutbox(boss, {
      config,
      db: database.db,
      loadSettings,
      erpDefaults,
      clock: () => new Date(),
      outboxLog: (level, message, fields) => logger[level](fields ?? {}, message),
    });
    // signed webhooks (decision 0032): one drain at a time across processes sends what the areas wrote
    await startWebhookWorker(boss, {
      db: database.db,
      clock: () => new Date(),
      allowLoopback: config.WEBHOOKS_ALLOW_LOOPBACK,
      log: (level, message, fields) => logger[level](fields ?? {}, message),
    });
    // the sync ERP → portal (decision 0027): a job per entity, and a delta of each every ERP_POLL_SECONDS
    if (config.ERP !== 'none')
      await startErpSync(boss, {
        config,
        db: database.db,
        loadSettings,
        erpDefaults,
        storage,
        pollSeconds: config.ERP_POLL_SECONDS,
        log: (entry) => logger.debug(entry, 'erp'),
      });
    // its webhook subscriptions (decision 0027): a change in the ERP queues its delta at once (ERP_WEBHOOKS)
    if (config.ERP !== 'none')
      await startErpWebhooks(boss, {
        config,
        db: database.db,
        loadSettings,
        erpDefaults,
        storage,
        jobs: boss,
        log: (entry) => logger.debug(entry, 'erp'),
        webhookLog: (r) =>
          (r.failed.length ? logger.warn.bind(logger) : logger.debug.bind(logger))(r, 'erp.webhooks'),
      });
  }
  const sessions = await startSessionGuard({
    url: database.url,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    onError: (e) => logger.warn({ err: e }, 'session notifications'),
  });
  // what other server processes change (decision 0029): the settings and synonym caches are dropped on their NOTIFY
  const changes = await startChangeListener({
    url: database.url,
    on: {
      [SETTINGS_CHANNEL]: () => forgetSettings(database.db),
      [SEARCH_SYNONYMS_CHANNEL]: () => forgetSearchSynonyms(database.db),
      // the event types webhook endpoints subscribe to (decision 0032)
      [WEBHOOKS_CHANNEL]: forgetWebhookSubscriptions,
    },
    onError: (e) => logger.warn({ err: e }, 'change notifications'),
  });
  const lifecycle = { shuttingDown: false };
  const app = await buildApp(
    {
      config,
      db: database.db,
      pool: database.pool,
      storage,
      mailer,
      tokens: {
        secret: loadSecret(config.JWT_SECRET, config.dataDir),
        issuer: config.publicUrl,
        audience: 'materieelportaal',
        accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      },
      sessions,
      clock: () => new Date(),
      loadSettings,
      lifecycle,
      webRoot: config.WEB_ROOT ? path.resolve(config.WEB_ROOT) : undefined,
      jobs: boss,
      erpDefaults,
      documentServiceDefaults: fakeErp?.documentService,
    },
    { logger },
  );
  // the start is done and nothing waits yet: what loading the modules grew goes back to the system
  releaseUnusedMemory();
  await app.listen({ port: config.PORT, host: config.HOST });
  // The catalogue's in-process indexes (docs/decisions/0008) are built now instead of on the first requests,
  // which are answered by their SQL statements meanwhile.
  configureReadModels({
    maxMb: config.READ_MODEL_MAX_MB,
    log: (message, fields) => logger.info(fields, message),
  });
  warmCatalogue(database.db, defaultLocale);
  // with the fake ERP: a first sync of everything at once (the polling schedule keeps it up to date after)
  // (in a cluster by its first worker only; cluster.worker.id grows with each fork, a restart does not queue again)
  if (boss && fakeErp && (cluster.worker?.id ?? 1) === 1) await queueSync(boss, syncOrder);

  if (worker) process.send?.({ ready: true });
  else
    process.stdout.write(
      startBanner({
        port: config.PORT,
        startedAt: started,
        embedded: database.embedded,
        dataDir: config.dataDir,
        processes: 1,
        fakeErp,
      }),
    );

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    lifecycle.shuttingDown = true;
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      process.exit(1);
    }, 9000);
    force.unref();
    try {
      // Drain: new requests already answer 503 (readiness too); give requests on their way a moment to be
      // read and answered before the listener and idle keep-alive connections are closed.
      await new Promise((r) => setTimeout(r, 500));
      await app.close();
      await sessions.close();
      await changes.close();
      await boss?.stop({ graceful: true, timeout: 3000 });
      await ownFakeErp?.close();
      await database.shutdown();
      await telemetry?.shutdown().catch(() => {});
      process.exit(0);
    } catch (e) {
      logger.error({ err: e }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // a worker whose primary is gone stops too (nothing would restart it, and the port is the primary's)
  if (worker) process.on('disconnect', () => void shutdown('disconnect'));
}
