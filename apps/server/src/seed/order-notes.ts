import { loadBrand, storeOrderNote } from '../modules/documents/index.ts';
import { loadSettings } from '../modules/settings/index.ts';
import type { Db } from '../platform/db/database.ts';
import type { FileStorage } from '../platform/files/storage.ts';
import type { OrderInfo } from './simulate-types.ts';

/** Notes for the latest executed orders of each kind at each location: what the order pages show, cheaply. */
export const NOTES_PER_LOCATION_AND_KIND = 2;

/** The orders that get a note: per location and kind the latest done ones (the same at every --scale). */
export function noteOrders(infos: readonly OrderInfo[]): string[] {
  const groups = new Map<string, OrderInfo[]>();
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

/**
 * The delivery and removal notes of the simulated orders, made as the department's executions make them
 * (modules/documents: the same renderer, storage and documents rows), after the seed's transaction committed.
 * Answers how many were made.
 */
export async function seedOrderNotes(
  db: Db,
  storage: FileStorage,
  infos: readonly OrderInfo[],
): Promise<number> {
  const deps = { db, storage, loadSettings };
  const brand = await loadBrand(deps);
  const ids = noteOrders(infos);
  let next = 0;
  let made = 0;
  // why: a few at a time: rendering is CPU, storing waits on the database; 4 keeps both busy on 2 cores.
  await Promise.all(
    Array.from({ length: Math.min(4, ids.length) }, async () => {
      while (next < ids.length) {
        const id = ids[next++];
        if (await storeOrderNote(deps, id, undefined, { brand })) made++;
      }
    }),
  );
  return made;
}
