// Memory soak: the real built portal (production mode, embedded PostgreSQL, demo data) under mixed traffic for a
// while, printing resident memory and JS heap over time, then the growth per 10 minutes of the second half.
//   npm run soak                         30 minutes, 16 connections, a sample every 30 s
//   npm run soak -- --minutes 5 --connections 8 --sample 15
// Run `npm run build` first (the portal serves the built web app). Traffic goes to 127.0.0.1 only.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { startServer } from '../e2e/support/server.ts';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    connections: { type: 'string', default: '16' },
    sample: { type: 'string', default: '30' },
  },
});
const minutes = Number(args.minutes);
const connections = Number(args.connections);
const sampleSeconds = Number(args.sample);
const METRICS_TOKEN = randomBytes(24).toString('base64url');
const USER = 'projectleider@infranoord.nl';
const PASSWORD = 'Materieel2026!';
const WORDS = [
  'aggregaat',
  'lichtmast',
  'bouwlamp',
  'hek',
  'kraan',
  'pomp',
  'steiger',
  'ag',
  'container',
  'tril',
];

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)];
const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(0).padStart(5);

process.stdout.write('soak: starting the portal (production build, embedded PostgreSQL, demo data)…\n');
const server = await startServer({ env: { METRICS_TOKEN, LOG_LEVEL: 'warn' } });
const base = server.baseUrl;
// An interrupted soak still stops the portal and its PostgreSQL.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void server.stop().finally(() => process.exit(130)));
}

async function json(path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
  const res = await fetch(base + path, {
    ...init,
    headers: {
      'accept-encoding': 'br, gzip',
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const text = await res.text();
  return { status: res.status, url: path, body: text ? JSON.parse(text) : null };
}

async function signIn(): Promise<string> {
  const r = await json('/api/v2.0/Auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: USER, password: PASSWORD }),
  });
  if (r.status !== 200) throw new Error(`sign-in failed: ${r.status}`);
  return (r.body as { accessToken: string }).accessToken;
}

async function metrics(): Promise<Record<string, number>> {
  const res = await fetch(`${base}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const out: Record<string, number> = {};
  for (const line of (await res.text()).split('\n')) {
    const m =
      /^(process_resident_memory_bytes|nodejs_heap_size_used_bytes|nodejs_heap_size_total_bytes|nodejs_external_memory_bytes) (\S+)/.exec(
        line,
      );
    if (m) out[m[1]] = Number(m[2]);
  }
  return out;
}

let stopAt = 0;
let requests = 0;
let failures = 0;
let firstFailure = '';

/** The current access token; renewed by signing in again before it expires (15 minutes by default). */
const session = { token: '' };

async function worker(categories: string[], itemNos: string[], locationNo: string) {
  const auth = {
    get authorization() {
      return `Bearer ${session.token}`;
    },
  };
  const steps: (() => Promise<{ status: number }>)[] = [
    () => json(`/api/v2.0/Search/quicksearch?query=${encodeURIComponent(pick(WORDS))}`, { headers: auth }),
    () =>
      json(
        `/api/v2.0/Products/${pick(categories)}?pageSize=${pick([50, 100])}&pageNumber=1&sortBy=${pick(['default', 'itemNo', 'description', 'dayPrice'])}&plantLocation=${locationNo}`,
        { headers: auth },
      ),
    () => json(`/api/v2.0/Items/${pick(itemNos)}?plantLocation=${locationNo}`, { headers: auth }),
    () => json('/api/v2.0/Categories', { headers: auth }),
    () =>
      json(`/api/v2.0/Search?query=${encodeURIComponent(pick(WORDS))}&plantLocation=${locationNo}`, {
        headers: auth,
      }),
    () => json('/api/v2.0/Settings/all', { headers: auth }),
    () => json(`/api/v2.0/OrderLists/${locationNo}`, { headers: auth }),
    async () => {
      const r = await fetch(`${base}/catalogus/${pick(categories)}`, {
        headers: { 'accept-encoding': 'br' },
      });
      await r.arrayBuffer();
      return r;
    },
  ];
  while (Date.now() < stopAt) {
    const step = pick(steps);
    try {
      const r = await step();
      requests++;
      if (r.status >= 400) {
        failures++;
        firstFailure ||= `status ${r.status} from step ${steps.indexOf(step)} (${(r as { url?: string }).url ?? ''})`;
      }
    } catch (e) {
      failures++;
      firstFailure ||= String(e);
    }
  }
}

try {
  const token = await signIn();
  session.token = token;
  const renew = setInterval(() => {
    signIn()
      .then((t) => {
        session.token = t;
      })
      .catch((e) => {
        firstFailure ||= `sign-in: ${e}`;
      });
  }, 5 * 60_000);
  renew.unref();
  const cats = (await json('/api/v2.0/Categories', { headers: { authorization: `Bearer ${token}` } }))
    .body as {
    categories?: { id: string }[];
  };
  const categories = (cats.categories ?? []).map((c) => c.id);
  const locs = (await json('/api/v2.0/PlantLocations', { headers: { authorization: `Bearer ${token}` } }))
    .body as {
    locaties?: { nummer: string }[];
    plantLocations?: { locationNo: string }[];
  };
  const locationNo = locs.plantLocations?.[0]?.locationNo ?? locs.locaties?.[0]?.nummer ?? '';
  const page = (
    await json(`/api/v2.0/Products/${categories[0]}?pageSize=250&pageNumber=1`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).body as { items?: { itemNo: string }[] };
  const itemNos = (page.items ?? []).map((i) => i.itemNo);
  if (!categories.length || !itemNos.length || !locationNo) throw new Error('no demo data to drive');
  process.stdout.write(
    `soak: location ${locationNo}, ${categories.length} categories, ${itemNos.length} items\n`,
  );

  const t0 = Date.now();
  stopAt = t0 + minutes * 60_000;
  const samples: { min: number; rss: number; heap: number; heapTotal: number; external: number }[] = [];
  const sample = async () => {
    const m = await metrics();
    const min = (Date.now() - t0) / 60_000;
    samples.push({
      min,
      rss: m.process_resident_memory_bytes,
      heap: m.nodejs_heap_size_used_bytes,
      heapTotal: m.nodejs_heap_size_total_bytes,
      external: m.nodejs_external_memory_bytes,
    });
    process.stdout.write(
      `${min.toFixed(1).padStart(6)} min  requests ${String(requests).padStart(8)}  RSS ${mib(m.process_resident_memory_bytes)} MiB  heap ${mib(m.nodejs_heap_size_used_bytes)} of ${mib(m.nodejs_heap_size_total_bytes)} MiB  external ${mib(m.nodejs_external_memory_bytes)} MiB\n`,
    );
  };
  process.stdout.write(`soak: ${minutes} min, ${connections} connections, ${base}\n`);
  await sample();
  const timer = setInterval(() => void sample(), sampleSeconds * 1000);
  await Promise.all(Array.from({ length: connections }, () => worker(categories, itemNos, locationNo)));
  clearInterval(timer);
  clearInterval(renew);
  await sample();

  // Growth per 10 minutes over the second half (least squares), when the warm-up is behind us.
  const half = samples.filter((s) => s.min >= minutes / 2);
  const slope = (key: 'rss' | 'heap' | 'heapTotal') => {
    const n = half.length;
    if (n < 2) return Number.NaN;
    const mx = half.reduce((a, s) => a + s.min, 0) / n;
    const my = half.reduce((a, s) => a + s[key], 0) / n;
    const num = half.reduce((a, s) => a + (s.min - mx) * (s[key] - my), 0);
    const den = half.reduce((a, s) => a + (s.min - mx) ** 2, 0);
    return (num / den) * 10;
  };
  const seconds = (Date.now() - t0) / 1000;
  process.stdout.write(
    `soak: ${requests} requests in ${seconds.toFixed(0)} s (${(requests / seconds).toFixed(0)}/s), ${failures} failed${firstFailure ? ` (first: ${firstFailure})` : ''}\n` +
      `soak: second half growth per 10 min: RSS ${(slope('rss') / 1024 / 1024).toFixed(1)} MiB, heap used ${(slope('heap') / 1024 / 1024).toFixed(1)} MiB, heap committed ${(slope('heapTotal') / 1024 / 1024).toFixed(1)} MiB\n` +
      `soak: RSS min/max over the second half: ${mib(Math.min(...half.map((s) => s.rss)))} / ${mib(Math.max(...half.map((s) => s.rss)))} MiB\n`,
  );
} finally {
  await server.stop();
}
