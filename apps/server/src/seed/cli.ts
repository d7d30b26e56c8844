import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../config.ts';
import { files } from '../db/schema/index.ts';
import { openDatabase } from '../platform/db/bootstrap.ts';
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
const database = await openDatabase(config);
const storage = new LocalDiskStorage(path.join(config.dataDir, 'files'));
const log = (line: string) => process.stdout.write(`${line}\n`);

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
  const result = await seedDemo(database.db, { storage, scale, log });
  if (!result) {
    log('The database already holds data; nothing seeded. Use --reset to start over.');
  } else {
    const width = Math.max(...Object.keys(result.counts).map((k) => k.length));
    for (const [table, n] of Object.entries(result.counts))
      log(`  ${table.padEnd(width)} ${String(n).padStart(9)}`);
    log(`Seeded scale ${scale} in ${(result.milliseconds / 1000).toFixed(1)} s.`);
  }
} finally {
  await database.shutdown();
}
