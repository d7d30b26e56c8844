// npm run bench -- [--scale 100] [--duration 10] [--connections 32] [--only quick,catalogue,order]
//
// Starts the real server (apps/server/src/main.ts) on the demo data at --scale (100 → 43,300 items) with its
// own DATA_DIR under /tmp (seeded once, re-used while the scale matches) and its own ports, then measures
// closed-loop load with N connections for a few seconds per scenario: quick search, a catalogue page with
// one boolean filter, and the order submit when that endpoint exists. For quick search and the catalogue
// page the same statements also run bare through `pg` (no HTTP) at the same concurrency, for comparison.
// Results: printed, and written to bench/results/latest.json (gitignored).
import { type ChildProcess, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { splitSearchWords } from '@mp/contract/rules/search';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { cardModels, listingIndexes } from '../apps/server/src/modules/catalogue/catalogue.indexes.ts';
import { categoryBase, listingSql } from '../apps/server/src/modules/catalogue/catalogue.queries.ts';
import { quickSearchIndexes } from '../apps/server/src/modules/catalogue/search.index-store.ts';
import { quickSearchSql } from '../apps/server/src/modules/catalogue/search.queries.ts';
import { connect } from '../apps/server/src/platform/db/database.ts';
import { closedLoop, HttpConnection, type Result, summarise } from './lib/load.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    port: { type: 'string', default: '62480' },
    'pg-port': { type: 'string', default: '62432' },
    'data-dir': { type: 'string' },
    only: { type: 'string', default: 'quick,catalogue,order' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  process.stdout.write(
    'npm run bench -- [--scale 100] [--duration 10] [--connections 32] [--only quick,catalogue,order]\n',
  );
  process.exit(0);
}

const scale = Number(args.scale);
const seconds = Number(args.duration);
const connections = Number(args.connections);
const port = Number(args.port);
const pgPort = Number(args['pg-port']);
// why: the default ports lie above the range Linux lends to outgoing connections (32768–60999), so a
// passing connection cannot hold them for a moment.
const only = new Set(args.only.split(','));
const warmupSeconds = 3;
const dataDir = args['data-dir'] ?? `/tmp/mp-bench-scale${scale}`;
const marker = path.join(dataDir, 'bench-seeded.json');
const resultsDir = path.join(root, 'bench', 'results');
// why: a production server refuses placeholder secrets; a fresh random one per run.
const JWT_SECRET = randomBytes(36).toString('base64url');
const PASSWORD = 'Materieel2026!';
const USER = 'projectleider@infranoord.nl'; // external: sees prices, so the price facets are computed too
const ADMIN = 'admin@materieelportaal.nl';

const log = (line: string) => process.stdout.write(`${line}\n`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function run(cmd: string, argv: string[], env: Record<string, string>, logFile: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(logFile, { flags: 'a' });
    const child = spawn(cmd, argv, {
      cwd: root,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out);
    child.stderr.pipe(out);
    child.on('error', reject);
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

const serverEnv = {
  NODE_ENV: 'production',
  DATA_DIR: dataDir,
  EMBEDDED_PG_PORT: String(pgPort),
  PORT: String(port),
  HOST: '127.0.0.1',
  SEED: 'none',
  JOBS_ENABLED: 'false',
  LOG_LEVEL: 'warn',
  JWT_SECRET,
  ACCESS_TOKEN_TTL_SECONDS: '7200',
};

/** Seeds DATA_DIR at the scale once; a directory of another scale (or a failed seed) is started over. */
async function ensureSeeded(): Promise<boolean> {
  if (existsSync(marker)) {
    const m = JSON.parse(readFileSync(marker, 'utf8'));
    if (m.scale === scale) return false;
  }
  log(`seeding ${dataDir} at scale ${scale} (once; takes a few minutes)…`);
  rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });
  const started = Date.now();
  const code = await run(
    process.execPath,
    ['apps/server/src/seed/cli.ts', '--scale', String(scale)],
    serverEnv,
    path.join(resultsDir, 'seed.log'),
  );
  if (code !== 0) throw new Error(`seeding failed (exit ${code}); see bench/results/seed.log`);
  writeFileSync(marker, JSON.stringify({ scale, seededAt: new Date().toISOString(), vacuumed: false }));
  log(`seeded in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return true;
}

async function startServer(): Promise<ChildProcess> {
  const out = createWriteStream(path.join(resultsDir, 'server.log'), { flags: 'w' });
  const child = spawn(process.execPath, ['apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  const until = Date.now() + 180_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error('server exited; see bench/results/server.log');
    try {
      const r = await fetch(`http://127.0.0.1:${port}/health/ready`);
      if (r.ok) return child;
    } catch {
      // not listening yet
    }
    await sleep(300);
  }
  child.kill('SIGTERM');
  throw new Error('server did not become ready; see bench/results/server.log');
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(15_000)]);
}

async function api(
  method: string,
  url: string,
  token?: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const r = await fetch(`http://127.0.0.1:${port}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  return { status: r.status, json: text ? JSON.parse(text) : null };
}

async function login(email: string): Promise<string> {
  const r = await api('POST', '/api/v2.0/Auth/login', undefined, { email, password: PASSWORD });
  if (r.status !== 200) throw new Error(`login ${email}: ${r.status} ${JSON.stringify(r.json)}`);
  return r.json.accessToken;
}

// ── scenarios ──────────────────────────────────────────────────────────────────────────────────

/** Quick-search texts as people type them: prefixes, whole words, two words, numbers. */
const terms = [
  'tr',
  'tril',
  'trilplaat',
  'trilplaat diesel',
  'lichtmast',
  'licht',
  'aggregaat',
  'aggregaat 20',
  'bouwhek',
  'bouwhek verzinkt',
  'hoogwerker',
  'schaar',
  'pomp',
  'dompelpomp',
  'kabel',
  'heater',
  'steiger',
  'rolsteiger',
  'ladder',
  'container',
  'schaftkeet',
  'keet',
  'minigraver',
  'dumper',
  'verkeersbord',
  'pion',
  'bouwlamp',
  'led',
  'diesel',
  'accu',
  'bh-1001',
  'ag-10',
  'ku',
  'sanitair',
  'bouwdroger',
  'boorhamer',
  'slijp',
  'zaag',
  'laser',
  'wals',
];

function clientPool(n: number) {
  return Array.from({ length: n }, () => new HttpConnection('127.0.0.1', port));
}

async function httpScenario(
  name: string,
  token: string,
  pathOf: (worker: number, i: number) => string,
): Promise<Result> {
  const conns = clientPool(connections);
  const headers = { authorization: `Bearer ${token}`, 'x-locale': 'nl-NL' };
  const request = async (w: number, i: number) => {
    const r = await conns[w].request('GET', pathOf(w, i), headers);
    return r.status === 200 || `${r.status} ${r.body.slice(0, 200)}`;
  };
  try {
    // Warm-up (not counted): JIT, pools, and the server's catalogue indexes (built in the background after
    // start; requests use SQL until they are ready). Other requests than the measured ones (i offset).
    await closedLoop(`${name} (warm-up)`, connections, warmupSeconds, (w, i) => request(w, i + 1_000_000));
    return await closedLoop(name, connections, seconds, request);
  } finally {
    for (const c of conns) c.close();
  }
}

async function sqlScenario(
  name: string,
  pool: pg.Pool,
  statementOf: (worker: number, i: number) => SQL,
): Promise<Result> {
  const dialect = new PgDialect();
  return closedLoop(name, connections, seconds, async (w, i) => {
    const q = dialect.sqlToQuery(statementOf(w, i));
    // Named like the server's executePrepared(): parsed once per connection and shape.
    const name = `mp_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 24)}`;
    await pool.query({ name, text: q.sql, values: q.params as unknown[] });
    return true;
  });
}

/** A text no catalogue entry holds, so every request is new to the server's result cache. */
const uniqueWord = (w: number, i: number) => `zq${w}x${i}`;

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  const freshlySeeded = await ensureSeeded();
  log(`starting the server on :${port} (PostgreSQL :${pgPort}, data ${dataDir})…`);
  const server = await startServer();
  const pool = new pg.Pool({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${pgPort}/materieelportaal`,
    max: connections,
  });
  const results: Result[] = [];
  const notes: string[] = [];
  try {
    const m = JSON.parse(readFileSync(marker, 'utf8'));
    if (freshlySeeded || !m.vacuumed) {
      log(
        'vacuum analyze (after seeding: fills the visibility map, clears the GIN pending lists, fresh statistics)…',
      );
      await pool.query('vacuum analyze');
      writeFileSync(marker, JSON.stringify({ ...m, vacuumed: true }));
    }
    const [{ n: itemCount }] = (await pool.query<{ n: number }>('select count(*)::int as n from items')).rows;
    log(`${itemCount} items`);
    const token = await login(USER);
    if (only.has('quick') || only.has('catalogue')) notes.push(...(await indexFigures()));

    if (only.has('quick')) {
      const urlOf = (q: string) => `/api/v2.0/Search/quicksearch?query=${encodeURIComponent(q)}&locale=nl-NL`;
      const pick = (w: number, i: number) => terms[(w * 7 + i) % terms.length];
      // Warm up (and fill the result cache for the warm scenario, as real typing traffic would).
      for (const t of terms) await api('GET', urlOf(t), token);
      // Headline: every text new, so no answer comes from the server's result cache.
      results.push(
        await httpScenario('quick search, HTTP, cache miss (every text new)', token, (w, i) =>
          urlOf(`${pick(w, i)} ${uniqueWord(w, i)}`),
        ),
      );
      results.push(
        await sqlScenario('quick search, bare SQL via pg (same texts)', pool, (w, i) =>
          quickSearchSql('nl-NL', splitSearchWords(`${pick(w, i)} ${uniqueWord(w, i)}`), true, 10),
        ),
      );
      results.push(
        await httpScenario('quick search, HTTP, cache warm (40 repeating terms)', token, (w, i) =>
          urlOf(pick(w, i)),
        ),
      );
    }

    if (only.has('catalogue')) {
      const combos = (
        await pool.query<{ category: string; attribute: string; code: string; n: number }>(`
          select c.id as category, a.id as attribute, c.code || '+' || a.code as code, count(*)::int as n
          from categories c join items i on i.category_id = c.id
          join item_tech_data d on d.item_id = i.id and d.boolean_value
          join tech_attributes a on a.id = d.attribute_id and a.kind = 'boolean' and a.filterable
          group by c.id, a.id, c.code, a.code having count(*) >= 100 order by c.code, a.code`)
      ).rows;
      notes.push(
        `catalogue pages: ${combos.length} (leaf category, boolean filter) pairs, ${combos.map((c) => `${c.code} (${c.n})`).join(', ')}`,
      );
      const combo = (w: number, i: number) => combos[(w * 5 + i) % combos.length];
      const urlOf = (w: number, i: number, extra = '') => {
        const c = combo(w, i);
        return `/api/v2.0/Products/${c.category}?bool=${c.attribute}${extra}`;
      };
      // A price ceiling above every price changes nothing but the cache key.
      const ceiling = (w: number, i: number) => (900_000 + (w * 100_000 + i) / 1000).toFixed(3);
      for (let i = 0; i < combos.length; i++) await api('GET', urlOf(0, i), token);
      // Headline: a price ceiling above every price changes nothing but the cache key, so no hits.
      results.push(
        await httpScenario('catalogue page + 1 boolean filter, HTTP, cache miss', token, (w, i) =>
          urlOf(w, i, `&dayMax=${ceiling(w, i)}`),
        ),
      );
      results.push(
        await sqlScenario(
          'catalogue page + 1 boolean filter, bare SQL via pg (same statements)',
          pool,
          (w, i) =>
            listingSql({
              locale: 'nl-NL',
              base: categoryBase(combo(w, i).category),
              hasRelevance: false,
              filters: { bool: [combo(w, i).attribute], dayMax: Number(ceiling(w, i)) },
              sort: 'default',
              limit: 50,
              offset: 0,
              tech: 'locale',
              withPrices: true,
            }),
        ),
      );
      results.push(
        await httpScenario('catalogue page + 1 boolean filter, HTTP, cache warm', token, (w, i) =>
          urlOf(w, i),
        ),
      );
    }

    if (only.has('order')) results.push(...(await orderScenario(token, notes)));
  } finally {
    await pool.end().catch(() => {});
    await stopServer(server);
  }

  const byName = (prefix: string) => results.filter((r) => r.name.startsWith(prefix));
  const ratios: Record<string, number> = {};
  for (const prefix of ['quick search', 'catalogue page']) {
    const rows = byName(prefix);
    const sqlRow = rows.find((r) => r.name.includes('bare SQL'));
    for (const r of rows)
      if (sqlRow && r !== sqlRow) ratios[r.name] = Math.round((r.rps / sqlRow.rps) * 100) / 100;
  }
  const targets = checkTargets(results, ratios);
  const report = {
    at: new Date().toISOString(),
    scale,
    seconds,
    connections,
    machine: { cpus: os.cpus().length, node: process.version },
    targets,
    results,
    ratios,
    notes,
  };
  writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
  printTable(results, ratios, notes);
  printTargets(targets);
}

/**
 * Build time and heap of the in-process indexes (docs/decisions/0008), built here in the bench process on
 * the same database: what a server spends on the first request and keeps in memory.
 */
async function indexFigures(): Promise<string[]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const database = connect(`postgres://postgres:postgres@127.0.0.1:${pgPort}/materieelportaal`, { max: 2 });
  const out: string[] = [];
  try {
    const measure = async (label: string, build: () => Promise<unknown>) => {
      gc();
      const heap = process.memoryUsage().heapUsed;
      const t0 = performance.now();
      const model = await build();
      const ms = performance.now() - t0;
      gc();
      const mb = (process.memoryUsage().heapUsed - heap) / 1024 / 1024;
      out.push(
        `${label}: built in ${ms.toFixed(0)} ms, ${mb.toFixed(0)} MB heap${model ? '' : ' (not built: too many items)'}`,
      );
      log(out[out.length - 1]);
      return model;
    };
    const quick = await measure('quick-search index (nl-NL)', () =>
      quickSearchIndexes.get(database.db, 'nl-NL'),
    );
    const listing = await measure('listing index', () => listingIndexes.get(database.db, 'all'));
    const cards = await measure('card model (nl-NL)', () => cardModels.get(database.db, 'nl-NL'));
    // keep them alive until all are measured
    if (!quick || !listing || !cards) out.push('an index was not built');
  } finally {
    await database.close();
  }
  return out;
}

async function orderScenario(token: string, notes: string[]): Promise<Result[]> {
  const docs = await api('GET', '/api/docs/json');
  const paths = Object.keys(docs.json?.paths ?? {});
  if (!paths.some((p) => /^\/api\/v2\.0\/PlantRequests\/\{[^}]+\}\/order$/.test(p))) {
    log('order submit: skipped: endpoint missing');
    notes.push('order submit: skipped: endpoint missing');
    return [];
  }
  // One order list per connection (several lists per user need Bestellen_EnableMeerdereBestellijsten).
  const admin = await login(ADMIN);
  await api('POST', '/api/v2.0/Settings', admin, {
    key: 'Bestellen_EnableMeerdereBestellijsten',
    value: true,
  });
  const locations = ['P-24008', 'P-24009', 'P-24010', 'P-24011', 'P-24012'];
  const lists: { location: string; id: string }[] = [];
  // The bench database outlives a run: reuse the lists of an earlier one (a user may have 50 at most).
  const existing = new Map<string, string>();
  for (const location of locations) {
    const r = await api('GET', `/api/v2.0/OrderLists/${location}`, token);
    for (const l of (r.json?.orderLists ?? []) as { id: string; name: string }[]) {
      // lists of the earlier bench versions (a random suffix each run) go
      if (/^bench \d+ [0-9a-f]{8}$/.test(l.name))
        await api('DELETE', `/api/v2.0/OrderLists/${location}/${l.id}`, token);
      else existing.set(`${location}|${l.name}`, l.id);
    }
  }
  for (let w = 0; w < connections; w++) {
    const location = locations[w % locations.length];
    const name = `bench ${w}`;
    const reused = existing.get(`${location}|${name}`);
    if (reused) {
      lists.push({ location, id: reused });
      continue;
    }
    const r = await api('POST', `/api/v2.0/OrderLists/${location}`, token, { name });
    if (r.status !== 201) {
      notes.push(
        `order submit: skipped: could not create an order list (${r.status} ${JSON.stringify(r.json)})`,
      );
      return [];
    }
    lists.push({ location, id: r.json.id });
  }
  const day = new Date(Date.now() + 21 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const form = {
    deliveryDate: day.toISOString().slice(0, 10),
    contactPerson: 'Bench Mark',
    phone: '06 12345678',
    street: 'Benchstraat 1',
    postcode: '8011 AA',
    city: 'Zwolle',
    reference: 'benchmark',
    termsAccepted: true,
  };
  const conns = clientPool(connections);
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const addLatencies: { latency: number; ok: boolean }[] = [];
  try {
    const submit = await closedLoop(
      'order submit (POST PlantRequests/{id}/order), HTTP',
      connections,
      seconds,
      async (w) => {
        const list = lists[w];
        const t0 = performance.now();
        const add = await conns[w].request(
          'POST',
          `/api/v2.0/OrderLists/${list.location}/${list.id}/orderlistlines`,
          headers,
          JSON.stringify({ lines: [{ type: 'item', itemNo: 'BH-1001', amount: 10 }] }),
        );
        addLatencies.push({ latency: performance.now() - t0, ok: add.status === 200 });
        if (add.status !== 200) return `add line: ${add.status} ${add.body.slice(0, 200)}`;
        const r = await conns[w].request(
          'POST',
          `/api/v2.0/PlantRequests/${list.id}/order`,
          { ...headers, 'idempotency-key': randomUUID() },
          JSON.stringify(form),
        );
        return r.status === 201 || `${r.status} ${r.body.slice(0, 200)}`;
      },
    );
    notes.push(
      'order submit: each iteration adds a line to its own list, then submits it; the latency shown covers both calls',
    );
    return [submit, summarise('  of which: add a line to the order list', addLatencies, submit.seconds)];
  } finally {
    for (const c of conns) c.close();
  }
}

interface TargetCheck {
  target: string;
  measured: string;
  pass: boolean;
}

/** The issue's targets, judged on the cache-miss runs (the honest figure), PASS or FAIL each. */
function checkTargets(results: Result[], ratios: Record<string, number>): TargetCheck[] {
  const out: TargetCheck[] = [];
  const miss = (prefix: string) =>
    results.find((r) => r.name.startsWith(prefix) && r.name.includes('cache miss'));
  const checks: [string, string, number][] = [
    ['quick search', 'quick search, cache miss: p95', 30],
    ['catalogue page', 'catalogue page + 1 boolean filter, cache miss: p95', 60],
  ];
  for (const [prefix, label, maxP95] of checks) {
    const r = miss(prefix);
    if (!r) continue;
    out.push({
      target: `${label} <= ${maxP95} ms`,
      measured: `${r.p95.toFixed(1)} ms`,
      pass: r.p95 <= maxP95 && r.errors === 0,
    });
    const ratio = ratios[r.name];
    if (ratio !== undefined)
      out.push({
        target: `${prefix}, cache miss: HTTP >= 0.5x bare SQL req/s`,
        measured: `${ratio.toFixed(2)}x`,
        pass: ratio >= 0.5,
      });
  }
  return out;
}

function printTargets(targets: TargetCheck[]) {
  if (targets.length === 0) return;
  log('');
  log('targets (cache miss is the headline figure; warm runs are for information):');
  for (const t of targets) log(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
}

function printTable(results: Result[], ratios: Record<string, number>, notes: string[]) {
  const cols = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'vs SQL'];
  const rows = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    ratios[r.name] !== undefined ? `${ratios[r.name].toFixed(2)}×` : '',
  ]);
  const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  log('');
  log(`scale ${scale}, ${connections} connections, ${seconds} s per scenario`);
  log(line(cols));
  for (const r of rows) log(line(r));
  for (const r of results) if (r.firstError) log(`  ${r.name}: first error: ${r.firstError}`);
  for (const n of notes) log(`note: ${n}`);
  log(`written to ${path.relative(root, path.join(resultsDir, 'latest.json'))}`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
