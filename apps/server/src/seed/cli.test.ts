import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { releasePorts, reservePort } from '../../../../scripts/lib/ports.ts';

// `npm run seed` as a process of its own, on an embedded PostgreSQL in a data directory of this file's own:
// interrupted midway it stops what it started, and the next run starts over (issue #34, point 1).

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  releasePorts();
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  chmodSync(dir, 0o755); // open to the postgres user when run as root (see embedded.ts)
  dirs.push(dir);
  return dir;
}

interface Run {
  proc: ChildProcess;
  output: () => string;
  /** Resolves with the first output line that matches. */
  waitFor: (pattern: RegExp) => Promise<string>;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

function seed(dataDir: string, pgPort: number, args: string[] = []): Run {
  const proc = spawn(process.execPath, ['apps/server/src/seed/cli.ts', '--scale', '1', ...args], {
    env: { PATH: process.env.PATH, DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiters]) {
      const line = out.split('\n').find((l) => w.pattern.test(l));
      if (line !== undefined) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(line);
      }
    }
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    proc,
    output: () => out,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        const line = out.split('\n').find((l) => pattern.test(l));
        if (line !== undefined) return resolve(line);
        waiters.push({ pattern, resolve });
        void exited.then(() => reject(new Error(`seed exited before ${pattern}:\n${out}`)));
      }),
    exited,
  };
}

/** The postmaster of the data directory, if one is running. */
function runningPostmaster(dataDir: string): number | null {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

/** Starts a seed and interrupts it with `signal` once its transaction is writing: asserts it stopped everything. */
async function interrupted(dataDir: string, pgPort: number, signal: 'SIGINT' | 'SIGTERM'): Promise<void> {
  const run = seed(dataDir, pgPort);
  await run.waitFor(/^seed: writing/);
  expect(runningPostmaster(dataDir)).not.toBeNull();
  run.proc.kill(signal);
  const { code } = await run.exited;
  expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
  expect(run.output()).toMatch(/interrupted.*nothing of this run was kept/);
  expect(runningPostmaster(dataDir)).toBeNull();
}

describe('npm run seed', () => {
  it('stops its PostgreSQL when it gets SIGTERM or SIGINT midway; the next run starts over', async () => {
    const dataDir = tempDir('mp-seed-cli-');
    const pgPort = await reservePort();
    await interrupted(dataDir, pgPort, 'SIGTERM');
    await interrupted(dataDir, pgPort, 'SIGINT');

    const second = seed(dataDir, pgPort);
    const result = await second.exited;
    expect(second.output()).toMatch(/Seeded scale 1 in/);
    expect(second.output()).toMatch(/^\s+items\s+433$/m);
    expect(result.code).toBe(0);
    expect(runningPostmaster(dataDir)).toBeNull();

    // A database that holds data is left alone, clearly.
    const third = seed(dataDir, pgPort);
    expect((await third.exited).code).toBe(0);
    expect(third.output()).toMatch(/already holds data; nothing seeded\. Use --reset/);
    expect(runningPostmaster(dataDir)).toBeNull();
  });

  it('stops its PostgreSQL when the generator runs out of memory, and says so', async () => {
    const dataDir = tempDir('mp-seed-cli-');
    const run = seed(dataDir, await reservePort(), ['--max-heap-mb', '32']);
    const { code } = await run.exited;
    expect(run.output()).toMatch(/seed failed: out of memory \(--max-heap-mb 32\)/);
    expect(run.output()).toMatch(/nothing of this run was kept, the next run starts over/);
    expect(code).toBe(1);
    expect(runningPostmaster(dataDir)).toBeNull();
  });
});
