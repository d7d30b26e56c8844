// CPU time the server processes and the PostgreSQL processes spent during a scenario (Linux /proc), per
// request: on a shared 2-core machine latency follows the load of everybody, CPU per request much less so.
// The server is every node process of the started server: with --processes N (WEB_CONCURRENCY) the cluster's
// primary and its N workers; the embedded PostgreSQL, a child of the server too, is counted apart (postmaster
// and every backend).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** The fields of /proc/PID/stat after the command (which may hold spaces); null when the process is gone. */
function statOf(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** A process's CPU so far (utime + stime) and its start (clock ticks after boot), which tells a reused pid apart. */
function ticksOf(pid: number): ProcessTicks {
  const f = statOf(pid);
  return f ? { ticks: Number(f[11]) + Number(f[12]), start: Number(f[19]) } : { ticks: 0, start: 0 };
}

/** Parent → children of every process now. */
function processTree(): Map<number, number[]> {
  const tree = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const f = statOf(Number(name));
    if (!f) continue; // gone meanwhile
    const ppid = Number(f[1]);
    const list = tree.get(ppid);
    if (list) list.push(Number(name));
    else tree.set(ppid, [Number(name)]);
  }
  return tree;
}

/** `root` and every process below it, except the subtrees of `skip`. */
function descendants(tree: Map<number, number[]>, root: number, skip: Set<number>): number[] {
  const out: number[] = [];
  const todo = [root];
  while (todo.length) {
    const pid = todo.pop() as number;
    if (skip.has(pid)) continue;
    out.push(pid);
    todo.push(...(tree.get(pid) ?? []));
  }
  return out;
}

/** Resident memory of a process now and its peak (VmRSS, VmHWM), in bytes; null when it is gone. */
export function memoryOf(pid: number): { rss: number; peak: number } | null {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (key: string) =>
      Number(new RegExp(`^${key}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb('VmRSS'), peak: kb('VmHWM') };
  } catch {
    return null;
  }
}

export interface ProcessTicks {
  ticks: number;
  start: number;
}

export interface CpuSnapshot {
  /** Every server process (the single server, or the cluster's primary and workers) → its ticks. */
  server: Map<number, ProcessTicks>;
  postgres: Map<number, ProcessTicks>;
}

export class CpuMeter {
  private readonly serverPid: number | undefined;
  private readonly dataDir: string;

  constructor(serverPid: number | undefined, dataDir: string) {
    this.serverPid = serverPid;
    this.dataDir = dataDir;
  }

  private postmaster(): number | undefined {
    try {
      return Number(
        readFileSync(path.join(this.dataDir, 'postgres', 'postmaster.pid'), 'utf8').split('\n')[0],
      );
    } catch {
      return undefined;
    }
  }

  /**
   * The server's node processes now: the started process and everything below it but PostgreSQL; with
   * --processes N the primary first, then its workers.
   */
  serverProcesses(): number[] {
    if (!this.serverPid) return [];
    const pm = this.postmaster();
    return descendants(processTree(), this.serverPid, new Set(pm ? [pm] : []));
  }

  snapshot(): CpuSnapshot {
    const tree = processTree();
    const pm = this.postmaster();
    const postgres = new Map<number, ProcessTicks>();
    if (pm) for (const pid of descendants(tree, pm, new Set())) postgres.set(pid, ticksOf(pid));
    const server = new Map<number, ProcessTicks>();
    if (this.serverPid)
      for (const pid of descendants(tree, this.serverPid, new Set(pm ? [pm] : [])))
        server.set(pid, ticksOf(pid));
    return { server, postgres };
  }

  /**
   * Milliseconds of CPU spent since `from`, summed over the processes alive at the end (a process started
   * meanwhile counts whole: a PostgreSQL backend opened for the scenario, a replaced worker — also when its pid
   * was another process's at `from`: pids wrap at pid_max, 32768 here, and a busy machine reuses them within
   * a scenario; counted by pid alone, a bare run once came out at -0.33 ms per request).
   */
  since(from: CpuSnapshot): { server: number; postgres: number } {
    const to = this.snapshot();
    const sum = (now: Map<number, ProcessTicks>, then: Map<number, ProcessTicks>) => {
      let ticks = 0;
      for (const [pid, t] of now) {
        const before = then.get(pid);
        ticks += t.ticks - (before && before.start === t.start ? before.ticks : 0);
      }
      return ticks * TICK_MS;
    };
    return { server: sum(to.server, from.server), postgres: sum(to.postgres, from.postgres) };
  }
}

/** Milliseconds of CPU per request from a total over `requests` (two decimals). */
export function cpuPerRequest(total: { server: number; postgres: number }, requests: number) {
  const per = (ms: number) => (requests ? Math.round((ms / requests) * 100) / 100 : Number.NaN);
  return { server: per(total.server), postgres: per(total.postgres) };
}

/**
 * Waits (at most `maxMs`) until the server and PostgreSQL together use under a tenth of a core over two
 * seconds in a row: after a start each server process builds its catalogue read models in the background
 * (decision 0008), which would share the scenarios' CPU. Answers the seconds waited.
 */
export async function waitUntilIdle(meter: CpuMeter, maxMs: number): Promise<number> {
  const started = Date.now();
  let quiet = 0;
  while (Date.now() - started < maxMs && quiet < 2) {
    const from = meter.snapshot();
    await new Promise((r) => setTimeout(r, 1000));
    const used = meter.since(from);
    quiet = used.server + used.postgres < 100 ? quiet + 1 : 0;
  }
  return (Date.now() - started) / 1000;
}

/** Adds up the CPU of the timed parts of a scenario. */
export class CpuTally {
  server = 0;
  postgres = 0;
  private readonly meter: CpuMeter | undefined;
  private from: CpuSnapshot | null = null;

  constructor(meter: CpuMeter | undefined) {
    this.meter = meter;
  }

  start(): void {
    this.from = this.meter?.snapshot() ?? null;
  }

  stop(): void {
    if (!this.meter || !this.from) return;
    const d = this.meter.since(this.from);
    this.server += d.server;
    this.postgres += d.postgres;
    this.from = null;
  }

  /** The milliseconds per request, or undefined off Linux (Result.cpu). */
  figures(requests: number): { server: number; postgres: number } | undefined {
    if (!this.meter || process.platform !== 'linux') return undefined;
    return cpuPerRequest(this, requests);
  }

  /** "server X ms, PostgreSQL Y ms of CPU per request", or '' off Linux. */
  perRequest(requests: number): string {
    if (!this.meter || requests === 0 || process.platform !== 'linux') return '';
    return `server ${(this.server / requests).toFixed(2)} ms + PostgreSQL ${(this.postgres / requests).toFixed(2)} ms of CPU per request`;
  }
}
