import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';

/*
 * Every route of the OpenAPI document gets generated requests — random and hostile path parameters,
 * query values and bodies, as anonymous, user and admin — and must never answer 5xx; every answer carries
 * the security headers. FUZZ_RUNS (default 12 per route and caller) raises the count, e.g. 1000 in a soak.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

let seed = 20261122;
function rand(): number {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  return seed / 0x7fffffff;
}
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

const hostileStrings = [
  "' OR 1=1 --",
  '"; drop table users; --',
  '%00',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'P-24001',
  'BH-1001',
  'nl-NL',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '-1',
  '0',
  '99999999999999999999',
  'NaN',
  'true',
  'null',
  '',
  ' ',
  '\u0000',
  '$where',
  '{"$gt":""}',
];

function randomValue(depth = 0): unknown {
  const r = rand();
  if (r < 0.3) return pick(hostileStrings);
  if (r < 0.45) return Math.floor(rand() * 2 ** 40) * (rand() < 0.5 ? -1 : 1);
  if (r < 0.5) return rand() * 1e6;
  if (r < 0.6) return rand() < 0.5;
  if (r < 0.65) return null;
  if (r < 0.75 && depth < 2)
    return Array.from({ length: Math.floor(rand() * 4) }, () => randomValue(depth + 1));
  if (depth < 2) return randomObject([], depth + 1);
  return pick(hostileStrings);
}

function randomObject(knownKeys: string[], depth = 0): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of knownKeys) if (rand() < 0.8) out[k] = randomValue(depth);
  if (rand() < 0.3)
    out[pick(['role', 'status', 'locationId', 'userId', 'customerId', 'isAdmin'])] = randomValue(depth);
  return out;
}

interface Operation {
  method: string;
  path: string;
  bodyKeys: string[] | null;
  queryKeys: string[];
}

function operations(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const params = (op.parameters ?? []) as { in: string; name: string }[];
      const body = (
        op.requestBody as { content?: Record<string, { schema?: { properties?: object } }> } | undefined
      )?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        bodyKeys: body ? Object.keys(body.properties ?? {}) : null,
        queryKeys: params.filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return ops;
}

function fill(path: string): string {
  return path.replace(
    /\{[^}]+\}/g,
    () => encodeURIComponent(String(pick(hostileStrings)).slice(0, 300)) || 'x',
  );
}

describe('generated requests against every route', () => {
  it('never answer 5xx and always carry the security headers', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const ops = operations(doc).filter((o) => !o.path.startsWith('/api/docs'));
    expect(ops.length).toBeGreaterThan(100);
    const callers = [{}, await t.auth('uitvoerder@vandijk.nl'), await t.auth('admin@materieelportaal.nl')];
    const failures: string[] = [];
    for (const op of ops) {
      for (const headers of callers) {
        for (let i = 0; i < RUNS; i++) {
          const query = new URLSearchParams();
          for (const k of op.queryKeys) if (rand() < 0.7) query.set(k, String(randomValue()).slice(0, 300));
          const url = `${fill(op.path)}${query.size ? `?${query}` : ''}`;
          const payload =
            op.method === 'GET' || op.method === 'DELETE'
              ? undefined
              : op.bodyKeys
                ? rand() < 0.1
                  ? pick(['[]', '"x"', '1', '{"__proto__":{"a":1}}'])
                  : randomObject(op.bodyKeys)
                : randomObject([]);
          const res = await t.app.inject({
            method: op.method as 'GET',
            url,
            headers: {
              ...headers,
              ...(payload !== undefined
                ? { 'content-type': 'application/json', 'idempotency-key': `fuzz-${i}` }
                : {}),
            },
            payload:
              typeof payload === 'string'
                ? payload
                : payload === undefined
                  ? undefined
                  : JSON.stringify(payload),
          });
          if (res.statusCode >= 500)
            failures.push(`${op.method} ${url} → ${res.statusCode} ${res.body.slice(0, 200)}`);
          if (!String(res.headers['content-security-policy'] ?? '').includes("object-src 'none'")) {
            failures.push(`${op.method} ${url}: no CSP`);
          }
          if (res.statusCode >= 400 && res.headers['content-type']?.includes('json')) {
            const body = res.json();
            if (typeof body.code !== 'string' || typeof body.message !== 'string') {
              failures.push(`${op.method} ${url}: error body without code/message`);
            }
          }
        }
      }
    }
    expect(failures.slice(0, 20)).toEqual([]);
  }, 600_000);
});
