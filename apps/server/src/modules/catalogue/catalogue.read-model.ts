import type { Db } from '../../platform/db/database.ts';
import {
  clearResultCaches,
  observedRevision,
  onCatalogueInvalidated,
  watchCatalogue,
} from './catalogue.cache.ts';
import { countItems, selectCatalogueRevision } from './catalogue.read-model.queries.ts';

// In-process read models of the catalogue (the quick-search index, the listing index; see
// docs/decisions/0008-in-process-catalogue-indexes.md), one per database and key (a locale, say).
// Each is built on first use from one consistent snapshot; rebuilt in the background when the catalogue
// revision (raised by triggers on every catalogue change, migration 0004) moves on, while the previous
// one keeps answering; dropped at once by invalidateCatalogueCaches() (in-process writers, which must
// read their own writes).

/** Above this many items a read model is not built and callers run their SQL statement instead. */
export const READ_MODEL_MAX_ITEMS = 250_000;

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
}

const states = new WeakMap<Db, DbState>();

onCatalogueInvalidated((db) => states.delete(db));

function stateOf(db: Db): DbState {
  let s = states.get(db);
  if (!s) {
    s = { slots: new Map() };
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
 * revision; skipped when the catalogue is too big), `make` builds the model from them after the
 * transaction, so the connection goes back to the pool while the model is made.
 */
export function createReadModel<K extends string, T, R>(
  name: string,
  read: (tx: Pick<Db, 'execute'>, key: K) => Promise<R>,
  make: (rows: R, revision: number, db: Db) => T,
): ReadModel<K, T> {
  const build = async (db: Db, key: K): Promise<Built<T>> => {
    const { revision, rows } = await db.transaction(
      async (tx) => {
        const revision = await selectCatalogueRevision(tx);
        if ((await countItems(tx)) > READ_MODEL_MAX_ITEMS) return { revision, rows: null };
        return { revision, rows: await read(tx, key) };
      },
      { isolationLevel: 'repeatable read', accessMode: 'read only' },
    );
    return { revision, value: rows === null ? null : make(rows, revision, db) };
  };

  function startBuild(db: Db, state: DbState, slotKey: string, slot: Slot<T>, key: K): Promise<Built<T>> {
    const building = build(db, key);
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
