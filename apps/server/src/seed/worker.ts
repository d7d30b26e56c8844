import { parentPort, workerData } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { files } from '../db/schema/index.ts';
import { connect, ensureDatabase } from '../platform/db/database.ts';
import { runMigrations } from '../platform/db/migrate.ts';
import { LocalDiskStorage } from '../platform/files/storage.ts';
import { describeFailure } from './failure.ts';
import { seedDemo } from './index.ts';

/**
 * The demo generator of `npm run seed`, in a worker thread of cli.ts: the main thread keeps PostgreSQL and
 * stays free to answer an interrupt at once (the simulation runs for minutes without yielding at --scale
 * 1000), and an out-of-memory ends this thread, not the process that must stop PostgreSQL.
 */
export interface SeedWorkerData {
  url: string;
  filesDir: string;
  scale: number;
  reset: boolean;
}

/** What the worker tells the main thread: a log line, the commit, or why it failed (then it exits with 1). */
export type SeedWorkerMessage = { log: string } | { committed: true } | { failed: string };

const { url, filesDir, scale, reset } = workerData as SeedWorkerData;
// why: the pictures are drawn a few at a time and never again: libvips' cache and thread pool only add memory.
sharp.cache(false);
sharp.concurrency(1);
const post = (m: SeedWorkerMessage) => parentPort!.postMessage(m);
const log = (line: string) => post({ log: line });
await ensureDatabase(url);
const database = connect(url, { max: 4 });
const storage = new LocalDiskStorage(filesDir);

try {
  await runMigrations(database.db);
  if (reset) {
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
    onCommitted: () => post({ committed: true }),
  });
  if (!result) {
    log('The database already holds data; nothing seeded. Use --reset to start over.');
  } else {
    const width = Math.max(...Object.keys(result.counts).map((k) => k.length));
    for (const [table, n] of Object.entries(result.counts))
      log(`  ${table.padEnd(width)} ${String(n).padStart(9)}`);
    log(`Seeded scale ${scale} in ${(result.milliseconds / 1000).toFixed(1)} s.`);
  }
} catch (e) {
  // why: an error thrown out of a worker reaches the main thread without its cause (a failed query's real error).
  post({ failed: describeFailure(e) });
  process.exitCode = 1;
} finally {
  await database.close().catch(() => {});
}
