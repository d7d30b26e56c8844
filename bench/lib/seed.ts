// `--only seed`: the demo generator itself (npm run seed, issue #34 point 1) at --scale into --data-dir, from an
// empty directory: its wall time, its peak RSS (PostgreSQL apart) and whether it left a PostgreSQL running.
// The directory is then marked seeded, so other scenarios of the same run (and later runs) use it.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TargetCheck } from './report.ts';
import { type BenchServerOptions, log, serverEnv, sleep, writeMarker } from './server.ts';

/** issue #34: peak RSS of the seed ≤ 1 GB at --scale 1000, 'in minutes' (read here as ≤ 15). */
const PEAK_RSS_MB = 1024;
const MINUTES = 15;

/** The peak RSS so far of a live process (VmHWM), in MB; undefined once it is gone or off Linux. */
function peakRssMb(pid: number): number | undefined {
  try {
    const kb = /^VmHWM:\s+(\d+)\s+kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : undefined;
  } catch {
    return undefined;
  }
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

export async function seedScenario(o: BenchServerOptions): Promise<TargetCheck[]> {
  log(`seed: npm run seed -- --scale ${o.scale} into an empty ${o.dataDir} (log: bench/results/seed.log)…`);
  rmSync(o.dataDir, { recursive: true, force: true });
  mkdirSync(o.dataDir, { recursive: true });
  const out = createWriteStream(path.join(o.resultsDir, 'seed.log'), { flags: 'w' });
  const started = Date.now();
  const child = spawn(process.execPath, ['apps/server/src/seed/cli.ts', '--scale', String(o.scale)], {
    cwd: o.root,
    env: { ...process.env, ...serverEnv(o) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (b: Buffer) => {
    text += b.toString();
    out.write(b);
  });
  child.stderr.pipe(out);
  let polled = 0;
  const poll = setInterval(() => {
    polled = Math.max(polled, peakRssMb(child.pid!) ?? 0);
  }, 250);
  const code = await new Promise<number>((resolve) => child.on('exit', (c) => resolve(c ?? 1)));
  clearInterval(poll);
  const seconds = (Date.now() - started) / 1000;
  out.end();
  // The seed's own figure (process.resourceUsage) when it finished; the polled one when it did not.
  const reported = Number(/seed: peak RSS (\d+) MB/.exec(text)?.[1] ?? 0);
  const peak = Math.max(reported, polled);
  await sleep(500);
  const leftRunning = postmasterRunning(o.dataDir);
  log(
    `seed: scale ${o.scale}: ${code === 0 ? 'done' : `FAILED (exit ${code})`} in ${seconds.toFixed(0)} s, peak RSS ${peak} MB`,
  );
  if (code === 0) writeMarker(o, { scale: o.scale, seededAt: new Date().toISOString(), vacuumed: false });
  return [
    {
      target: `seed at scale ${o.scale} finishes in ≤ ${MINUTES} min`,
      measured:
        code === 0
          ? `${(seconds / 60).toFixed(1)} min`
          : `failed (exit ${code}) after ${seconds.toFixed(0)} s`,
      pass: code === 0 && seconds <= MINUTES * 60,
    },
    {
      target: `seed peak RSS ≤ ${PEAK_RSS_MB} MB (the node process; PostgreSQL apart)`,
      measured: `${peak} MB`,
      pass: peak <= PEAK_RSS_MB,
    },
    {
      target: 'seed leaves no PostgreSQL running on its data directory',
      measured: leftRunning ? 'still running' : 'none left',
      pass: !leftRunning,
    },
  ];
}
