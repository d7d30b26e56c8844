import type { Locale } from '@mp/contract/i18n';
import type { Db } from '../../platform/db/database.ts';
import { clearResultCaches, onCatalogueInvalidated } from '../catalogue/catalogue.cache.ts';
import { QuickSearchIndex, type SearchEntry } from './search.index.ts';
import {
  countListableItems,
  type SearchEntryRow,
  selectCatalogueRevision,
  selectItemEntries,
  selectSetEntries,
} from './search.queries.ts';

// Keeps one QuickSearchIndex per database and locale (docs/decisions/0008-quick-search-index.md).
// Built on first use; rebuilt in the background when the catalogue revision (raised by triggers on every
// catalogue change, migration 0004) moves on, while the previous index keeps answering; dropped at once by
// invalidateCatalogueCaches() (in-process writers, which must read their own writes).

/** Above this many listable items the quick search stays on the SQL statement (memory: ~1 KB per item). */
export const INDEX_MAX_ITEMS = 250_000;
/** How often, at most, a process asks the database whether the catalogue changed. */
const REVISION_CHECK_MS = 1000;

/** What one build gave: the index, or null when the catalogue was too big at that revision. */
interface Built {
  revision: number;
  index: QuickSearchIndex | null;
}

interface Slot {
  built: Built | null;
  building: Promise<Built> | null;
}

interface DbState {
  slots: Map<Locale, Slot>;
  revision: number | null;
  checkedAt: number;
  checking: boolean;
}

const states = new WeakMap<Db, DbState>();

onCatalogueInvalidated((db) => states.delete(db));

function stateOf(db: Db): DbState {
  let s = states.get(db);
  if (!s) {
    s = { slots: new Map(), revision: null, checkedAt: 0, checking: false };
    states.set(db, s);
  }
  return s;
}

const entryOf = (r: SearchEntryRow): SearchEntry => ({
  no: r.no,
  noLower: r.no_lower,
  description: r.description,
  folded: r.folded,
  hasDescription: r.has_description,
  imageSha: r.image_sha,
});

/** Reads one consistent snapshot (revision and rows) and builds the index; null when the catalogue is too big. */
async function build(db: Db, locale: Locale): Promise<Built> {
  const data = await db.transaction(
    async (tx) => {
      const revision = await selectCatalogueRevision(tx);
      if ((await countListableItems(tx)) > INDEX_MAX_ITEMS) return { revision, rows: null };
      return {
        revision,
        rows: { items: await selectItemEntries(tx, locale), sets: await selectSetEntries(tx, locale) },
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
  // Built after the transaction: the connection goes back to the pool while the postings are made.
  const { revision, rows } = data;
  return {
    revision,
    index: rows && new QuickSearchIndex(revision, rows.items.map(entryOf), rows.sets.map(entryOf)),
  };
}

function startBuild(db: Db, state: DbState, slot: Slot, locale: Locale): Promise<Built> {
  const building = build(db, locale);
  slot.building = building;
  building.then(
    (built) => {
      // A slot dropped meanwhile (invalidated) keeps nothing.
      if (state.slots.get(locale) !== slot) return;
      slot.built = built;
      slot.building = null;
    },
    () => {
      if (slot.building === building) slot.building = null;
    },
  );
  return building;
}

/** Asks the database for the revision at most once a second, without making the caller wait. */
function checkRevision(db: Db, state: DbState, now: number): void {
  if (state.checking || now - state.checkedAt < REVISION_CHECK_MS) return;
  state.checking = true;
  selectCatalogueRevision(db).then(
    (revision) => {
      // Another process changed the catalogue: the statement results cached here are stale too.
      if (state.revision !== null && revision !== state.revision) clearResultCaches(db);
      state.revision = revision;
      state.checkedAt = Date.now();
      state.checking = false;
    },
    () => {
      state.checking = false;
      state.checkedAt = Date.now();
    },
  );
}

/**
 * The quick-search index of a locale, or null when the catalogue is too big for one (then the caller
 * runs the SQL statement). The first call per locale waits for the build; later calls get the current
 * index at once, and start a rebuild when another process changed the catalogue.
 */
export async function quickSearchIndex(
  db: Db,
  locale: Locale,
  now = Date.now(),
): Promise<QuickSearchIndex | null> {
  const state = stateOf(db);
  let slot = state.slots.get(locale);
  if (!slot) {
    slot = { built: null, building: null };
    state.slots.set(locale, slot);
  }
  if (slot.built) {
    checkRevision(db, state, now);
    if (state.revision !== null && state.revision > slot.built.revision && !slot.building) {
      startBuild(db, state, slot, locale).catch(() => {});
    }
    return slot.built.index;
  }
  return (await (slot.building ?? startBuild(db, state, slot, locale))).index;
}
