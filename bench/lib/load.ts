// A small closed-loop load generator: N connections, each sending its next request as soon as the
// previous answer is in. Own code instead of a dependency: a keep-alive HTTP/1.1 client over a raw
// socket costs the (shared) CPU less than a general-purpose client, which matters on a 2-core machine.
import net from 'node:net';
import { type CpuMeter, cpuPerRequest } from './cpu.ts';

export interface Sample {
  /** Milliseconds. */
  latency: number;
  ok: boolean;
}

export interface Result {
  name: string;
  requests: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
  max: number;
  /**
   * Milliseconds of CPU per request (Linux): every server process (with --processes N the primary and all
   * workers) and every PostgreSQL process; the bench's own process is not counted.
   */
  cpu?: { server: number; postgres: number };
  firstError?: string;
}

let meter: CpuMeter | undefined;

/** From now on every closedLoop also reports CPU per request from `m` (bench/run.ts sets it once). */
export function measureCpuWith(m: CpuMeter | undefined): void {
  meter = m;
}

/** Latency percentiles and throughput of a run. */
export function summarise(name: string, samples: Sample[], seconds: number, firstError?: string): Result {
  const lat = Float64Array.from(samples.filter((s) => s.ok).map((s) => s.latency)).sort();
  const pick = (q: number) =>
    lat.length ? lat[Math.min(lat.length - 1, Math.floor(q * lat.length))] : Number.NaN;
  const round = (x: number) => Math.round(x * 100) / 100;
  const errors = samples.filter((s) => !s.ok).length;
  return {
    name,
    requests: samples.length,
    errors,
    seconds: round(seconds),
    rps: round(samples.length / seconds),
    p50: round(pick(0.5)),
    p95: round(pick(0.95)),
    p99: round(pick(0.99)),
    mean: round(lat.reduce((a, b) => a + b, 0) / (lat.length || 1)),
    max: round(lat.length ? lat[lat.length - 1] : Number.NaN),
    ...(firstError ? { firstError } : {}),
  };
}

/**
 * Runs `connections` loops for `seconds`; each loop awaits `once(worker, i)` (true = success) and
 * records its latency. `prepare(worker, i)`, when given, runs before each call and is not timed (its
 * time still counts in the run's seconds, so keep it rare).
 */
export async function closedLoop(
  name: string,
  connections: number,
  seconds: number,
  once: (worker: number, i: number) => Promise<boolean | string>,
  prepare?: (worker: number, i: number) => Promise<void>,
): Promise<Result> {
  const samples: Sample[] = [];
  let firstError: string | undefined;
  const cpuFrom = meter?.snapshot();
  const started = performance.now();
  const until = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        await prepare?.(worker, i);
        const t0 = performance.now();
        let ok: boolean | string;
        try {
          ok = await once(worker, i);
        } catch (e) {
          ok = e instanceof Error ? e.message : String(e);
        }
        samples.push({ latency: performance.now() - t0, ok: ok === true });
        if (ok !== true && !firstError) firstError = typeof ok === 'string' ? ok : 'failed';
      }
    }),
  );
  const result = summarise(name, samples, (performance.now() - started) / 1000, firstError);
  if (meter && cpuFrom && process.platform === 'linux')
    result.cpu = cpuPerRequest(meter.since(cpuFrom), result.requests);
  return result;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** One keep-alive HTTP/1.1 connection; one request at a time. */
export class HttpConnection {
  private socket: net.Socket | null = null;
  private buffer: Buffer = Buffer.alloc(0);
  private waiting: { resolve: (r: HttpResponse) => void; reject: (e: Error) => void } | null = null;
  private readonly host: string;
  private readonly port: number;

  constructor(host: string, port: number) {
    this.host = host;
    this.port = port;
  }

  private connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const s = net.connect({ host: this.host, port: this.port, noDelay: true }, () => resolve(s));
      s.on('data', (chunk: Buffer) => {
        this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
        this.tryParse();
      });
      const fail = (e: Error) => {
        this.socket = null;
        this.buffer = Buffer.alloc(0);
        const w = this.waiting;
        this.waiting = null;
        w?.reject(e);
      };
      s.on('error', (e) => {
        reject(e);
        fail(e);
      });
      s.on('close', () => fail(new Error('connection closed')));
    });
  }

  private tryParse(): void {
    const end = this.buffer.indexOf('\r\n\r\n');
    if (end < 0 || !this.waiting) return;
    const head = this.buffer.subarray(0, end).toString('latin1').split('\r\n');
    const status = Number(head[0].split(' ')[1]);
    const headers: Record<string, string> = {};
    for (const line of head.slice(1)) {
      const i = line.indexOf(':');
      headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
    }
    let body: Buffer;
    let consumed: number;
    if (headers['transfer-encoding']?.includes('chunked')) {
      const parts: Buffer[] = [];
      let at = end + 4;
      for (;;) {
        const lineEnd = this.buffer.indexOf('\r\n', at);
        if (lineEnd < 0) return;
        const size = Number.parseInt(this.buffer.subarray(at, lineEnd).toString('latin1'), 16);
        if (this.buffer.length < lineEnd + 2 + size + 2) return;
        if (size === 0) {
          consumed = lineEnd + 4;
          break;
        }
        parts.push(this.buffer.subarray(lineEnd + 2, lineEnd + 2 + size));
        at = lineEnd + 2 + size + 2;
      }
      body = Buffer.concat(parts);
    } else {
      const length = Number(headers['content-length'] ?? 0);
      if (this.buffer.length < end + 4 + length) return;
      body = this.buffer.subarray(end + 4, end + 4 + length);
      consumed = end + 4 + length;
    }
    this.buffer = this.buffer.subarray(consumed);
    const w = this.waiting;
    this.waiting = null;
    w.resolve({ status, headers, body: body.toString('utf8') });
  }

  async request(
    method: string,
    path: string,
    headers: Record<string, string> = {},
    body?: string,
  ): Promise<HttpResponse> {
    if (!this.socket) this.socket = await this.connect();
    const lines = [`${method} ${path} HTTP/1.1`, `host: ${this.host}:${this.port}`, 'connection: keep-alive'];
    for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
    if (body !== undefined) lines.push(`content-length: ${Buffer.byteLength(body)}`);
    const raw = `${lines.join('\r\n')}\r\n\r\n${body ?? ''}`;
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.socket!.write(raw);
    });
  }

  close(): void {
    this.socket?.destroy();
    this.socket = null;
  }
}
