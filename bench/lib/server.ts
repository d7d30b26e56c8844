// The bench's own server: seeds DATA_DIR at a scale once, starts apps/server/src/main.ts on it with its own
// ports, and talks to it over plain fetch for the set-up calls (the measured calls use lib/load.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags.ts';

export interface BenchServerOptions {
  root: string;
  resultsDir: string;
  dataDir: string;
  scale: number;
  port: number;
  pgPort: number;
  /** Extra node flags for the server process (e.g. --cpu-prof while profiling). */
  nodeArgs: string[];
  /** Extra environment for the server process (e.g. DATABASE_POOL_SIZE). */
  env: Record<string, string>;
  /** Server processes on the one port (WEB_CONCURRENCY; 1: the server runs in the started process itself). */
  processes: number;
}

// why: a production server refuses placeholder secrets; a fresh random one per run.
export const JWT_SECRET = randomBytes(36).toString('base64url');
export const PASSWORD = 'Materieel2026!';

export const log = (line: string) => process.stdout.write(`${line}\n`);
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function serverEnv(o: BenchServerOptions): Record<string, string> {
  return {
    NODE_ENV: 'production',
    DATA_DIR: o.dataDir,
    EMBEDDED_PG_PORT: String(o.pgPort),
    PORT: String(o.port),
    HOST: '127.0.0.1',
    SEED: 'none',
    JOBS_ENABLED: 'false',
    LOG_LEVEL: 'warn',
    JWT_SECRET,
    ACCESS_TOKEN_TTL_SECONDS: '7200',
    ...o.env,
  };
}

function run(o: BenchServerOptions, argv: string[], logFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(process.execPath, argv, {
      cwd: o.root,
      env: { ...process.env, ...serverEnv(o) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const markerOf = (o: BenchServerOptions) => path.join(o.dataDir, 'bench-seeded.json');

export interface SeedMarker {
  scale: number;
  seededAt: string;
  vacuumed: boolean;
}

export function readMarker(o: BenchServerOptions): SeedMarker {
  return JSON.parse(readFileSync(markerOf(o), 'utf8'));
}

export function writeMarker(o: BenchServerOptions, m: SeedMarker): void {
  writeFileSync(markerOf(o), JSON.stringify(m));
}

/** Seeds DATA_DIR at the scale once; a directory of another scale (or a failed seed) is started over. */
export async function ensureSeeded(o: BenchServerOptions): Promise<boolean> {
  if (existsSync(markerOf(o)) && readMarker(o).scale === o.scale) return false;
  log(`seeding ${o.dataDir} at scale ${o.scale} (once; takes a few minutes)…`);
  rmSync(o.dataDir, { recursive: true, force: true });
  mkdirSync(o.dataDir, { recursive: true });
  const started = Date.now();
  const code = await run(
    o,
    ['apps/server/src/seed/cli.ts', '--scale', String(o.scale)],
    path.join(o.resultsDir, 'seed.log'),
  );
  if (code !== 0) throw new Error(`seeding failed (exit ${code}); see bench/results/seed.log`);
  writeMarker(o, { scale: o.scale, seededAt: new Date().toISOString(), vacuumed: false });
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}

/**
 * Starts the server and waits until it answers /health/ready and has printed its banner: with --processes N
 * the cluster's primary prints it once every worker answers (one ready worker answers /health/ready alone).
 */
export async function startServer(o: BenchServerOptions): Promise<ChildProcess> {
  const out = createWriteStream(path.join(o.resultsDir, 'server.log'), { flags: 'w' });
  // the V8 flags npm start runs the server with (node-flags.ts), then --node-args (which may set them otherwise)
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...o.nodeArgs, 'apps/server/src/main.ts'], {
    cwd: o.root,
    env: { ...process.env, ...serverEnv(o), WEB_CONCURRENCY: String(o.processes) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let bannerShown = false;
  let tail = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4096);
    if (tail.includes('Materieelportaal is running on')) bannerShown = true;
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const until = Date.now() + 300_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('server exited; see bench/results/server.log');
    try {
      const r = await fetch(`http://127.0.0.1:${o.port}/health/ready`);
      if (r.ok && bannerShown) return child;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready; see bench/results/server.log');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}

/** One set-up call (not measured). */
export type Api = (
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers?: Record<string, string>,
  // biome-ignore lint/suspicious/noExplicitAny: answers of many shapes, read loosely by the set-up code
) => Promise<{ status: number; json: any }>;

export function apiOf(port: number): Api {
  return async (method, url, token, body, headers = {}) => {
    const r = await fetch(`http://127.0.0.1:${port}${url}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await r.text();
    return { status: r.status, json: text ? JSON.parse(text) : null };
  };
}

export async function login(api: Api, email: string): Promise<string> {
  const r = await api('POST', '/api/v2.0/Auth/login', undefined, { email, password: PASSWORD });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.accessToken;
}
