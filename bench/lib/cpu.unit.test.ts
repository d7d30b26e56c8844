import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CpuMeter } from './cpu.ts';

// The bench's CPU per request with --processes N (issue #34): the server is the started process and every process
// below it (the cluster's workers), PostgreSQL (the postmaster in DATA_DIR/postgres and its children) counted apart
// even though the server started it. A stand-in: a "primary" that starts a "worker" and a "postmaster", each of
// which burns a known amount of CPU (by its own clock) before it says it is ready, then idles.

const busy = (ms: number) =>
  `const t = process.cpuUsage(); while ((process.cpuUsage(t).user + process.cpuUsage(t).system) / 1000 < ${ms}) {}
   console.log('ready'); setInterval(() => {}, 1000);`;
const primaryScript = `
  const { spawn } = require('node:child_process');
  const start = (code) => spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'inherit'] });
  const worker = start(${JSON.stringify(busy(300))});
  const postmaster = start(${JSON.stringify(busy(200))});
  let ready = 0;
  const one = () => {
    if (++ready === 2) console.log(JSON.stringify({ worker: worker.pid, postmaster: postmaster.pid }));
  };
  worker.stdout.once('data', one);
  postmaster.stdout.once('data', one);
  setInterval(() => {}, 1000);`;

let dataDir: string;
let primary: ChildProcess;
let pids: { worker: number; postmaster: number };

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'mp-bench-cpu-'));
  primary = spawn(process.execPath, ['-e', primaryScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  pids = await new Promise((resolve, reject) => {
    primary.stdout?.once('data', (d: Buffer) => resolve(JSON.parse(d.toString())));
    primary.once('exit', (code) => reject(new Error(`stand-in exited ${code}`)));
  });
  mkdirSync(path.join(dataDir, 'postgres'));
  writeFileSync(path.join(dataDir, 'postgres', 'postmaster.pid'), `${pids.postmaster}\n${dataDir}\n`);
}, 60_000);

afterAll(() => {
  for (const pid of [pids?.worker, pids?.postmaster]) if (pid) process.kill(pid, 'SIGKILL');
  primary?.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('CpuMeter', () => {
  it('counts the primary and its workers as the server, and PostgreSQL apart', () => {
    const meter = new CpuMeter(primary.pid, dataDir);
    expect(meter.serverProcesses()).toEqual([primary.pid, pids.worker]);
    const now = meter.snapshot();
    expect([...now.server.keys()].sort()).toEqual([primary.pid, pids.worker].sort());
    expect([...now.postgres.keys()]).toEqual([pids.postmaster]);
    // since nothing: all the CPU each side's processes spent (ticks of 10 ms)
    const used = meter.since({ server: new Map(), postgres: new Map() });
    expect(used.server).toBeGreaterThanOrEqual(290);
    expect(used.postgres).toBeGreaterThanOrEqual(190);
  });

  it('counts a process whose pid an earlier one had (pids wrap at pid_max) from zero, never below', () => {
    const meter = new CpuMeter(primary.pid, dataDir);
    const now = meter.snapshot();
    const worker = now.server.get(pids.worker) as { ticks: number; start: number };
    // the pid was another process's at `from`: started earlier, and with more CPU than the worker has now
    const from = {
      server: new Map([[pids.worker, { ticks: worker.ticks + 1_000, start: worker.start - 1 }]]),
      postgres: new Map(),
    };
    const used = meter.since(from);
    expect(used.server).toBeGreaterThanOrEqual(290);
  });
});
