// The stock scenarios of issue #10 (docs/decisions/0014): the stock page of the site manager's largest location,
// the history of the busiest item there, and all stock over every location of that user. GET only: nothing is
// written, so the scenarios can run in any order.
import { readFileSync } from 'node:fs';
import { EMPTY_GUID } from '@mp/contract';
import type { Result } from './load.ts';
import { type BenchContext, httpScenario } from './reads.ts';
import { type Api, log } from './server.ts';

/** An internal site manager on several locations of one customer (the demo data's uitvoerder). */
export const STOCK_USER = 'uitvoerder@vandijk.nl';

export async function stockScenarios(c: BenchContext, api: Api, token: string): Promise<Result[]> {
  const answer = await api('GET', '/api/v2.0/PlantLocations', token);
  const numbers = (answer.json.plantLocations as { locationNo: string }[]).map((l) => l.locationNo);
  const [largest] = (
    await c.pool.query<{ location_no: string; id: string; lines: number; quantity: number }>(
      `select p.location_no, p.id, count(*)::int as lines, sum(i.quantity)::int as quantity
       from inventory i join plant_locations p on p.id = i.location_id
       where p.location_no = any($1::text[]) and i.quantity > 0
       group by p.location_no, p.id order by count(*) desc limit 1`,
      [numbers],
    )
  ).rows;
  if (!largest) throw new Error(`${STOCK_USER} has no stock at this scale`);
  const [busiest] = (
    await c.pool.query<{ item_no: string; entries: number }>(
      `select it.item_no, count(*)::int as entries from inventory_ledger l join items it on it.id = l.item_id
       where l.location_id = $1::uuid and l.plant_id is null group by it.item_no order by count(*) desc limit 1`,
      [largest.id],
    )
  ).rows;
  c.notes.push(
    `stock: ${STOCK_USER} on ${numbers.length} locations; largest ${largest.location_no} with ${largest.lines} stock lines (${largest.quantity} pieces); busiest bulk item there ${busiest?.item_no} with ${busiest?.entries} ledger entries`,
  );
  const sorts = ['default', 'itemNo', 'description', 'quantityDesc', 'onSiteSince', 'nextInspection'];
  const results: Result[] = [];
  log('stock scenarios…');
  results.push(
    await httpScenario(
      c,
      STOCK_PAGE,
      (w, i) =>
        `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${largest.location_no}&pageSize=50&sortBy=${sorts[(w + i) % sorts.length]}`,
      token,
    ),
  );
  if (busiest)
    results.push(
      await httpScenario(
        c,
        STOCK_HISTORY,
        () => `/api/v2.0/PlantInventoryItems/${busiest.item_no}/history?plantLocation=${largest.location_no}`,
        token,
      ),
    );
  results.push(
    await httpScenario(c, ALL_STOCK, () => `/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/locations`, token),
  );
  c.notes.push(await coldReadFigure(c, token, largest.id, largest.location_no));
  for (const format of ['xlsx', 'csv'] as const) {
    c.notes.push(await exportFigure(c, token, largest.location_no, largest.lines, format));
  }
  return results;
}

/**
 * The first stock page read after the location's stock changed (its stock revision moved, migration 0009): the
 * cost the cache saves every other read. Changed by a no-op update of one stock row (the trigger still fires).
 */
async function coldReadFigure(c: BenchContext, token: string, locationId: string, locationNo: string) {
  const url = `http://127.0.0.1:${c.port}/api/v2.0/PlantInventoryItems/${EMPTY_GUID}?plantLocation=${locationNo}&pageSize=50`;
  const ms: number[] = [];
  for (let i = 0; i < 7; i++) {
    await c.pool.query(
      'update inventory set quantity = quantity where id = (select id from inventory where location_id = $1::uuid limit 1)',
      [locationId],
    );
    const started = performance.now();
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-locale': 'nl-NL' } });
    await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`stock page: ${r.status}`);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return `stock page of ${locationNo} right after its stock changed (read and described again), 7 one after another: median ${Math.round(ms[3] ?? 0)} ms, max ${Math.round(ms.at(-1) ?? 0)} ms`;
}

/** The server's resident memory in MiB (Linux), or NaN elsewhere. */
function rssMiB(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
}

/**
 * The stock export of a location, downloaded one after another (a user waits for one file): time to the last
 * byte and the server's resident memory before and at its peak during the downloads (sampled every 5 ms).
 */
async function exportFigure(
  c: BenchContext,
  token: string,
  locationNo: string,
  lines: number,
  format: 'xlsx' | 'csv',
): Promise<string> {
  const url = `http://127.0.0.1:${c.port}/api/v2.0/PlantInventoryItems/${EMPTY_GUID}/export?plantLocation=${locationNo}&format=${format}`;
  const download = async () => {
    const started = performance.now();
    const r = await fetch(url, { headers: { authorization: `Bearer ${token}`, 'x-locale': 'nl-NL' } });
    if (r.status !== 200 || !r.body) throw new Error(`export ${format}: ${r.status} ${await r.text()}`);
    let bytes = 0;
    for await (const chunk of r.body) bytes += chunk.byteLength;
    return { ms: performance.now() - started, bytes };
  };
  await download(); // warm: the location's stock is read once, then kept (decision 0014)
  const before = rssMiB(c.serverPid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, rssMiB(c.serverPid));
  }, 5);
  const runs: { ms: number; bytes: number }[] = [];
  try {
    for (let i = 0; i < 10; i++) runs.push(await download());
  } finally {
    clearInterval(sampler);
  }
  const ms = runs.map((r) => r.ms).sort((a, b) => a - b);
  const kb = Math.round((runs[0]?.bytes ?? 0) / 1024);
  return `${format.toUpperCase()} export of ${locationNo} (${lines} rows, ${kb} KiB), 10 one after another: median ${Math.round(ms[5] ?? 0)} ms, max ${Math.round(ms.at(-1) ?? 0)} ms; server memory (RSS) ${Math.round(before)} MiB before, peak ${Math.round(peak)} MiB (+${Math.round(peak - before)})`;
}

export const STOCK_PAGE = 'stock page of the largest location (GET PlantInventoryItems/{id}), HTTP';
export const STOCK_HISTORY =
  'history of the busiest item there (GET PlantInventoryItems/{itemNo}/history), HTTP';
export const ALL_STOCK = "all stock over the user's locations (GET PlantInventoryItems/{id}/locations), HTTP";
