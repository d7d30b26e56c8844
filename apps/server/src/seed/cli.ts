import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { startEmbeddedPostgres } from '../platform/db/embedded.ts';
import { describeFailure } from './failure.ts';
import type { SeedWorkerData, SeedWorkerMessage } from './worker.ts';

/**
 * npm run seed -- [--scale N] [--reset] [--max-heap-mb N]
 * This thread starts the embedded PostgreSQL (DATABASE_URL: none) and nothing heavier: the worker creates the
 * database and migrates it (Drizzle: importing it alone leaves ~200 MB of heap garbage in a thread, which would
 * count twice against the seed's 1 GB at --scale 1000).
 * Seeds the configured database (DATABASE_URL, or the embedded one under DATA_DIR) with demo data.
 * --reset first removes every stored file and empties every table of the public schema.
 * The generator runs in a worker thread (worker.ts); this thread owns PostgreSQL and stops it however the run
 * ends: done, failed (an exception, out of memory), or interrupted (SIGINT/SIGTERM).
 */
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
    'max-heap-mb': { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  process.stdout.write('Usage: npm run seed -- [--scale N] [--reset] [--max-heap-mb N]\n');
  process.exit(0);
}

const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
  process.stderr.write('--scale must be a whole number from 1 to 1000\n');
  process.exit(2);
}
const maxHeapMb = values['max-heap-mb'] === undefined ? undefined : Number(values['max-heap-mb']);
if (maxHeapMb !== undefined && !(Number.isInteger(maxHeapMb) && maxHeapMb >= 16)) {
  process.stderr.write('--max-heap-mb must be a whole number of at least 16\n');
  process.exit(2);
}

/**
 * The generator's heap when --max-heap-mb is not given: V8 lets a heap grow to about twice what it holds before it
 * collects; bounded, it collects sooner, and the bound (with the typed arrays outside the heap, ~105 MB, and the
 * process's own ~130 MB) decides the seed's peak RSS. At --scale 1000 the generator holds ~300 MB at the end of the
 * simulation (items, plants and order lines as columns; 573 MB before) plus the rows being written: 672 MB leaves
 * twice that, for a peak RSS under the 1 GB of issue #34 (decision 0010, 'The demo data at scale').
 */
const DEFAULT_HEAP_MB = 672;

const config = loadConfig();
const log = (line: string) => process.stdout.write(`${line}\n`);
// why: names this run's connections, so an interrupt can end exactly them (not a server's on the same database).
const applicationName = `materieelportaal-seed-${process.pid}`;
process.env.PGAPPNAME = applicationName;

interface Server {
  /** The seed's database (created and migrated by the worker). */
  url: string;
  stop(): Promise<void>;
}

/**
 * The seed's own start of the embedded PostgreSQL (not the server's: these are command-line settings, gone at the
 * next start): millions of rows in one transaction write gigabytes of WAL, so checkpoints come every few GB or 30
 * minutes instead of every 1 GB (max_wal_size's default), and the commits do not wait for the WAL flush (a crash
 * loses at most the last commits, and the seed's one transaction is then simply not there: the next run starts
 * over). fsync and full_page_writes stay on, so nothing already on disk can be damaged by a crash.
 */
const SEED_SETTINGS = {
  max_wal_size: '4GB',
  checkpoint_timeout: '30min',
  synchronous_commit: 'off',
};

/** As platform/db/bootstrap.ts: DATABASE_URL, or an embedded PostgreSQL under DATA_DIR/postgres. */
async function startServer(): Promise<Server> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const socketDir = path.join(config.dataDir, 'pg-socket');
  const embedded = await startEmbeddedPostgres({
    dir: path.join(config.dataDir, 'postgres'),
    port: config.EMBEDDED_PG_PORT,
    // why: as the server (bootstrap.ts serverSocketDir): a Unix socket where its path fits, not on Windows.
    socketDir:
      process.platform !== 'win32' && Buffer.byteLength(path.join(socketDir, '.s.PGSQL.65535')) <= 103
        ? socketDir
        : undefined,
    tcpToo: true,
    settings: SEED_SETTINGS,
  });
  const url = new URL(embedded.url);
  url.pathname = '/materieelportaal';
  return { url: url.toString(), stop: embedded.stop };
}

const opening = startServer();
let worker: Worker | undefined;
let committed = false;
let closing: Promise<void> | undefined;

const nothingKept = () =>
  committed
    ? 'the rows were committed but the delivery notes are missing; --reset starts over'
    : 'nothing of this run was kept, the next run starts over';

/** Stops the generator, ends this run's sessions (their transaction rolls back), stops the embedded PostgreSQL. */
function close(database: Server): Promise<void> {
  closing ??= (async () => {
    await worker?.terminate().catch(() => {});
    const admin = new pg.Client({
      connectionString: database.url,
      application_name: `${applicationName}-stop`,
    });
    await admin
      .connect()
      .then(() =>
        admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
          [applicationName],
        ),
      )
      .catch(() => {})
      .finally(() => admin.end().catch(() => {}));
    await database.stop();
  })();
  return closing;
}

// Interrupted (Ctrl-C, a process manager's stop): stop the generator, roll back, stop what this run started.
for (const [signal, exitCode] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    log(`seed: interrupted (${signal}); ${nothingKept()}`);
    void opening.then(close, () => {}).finally(() => process.exit(exitCode));
  });
}

const database = await opening;
try {
  const data: SeedWorkerData = {
    url: database.url,
    filesDir: path.join(config.dataDir, 'files'),
    scale,
    reset: values.reset,
  };
  const failure = await new Promise<string | null>((resolve) => {
    worker = new Worker(new URL('./worker.ts', import.meta.url), {
      workerData: data,
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb ?? DEFAULT_HEAP_MB },
    });
    // why: decided at 'exit', which comes after every message the worker posted (its failure's description).
    let failed: string | null = null;
    worker.on('message', (m: SeedWorkerMessage) => {
      if ('log' in m) log(m.log);
      else if ('failed' in m) failed = m.failed;
      else committed = true;
    });
    worker.on('error', (e: Error & { code?: string }) => {
      failed ??=
        e.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `out of memory${maxHeapMb ? ` (--max-heap-mb ${maxHeapMb})` : ''}`
          : describeFailure(e);
    });
    worker.on('exit', (code) =>
      resolve(code === 0 && failed === null ? null : (failed ?? `the generator stopped (exit ${code})`)),
    );
  });
  if (closing) {
    // interrupted: the signal handler reports and exits
  } else if (failure) {
    process.exitCode = 1;
    process.stderr.write(`seed failed: ${failure}\n`);
    log(`seed: failed; ${nothingKept()}`);
  } else {
    // The bench reads this line (npm run bench -- --only seed).
    log(
      `seed: peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process; PostgreSQL apart)`,
    );
  }
} finally {
  await close(database);
}
