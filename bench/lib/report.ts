// The bench's verdicts and its table.

import { COST_PAGE } from './costs.ts';
import type { Result } from './load.ts';
import { RELOCATION_SUBMIT, REMOVAL_SUBMIT } from './outgoing.ts';
import { log } from './server.ts';
import { ALL_STOCK, STOCK_HISTORY, STOCK_PAGE } from './stock.ts';

export interface TargetCheck {
  target: string;
  measured: string;
  pass: boolean;
}

/** Scenario names the write targets are judged on (bench/lib/writes.ts). */
export const ADD_LINE = 'order list: add a line (POST OrderLists/{loc}/{id}/orderlistlines), HTTP';
export const SUBMIT = 'order submit alone (POST PlantRequests/{id}/order, list filled), HTTP';
/** The same rows written bare through pg (bench/lib/writes-bare.ts); the names start as the HTTP rows' do. */
export const ADD_LINE_SQL = 'order list: add a line, bare SQL via pg (the same rows: list row, new line)';
export const SUBMIT_SQL =
  'order submit alone, bare SQL via pg (the same rows: key, request, 3 lines, history, list emptied, mail)';

/** HTTP req/s relative to the same statements run bare through pg, per read scenario. */
export function ratiosOf(results: Result[]): Record<string, number> {
  const ratios: Record<string, number> = {};
  for (const prefix of ['quick search', 'catalogue page', 'order list: add a line', 'order submit alone']) {
    const rows = results.filter((r) => r.name.startsWith(prefix));
    const sqlRow = rows.find((r) => r.name.includes('bare SQL'));
    for (const r of rows)
      if (sqlRow && r !== sqlRow) ratios[r.name] = Math.round((r.rps / sqlRow.rps) * 100) / 100;
  }
  return ratios;
}

/**
 * The issues' targets, PASS or FAIL each: reads judged on the cache-miss runs (the honest figure), the
 * writes on add-a-line and submit measured apart: at 4 connections or fewer issue #34's (p95 and CPU per
 * request, server + PostgreSQL), at more issue #8 part 10's p95 (32 connections, queueing included).
 */
export function checkTargets(
  results: Result[],
  ratios: Record<string, number>,
  writeConnections = 4,
): TargetCheck[] {
  const out: TargetCheck[] = [];
  const p95 = (r: Result | undefined, label: string, maxP95: number) => {
    if (!r) return;
    out.push({
      target: `${label} <= ${maxP95} ms`,
      measured: `${r.p95.toFixed(1)} ms (${r.rps.toFixed(0)} req/s, ${r.errors} errors)`,
      pass: r.p95 <= maxP95 && r.errors === 0,
    });
  };
  const miss = (prefix: string) =>
    results.find((r) => r.name.startsWith(prefix) && r.name.includes('cache miss'));
  const checks: [string, string, number][] = [
    ['quick search', 'quick search, cache miss: p95', 30],
    ['catalogue page', 'catalogue page + 1 boolean filter, cache miss: p95', 60],
  ];
  for (const [prefix, label, maxP95] of checks) {
    const r = miss(prefix);
    p95(r, label, maxP95);
    const ratio = r ? ratios[r.name] : undefined;
    if (ratio !== undefined)
      out.push({
        // issue #34: at least twice the throughput of its bare SQL statement in the same run (issue #8 asked 0.5x)
        target: `${prefix}, cache miss: HTTP >= 2x bare SQL req/s`,
        measured: `${ratio.toFixed(2)}x`,
        pass: ratio >= 2,
      });
  }
  p95(
    results.find((r) => r.name === STOCK_PAGE),
    'stock page of the largest location: p95',
    50,
  );
  p95(
    results.find((r) => r.name === STOCK_HISTORY),
    'history of the busiest item: p95',
    50,
  );
  p95(
    results.find((r) => r.name === ALL_STOCK),
    "all stock over the user's locations: p95",
    100,
  );
  // issue #37 point 1: the cost page of the busiest location at 32 connections
  p95(
    results.find((r) => r.name === COST_PAGE),
    'cost page of the busiest location: p95',
    60,
  );
  const atFour = writeConnections <= 4;
  const at = `at ${writeConnections} connections`;
  p95(
    results.find((r) => r.name === ADD_LINE),
    `order list, add a line ${at}: p95`,
    atFour ? 20 : 40,
  );
  p95(
    results.find((r) => r.name === SUBMIT),
    `order submit (3 lines) ${at}: p95`,
    atFour ? 40 : 150,
  );
  const cpu = (name: string, label: string, maxMs: number) => {
    const r = results.find((x) => x.name === name);
    if (!r?.cpu) return;
    const total = r.cpu.server + r.cpu.postgres;
    const bare = results.find((x) => x.name === (name === ADD_LINE ? ADD_LINE_SQL : SUBMIT_SQL))?.cpu;
    out.push({
      target: `${label}: CPU per request (server + PostgreSQL) <= ${maxMs} ms`,
      measured:
        `${total.toFixed(2)} ms (${r.cpu.server.toFixed(2)} + ${r.cpu.postgres.toFixed(2)})` +
        (bare ? `; bare SQL ${bare.postgres.toFixed(2)} ms PostgreSQL per statement set` : ''),
      pass: total <= maxMs && r.errors === 0,
    });
  };
  cpu(ADD_LINE, 'order list, add a line', 1.5);
  cpu(SUBMIT, 'order submit (3 lines)', 4);
  p95(
    results.find((r) => r.name === REMOVAL_SUBMIT),
    'removal submit: p95',
    150,
  );
  p95(
    results.find((r) => r.name === RELOCATION_SUBMIT),
    'relocation submit: p95',
    150,
  );
  return out;
}

export function printTargets(targets: TargetCheck[]) {
  if (targets.length === 0) return;
  log('');
  log('targets (cache miss is the headline figure for reads; warm runs are for information):');
  for (const t of targets) log(`  ${t.pass ? 'PASS' : 'FAIL'}  ${t.target}: ${t.measured}`);
}

export function printTable(
  results: Result[],
  ratios: Record<string, number>,
  notes: string[],
  head: {
    scale: number;
    processes: number;
    connections: number;
    writeConnections: number;
    seconds: number;
    savedTo: string;
  },
) {
  const cols = ['scenario', 'req/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'vs SQL', 'CPU ms/req'];
  const rows = results.map((r) => [
    r.name,
    r.rps.toFixed(0),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    ratios[r.name] !== undefined ? `${ratios[r.name].toFixed(2)}×` : '',
    // server + PostgreSQL (Linux); a bare SQL row has no server
    r.cpu ? `${r.cpu.server.toFixed(2)} + ${r.cpu.postgres.toFixed(2)}` : '',
  ]);
  const widths = cols.map((c, i) => Math.max(c.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  log('');
  log(
    `scale ${head.scale}, ${head.processes} server process${head.processes > 1 ? 'es' : ''}, ${head.connections} connections (writes ${head.writeConnections}), ${head.seconds} s per scenario`,
  );
  log('CPU ms/req: server processes + PostgreSQL, milliseconds of CPU per request');
  log(line(cols));
  for (const r of rows) log(line(r));
  for (const r of results) if (r.firstError) log(`  ${r.name}: first error: ${r.firstError}`);
  for (const n of notes) log(`note: ${n}`);
  log(`written to ${head.savedTo}`);
}
