import path from 'node:path';
import type { Config } from '../../config.ts';
import { connect, type Database, ensureDatabase } from './database.ts';
import { startEmbeddedPostgres } from './embedded.ts';
import { runMigrations } from './migrate.ts';

export interface OpenedDatabase extends Database {
  url: string;
  embedded: boolean;
  /** Closes the pool and stops the embedded server, if one was started. */
  shutdown(): Promise<void>;
}

// why: the server talks to its embedded PostgreSQL over a Unix socket (about a fifth less CPU per round trip
// than loopback TCP on both sides, docs/decisions/0011); the TCP port stays open for tools. Not on Windows,
// nor where the socket's path would pass the 103 bytes a socket address holds.
function serverSocketDir(dataDir: string): string | undefined {
  if (process.platform === 'win32') return undefined;
  const dir = path.join(dataDir, 'pg-socket');
  return Buffer.byteLength(path.join(dir, '.s.PGSQL.65535')) <= 103 ? dir : undefined;
}

/** DATABASE_URL when set, otherwise an embedded PostgreSQL under DATA_DIR/postgres; then migrates. */
export async function openDatabase(
  config: Config,
  log: (line: string) => void = () => {},
): Promise<OpenedDatabase> {
  let url = config.DATABASE_URL;
  let stopEmbedded: (() => Promise<void>) | undefined;
  if (!url) {
    const embedded = await startEmbeddedPostgres({
      dir: path.join(config.dataDir, 'postgres'),
      port: config.EMBEDDED_PG_PORT,
      socketDir: serverSocketDir(config.dataDir),
      tcpToo: true,
      log,
    });
    stopEmbedded = embedded.stop;
    const u = new URL(embedded.url);
    u.pathname = '/materieelportaal';
    url = u.toString();
  }
  try {
    await ensureDatabase(url);
    const database = connect(url, {
      max: config.DATABASE_POOL_SIZE,
      onError: (e) => log(`pool: ${e.message}`),
    });
    await runMigrations(database.db);
    return {
      ...database,
      url,
      embedded: Boolean(stopEmbedded),
      async shutdown() {
        await database.close().catch(() => {});
        await stopEmbedded?.();
      },
    };
  } catch (e) {
    await stopEmbedded?.();
    throw e;
  }
}
