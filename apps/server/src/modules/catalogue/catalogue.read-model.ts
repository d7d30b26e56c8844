import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Db } from '../../platform/db/database.ts';
import {
  clearResultCaches,
  observedRevision,
  onCatalogueInvalidated,
  watchCatalogue,
} from './catalogue.cache.ts';
import { countItems, exportSnapshot, selectCatalogueRevision } from './catalogue.read-model.queries.ts';

// In-process read models of the catalogue (the quick-search index, the listing index; see
// docs/decisions/0008-in-process-catalogue-indexes.md), one per database and key (a locale, say).
// Each is built on first use from one consistent snapshot; rebuilt in the background when the catalogue
// revision (raised by triggers on every catalogue change, migration 0004) moves on, while the previous
// one keeps answering; dropped at once by invalidateCatalogueCaches() (in-process writers, which must
// read their own writes).

/**
 * The memory the read models of a process may hold together (READ_MODEL_MAX_MB, decision 0008 "Scale 1000"):
 * a model is built only when its estimate (items × its measured bytes per item) fits next to the others';
 * otherwise its callers run their SQL statements, as they do while a model is being built. 340 MB: every
 * model of every locale up to about 225,000 items, and at scale 1000 (433,000 items) the listing index, the card
 * store, the first locale's quick-search index, the search-presence bits and the three other languages' card texts
 * (332 MB estimated) — not another language's quick-search index (+107 MB estimated, ~62-80 MB held), which took a
 * worker over the 512 MB of issue #34 after the bench's run (527-606 MB; decision 0008 "Descriptions per language").
 */
export const DEFAULT_READ_MODEL_MAX_MB = 340;

const MB = 1024 * 1024;

const budget: { maxBytes: number; log: ((message: string, fields: Record<string, unknown>) => void) | null } =
  {
    maxBytes: DEFAULT_READ_MODEL_MAX_MB * MB,
    log: null,
  };

/** The budget of this process and where to say which path each model takes (main.ts; tests). */
export function configureReadModels(options: {
  maxMb: number;
  log?: (message: string, fields: Record<string, unknown>) => void;
}): void {
  budget.maxBytes = options.maxMb * MB;
  budget.log = options.log ?? null;
  logged.clear();
}

/** What was said last per model and key: said again only when it changes. */
const logged = new Map<string, string>();

function say(slotKey: string, inMemory: boolean, fields: Record<string, unknown>) {
  const decision = inMemory ? 'memory' : 'sql';
  if (logged.get(slotKey) === decision) return;
  logged.set(slotKey, decision);
  budget.log?.(
    inMemory
      ? `read model ${slotKey}: built in memory`
      : `read model ${slotKey}: not built, over READ_MODEL_MAX_MB; its SQL statements answer`,
    fields,
  );
}

/**
 * How a model goes from a worker thread to the process (catalogue.read-model.worker.ts): `parts` in the thread (typed
 * arrays and short lists, handed over without copying), `fromParts` here.
 */
export interface Transfer<T, P> {
  parts(model: T): P;
  fromParts(parts: P, db: Db): T;
}

/** A model's build as a worker thread runs it: the same `read` and `make` as in the process. */
export interface ModelBuild {
  read: (tx: Pick<Db, 'execute'>, key: string) => Promise<unknown>;
  make: (rows: unknown, revision: number, db: Db) => unknown;
  transfer: Transfer<unknown, unknown>;
}

/** The builds by name, for the worker thread (which loads the modules that create the models). */
const builds = new Map<string, ModelBuild>();

export function modelBuild(name: string): ModelBuild {
  const build = builds.get(name);
  if (!build) throw new Error(`no read model named ${name}`);
  return build;
}

/** Whether builds run in a worker thread (default; the bench's in-process figures and a test turn it off). */
const threads = { enabled: true, started: 0 };

/** Builds in worker threads on or off; how many were started so far (tests). */
export function readModelThreads(enabled?: boolean): { enabled: boolean; started: number } {
  if (enabled !== undefined) threads.enabled = enabled;
  return { ...threads };
}

/** One worker-thread build at a time per process: each holds its rows and garbage while it runs. */
let threadQueue: Promise<unknown> = Promise.resolve();

function inQueue<V>(run: () => Promise<V>): Promise<V> {
  const next = threadQueue.then(run, run);
  threadQueue = next.catch(() => {});
  return next;
}

/** The connection string of a database's pool, when it has one (a worker thread connects with it). */
function urlOf(db: Db): string | null {
  const client = (db as unknown as { $client?: pg.Pool }).$client;
  return client?.options?.connectionString ?? null;
}

/**
 * A build in a worker thread (catalogue.read-model.worker.ts): it connects on its own, reads in the snapshot the
 * caller's transaction exported (so rows and revision are of one snapshot, as in the process), makes the model
 * and hands its parts over; then the thread ends and its heap — the rows, the JSON, the builders — goes back to
 * the system instead of staying in this process's heap (decision 0008 "Scale 1000").
 */
function buildInWorker(name: string, key: string, url: string, snapshot: string, revision: number) {
  threads.started++;
  return new Promise<unknown>((resolve, reject) => {
    const worker = new Worker(new URL('./catalogue.read-model.worker.ts', import.meta.url), {
      workerData: { name, key, url, snapshot, revision },
    });
    let answer: { parts: unknown } | { failure: string } | null = null;
    worker.once('message', (m: { parts: unknown } | { failure: string }) => {
      answer = m;
    });
    worker.once('error', (e) => {
      answer ??= { failure: e instanceof Error ? (e.stack ?? e.message) : String(e) };
    });
    worker.once('exit', (code) => {
      const a = answer as { parts: unknown } | { failure: string } | null;
      if (a && 'parts' in a) resolve(a.parts);
      else
        reject(new Error(`read model ${name}:${key} build failed: ${a?.failure ?? `thread exit ${code}`}`));
    });
  });
}

/** What one build gave: the model, or null when the catalogue was too big at that revision. */
interface Built<T> {
  revision: number;
  value: T | null;
}

interface Slot<T> {
  built: Built<T> | null;
  building: Promise<Built<T>> | null;
}

interface DbState {
  slots: Map<string, Slot<unknown>>;
  /** Bytes each built or building model is estimated to hold (the budget's share taken). */
  reserved: Map<string, number>;
}

const states = new WeakMap<Db, DbState>();

onCatalogueInvalidated((db) => states.delete(db));

function stateOf(db: Db): DbState {
  let s = states.get(db);
  if (!s) {
    s = { slots: new Map(), reserved: new Map() };
    states.set(db, s);
  }
  return s;
}

export interface ReadModel<K extends string, T> {
  /**
   * The model for `key`, or null when the catalogue is too big for one. The first call per key waits for
   * the build; later calls get the current model at once and start a rebuild when the catalogue changed.
   */
  get(db: Db, key: K, now?: number): Promise<T | null>;
  /**
   * The model if it is built (else null, and the build starts in the background): for requests, which
   * run their SQL statement meanwhile instead of waiting a second or two for a build.
   */
  peek(db: Db, key: K, now?: number): T | null;
}

/**
 * A read model: `read` loads its rows from one snapshot (REPEATABLE READ, together with the catalogue
 * revision; skipped when the model would not fit in the budget: `bytesPerItem` × items, measured by
 * `npm run bench`) — the big ones in batches into a builder (inBatches) — and `make` finishes the model after
 * the transaction, so the connection goes back to the pool meanwhile. A rebuild holds the previous model
 * until it is done: for that moment a model takes twice its estimate.
 */
export function createReadModel<K extends string, T, R, P>(
  name: string,
  read: (tx: Pick<Db, 'execute'>, key: K) => Promise<R>,
  make: (rows: R, revision: number, db: Db) => T,
  bytesPerItem: number,
  transfer?: Transfer<T, P>,
): ReadModel<K, T> {
  if (transfer) builds.set(name, { read, make, transfer } as unknown as ModelBuild);
  const build = async (db: Db, state: DbState, slotKey: string, key: K): Promise<Built<T>> => {
    const url = transfer && threads.enabled ? urlOf(db) : null;
    if (url && transfer) return inQueue(() => buildThere(db, state, slotKey, key, url, transfer));
    const { revision, rows } = await db.transaction(
      async (tx) => {
        const revision = await selectCatalogueRevision(tx);
        if (!fits(state, slotKey, await countItems(tx))) return { revision, rows: null };
        return { revision, rows: await read(tx, key) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return { revision, value: rows === null ? null : make(rows, revision, db) };
  };

  /** As `build`, the rows read and the model made in a worker thread in this transaction's snapshot. */
  const buildThere = async (
    db: Db,
    state: DbState,
    slotKey: string,
    key: K,
    url: string,
    transfer: Transfer<T, P>,
  ): Promise<Built<T>> => {
    const { revision, parts } = await db.transaction(
      async (tx) => {
        const revision = await selectCatalogueRevision(tx);
        if (!fits(state, slotKey, await countItems(tx))) return { revision, parts: null };
        // The thread reads in this snapshot while this transaction stays open (pg_export_snapshot).
        const snapshot = await exportSnapshot(tx);
        return { revision, parts: (await buildInWorker(name, key, url, snapshot, revision)) as P };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return { revision, value: parts === null ? null : transfer.fromParts(parts, db) };
  };

  /** Whether a model of `items` fits in the budget next to the others (its share taken, and said), or not. */
  const fits = (state: DbState, slotKey: string, items: number): boolean => {
    const bytes = items * bytesPerItem;
    let others = 0;
    for (const [k, b] of state.reserved) if (k !== slotKey) others += b;
    const fields = { items, estimateMb: Math.round(bytes / MB), othersMb: Math.round(others / MB) };
    if (others + bytes > budget.maxBytes) {
      state.reserved.delete(slotKey);
      say(slotKey, false, { ...fields, budgetMb: Math.round(budget.maxBytes / MB) });
      return false;
    }
    state.reserved.set(slotKey, bytes);
    say(slotKey, true, fields);
    return true;
  };

  function startBuild(db: Db, state: DbState, slotKey: string, slot: Slot<T>, key: K): Promise<Built<T>> {
    const building = build(db, state, slotKey, key);
    slot.building = building;
    building.then(
      (built) => {
        // A slot dropped meanwhile (invalidated) keeps nothing.
        if (state.slots.get(slotKey) !== slot) return;
        // A rebuild: results cached from the previous model meanwhile are stale.
        if (slot.built) clearResultCaches(db);
        slot.built = built;
        slot.building = null;
      },
      () => {
        if (slot.building === building) slot.building = null;
        if (!slot.built?.value) state.reserved.delete(slotKey);
      },
    );
    return building;
  }

  /** The slot of `key`, its current model refreshed in the background when the catalogue moved on. */
  function slotOf(db: Db, key: K, now: number) {
    const state = stateOf(db);
    const slotKey = `${name}:${key}`;
    let slot = state.slots.get(slotKey) as Slot<T> | undefined;
    if (!slot) {
      slot = { built: null, building: null };
      state.slots.set(slotKey, slot);
    }
    if (slot.built) {
      watchCatalogue(db, now);
      const revision = observedRevision(db);
      if (revision !== null && revision !== slot.built.revision && !slot.building) {
        startBuild(db, state, slotKey, slot, key).catch(() => {});
      }
    }
    const s = slot;
    return { slot: s, build: () => s.building ?? startBuild(db, state, slotKey, s, key) };
  }

  return {
    async get(db, key, now = Date.now()) {
      const { slot, build } = slotOf(db, key, now);
      return slot.built ? slot.built.value : (await build()).value;
    },
    peek(db, key, now = Date.now()) {
      const { slot, build } = slotOf(db, key, now);
      if (slot.built) return slot.built.value;
      // A failed build is tried again by a later request.
      build().catch(() => {});
      return null;
    },
  };
}
