// The read scenarios: quick search and a catalogue page, over HTTP (cache miss and warm) and the same
// statements bare through `pg` at the same concurrency; and the build figures of the in-process indexes.
import { createHash } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { locales } from '@mp/contract/i18n';
import { splitSearchWords } from '@mp/contract/rules/search';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { invalidateCatalogueCaches } from '../../apps/server/src/modules/catalogue/catalogue.cache.ts';
import {
  cardStores,
  cardTexts,
  listingIndexes,
} from '../../apps/server/src/modules/catalogue/catalogue.indexes.ts';
import { categoryBase, listingSql } from '../../apps/server/src/modules/catalogue/catalogue.queries.ts';
import { configureReadModels } from '../../apps/server/src/modules/catalogue/catalogue.read-model.ts';
import { quickSearchIndexes } from '../../apps/server/src/modules/catalogue/search.index-store.ts';
import { quickSearchSql } from '../../apps/server/src/modules/catalogue/search.queries.ts';
import { connect } from '../../apps/server/src/platform/db/database.ts';
import { type CpuMeter, memoryOf, waitUntilIdle } from './cpu.ts';
import { closedLoop, HttpConnection, type Result } from './load.ts';
import { type Api, log } from './server.ts';

/** What every scenario needs: the server, the database, the signed-in user and the load shape. */
export interface BenchContext {
  port: number;
  pgPort: number;
  connections: number;
  seconds: number;
  warmupSeconds: number;
  pool: pg.Pool;
  api: Api;
  token: string;
  notes: string[];
  /** CPU of the server and PostgreSQL processes (Linux), for the write scenarios' notes. */
  cpu?: CpuMeter;
  /** The server's process id (its memory is sampled during the exports). */
  serverPid?: number;
}

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

export function clientPool(c: BenchContext) {
  return Array.from({ length: c.connections }, () => new HttpConnection('127.0.0.1', c.port));
}

export async function httpScenario(
  c: BenchContext,
  name: string,
  pathOf: (worker: number, i: number) => string,
  token = c.token,
): Promise<Result> {
  const conns = clientPool(c);
  const headers = { authorization: `Bearer ${token}`, 'x-locale': 'nl-NL' };
  const request = async (w: number, i: number) => {
    const r = await conns[w].request('GET', pathOf(w, i), headers);
    return r.status === 200 || `${r.status} ${r.body.slice(0, 200)}`;
  };
  try {
    // Warm-up (not counted): JIT, pools, and the server's catalogue indexes (built in the background after
    // start; requests use SQL until they are ready). Other requests than the measured ones (i offset).
    await closedLoop(`${name} (warm-up)`, c.connections, c.warmupSeconds, (w, i) =>
      request(w, i + 1_000_000),
    );
    return await closedLoop(name, c.connections, c.seconds, request);
  } finally {
    for (const conn of conns) conn.close();
  }
}

async function sqlScenario(
  c: BenchContext,
  name: string,
  statementOf: (worker: number, i: number) => SQL,
): Promise<Result> {
  const dialect = new PgDialect();
  return closedLoop(name, c.connections, c.seconds, async (w, i) => {
    const q = dialect.sqlToQuery(statementOf(w, i));
    // Named like the server's executePrepared(): parsed once per connection and shape.
    const name = `mp_${createHash('sha1').update(q.sql).digest('base64url').slice(0, 24)}`;
    await c.pool.query({ name, text: q.sql, values: q.params as unknown[] });
    return true;
  });
}

/** A text no catalogue entry holds, so every request is new to the server's result cache. */
const uniqueWord = (w: number, i: number) => `zq${w}x${i}`;

/** RSS of every server process now (the primary first), e.g. after the start: the read models built, no load. */
function serverRss(c: BenchContext): string {
  const pids = c.cpu?.serverProcesses() ?? (c.serverPid ? [c.serverPid] : []);
  return pids
    .map((pid, i) => {
      const m = memoryOf(pid);
      const role = pids.length === 1 ? 'server' : i === 0 ? 'primary' : `worker ${i}`;
      return `${role} ${((m?.rss ?? 0) / 1024 / 1024).toFixed(0)} MB (peak ${((m?.peak ?? 0) / 1024 / 1024).toFixed(0)})`;
    })
    .join(', ');
}

export async function quickSearchScenarios(c: BenchContext): Promise<Result[]> {
  c.notes.push(`RSS before the quick searches (after the start, read models built): ${serverRss(c)}`);
  log(c.notes[c.notes.length - 1]);
  const urlOf = (q: string) => `/api/v2.0/Search/quicksearch?query=${encodeURIComponent(q)}&locale=nl-NL`;
  const pick = (w: number, i: number) => terms[(w * 7 + i) % terms.length];
  // Warm up (and fill the result cache for the warm scenario, as real typing traffic would).
  for (const t of terms) await c.api('GET', urlOf(t), c.token);
  // A search with few hits asks the other languages (decision 0013): their indexes are built then, in worker
  // threads one after the other; wait for them, so no build falls into the measured seconds.
  await c.api('GET', urlOf('zqwarm'), c.token);
  if (c.cpu) await waitUntilIdle(c.cpu, 240_000);
  c.notes.push(`RSS with every language's quick-search index built: ${serverRss(c)}`);
  log(c.notes[c.notes.length - 1]);
  const results = [
    // Headline: every text new, so no answer comes from the server's result cache.
    await httpScenario(c, 'quick search, HTTP, cache miss (every text new)', (w, i) =>
      urlOf(`${pick(w, i)} ${uniqueWord(w, i)}`),
    ),
    await sqlScenario(c, 'quick search, bare SQL via pg (same texts)', (w, i) =>
      quickSearchSql('nl-NL', splitSearchWords(`${pick(w, i)} ${uniqueWord(w, i)}`), true, 10),
    ),
    await httpScenario(c, 'quick search, HTTP, cache warm (40 repeating terms)', (w, i) => urlOf(pick(w, i))),
  ];
  if (c.serverPid) c.notes.push(`server RSS after the quick searches: ${serverRss(c)}`);
  return results;
}

export async function catalogueScenarios(c: BenchContext): Promise<Result[]> {
  const combos = (
    await c.pool.query<{ category: string; attribute: string; code: string; n: number }>(`
      select c.id as category, a.id as attribute, c.code || '+' || a.code as code, count(*)::int as n
      from categories c join items i on i.category_id = c.id
      join item_tech_data d on d.item_id = i.id and d.boolean_value
      join tech_attributes a on a.id = d.attribute_id and a.kind = 'boolean' and a.filterable
      group by c.id, a.id, c.code, a.code having count(*) >= 100 order by c.code, a.code`)
  ).rows;
  c.notes.push(
    `catalogue pages: ${combos.length} (leaf category, boolean filter) pairs, ${combos.map((x) => `${x.code} (${x.n})`).join(', ')}`,
  );
  const combo = (w: number, i: number) => combos[(w * 5 + i) % combos.length];
  const urlOf = (w: number, i: number, extra = '') => {
    const x = combo(w, i);
    return `/api/v2.0/Products/${x.category}?bool=${x.attribute}${extra}`;
  };
  // A price ceiling above every price changes nothing but the cache key.
  const ceiling = (w: number, i: number) => (900_000 + (w * 100_000 + i) / 1000).toFixed(3);
  for (let i = 0; i < combos.length; i++) await c.api('GET', urlOf(0, i), c.token);
  const results = [
    // Headline: a price ceiling above every price changes nothing but the cache key, so no hits.
    await httpScenario(c, 'catalogue page + 1 boolean filter, HTTP, cache miss', (w, i) =>
      urlOf(w, i, `&dayMax=${ceiling(w, i)}`),
    ),
    await sqlScenario(c, 'catalogue page + 1 boolean filter, bare SQL via pg (same statements)', (w, i) =>
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
    await httpScenario(c, 'catalogue page + 1 boolean filter, HTTP, cache warm', (w, i) => urlOf(w, i)),
  ];
  if (c.serverPid) c.notes.push(`server RSS after the catalogue pages: ${serverRss(c)}`);
  return results;
}

/**
 * Build time and heap of the in-process indexes (docs/decisions/0008), built here in the bench process on
 * the same database: what a server spends on the first request and keeps in memory.
 */
export async function indexFigures(pgPort: number): Promise<string[]> {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc') as () => void;
  const database = connect(`postgres://postgres:postgres@127.0.0.1:${pgPort}/materieelportaal`, { max: 2 });
  // Every model is measured here, whatever a server's READ_MODEL_MAX_MB would let it build.
  configureReadModels({ maxMb: 1_000_000 });
  const out: string[] = [];
  try {
    const [{ n: items }] = (
      await database.pool.query<{ n: number }>(
        'select count(*)::int as n from items where visible_in_catalogue and not blocked',
      )
    ).rows;
    // The heap (after a few collections with pauses): the models' JavaScript objects. Their typed arrays'
    // buffers are counted from the models themselves: a model built in a worker thread (the default) has
    // buffers the thread allocated, which process.memoryUsage().arrayBuffers does not count here.
    const held = async () => {
      for (let k = 0; k < 3; k++) {
        gc();
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      return process.memoryUsage().heapUsed;
    };
    /** Each buffer once: a later locale's index shares the first one's numbers (counted with the first). */
    const counted = new Set<ArrayBufferLike>();
    const buffersOf = (value: unknown): number => {
      if (ArrayBuffer.isView(value)) {
        if (counted.has(value.buffer)) return 0;
        counted.add(value.buffer);
        return value.buffer.byteLength;
      }
      if (value instanceof Map) return [...value.values()].reduce((n: number, v) => n + buffersOf(v), 0);
      if (Array.isArray(value)) return value.reduce((n: number, v) => n + buffersOf(v), 0);
      if (value !== null && typeof value === 'object')
        return Object.values(value).reduce((n: number, v) => n + buffersOf(v), 0);
      return 0;
    };
    const ownBuffers = new Map<string, number>();
    const perItem = (bytes: number) =>
      `${(bytes / 1024 / 1024).toFixed(1)} MB (heap and buffers), ${Math.round(bytes / items)} B per listed item`;
    const measure = async (label: string, build: () => Promise<unknown>) => {
      const before = await held();
      // The longest the build kept the event loop from other work (requests wait that long).
      const delay = monitorEventLoopDelay({ resolution: 10 });
      delay.enable();
      const t0 = performance.now();
      const model = await build();
      const ms = performance.now() - t0;
      delay.disable();
      const buffers = model ? buffersOf((model as { parts(): unknown }).parts()) : 0;
      ownBuffers.set(label, buffers);
      const bytes = (await held()) - before + buffers;
      out.push(
        `${label}: built in ${ms.toFixed(0)} ms (event loop blocked ≤ ${(delay.max / 1e6).toFixed(0)} ms at a time), ` +
          `grew ${perItem(bytes)}${model ? '' : ' (not built: too many items)'}`,
      );
      log(out[out.length - 1]);
      return { label, model };
    };
    // Every locale: a process comes to hold all four (the quick search's fallback to other languages,
    // decision 0013; catalogue pages in each interface language).
    const models: ({ label: string; model: unknown } | null)[] = [];
    for (const locale of locales) {
      models.push(
        await measure(`quick-search index (${locale})`, () => quickSearchIndexes.get(database.db, locale)),
      );
    }
    models.push(await measure('listing index', () => listingIndexes.get(database.db, 'all')));
    models.push(await measure('card store (nl-NL descriptions)', () => cardStores.get(database.db, 'all')));
    for (const locale of locales.filter((l) => l !== 'nl-NL'))
      models.push(await measure(`card texts (${locale})`, () => cardTexts.get(database.db, locale)));
    if (models.some((m) => !m?.model)) out.push('an index was not built');
    // What each model holds: the memory freed when it is let go (the growth above also counts what the
    // driver's buffers and the collector's timing add). The read models forget theirs; these are the last
    // references. Last built first: the first locale's quick-search index holds the part every locale shares.
    invalidateCatalogueCaches(database.db);
    let total = 0;
    for (let k = models.length - 1; k >= 0; k--) {
      const before = await held();
      const { label } = models[k] as { label: string };
      models[k] = null;
      const bytes = before - (await held()) + (ownBuffers.get(label) ?? 0);
      total += bytes;
      out.push(`${label}: holds ${perItem(bytes)}`);
      log(out[out.length - 1]);
    }
    out.push(`all of them: ${perItem(total)}`);
    log(out[out.length - 1]);
  } finally {
    await database.close();
  }
  return out;
}
