// npm run bench -- [--scale 100] [--duration 10] [--connections 32] [--processes 1] [--write-connections 4] [--only quick,catalogue,stock,add,submit,order,removal,relocation,department,orders,invoices,costs,users-import]
//
// Starts the real server (apps/server/src/main.ts) on the demo data at --scale (100 → 43,300 items) with its
// own DATA_DIR under /tmp (seeded once, re-used while the scale matches) and its own ports, then measures
// closed-loop load with N connections for a few seconds per scenario:
//   quick      quick search (HTTP cache miss and warm; the same statements bare through `pg`)
//   catalogue  a catalogue page with one boolean filter (the same three)
//   stock      a site manager's stock page, the history of its busiest item, all stock over the user's locations
//   add        adding a line to an order list
//   submit     submitting a filled order list (the order request)
//   order      the two in a row, as the first version of this bench measured them
//   removal, relocation  the removal and relocation submits (bench/lib/outgoing.ts)
//   department executing a planned delivery of 20 lines (bench/lib/department.ts)
//   orders     the customer's order pages: a list page, one order, the exit orders (bench/lib/department.ts)
//   invoices   the invoice list of the busiest location; one invoicing run of a month, time and memory (bench/lib/invoices.ts)
//   costs      the cost page of the busiest location (bench/lib/costs.ts)
//   erp-sync, erp-delta, erp-outbox  the ERP connector against the fake Business Central at --scale: a full sync of
//              the catalogue, a delta of 100 items visible to readers, the outbox's delivery rate (bench/lib/erp.ts;
//              not in the default set: with any of them the server runs with ERP=business-central and its job runner)
//   webhooks   1,000 events fanned out to a local receiver, signed and delivered by the server's worker: the rate and
//              CPU per delivery (bench/lib/webhooks.ts; not in the default set)
//   seed       `npm run seed` itself at --scale into an empty --data-dir: time, peak RSS, nothing left running
//              (bench/lib/seed.ts; not in the default set: `--only seed --scale 1000 --data-dir /tmp/mp-seed-1000`)
// --processes N starts the server with WEB_CONCURRENCY=N (N processes on the one port, decision 0029); CPU per
// request then counts the primary and every worker (bench/lib/cpu.ts), and the RSS of each server process after
// the run is printed and judged (<= 512 MB, issue #34). The write scenarios run at --write-connections (4: no
// queueing, issue #34's targets), each next to the same rows written bare through `pg` (bench/lib/writes-bare.ts).
// Results: printed, and written to bench/results/latest.json (gitignored). bench/lib/ holds the load
// generator, the server handling, the scenarios and the report.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { costScenarios } from './lib/costs.ts';
import { CpuMeter, memoryOf, waitUntilIdle } from './lib/cpu.ts';
import { departmentScenarios, orderPageScenarios } from './lib/department.ts';
import { connectErp, ERP_SCENARIOS, erpScenarios, erpServerEnv, startBenchErp } from './lib/erp.ts';
import { invoiceScenarios } from './lib/invoices.ts';
import { HttpConnection, measureCpuWith, type Result } from './lib/load.ts';
import { outgoingScenarios } from './lib/outgoing.ts';
import { type BenchContext, catalogueScenarios, indexFigures, quickSearchScenarios } from './lib/reads.ts';
import { checkTargets, printTable, printTargets, ratiosOf, type TargetCheck } from './lib/report.ts';
import { seedScenario } from './lib/seed.ts';
import {
  apiOf,
  type BenchServerOptions,
  ensureSeeded,
  log,
  login,
  readMarker,
  startServer,
  stopServer,
  writeMarker,
} from './lib/server.ts';
import { STOCK_USER, stockScenarios } from './lib/stock.ts';
import { usersImportScenario } from './lib/users.ts';
import { webhooksScenario, webhooksServerEnv } from './lib/webhooks.ts';
import { writeScenarios } from './lib/writes.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const usage =
  'npm run bench -- [--scale 100] [--duration 10] [--connections 32] [--only quick,catalogue,stock,add,submit,order,removal,relocation,department,orders,invoices,costs,users-import,erp-sync,erp-delta,erp-outbox,webhooks,seed]\n' +
  '                 [--processes 1] [--write-connections 4] [--data-dir DIR] [--port 62480] [--pg-port 62432] [--server-env K=V,…] [--node-args="…"]\n';

const { values: args } = parseArgs({
  options: {
    scale: { type: 'string', default: '100' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    processes: { type: 'string', default: '1' },
    'write-connections': { type: 'string', default: '4' },
    port: { type: 'string', default: '62480' },
    'pg-port': { type: 'string', default: '62432' },
    'data-dir': { type: 'string' },
    only: {
      type: 'string',
      default: 'quick,catalogue,stock,add,submit,order,removal,relocation,department,orders,invoices,costs',
    },
    // e.g. --server-env DATABASE_POOL_SIZE=32 ; --node-args="--cpu-prof --cpu-prof-dir=/tmp/prof"
    'server-env': { type: 'string', default: '' },
    'node-args': { type: 'string', default: '' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (args.help) {
  process.stdout.write(usage);
  process.exit(0);
}

const scale = Number(args.scale);
const seconds = Number(args.duration);
const connections = Number(args.connections);
const writeConnections = Number(args['write-connections']);
const only = new Set(args.only.split(','));
const resultsDir = path.join(root, 'bench', 'results');
const server: BenchServerOptions = {
  root,
  resultsDir,
  dataDir: args['data-dir'] ?? `/tmp/mp-bench-scale${scale}`,
  scale,
  // why: the default ports lie above the range Linux lends to outgoing connections (32768–60999), so a
  // passing connection cannot hold them for a moment.
  port: Number(args.port),
  pgPort: Number(args['pg-port']),
  nodeArgs: args['node-args'].split(' ').filter(Boolean),
  processes: Number(args.processes),
  env: Object.fromEntries(
    args['server-env']
      .split(',')
      .filter(Boolean)
      .map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  ),
};
const USER = 'projectleider@infranoord.nl'; // external: sees prices, so the price facets are computed too
const ADMIN = 'admin@materieelportaal.nl';

async function main() {
  mkdirSync(resultsDir, { recursive: true });
  // --only seed: the seed itself, timed from an empty --data-dir (bench/lib/seed.ts); alone, nothing else runs.
  const seedTargets = only.has('seed') ? await seedScenario(server) : [];
  if (only.size === 1 && seedTargets.length > 0) {
    printTargets(seedTargets);
    if (seedTargets.some((t) => !t.pass)) process.exitCode = 1;
    return;
  }
  const freshlySeeded = await ensureSeeded(server);
  // the ERP scenarios: the fake Business Central first, the server pointed at it
  const erp = ERP_SCENARIOS.some((s) => only.has(s)) ? await startBenchErp(scale) : null;
  if (erp) server.env = { ...erpServerEnv(erp), ...server.env };
  // webhooks: the receiver is the bench's own, on 127.0.0.1 (decision 0032)
  if (only.has('webhooks')) server.env = { ...webhooksServerEnv, ...server.env };
  log(
    `starting the server on :${server.port} (${server.processes} process${server.processes > 1 ? 'es' : ''}, PostgreSQL :${server.pgPort}, data ${server.dataDir})…`,
  );
  const child = await startServer(server);
  // an interrupted bench stops its server (with --processes N the primary stops its workers and PostgreSQL)
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => void stopServer(child).finally(() => process.exit(130)));
  const meter = new CpuMeter(child.pid, server.dataDir);
  measureCpuWith(meter);
  const memory: TargetCheck[] = [];
  const pool = new pg.Pool({
    connectionString: `postgres://postgres:postgres@127.0.0.1:${server.pgPort}/materieelportaal`,
    max: connections,
  });
  const results: Result[] = [];
  const erpTargets: Awaited<ReturnType<typeof erpScenarios>> = [];
  const notes: string[] = [];
  const load: string[] = [];
  const loadNow = (when: string) => {
    load.push(
      `${when}: ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(', ')}`,
    );
  };
  try {
    const m = readMarker(server);
    if (freshlySeeded || !m.vacuumed) {
      log(
        'vacuum analyze (after seeding: fills the visibility map, clears the GIN pending lists, fresh statistics)…',
      );
      await pool.query('vacuum analyze');
      writeMarker(server, { ...m, vacuumed: true });
    }
    const [{ n: itemCount }] = (await pool.query<{ n: number }>('select count(*)::int as n from items')).rows;
    log(`${itemCount} items`);
    // every process builds its read models after its start: wait for them, so no scenario shares that CPU
    log(`the server is idle after ${(await waitUntilIdle(meter, 240_000)).toFixed(0)} s`);
    const api = apiOf(server.port);
    if (server.processes > 1 && (only.has('quick') || only.has('catalogue'))) {
      // A process builds the other languages' quick-search indexes on its first search with few hits (decision
      // 0013); with N processes each does, which would fall into the first measured seconds. Searches that find
      // nothing, over several connections per process (the cluster deals connections out in turn), then idle.
      await warmEveryProcess(server.port, server.processes, await login(api, USER));
      log(`every process warmed; idle after ${(await waitUntilIdle(meter, 240_000)).toFixed(0)} s`);
    }
    const c: BenchContext = {
      port: server.port,
      pgPort: server.pgPort,
      connections,
      seconds,
      warmupSeconds: 3,
      pool,
      api,
      token: await login(api, USER),
      notes,
      cpu: meter,
      serverPid: child.pid,
    };
    loadNow('load average at the start');
    if (only.has('quick') || only.has('catalogue')) notes.push(...(await indexFigures(server.pgPort)));
    if (only.has('quick')) results.push(...(await quickSearchScenarios(c)));
    if (only.has('catalogue')) results.push(...(await catalogueScenarios(c)));
    if (only.has('stock')) results.push(...(await stockScenarios(c, api, await login(api, STOCK_USER))));
    if (only.has('removal') || only.has('relocation')) results.push(...(await outgoingScenarios(c, only)));
    if (only.has('orders')) results.push(...(await orderPageScenarios(c, await login(api, STOCK_USER))));
    if (only.has('department')) results.push(...(await departmentScenarios(c, await login(api, ADMIN))));
    if (only.has('invoices'))
      results.push(
        ...(await invoiceScenarios(
          c,
          await login(api, STOCK_USER),
          await login(api, 'materieeldienst@materieelportaal.nl'),
        )),
      );
    if (only.has('costs')) results.push(...(await costScenarios(c, await login(api, STOCK_USER))));
    if (only.has('add') || only.has('submit') || only.has('order')) {
      // why: every run leaves tens of thousands of dead order list lines behind (the adds churn a few lists);
      // each run starts from the same clean lists instead of the previous runs' leftovers. Autovacuum still
      // runs during the run, as in production.
      await pool.query('vacuum analyze order_lists, order_list_lines');
      loadNow('load average before the writes');
      results.push(
        ...(await writeScenarios(
          { ...c, connections: writeConnections },
          only,
          await login(api, ADMIN),
          existsSync(path.join(server.dataDir, 'pg-socket'))
            ? path.join(server.dataDir, 'pg-socket')
            : '127.0.0.1',
        )),
      );
    }
    if (only.has('users-import')) results.push(...(await usersImportScenario(c, await login(api, ADMIN))));
    if (only.has('webhooks')) erpTargets.push(...(await webhooksScenario(c, await login(api, ADMIN))));
    if (erp) {
      const adminToken = await login(api, ADMIN);
      await connectErp(api, adminToken, erp);
      erpTargets.push(...(await erpScenarios(c, erp, adminToken, only, scale)));
    }
    loadNow('load average at the end');
    memory.push(serverMemory(meter, notes));
  } finally {
    await pool.end().catch(() => {});
    await stopServer(child);
    await erp?.close();
  }

  const ratios = ratiosOf(results);
  const targets = [
    ...seedTargets,
    ...checkTargets(results, ratios, writeConnections),
    ...memory,
    ...erpTargets,
  ];
  const report = {
    at: new Date().toISOString(),
    scale,
    seconds,
    connections,
    writeConnections,
    processes: server.processes,
    machine: { cpus: os.cpus().length, node: process.version },
    load,
    targets,
    results,
    ratios,
    notes,
  };
  const saved = path.join(resultsDir, 'latest.json');
  writeFileSync(saved, `${JSON.stringify(report, null, 2)}\n`);
  printTable(results, ratios, [...notes, ...load], {
    scale,
    processes: server.processes,
    connections,
    writeConnections,
    seconds,
    savedTo: path.relative(root, saved),
  });
  printTargets(targets);
}

/** Quick searches that find nothing, 4 connections per server process, a few each: every process builds its indexes. */
async function warmEveryProcess(port: number, processes: number, token: string): Promise<void> {
  const conns = Array.from({ length: processes * 4 }, () => new HttpConnection('127.0.0.1', port));
  try {
    await Promise.all(
      conns.map(async (conn, k) => {
        for (let i = 0; i < 3; i++)
          await conn.request('GET', `/api/v2.0/Search/quicksearch?query=zqwarm${k}x${i}&locale=nl-NL`, {
            authorization: `Bearer ${token}`,
          });
      }),
    );
  } finally {
    for (const conn of conns) conn.close();
  }
}

/** The RSS of every server process now (the primary first), noted and judged against issue #34's 512 MB. */
function serverMemory(meter: CpuMeter, notes: string[]): TargetCheck {
  const MB = 1024 * 1024;
  const pids = meter.serverProcesses();
  const rows = pids.map((pid, i) => {
    const m = memoryOf(pid);
    const role = pids.length === 1 ? 'server' : i === 0 ? 'primary' : `worker ${i}`;
    return { role, pid, rss: m?.rss ?? 0, peak: m?.peak ?? 0 };
  });
  const text = rows
    .map((r) => `${r.role} (pid ${r.pid}) ${(r.rss / MB).toFixed(0)} MB (peak ${(r.peak / MB).toFixed(0)})`)
    .join(', ');
  notes.push(`RSS of the server processes after the run: ${text}`);
  const largest = Math.max(...rows.map((r) => r.rss));
  return {
    target: 'RSS per server process after the run <= 512 MB',
    measured: text,
    pass: rows.length > 0 && largest <= 512 * MB,
  };
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : String(e)}\n`);
  process.exit(1);
});
