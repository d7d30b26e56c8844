import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import { startBanner } from './banner.ts';
import type { Config } from './config.ts';
import { type FakeErp, startFakeErp } from './fake-erp.ts';
import { withServerFlags } from './node-flags.ts';
import { loadSecret } from './platform/auth/secret.ts';
import { openDatabase } from './platform/db/bootstrap.ts';
import { openStorage } from './platform/files/open-storage.ts';
import { answerMetrics } from './platform/http/metrics.ts';
import { releaseUnusedMemory } from './platform/memory.ts';

/*
 * WEB_CONCURRENCY=N (N > 1, docs/decisions/0029): this process is the cluster's primary. It starts the embedded
 * PostgreSQL (or opens DATABASE_URL), runs the migrations and the demo seed once, makes the signing secret once,
 * starts the fake ERP once (ERP=fake-bc), then forks N workers that each run the whole server (main.ts) over
 * that one database on the one port (node's cluster module hands out the connections). A worker that dies is
 * forked again; SIGTERM/SIGINT stops the workers gracefully (each drains as a single process does), then the
 * fake ERP and the database.
 */

/** The environment a worker reads what the primary prepared from (beside DATABASE_URL and SEED=none). */
export const CLUSTER_FAKE_ERP_ENV = 'MP_CLUSTER_FAKE_ERP';

export type SharedFakeErp = Pick<FakeErp, 'url' | 'defaults' | 'documentService'>;

/** In a worker: the primary's fake ERP (ERP=fake-bc), or null. */
export function sharedFakeErp(): SharedFakeErp | null {
  const raw = process.env[CLUSTER_FAKE_ERP_ENV];
  return raw ? (JSON.parse(raw) as SharedFakeErp) : null;
}

/** Whether this process is a worker forked by runPrimary (it then leaves the banner to the primary). */
export const isClusterWorker = () => cluster.isWorker;

export async function runPrimary(config: Config, logger: Logger): Promise<void> {
  const startedAt = Date.now();
  const count = config.WEB_CONCURRENCY;
  const database = await openDatabase(config, (line) => logger.debug({ src: 'postgres' }, line));
  let fakeErp: FakeErp | null = null;
  try {
    // made here once: N workers each making a missing secret file at once would sign with different keys
    loadSecret(config.JWT_SECRET, config.dataDir);
    fakeErp = config.ERP === 'fake-bc' ? await startFakeErp((line) => logger.info(line)) : null;
    if (config.SEED === 'demo') {
      const { seedDemo } = await import('./seed/index.ts');
      const seeded = await seedDemo(database.db, {
        storage: await openStorage(config),
        log: (m) => logger.info(m),
      });
      if (seeded) logger.info('demo data loaded');
    }
  } catch (e) {
    await fakeErp?.close().catch(() => {});
    await database.shutdown();
    throw e;
  }
  // the primary serves nothing: its pool is not needed past the seed
  await database.close().catch(() => {});

  const env: Record<string, string> = { DATABASE_URL: database.url, SEED: 'none' };
  if (fakeErp)
    env[CLUSTER_FAKE_ERP_ENV] = JSON.stringify({
      url: fakeErp.url,
      defaults: fakeErp.defaults,
      documentService: fakeErp.documentService,
    } satisfies SharedFakeErp);

  let stopping = false;
  let bannerShown = false;
  const ready = new Set<number>();
  /**
   * Deaths in a row of workers that never became ready: a worker that cannot start is forked again more and more
   * slowly (at most 30 s). Counted by readiness, not by time: on a loaded machine a start can take longer than any
   * fixed 'quick' (a taken port then forked for ever).
   */
  let failures = 0;
  /** Before the first start of all, this many such deaths end the whole start (a port taken, a bad database). */
  const START_ATTEMPTS = 3;

  const fork = (index: number) => {
    let becameReady = false;
    const worker = cluster.fork(env);
    logger.info({ worker: index, pid: worker.process.pid }, 'server process started');
    worker.on('message', (m: unknown) => {
      answerMetrics(worker, m);
      if ((m as { ready?: boolean })?.ready !== true) return;
      ready.add(index);
      becameReady = true;
      failures = 0;
      if (!bannerShown && ready.size === count) {
        bannerShown = true;
        process.stdout.write(
          startBanner({
            port: config.PORT,
            startedAt,
            embedded: database.embedded,
            dataDir: config.dataDir,
            processes: count,
            fakeErp,
          }),
        );
        // the primary's work is done (migrations, seed, forks): what its start grew goes back to the system
        releaseUnusedMemory();
      }
    });
    worker.on('exit', (code, signal) => {
      ready.delete(index);
      if (stopping) return;
      failures = becameReady ? 0 : failures + 1;
      if (!bannerShown && failures >= START_ATTEMPTS) {
        logger.fatal({ worker: index, code, signal }, 'the server processes cannot start');
        void shutdown('start failed', 1);
        return;
      }
      const delay = failures ? Math.min(250 * 2 ** failures, 30_000) : 0;
      logger.error(
        { worker: index, pid: worker.process.pid, code, signal, restartInMs: delay },
        'server process died',
      );
      setTimeout(() => {
        if (!stopping) fork(index);
      }, delay);
    });
    return worker;
  };
  // every worker runs with the server's V8 flags, however the primary was started (node-flags.ts)
  cluster.setupPrimary({ execArgv: withServerFlags(process.execArgv) });
  for (let i = 0; i < count; i++) fork(i);

  async function shutdown(signal: string, exitCode = 0) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      logger.error('shutdown took too long, exiting');
      for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
      process.exit(1);
    }, 12_000);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    await fakeErp?.close().catch(() => {});
    await database.shutdown();
    process.exit(exitCode);
  }
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}
