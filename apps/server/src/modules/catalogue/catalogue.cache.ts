import type { Db } from '../../platform/db/database.ts';
import { selectCatalogueRevision } from './catalogue.read-model.queries.ts';

/**
 * A small per-process cache of catalogue statement results (docs/decisions/0005-catalogue-and-search.md).
 *
 * What is cached is the same for every viewer: raw rows keyed by everything that shapes the statement
 * (locale, words or category, filters, sort, page, whether prices and technical data are fetched).
 * Access checks and the price rule run on every request, after the cache. Entries live a short while
 * (catalogue data changes by import, not by the minute); identical requests that arrive together share
 * one statement. Per database, so test apps never see each other's entries.
 */
export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
}

interface Entry<T> {
  at: number;
  value: Promise<T>;
}

export class ResultCache<T> {
  private readonly byDb = new WeakMap<Db, Map<string, Entry<T>>>();
  hits = 0;
  misses = 0;

  private readonly options: CacheOptions;

  constructor(options: CacheOptions) {
    this.options = options;
  }

  async get(db: Db, key: string, load: () => Promise<T>, now = Date.now()): Promise<T> {
    watchCatalogue(db, now);
    let map = this.byDb.get(db);
    if (!map) {
      map = new Map();
      this.byDb.set(db, map);
    }
    const hit = map.get(key);
    if (hit && now - hit.at < this.options.ttlMs) {
      this.hits++;
      // Refresh its place: the map's order is the eviction order (least recently used first).
      map.delete(key);
      map.set(key, hit);
      return hit.value;
    }
    this.misses++;
    const value = load();
    map.set(key, { at: now, value });
    if (map.size > this.options.maxEntries) map.delete(map.keys().next().value as string);
    // A failed statement is not remembered.
    value.catch(() => {
      if (map.get(key)?.value === value) map.delete(key);
    });
    return value;
  }

  /** Forgets everything of one database (after a change to items, categories or sets). */
  clear(db: Db): void {
    this.byDb.delete(db);
  }
}

const caches: ResultCache<unknown>[] = [];

export function createCache<T>(options: CacheOptions): ResultCache<T> {
  const cache = new ResultCache<T>(options);
  caches.push(cache as ResultCache<unknown>);
  return cache;
}

const listeners: ((db: Db) => void)[] = [];

/** Also drop `forget(db)`'s state of a database when its catalogue caches are invalidated (read models). */
export function onCatalogueInvalidated(forget: (db: Db) => void): void {
  listeners.push(forget);
}

/** Forgets the cached statement results of one database (read models stay). */
export function clearResultCaches(db: Db): void {
  for (const c of caches) c.clear(db);
}

/**
 * Call after changing catalogue data (items, translations, technical data, categories, sets) in this
 * process, so the next request reads the change. Other processes notice it through the catalogue
 * revision (migration 0004) within about a second.
 */
export function invalidateCatalogueCaches(db: Db): void {
  clearResultCaches(db);
  for (const forget of listeners) forget(db);
}

// ── changes made by other processes ───────────────────────────────────────────────────────────

/** How often, at most, a process asks the database whether the catalogue changed. */
const REVISION_CHECK_MS = 1000;

interface RevisionState {
  revision: number | null;
  checkedAt: number;
  checking: boolean;
}

const revisions = new WeakMap<Db, RevisionState>();

/**
 * Asks the database for the catalogue revision (migration 0004) at most once a second, without making
 * the caller wait. When another process changed the catalogue, this one's cached results are dropped.
 */
export function watchCatalogue(db: Db, now = Date.now()): void {
  let state = revisions.get(db);
  if (!state) {
    state = { revision: null, checkedAt: 0, checking: false };
    revisions.set(db, state);
  }
  if (state.checking || now - state.checkedAt < REVISION_CHECK_MS) return;
  state.checking = true;
  const s = state;
  selectCatalogueRevision(db).then(
    (revision) => {
      if (s.revision !== null && revision !== s.revision) clearResultCaches(db);
      s.revision = revision;
      s.checkedAt = Date.now();
      s.checking = false;
    },
    () => {
      s.checking = false;
      s.checkedAt = Date.now();
    },
  );
}

/** The last revision watchCatalogue() read (null before the first answer). */
export function observedRevision(db: Db): number | null {
  return revisions.get(db)?.revision ?? null;
}

/**
 * The catalogue revision this process has seen (asked of the database at most once a second): a key part for
 * caches of other areas that hold catalogue text or prices. With onCatalogueInvalidated they follow changes made
 * in this process at once and those of other processes within about a second.
 */
export function seenCatalogueRevision(db: Db): number | null {
  watchCatalogue(db);
  return observedRevision(db);
}
