import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { releasePorts, reservePort } from '../../../scripts/lib/ports.ts';
import { startEmbeddedPostgres } from '../src/platform/db/embedded.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

// The real server process (main.ts) on a database of its own: graceful shutdown under load.
// Ports come from reservePort, not listen(0): a port the OS lent once lies in the range it lends to
// outgoing connections and may be taken again before the spawned server binds it.

let database: TestDatabase;
const dirs: string[] = [];
beforeAll(async () => {
  database = await createTestDatabase('demo');
});
afterAll(async () => {
  await database.drop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  releasePorts();
});

/** A fresh directory of this file's own, removed after the file (open to the postgres user, see embedded.ts). */
function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/** Whether something accepts connections on a loopback port. */
function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createConnection({ port, host: '127.0.0.1' });
    s.on('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.on('error', () => resolve(false));
  });
}

/** The real server process (main.ts) on `port`, without demo data or jobs; `env` adds to that. */
function spawnServer(port: number, env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, ['apps/server/src/main.ts'], {
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED: 'none',
      JOBS_ENABLED: 'false',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

async function startServer(databaseUrl = database.url): Promise<{ proc: ChildProcess; base: string }> {
  const port = await reservePort();
  const proc = spawnServer(port, {
    DATABASE_URL: databaseUrl,
    DATA_DIR: tempDir('mp-life-'),
  });
  const base = `http://127.0.0.1:${port}`;
  // a start takes seconds; on a shared machine under load it took over 30 (a wait, not a speed demand)
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    try {
      if ((await fetch(`${base}/health/ready`)).ok) return { proc, base };
    } catch {}
    await new Promise((r) => setTimeout(r, 100));
  }
  proc.kill('SIGKILL');
  throw new Error('server did not become ready');
}

// Windows has no SIGTERM (kill() ends a process at once) and no way here to find who started an orphaned
// PostgreSQL: graceful shutdown and crash recovery are POSIX behaviour, tested there.
const posix = process.platform !== 'win32';

describe.runIf(posix)('server lifecycle', () => {
  it('finishes in-flight requests on SIGTERM, refuses new ones, and exits 0 within 10 s', async () => {
    const { proc, base } = await startServer();
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      proc.on('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const login = () =>
      fetch(`${base}/api/v2.0/Auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'uitvoerder@vandijk.nl', password: 'Materieel2026!' }),
      }).then((r) => r.status);
    // Logins are slow on purpose (argon2id, four at a time): a batch of them is still in flight when the
    // signal comes. The signal waits for the first answer — then the server is at work on the batch, sent
    // with it — rather than a fixed pause, which on a loaded machine ended before any login had arrived.
    const answered = new Set<number>();
    const inFlight = Array.from({ length: 8 }, (_, i) =>
      login().then((status) => {
        answered.add(i);
        return status;
      }),
    );
    await Promise.race(inFlight);
    const pendingAtSignal = [...inFlight.keys()].filter((i) => !answered.has(i));
    const signalledAt = Date.now();
    proc.kill('SIGTERM');
    // Every request gets a real answer: finished (200) if the server had it, 503 if it came after the signal.
    const statuses = await Promise.all(inFlight);
    for (const s of statuses) expect([200, 503]).toContain(s);
    expect(statuses).toContain(200);
    // …and one still unanswered when the signal came was finished, not cut off
    expect(pendingAtSignal.some((i) => statuses[i] === 200)).toBe(true);
    const after = await fetch(`${base}/health/ready`).then(
      (r) => r.status,
      () => 'refused',
    );
    expect([503, 'refused']).toContain(after);
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
  });
});

describe('database outage', () => {
  it('keeps running, answers not-ready fast while PostgreSQL is down, and recovers within 10 s', async () => {
    const dir = tempDir('mp-outage-');
    const pgPort = await reservePort();
    let pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: pgPort });
    const url = new URL(pg.url);
    url.pathname = '/outage';
    const { proc, base } = await startServer(url.toString());
    let exited = false;
    proc.on('exit', () => {
      exited = true;
    });
    try {
      expect((await fetch(`${base}/health/ready`)).status).toBe(200);
      await pg.stop();
      const t0 = Date.now();
      const during = await fetch(`${base}/health/ready`);
      expect(during.status).toBe(503);
      expect(Date.now() - t0).toBeLessThan(6000);
      expect((await fetch(`${base}/health/live`)).status).toBe(200);
      const api = await fetch(`${base}/api/v2.0/Settings/all`);
      expect(api.status).toBe(503);
      expect(api.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(((await api.json()) as { code: string }).code).toBe('error.niet_beschikbaar');
      pg = await startEmbeddedPostgres({ dir: path.join(dir, 'pg'), port: pgPort });
      const restartedAt = Date.now();
      let ready = false;
      while (!ready && Date.now() - restartedAt < 10_000) {
        ready = (await fetch(`${base}/health/ready`)).status === 200;
        if (!ready) await new Promise((r) => setTimeout(r, 200));
      }
      expect(ready).toBe(true);
      expect(exited).toBe(false);
    } finally {
      proc.kill('SIGKILL');
      await pg.stop();
    }
  }, 300_000);
});

describe('failed start', () => {
  it('stops the embedded PostgreSQL it started when the port is taken, and exits 1', async () => {
    const dir = tempDir('mp-failstart-');
    const pgPort = await reservePort();
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(0, '127.0.0.1', () => r()));
    const { port } = taken.address() as { port: number };
    try {
      const proc = spawnServer(port, { DATA_DIR: dir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'fatal' });
      let output = '';
      proc.stdout?.on('data', (d) => {
        output += d;
      });
      const code = await new Promise<number | null>((r) => proc.on('exit', r));
      expect(code).toBe(1);
      expect(output).toContain('EADDRINUSE');
      // Nothing listens on the PostgreSQL port any more: connecting is refused.
      expect(await accepts(pgPort)).toBe(false);
    } finally {
      taken.close();
    }
  }, 300_000);
});

describe.runIf(posix)('start after a hard crash', () => {
  it('stops the embedded PostgreSQL a killed server left running, and starts normally', async () => {
    const dir = tempDir('mp-crash-');
    const pgPort = await reservePort();
    const start = async () => {
      const port = await reservePort();
      const proc = spawnServer(port, { DATA_DIR: dir, EMBEDDED_PG_PORT: String(pgPort) });
      const exited = new Promise<number | null>((r) => proc.on('exit', r));
      const until = Date.now() + 90_000; // as in startServer: a wait, not a speed demand
      while (Date.now() < until && proc.exitCode === null) {
        try {
          if ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok) return { proc, exited };
        } catch {}
        await new Promise((r) => setTimeout(r, 200));
      }
      proc.kill('SIGKILL');
      throw new Error('server did not become ready');
    };
    const first = await start();
    first.proc.kill('SIGKILL');
    await first.exited;
    expect(await accepts(pgPort)).toBe(true); // left behind
    const second = await start();
    second.proc.kill('SIGTERM');
    expect(await second.exited).toBe(0);
    expect(await accepts(pgPort)).toBe(false);
  }, 300_000);
});
