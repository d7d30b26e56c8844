import type { Db } from '../../platform/db/database.ts';
import { onCatalogueInvalidated } from '../catalogue/index.ts';
import { type StockRow, selectStockRows } from './stock.queries.ts';

/*
 * A location's stock, kept per process while its stock revision stays (migration 0009, decision 0014).
 *
 * Reading and describing a large site's stock costs about 150 ms of database time and as much CPU; a stock
 * screen asks the revision (with the caller's removal amounts, one small statement) on every request and reads
 * the rows again only when it moved. Every writer of inventory, ledger, plants or inspections raises it in its
 * own transaction, so a request never sees stock older than what was committed before it began. Per database
 * (test apps never share entries), at most MAX_LOCATIONS locations with MAX_VARIANTS descriptions each
 * (language, price display, day, settings), least recently used first out.
 */

const MAX_LOCATIONS = 256;
const MAX_VARIANTS = 8;

interface LocationEntry {
  revision: bigint;
  rows: Promise<StockRow[]>;
  variants: Map<string, Promise<unknown>>;
}

const byDb = new WeakMap<Db, Map<string, LocationEntry>>();

// Descriptions hold catalogue text and prices: a catalogue change in this process drops them (the rows stay).
onCatalogueInvalidated((db) => {
  for (const entry of byDb.get(db)?.values() ?? []) entry.variants.clear();
});

function entryOf(db: Db, locationId: string, revision: string): LocationEntry {
  let map = byDb.get(db);
  if (!map) {
    map = new Map();
    byDb.set(db, map);
  }
  const rev = BigInt(revision);
  const hit = map.get(locationId);
  // A newer entry than the caller's revision (read by a later request) is as good: it is not older than the caller.
  if (hit && hit.revision >= rev) {
    map.delete(locationId);
    map.set(locationId, hit);
    return hit;
  }
  const entry: LocationEntry = { revision: rev, rows: selectStockRows(db, locationId), variants: new Map() };
  map.delete(locationId);
  map.set(locationId, entry);
  if (map.size > MAX_LOCATIONS) map.delete(map.keys().next().value as string);
  const m = map;
  // A failed statement is not remembered.
  entry.rows.catch(() => {
    if (m.get(locationId) === entry) m.delete(locationId);
  });
  return entry;
}

/** The stock rows of a location at (at least) this revision. */
export function cachedStockRows(db: Db, locationId: string, revision: string): Promise<StockRow[]> {
  return entryOf(db, locationId, revision).rows;
}

/**
 * What `describe` makes of the location's rows, kept with them under `key` (everything besides the rows that
 * shapes the result). Callers share the value: they must not change it.
 */
export function cachedStockView<T>(
  db: Db,
  locationId: string,
  revision: string,
  key: string,
  describe: (rows: StockRow[]) => Promise<T>,
): Promise<T> {
  const entry = entryOf(db, locationId, revision);
  const hit = entry.variants.get(key) as Promise<T> | undefined;
  if (hit) {
    entry.variants.delete(key);
    entry.variants.set(key, hit);
    return hit;
  }
  const value = entry.rows.then(describe);
  entry.variants.set(key, value);
  if (entry.variants.size > MAX_VARIANTS) entry.variants.delete(entry.variants.keys().next().value as string);
  value.catch(() => {
    if (entry.variants.get(key) === value) entry.variants.delete(key);
  });
  return value;
}
