// The write scenarios (issue #8 part 10): adding a line to an order list, submitting a filled list, and
// the two in a row as the first version of the bench measured them. Every connection works on its own
// lists of the bench user, so no two connections ever wait on each other's list. Add and submit each come
// with a baseline of the same rows written bare through pg in the same run (issue #34, writes-bare.ts).
import { randomUUID } from 'node:crypto';
import { emptyOrderList } from '../../apps/server/src/modules/order-lists/order-lists.submit.queries.ts';
import { CpuTally, waitUntilIdle } from './cpu.ts';
import { closedLoop, type HttpConnection, type Result, type Sample, summarise } from './load.ts';
import { type BenchContext, clientPool } from './reads.ts';
import { ADD_LINE, SUBMIT } from './report.ts';
import { log } from './server.ts';
import { bareAddLineScenario, bareSubmitScenario } from './writes-bare.ts';

const LOCATIONS = ['P-24008', 'P-24009', 'P-24010', 'P-24011', 'P-24012'];
/** A user may keep 50 lists per location; the bench keeps its own below that, next to the default one. */
const BENCH_LISTS_PER_LOCATION = 45;
/** Distinct items a list holds in the add-a-line scenario before it is emptied (untimed). */
const RING = 20;

interface List {
  location: string;
  id: string;
}

interface WriteSetup {
  /** lists[worker][k]: the worker's own lists; [0] is used by add-a-line and the combined scenario. */
  lists: List[][];
  itemNos: string[];
  conns: HttpConnection[];
  headers: Record<string, string>;
  form: Record<string, unknown>;
}

/** `pgHost`: where the server reaches PostgreSQL (its socket directory), for the bare baselines. */
export async function writeScenarios(
  c: BenchContext,
  which: Set<string>,
  admin: string,
  pgHost: string,
): Promise<Result[]> {
  const docs = await c.api('GET', '/api/docs/json');
  const paths = Object.keys(docs.json?.paths ?? {});
  if (!paths.some((p) => /^\/api\/v2\.0\/PlantRequests\/\{[^}]+\}\/order$/.test(p))) {
    log('order scenarios: skipped: endpoint missing');
    c.notes.push('order scenarios: skipped: endpoint missing');
    return [];
  }
  await settle(c);
  const setup = await prepare(c, admin);
  if (!setup) return [];
  if (c.cpu) {
    // why: the preparation (a setting changed, the lists read) can start a catalogue read-model build in the
    // background (decision 0008); at scale 1000 one ran through the timed seconds and doubled the writes' CPU per
    // request, server and PostgreSQL both (decision 0011). Wait for it as the reads do.
    const waited = await waitUntilIdle(c.cpu, 300_000);
    c.notes.push(
      `write scenarios: the server and PostgreSQL idle ${waited.toFixed(0)} s after the preparation`,
    );
    log(c.notes[c.notes.length - 1]);
  }
  const out: Result[] = [];
  try {
    const bare = { host: pgHost, lists: setup.lists, itemNos: setup.itemNos, ring: RING };
    if (which.has('add')) {
      out.push(await addLineScenario(c, setup));
      out.push(await bareAddLineScenario(c, bare));
    }
    if (which.has('submit')) {
      const since = new Date();
      out.push(await submitScenario(c, setup));
      out.push(await bareSubmitScenario(c, bare, since));
    }
    if (which.has('order')) out.push(...(await combinedScenario(c, setup)));
  } finally {
    for (const conn of setup.conns) conn.close();
  }
  return out;
}

/**
 * Waits (at most a minute) until no statement of the server runs for a second: after a start the server
 * builds its catalogue read models in the background (decision 0008), which would share the writes' CPU.
 */
async function settle(c: BenchContext): Promise<void> {
  const until = Date.now() + 60_000;
  let quiet = 0;
  while (Date.now() < until && quiet < 5) {
    const r = await c.pool.query<{ n: number }>(`select count(*)::int as n from pg_stat_activity
      where datname = current_database() and state = 'active' and pid <> pg_backend_pid()`);
    quiet = r.rows[0].n === 0 ? quiet + 1 : 0;
    await new Promise((res) => setTimeout(res, 200));
  }
}

/** The bench's lists (made once, reused by later runs), every one emptied, and the items to add. */
async function prepare(c: BenchContext, admin: string): Promise<WriteSetup | null> {
  // Several lists per user need Bestellen_EnableMeerdereBestellijsten.
  await c.api('POST', '/api/v2.0/Settings', admin, {
    key: 'Bestellen_EnableMeerdereBestellijsten',
    value: true,
  });
  const perWorker = Math.min(8, Math.floor((BENCH_LISTS_PER_LOCATION * LOCATIONS.length) / c.connections));
  if (perWorker < 1) throw new Error(`at most ${BENCH_LISTS_PER_LOCATION * LOCATIONS.length} connections`);
  const wanted = new Map<string, { w: number; k: number }>();
  for (let w = 0; w < c.connections; w++)
    for (let k = 0; k < perWorker; k++)
      wanted.set(`${LOCATIONS[(w + k) % LOCATIONS.length]}|bench ${w}${k ? `.${k}` : ''}`, { w, k });
  const lists: List[][] = Array.from({ length: c.connections }, () => []);
  for (const location of LOCATIONS) {
    const r = await c.api('GET', `/api/v2.0/OrderLists/${location}`, c.token);
    for (const l of (r.json?.orderLists ?? []) as { id: string; name: string }[]) {
      const mine = wanted.get(`${location}|${l.name}`);
      if (mine && !lists[mine.w][mine.k]) lists[mine.w][mine.k] = { location, id: l.id };
      // bench lists of other runs (another connection count, the random names of the first version) go
      else if (l.name.startsWith('bench '))
        await c.api('DELETE', `/api/v2.0/OrderLists/${location}/${l.id}`, c.token);
    }
  }
  for (const [key, { w, k }] of wanted) {
    if (lists[w][k]) continue;
    const [location, name] = key.split('|');
    const r = await c.api('POST', `/api/v2.0/OrderLists/${location}`, c.token, { name });
    if (r.status !== 201) {
      c.notes.push(
        `order scenarios: skipped: could not create an order list (${r.status} ${JSON.stringify(r.json)})`,
      );
      return null;
    }
    lists[w][k] = { location, id: r.json.id };
  }
  const itemNos = (
    await c.pool.query<{ no: string }>(
      `select item_no as no from items where not blocked and item_no <> 'BH-1001' order by md5(item_no) limit ${RING}`,
    )
  ).rows.map((r) => r.no);
  const day = new Date(Date.now() + 21 * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  const setup: WriteSetup = {
    lists,
    itemNos,
    conns: clientPool(c),
    headers: { authorization: `Bearer ${c.token}`, 'content-type': 'application/json' },
    form: {
      deliveryDate: day.toISOString().slice(0, 10),
      contactPerson: 'Bench Mark',
      phone: '06 12345678',
      street: 'Benchstraat 1',
      postcode: '8011 AA',
      city: 'Zwolle',
      reference: 'benchmark',
      termsAccepted: true,
    },
  };
  await emptyAll(setup);
  return setup;
}

/** Empties every bench list (untimed, one connection per worker). */
async function emptyAll(s: WriteSetup): Promise<void> {
  await Promise.all(
    s.lists.map(async (mine, w) => {
      for (const list of mine) await empty(s, w, list);
    }),
  );
}

async function empty(s: WriteSetup, w: number, list: List): Promise<void> {
  const r = await s.conns[w].request(
    'DELETE',
    `/api/v2.0/OrderLists/${list.location}/${list.id}/orderlistlines`,
    { authorization: s.headers.authorization },
  );
  if (r.status !== 200) throw new Error(`empty list: ${r.status} ${r.body.slice(0, 200)}`);
}

async function addLines(
  s: WriteSetup,
  w: number,
  list: List,
  lines: { itemNo: string; amount: number }[],
): Promise<true | string> {
  const r = await s.conns[w].request(
    'POST',
    `/api/v2.0/OrderLists/${list.location}/${list.id}/orderlistlines`,
    s.headers,
    JSON.stringify({ lines: lines.map((l) => ({ type: 'item', ...l })) }),
  );
  return r.status === 200 || `add line: ${r.status} ${r.body.slice(0, 200)}`;
}

async function submit(s: WriteSetup, w: number, list: List): Promise<true | string> {
  const r = await s.conns[w].request(
    'POST',
    `/api/v2.0/PlantRequests/${list.id}/order`,
    { ...s.headers, 'idempotency-key': randomUUID() },
    JSON.stringify(s.form),
  );
  return r.status === 201 || `submit: ${r.status} ${r.body.slice(0, 200)}`;
}

/**
 * Add a line: each connection adds one item (amount 1) to its own list, a new line every time: after
 * RING distinct items the list is emptied (untimed), so lists hold 0–19 lines and every add inserts.
 */
async function addLineScenario(c: BenchContext, s: WriteSetup): Promise<Result> {
  const itemOf = (w: number, i: number) => s.itemNos[(w * 7 + i) % RING];
  const once = (w: number, i: number) => addLines(s, w, s.lists[w][0], [{ itemNo: itemOf(w, i), amount: 1 }]);
  // why: emptied by the server's own statement on the bench's pool, as the bare baseline empties (writes-bare.ts):
  // through HTTP each clear (a transaction, the list's view) fell inside the CPU tally, ~0.1 ms per add.
  const bench = { $client: c.pool } as never;
  const before = async (w: number, i: number) => {
    if (i > 0 && i % RING === 0) await emptyOrderList(bench, s.lists[w][0].id, new Date());
  };
  await closedLoop(`${ADD_LINE} (warm-up)`, c.connections, c.warmupSeconds, once, before);
  await emptyAll(s);
  const cpu = new CpuTally(c.cpu);
  cpu.start();
  const result = await closedLoop(ADD_LINE, c.connections, c.seconds, once, before);
  cpu.stop();
  await emptyAll(s);
  c.notes.push(
    `add a line: one item to the connection's own list, a new line each time (lists of 0-${RING - 1} lines; emptied untimed every ${RING} adds by the statement alone, as the baseline); ${cpu.perRequest(result.requests)}`,
  );
  return result;
}

/**
 * Submit alone, in rounds: every list of every connection gets 3 lines (untimed), then all connections
 * submit their lists one after another at once (timed); until `seconds` of submitting are measured.
 */
async function submitScenario(c: BenchContext, s: WriteSetup): Promise<Result> {
  const fill = () =>
    Promise.all(
      s.lists.map(async (mine, w) => {
        for (const [k, list] of mine.entries()) {
          const lines = [0, 1, 2].map((j) => ({ itemNo: s.itemNos[(w + k + j) % RING], amount: 2 }));
          const ok = await addLines(s, w, list, lines);
          if (ok !== true) throw new Error(ok);
        }
      }),
    );
  const samples: Sample[] = [];
  let firstError: string | undefined;
  const cpu = new CpuTally(c.cpu);
  const round = async (record: boolean) => {
    await fill();
    if (record) cpu.start();
    const t0 = performance.now();
    await Promise.all(
      s.lists.map(async (mine, w) => {
        for (const list of mine) {
          const s0 = performance.now();
          const ok = await submit(s, w, list);
          if (!record) continue;
          samples.push({ latency: performance.now() - s0, ok: ok === true });
          if (ok !== true) firstError ??= ok;
        }
      }),
    );
    if (record) cpu.stop();
    return (performance.now() - t0) / 1000;
  };
  await round(false); // warm-up
  let seconds = 0;
  while (seconds < c.seconds) seconds += await round(true);
  c.notes.push(
    `order submit alone: rounds of ${s.lists.length} x ${s.lists[0].length} lists with 3 lines each (filled untimed), then submitted with all connections at once; req/s over the submitting time only; ${cpu.perRequest(samples.length)}`,
  );
  const result = summarise(SUBMIT, samples, seconds, firstError);
  result.cpu = cpu.figures(samples.length);
  return result;
}

/** The first version of the bench's order scenario: add a line, then submit it, both timed as one. */
async function combinedScenario(c: BenchContext, s: WriteSetup): Promise<Result[]> {
  const adds: Sample[] = [];
  const submits: Sample[] = [];
  const cpu = new CpuTally(c.cpu);
  cpu.start();
  const combined = await closedLoop(
    'order: add a line + submit (both calls), HTTP',
    c.connections,
    c.seconds,
    async (w) => {
      const list = s.lists[w][0];
      const t0 = performance.now();
      const add = await addLines(s, w, list, [{ itemNo: 'BH-1001', amount: 10 }]);
      const t1 = performance.now();
      adds.push({ latency: t1 - t0, ok: add === true });
      if (add !== true) return add;
      const ok = await submit(s, w, list);
      submits.push({ latency: performance.now() - t1, ok: ok === true });
      return ok;
    },
  );
  cpu.stop();
  c.notes.push(
    `order: add a line + submit: each iteration adds a line to its own list, then submits it; the first row covers both calls; ${cpu.perRequest(combined.requests)} (both calls)`,
  );
  return [
    combined,
    summarise('  of which: add a line', adds, combined.seconds),
    summarise('  of which: submit', submits, combined.seconds),
  ];
}
