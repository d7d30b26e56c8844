import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { releasePorts, reservePort } from '../../../../scripts/lib/ports.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../platform/db/bootstrap.ts';

// `npm run backup` / `npm run restore` as processes of their own (ops/cli.ts) on a stopped portal's DATA_DIR: the
// backup starts the embedded PostgreSQL itself and stops it however it ends; interrupted, it keeps nothing.

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
  waitFor: (pattern: RegExp) => Promise<void>;
  exited: Promise<number | null>;
}

function cli(args: string[], env: Record<string, string>): Run {
  const proc = spawn(process.execPath, ['apps/server/src/ops/cli.ts', ...args], {
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const waiters: { pattern: RegExp; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    out += chunk.toString();
    for (const w of [...waiters]) {
      if (w.pattern.test(out)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
    }
  };
  proc.stdout?.on('data', onData);
  proc.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  return {
    proc,
    output: () => out,
    waitFor: (pattern) =>
      new Promise((resolve, reject) => {
        if (pattern.test(out)) return resolve();
        waiters.push({ pattern, resolve });
        void exited.then(() => reject(new Error(`exited before ${pattern}:\n${out}`)));
      }),
    exited,
  };
}

function postmasterRunning(dataDir: string): boolean {
  const pidFile = path.join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return false;
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8').split('\n')[0]), 0);
    return true;
  } catch {
    return false;
  }
}

describe('npm run backup / npm run restore', () => {
  it('refuses missing arguments', async () => {
    const run = cli(['backup'], {});
    expect(await run.exited).toBe(2);
    expect(run.output()).toContain('Usage: npm run backup -- --to DIR');
  });

  it('interrupted, a backup or a restore keeps nothing and stops its PostgreSQL; a restore refuses a full target', async () => {
    const dataDir = path.join(tempDir('mp-cli-'), 'data');
    const port = String(await reservePort());
    const env = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: port };
    const database = await openDatabase(loadConfig({ ...env, SEED: 'none' }));
    await database.shutdown(); // a stopped portal: the backup starts PostgreSQL itself
    const backupDir = path.join(tempDir('mp-cli-out-'), 'backup');

    const interrupted = cli(['backup', '--to', backupDir], env);
    await interrupted.waitFor(/base backup started/);
    interrupted.proc.kill('SIGINT');
    expect(await interrupted.exited).toBe(130);
    expect(interrupted.output()).toMatch(/interrupted \(SIGINT\)/);
    expect(readdirSync(backupDir)).toEqual([]);
    expect(postmasterRunning(dataDir)).toBe(false);

    const backup = cli(['backup', '--to', backupDir], env);
    expect(await backup.exited, backup.output()).toBe(0);
    expect(existsSync(path.join(backupDir, 'manifest.json'))).toBe(true);
    expect(postmasterRunning(dataDir)).toBe(false);

    const target = {
      DATA_DIR: path.join(tempDir('mp-cli-dst-'), 'data'),
      EMBEDDED_PG_PORT: String(await reservePort()),
    };
    const restore = cli(['restore', '--from', backupDir], target);
    expect(await restore.exited, restore.output()).toBe(0);
    expect(restore.output()).toMatch(/restored database checked: \d+ migrations/);
    // a restore interrupted keeps nothing either, and stops the PostgreSQL it started
    const other = {
      DATA_DIR: path.join(tempDir('mp-cli-int-'), 'data'),
      EMBEDDED_PG_PORT: String(await reservePort()),
    };
    const cut = cli(['restore', '--from', backupDir], other);
    await cut.waitFor(/backup verified/);
    cut.proc.kill('SIGINT');
    expect(await cut.exited, cut.output()).toBe(130);
    expect(existsSync(path.join(other.DATA_DIR, 'postgres'))).toBe(false);
    expect(existsSync(path.join(other.DATA_DIR, 'files'))).toBe(false);
    expect(postmasterRunning(other.DATA_DIR)).toBe(false);

    const again = cli(['restore', '--from', backupDir], target);
    expect(await again.exited).toBe(1);
    expect(again.output()).toMatch(/restore failed: .*is not empty.*--force/);
    expect(postmasterRunning(target.DATA_DIR)).toBe(false);
  });
});
