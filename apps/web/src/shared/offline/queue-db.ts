import type { AddOrderListLinesInput, updateOrderListInput } from '@mp/contract/api/order-lists';
import type { UpdateRemovalLineInput } from '@mp/contract/api/removal';
import type { AddRemovalLinesInput } from '@mp/contract/api/stock';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';
import type { z } from 'zod';

/*
 * Where the offline queue keeps its changes on the phone (issue #36 point 4b, decision 0031 "The offline queue"):
 * IndexedDB, one database. `queue` holds what waits to be sent, in the order it was made (an auto-increment
 * number); `refused` what the server refused, until the user dismissed it. Every row names its user: a read
 * takes only the signed-in user's rows, so another user on the same phone never sees or sends them.
 */

/** One change the user made that the server has not taken yet; `key` is its Idempotency-Key, fixed here. */
export type QueuedChange =
  | { kind: 'removal.scan'; code: string }
  | { kind: 'removal.add'; locationNo: string; input: AddRemovalLinesInput }
  | { kind: 'removal.update'; locationNo: string; lineId: string; input: UpdateRemovalLineInput }
  | { kind: 'removal.delete'; locationNo: string; lineId: string }
  | {
      kind: 'order.add';
      locationNo: string;
      orderListId: string;
      input: AddOrderListLinesInput;
      childLinesIncluded: boolean;
    }
  | {
      kind: 'order.update';
      locationNo: string;
      orderListId: string;
      input: z.infer<typeof updateOrderListInput>;
    }
  | { kind: 'order.delete'; locationNo: string; orderListId: string; lineId: string }
  | { kind: 'order.clear'; locationNo: string; orderListId: string };

export interface QueueEntry {
  /** The order the changes were made in (IndexedDB's auto-increment). */
  seq: number;
  userId: string;
  /** The Idempotency-Key: fixed when queued, the same on every attempt. */
  key: string;
  /** When it was made (ms since epoch). */
  at: number;
  change: QueuedChange;
  /** What the user recognises it by (a plant number, an item's description). */
  label: string;
}

export interface Refusal extends QueueEntry {
  error: { status: number; code: string; message: string };
  refusedAt: number;
}

interface QueueDb extends DBSchema {
  queue: { key: number; value: QueueEntry; indexes: { byUser: string } };
  refused: { key: number; value: Refusal; indexes: { byUser: string } };
}

const DB_NAME = 'mp-offline-queue';
let opened: Promise<IDBPDatabase<QueueDb>> | null = null;

function db(): Promise<IDBPDatabase<QueueDb>> {
  opened ??= openDB<QueueDb>(DB_NAME, 1, {
    upgrade(d) {
      d.createObjectStore('queue', { keyPath: 'seq', autoIncrement: true }).createIndex('byUser', 'userId');
      d.createObjectStore('refused', { keyPath: 'seq' }).createIndex('byUser', 'userId');
    },
  });
  return opened;
}

/** Stores a change at the end of the user's queue; answers it with its number. */
export async function putQueued(entry: Omit<QueueEntry, 'seq'>): Promise<QueueEntry> {
  const seq = await (await db()).add('queue', entry as QueueEntry);
  return { ...entry, seq };
}

/** The user's waiting changes, oldest first. */
export async function queuedOf(userId: string): Promise<QueueEntry[]> {
  const rows = await (await db()).getAllFromIndex('queue', 'byUser', userId);
  return rows.sort((a, b) => a.seq - b.seq);
}

export async function dropQueued(seq: number): Promise<void> {
  await (await db()).delete('queue', seq);
}

/** Moves a change from the queue to the refused ones, in one transaction (it is never in neither). */
export async function refuseQueued(entry: QueueEntry, error: Refusal['error'], now: number): Promise<void> {
  const tx = (await db()).transaction(['queue', 'refused'], 'readwrite');
  await Promise.all([
    tx.objectStore('refused').put({ ...entry, error, refusedAt: now }),
    tx.objectStore('queue').delete(entry.seq),
    tx.done,
  ]);
}

export async function refusedOf(userId: string): Promise<Refusal[]> {
  const rows = await (await db()).getAllFromIndex('refused', 'byUser', userId);
  return rows.sort((a, b) => a.seq - b.seq);
}

export async function dropRefused(seq: number): Promise<void> {
  await (await db()).delete('refused', seq);
}

/** For tests: forget the open connection and remove the database. */
export async function resetQueueDb(): Promise<void> {
  if (opened) (await opened).close();
  opened = null;
  await new Promise<void>((resolve, reject) => {
    const r = indexedDB.deleteDatabase(DB_NAME);
    r.onsuccess = () => resolve();
    r.onerror = () => reject(r.error);
    r.onblocked = () => resolve();
  });
}
