import { BcError } from './http-util.ts';

/**
 * Faults injected through the control API, each on a path pattern and counted: `slow` (delay the answer), `status`
 * (answer 500 / 503 / 429 … instead, 429 and 503 with Retry-After), `drop` (destroy the connection after part of
 * the body: a page cut off after `afterRecords` records), `duplicate-delivery` (a webhook notification to a
 * matching notificationUrl is posted twice). A pattern without `*` matches a path containing it; `*` matches any
 * run of characters; a pattern between slashes is a regular expression.
 */

export type FaultKind = 'slow' | 'status' | 'drop' | 'duplicate-delivery';

export interface FaultSpec {
  kind: FaultKind;
  path: string;
  method?: string;
  /** slow: the delay. */
  ms?: number;
  /** status: the answer's status (default 500). */
  status?: number;
  /** status 429 / 503: the Retry-After seconds (default 1). */
  retryAfter?: number;
  /** drop: records of a page written before the connection is cut (default half the page; other answers: half the bytes). */
  afterRecords?: number;
  /** How many requests it hits; omitted: every one until cleared. */
  times?: number;
}

export interface Fault extends FaultSpec {
  id: number;
  hits: number;
  remaining: number | null;
}

function matcher(pattern: string): (path: string) => boolean {
  if (pattern.length > 2 && pattern.startsWith('/') && pattern.endsWith('/')) {
    const re = new RegExp(pattern.slice(1, -1));
    return (p) => re.test(p);
  }
  if (!pattern.includes('*')) return (p) => p.includes(pattern);
  const re = new RegExp(
    `^${pattern
      .split('*')
      .map((s) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('.*')}$`,
  );
  return (p) => re.test(p);
}

const KINDS: readonly FaultKind[] = ['slow', 'status', 'drop', 'duplicate-delivery'];

export class Faults {
  private next = 1;
  readonly list: Fault[] = [];
  private readonly matchers = new Map<number, (path: string) => boolean>();

  add(spec: FaultSpec): Fault {
    if (!KINDS.includes(spec.kind)) throw new Error(`unknown fault kind '${spec.kind}'`);
    if (typeof spec.path !== 'string' || spec.path === '') throw new Error('a fault needs a path pattern');
    const fault: Fault = { ...spec, id: this.next++, hits: 0, remaining: spec.times ?? null };
    this.matchers.set(fault.id, matcher(spec.path));
    this.list.push(fault);
    return fault;
  }

  clear(): void {
    this.list.length = 0;
    this.matchers.clear();
  }

  /** The active faults of `kind` for this request, each counted as hit. */
  take(kind: FaultKind, method: string, path: string): Fault[] {
    const hit: Fault[] = [];
    for (const f of this.list) {
      if (f.kind !== kind || f.remaining === 0) continue;
      if (f.method && f.method.toUpperCase() !== method.toUpperCase()) continue;
      if (!this.matchers.get(f.id)!(path)) continue;
      f.hits++;
      if (f.remaining !== null) f.remaining--;
      hit.push(f);
    }
    return hit;
  }
}

/** The error a `status` fault answers with, as BC words it. */
export function faultError(fault: Fault): BcError {
  const status = fault.status ?? 500;
  const retryAfter = { 'retry-after': String(fault.retryAfter ?? 1) };
  if (status === 429)
    return new BcError(429, 'Application_TooManyRequests', 'Too many requests reached.', retryAfter);
  if (status === 503)
    return new BcError(503, 'ServiceUnavailable', 'The service is temporarily unavailable.', retryAfter);
  if (status === 504) return new BcError(504, 'GatewayTimeout', 'The request timed out.');
  return new BcError(status, 'InternalServerError', 'An unexpected error occurred on the server.');
}
