import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../config.ts';
import { files } from '../db/schema/index.ts';
import { type OpenedDatabase, openDatabase } from '../platform/db/bootstrap.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { seedDemo } from './index.ts';

/**
 * npm run seed -- [--scale N] [--reset]
 * Seeds the configured database (DATABASE_URL, or the embedded one under DATA_DIR) with demo data.
 * --reset first removes every stored file and empties every table of the public schema.
 */
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    reset: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  process.stdout.write('Usage: npm run seed -- [--scale N] [--reset]\n');
  process.exit(0);
}

const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 1000) {
  process.stderr.write('--scale must be a whole number from 1 to 1000\n');
  process.exit(2);
}

const config = loadConfig();
const log = (line: string) => process.stdout.write(`${line}\n`);
// why: names this run's connections, so an interrupt can end exactly them (not a server's on the same database).
const applicationName = `materieelportaal-seed-${process.pid}`;
process.env.PGAPPNAME = applicationName;

const opening = openDatabase(config);
let committed = false;
let closing: Promise<void> | undefined;
/** Ends this run's sessions (their open transaction rolls back), closes the pool, stops the embedded PostgreSQL. */
function close(database: OpenedDatabase): Promise<void> {
  closing ??= (async () => {
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
    await database.shutdown();
  })();
  return closing;
}

// Interrupted (Ctrl-C, a process manager's stop): roll back, stop what this run started, exit.
for (const [signal, exitCode] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () => {
    log(
      committed
        ? `seed: interrupted (${signal}) after the rows were committed: the delivery notes are missing; --reset starts over`
        : `seed: interrupted (${signal}); nothing of this run was kept, the next run starts over`,
    );
    void opening.then(close, () => {}).finally(() => process.exit(exitCode));
  });
}

const database = await opening;
const storage = new LocalDiskStorage(path.join(config.dataDir, 'files'));

try {
  if (values.reset) {
    const stored = await database.db.select({ key: files.storageKey }).from(files);
    for (const { key } of stored) await storage.delete(key).catch(() => {});
    const tables = await database.pool.query<{ name: string }>(
      `select quote_ident(tablename) as name from pg_tables where schemaname = 'public'`,
    );
    if (tables.rows.length > 0) {
      await database.db.execute(
        sql.raw(`truncate ${tables.rows.map((r) => `public.${r.name}`).join(', ')} restart identity cascade`),
      );
    }
    log(`reset: removed ${stored.length} files and emptied ${tables.rows.length} tables`);
  }
  const result = await seedDemo(database.db, {
    storage,
    scale,
    log,
    onCommitted: () => {
      committed = true;
    },
  });
  if (!result) {
    log('The database already holds data; nothing seeded. Use --reset to start over.');
  } else {
    const width = Math.max(...Object.keys(result.counts).map((k) => k.length));
    for (const [table, n] of Object.entries(result.counts))
      log(`  ${table.padEnd(width)} ${String(n).padStart(9)}`);
    log(`Seeded scale ${scale} in ${(result.milliseconds / 1000).toFixed(1)} s.`);
    // The bench reads this line (npm run bench -- --only seed).
    log(
      `seed: peak RSS ${Math.round(process.resourceUsage().maxRSS / 1024)} MB (this process; PostgreSQL apart)`,
    );
  }
} catch (e) {
  // An interrupt ends the sessions under the seed: its error is the interrupt's, already reported.
  if (!closing) {
    process.exitCode = 1;
    process.stderr.write(`seed failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}\n`);
    log('seed: nothing of this run was kept (its transaction rolled back); the next run starts over');
  }
} finally {
  await close(database);
}
