// Starts the real portal (apps/server/src/main.ts) on free ports with a fresh data directory and demo data.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { releasePort, reservePort } from '../../scripts/lib/ports.ts';

export const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  logFile: string;
  stop(): Promise<void>;
}

async function waitReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with code ${child.exitCode}`);
    try {
      const res = await fetch(`${baseUrl}/health/ready`);
      if (res.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`server not ready within ${timeoutMs / 1000} s`);
}

/** How a start that failed because one of its ports was taken shows in the server's log. */
const PORT_TAKEN = /EADDRINUSE|could not bind|Address already in use/i;

/**
 * The server on ports from reservePort (outside the range the OS lends to outgoing connections, reserved
 * against other runs on this machine, free when chosen). Should something outside our reservations take
 * one in the moment before the server binds it, the start is repeated once on other ports.
 */
export async function startServer(
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(options);
    } catch (e) {
      if (!(e instanceof PortTaken) || attempt >= 2) throw e;
      process.stderr.write(`e2e: ${e.message}; starting again on other ports\n`);
    }
  }
}

class PortTaken extends Error {}

async function startOnce(options: {
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<RunningServer> {
  const [port, pgPort] = [await reservePort(), await reservePort()];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'mp-e2e-'));
  // embedded PostgreSQL runs as its own user when started by root: it must be able to enter the directory
  chmodSync(dataDir, 0o755);
  const logFile = path.join(dataDir, 'server.log');
  const log = createWriteStream(logFile);
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  // why: end: false — two streams feed one file; the first to end must not close it under the other.
  child.stdout?.pipe(log, { end: false });
  child.stderr?.pipe(log, { end: false });
  let logClosed: Promise<void> | undefined;
  const baseUrl = `http://127.0.0.1:${port}`;
  // 'close', not 'exit': only then has everything the server wrote reached the log
  const closed = new Promise<void>((r) => child.once('close', () => r()));
  let ended = false;
  child.once('close', () => {
    ended = true;
  });
  /** Stops the server (SIGTERM; SIGKILL after 15 s) and closes its log. */
  const halt = async () => {
    if (!ended && process.platform === 'win32') {
      // Windows has no SIGTERM (kill() ends the server at once and leaves its PostgreSQL running, holding
      // the data directory): end the whole process tree; its data is thrown away anyway.
      spawnSync('taskkill', ['/pid', String(child.pid), '/T', '/F'], { stdio: 'ignore' });
      await closed;
    } else if (!ended) {
      child.kill('SIGTERM');
      await Promise.race([closed, new Promise((r) => setTimeout(r, 15_000))]);
      if (!ended) child.kill('SIGKILL');
      await closed;
    }
    logClosed ??= new Promise<void>((r) => log.end(r));
    await logClosed;
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
    releasePort(port);
    releasePort(pgPort);
  };
  try {
    await waitReady(baseUrl, child, options.timeoutMs ?? 240_000);
  } catch (e) {
    const exitedByItself = child.exitCode !== null;
    await halt();
    let text = '';
    try {
      text = readFileSync(logFile, 'utf8');
    } catch {}
    await stop();
    if (exitedByItself && PORT_TAKEN.test(text)) {
      throw new PortTaken(`port ${port} or ${pgPort} was taken before the server bound it`);
    }
    process.stderr.write(`server log (end):\n${text.slice(-4000)}\n`);
    throw e;
  }
  return { baseUrl, dataDir, logFile, stop };
}
