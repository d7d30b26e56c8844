import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { releasePorts, reservePort } from '../../../scripts/lib/ports.ts';
import { createTestDatabase, type TestDatabase } from './db.ts';

// WEB_CONCURRENCY=2 (issue #34 point 2, docs/decisions/0029): `npm start`'s main.ts as a cluster over one database —
// the primary forks two server processes on one port, forks a new one when one dies, and stops them all on SIGTERM.

let database: TestDatabase;
let dir: string;

beforeAll(async () => {
  database = await createTestDatabase('demo');
  dir = mkdtempSync(path.join(tmpdir(), 'mp-cluster-'));
  chmodSync(dir, 0o755);
});
afterAll(async () => {
  await database.drop();
  rmSync(dir, { recursive: true, force: true });
  releasePorts();
});

const TOKEN = 'metrics-token-of-the-cluster-test-0123456789';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WEB_CONCURRENCY=2', () => {
  it('runs two server processes on one port, replaces one that dies and stops all on SIGTERM', async () => {
    const port = await reservePort();
    const primary = spawn(process.execPath, ['apps/server/src/main.ts'], {
      env: {
        PATH: process.env.PATH,
        WEB_CONCURRENCY: '2',
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED: 'none',
        JOBS_ENABLED: 'false',
        LOG_LEVEL: 'info',
        DATABASE_URL: database.url,
        DATABASE_POOL_SIZE: '2',
        DATA_DIR: dir,
        METRICS_TOKEN: TOKEN,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    primary.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    const exited = new Promise<number | null>((r) => primary.once('exit', (code) => r(code)));
    const started = () =>
      out
        .split('\n')
        .filter((l) => l.includes('"server process started"'))
        .map((l) => JSON.parse(l).pid as number);
    const health = async () => (await fetch(`http://127.0.0.1:${port}/health/ready`)).status;
    try {
      // the banner comes once both workers answer
      await vi.waitFor(() => expect(out).toContain('Server processes: 2 (WEB_CONCURRENCY)'), {
        timeout: 90_000,
        interval: 100,
      });
      const workers = started();
      expect(workers).toHaveLength(2);
      expect(workers.every(alive)).toBe(true);
      expect(workers).not.toContain(primary.pid);
      expect(await health()).toBe(200);

      // /metrics counts the requests of every worker, whichever of them answers the scrape
      for (let i = 0; i < 12; i++)
        expect((await fetch(`http://127.0.0.1:${port}/health/live`)).status).toBe(200);
      const metrics = await fetch(`http://127.0.0.1:${port}/metrics`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(metrics.status).toBe(200);
      const line = (await metrics.text())
        .split('\n')
        .find(
          (l) => l.startsWith('http_request_duration_seconds_count') && l.includes('route="/health/live"'),
        );
      expect(line?.split(' ').at(-1)).toBe('12');

      // one dies: the other keeps answering, and the primary forks a third
      process.kill(workers[0], 'SIGKILL');
      await vi.waitFor(() => expect(started()).toHaveLength(3), { timeout: 30_000, interval: 100 });
      expect(await health()).toBe(200);
      const replacement = started()[2];
      await vi.waitFor(() => expect(out.split('Server listening').length - 1).toBe(3), {
        timeout: 60_000,
        interval: 100,
      });
      expect(alive(replacement)).toBe(true);
      expect(await health()).toBe(200);

      // SIGTERM to the primary ends every worker and the primary, gracefully
      primary.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect([workers[1], replacement].some(alive)).toBe(false);
    } finally {
      if (primary.exitCode === null) primary.kill('SIGKILL');
    }
  });

  it('gives up when the server processes cannot start (the port is taken): exit 1, nothing left running', async () => {
    const port = await reservePort();
    const taken = createServer();
    await new Promise<void>((r) => taken.listen(port, '127.0.0.1', r));
    try {
      const primary = spawn(process.execPath, ['apps/server/src/main.ts'], {
        env: {
          PATH: process.env.PATH,
          WEB_CONCURRENCY: '2',
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED: 'none',
          JOBS_ENABLED: 'false',
          LOG_LEVEL: 'info',
          DATABASE_URL: database.url,
          DATABASE_POOL_SIZE: '2',
          DATA_DIR: dir,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      primary.stdout.on('data', (c: Buffer) => {
        out += c.toString();
      });
      const code = await Promise.race([
        new Promise<number | null>((r) => primary.once('exit', (c) => r(c))),
        new Promise<'still running'>((r) => setTimeout(() => r('still running'), 90_000)),
      ]);
      if (code === 'still running') primary.kill('SIGKILL');
      expect(code).toBe(1);
      expect(out).toContain('the server processes cannot start');
      const pids = out
        .split('\n')
        .filter((l) => l.includes('"server process started"'))
        .map((l) => JSON.parse(l).pid as number);
      expect(pids.length).toBeGreaterThan(0);
      expect(pids.some(alive)).toBe(false);
    } finally {
      taken.close();
    }
  });
});
