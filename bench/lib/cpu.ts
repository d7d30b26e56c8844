// CPU time the server process and the PostgreSQL processes spent during a scenario (Linux /proc), per
// request: on a shared 2-core machine latency follows the load of everybody, CPU per request much less so.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after the command (which may hold spaces) start after the last ')'
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(f[11]) + Number(f[12]); // utime + stime
  } catch {
    return 0;
  }
}

function childrenOf(ppid: number): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      if (Number(f[1]) === ppid) out.push(Number(name));
    } catch {
      // gone meanwhile
    }
  }
  return out;
}

export interface CpuSnapshot {
  server: number;
  postgres: Map<number, number>;
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

  snapshot(): CpuSnapshot {
    const pm = this.postmaster();
    const postgres = new Map<number, number>();
    if (pm) for (const pid of [pm, ...childrenOf(pm)]) postgres.set(pid, ticksOf(pid));
    return { server: this.serverPid ? ticksOf(this.serverPid) : 0, postgres };
  }

  /** Milliseconds of CPU spent since `from` (PostgreSQL: processes alive at the end). */
  since(from: CpuSnapshot): { server: number; postgres: number } {
    const to = this.snapshot();
    let pgTicks = 0;
    for (const [pid, t] of to.postgres) pgTicks += t - (from.postgres.get(pid) ?? 0);
    return { server: (to.server - from.server) * TICK_MS, postgres: pgTicks * TICK_MS };
  }
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

  /** "server X ms, PostgreSQL Y ms of CPU per request", or '' off Linux. */
  perRequest(requests: number): string {
    if (!this.meter || requests === 0 || process.platform !== 'linux') return '';
    return `server ${(this.server / requests).toFixed(2)} ms + PostgreSQL ${(this.postgres / requests).toFixed(2)} ms of CPU per request`;
  }
}
