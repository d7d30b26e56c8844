// Starts the real portal (apps/server/src/main.ts) on free ports with a fresh data directory and demo data.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, createWriteStream, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(fileURLToPath(import.meta.url), '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

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

export async function startServer(
  options: { env?: Record<string, string>; timeoutMs?: number } = {},
): Promise<RunningServer> {
  if (!existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first');
  }
  const [port, pgPort] = [await freePort(), await freePort()];
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
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await Promise.race([
        new Promise((r) => child.once('exit', r)),
        new Promise((r) => setTimeout(r, 15_000)),
      ]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    log.end();
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 3 });
  };
  try {
    await waitReady(baseUrl, child, options.timeoutMs ?? 240_000);
  } catch (e) {
    log.end();
    process.stderr.write(`server log (${logFile}):\n`);
    await new Promise((r) => setTimeout(r, 200));
    try {
      process.stderr.write((await import('node:fs')).readFileSync(logFile, 'utf8').slice(-4000));
    } catch {}
    await stop();
    throw e;
  }
  return { baseUrl, dataDir, logFile, stop };
}
