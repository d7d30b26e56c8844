import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from '../db/schema/index.ts';
import { loadBrand, storeOrderNote } from '../modules/documents/index.ts';
import { loadSettings } from '../modules/settings/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { FileStorage } from '../platform/files/storage.ts';
import type { OrderInfo } from './simulate-types.ts';

/** What choosing the orders that get a note reads of an order. */
export type NoteOrder = Pick<OrderInfo, 'id' | 'kind' | 'status' | 'locationIndex' | 'executedDate'>;

/** Notes for the latest executed orders of each kind at each location: what the order pages show, cheaply. */
export const NOTES_PER_LOCATION_AND_KIND = 2;

/** The orders that get a note: per location and kind the latest done ones (the same at every --scale). */
export function noteOrders(infos: readonly NoteOrder[]): string[] {
  const groups = new Map<string, NoteOrder[]>();
  for (const o of infos) {
    if (o.status !== 'done') continue;
    const key = `${o.locationIndex}:${o.kind}`;
    const list = groups.get(key) ?? [];
    list.push(o);
    groups.set(key, list);
  }
  return [...groups.values()].flatMap((list) =>
    list
      .sort((a, b) => ((a.executedDate ?? '') < (b.executedDate ?? '') ? 1 : -1))
      .slice(0, NOTES_PER_LOCATION_AND_KIND)
      .map((o) => o.id),
  );
}

/** Notes made at once: rendering is CPU, storing waits on the database; 4 keeps both busy on 2 cores. */
const NOTE_WORKERS = 4;

/**
 * The delivery and removal notes of the simulated orders, made as the department's executions make them
 * (modules/documents: the same renderer, storage and documents rows), after the seed's transaction committed.
 * Answers how many were made.
 * Each of the (at most 4, at most the pool's size) note makers holds ONE connection of `db`'s pool for all its
 * notes: a note reads its lines, costs and returns at once, and on the pool itself four notes asked for up to
 * twelve connections, so requests queued for a busy one and failed the seed when one waited longer than the pool's
 * connectionTimeoutMillis (5 s; at --scale 1000 on a loaded machine, decision 0010). On one client the reads queue
 * in that client instead, which has no such limit.
 */
export async function seedOrderNotes(
  db: Db,
  storage: FileStorage,
  infos: readonly NoteOrder[],
): Promise<number> {
  // why: every caller's db is platform/db/database.ts connect()'s, over a pool (Db's type does not name it).
  const pool = (db as Db & { $client: unknown }).$client;
  if (!(pool instanceof pg.Pool)) throw new Error('seed: the delivery notes need a database over a pool');
  const brand = await loadBrand({ db, storage, loadSettings });
  const ids = noteOrders(infos);
  let next = 0;
  let made = 0;
  const makers = Math.min(NOTE_WORKERS, pool.options.max ?? NOTE_WORKERS, ids.length);
  await Promise.all(
    Array.from({ length: makers }, async () => {
      const client = await pool.connect();
      try {
        const own = drizzle(client, { schema, casing: 'snake_case' });
        const deps = { db: own, storage, loadSettings };
        while (next < ids.length) {
          const id = ids[next++];
          if (await storeOrderNote(deps, id, undefined, { brand })) made++;
        }
      } finally {
        client.release();
      }
    }),
  );
  return made;
}
