// The bench's verdicts and its table.

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

/** HTTP req/s relative to the same statements run bare through pg, per read scenario. */
export function ratiosOf(results: Result[]): Record<string, number> {
  const ratios: Record<string, number> = {};
  for (const prefix of ['quick search', 'catalogue page']) {
    const rows = results.filter((r) => r.name.startsWith(prefix));
    const sqlRow = rows.find((r) => r.name.includes('bare SQL'));
    for (const r of rows)
      if (sqlRow && r !== sqlRow) ratios[r.name] = Math.round((r.rps / sqlRow.rps) * 100) / 100;
  }
  return ratios;
}

/**
 * The issues' targets, PASS or FAIL each: reads judged on the cache-miss runs (the honest figure), the
 * writes (issue #8 part 10) on add-a-line and submit measured apart.
 */
export function checkTargets(results: Result[], ratios: Record<string, number>): TargetCheck[] {
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
        target: `${prefix}, cache miss: HTTP >= 0.5x bare SQL req/s`,
        measured: `${ratio.toFixed(2)}x`,
        pass: ratio >= 0.5,
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
  p95(
    results.find((r) => r.name === ADD_LINE),
    'order list, add a line: p95',
    40,
  );
  p95(
    results.find((r) => r.name === SUBMIT),
    'order submit: p95',
    150,
  );
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
  head: { scale: number; connections: number; seconds: number; savedTo: string },
) {
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
  log(`scale ${head.scale}, ${head.connections} connections, ${head.seconds} s per scenario`);
  log(line(cols));
  for (const r of rows) log(line(r));
  for (const r of results) if (r.firstError) log(`  ${r.name}: first error: ${r.firstError}`);
  for (const n of notes) log(`note: ${n}`);
  log(`written to ${head.savedTo}`);
}
