import { ApiError, isApiError, NETWORK_ERROR_CODE } from '../api/errors';
import { newKey } from '../api/idempotent-submit';
import { addOrderListLines } from '../api/order-lists/add-lines-call';
import { clearOrderList, deleteOrderListLine } from '../api/order-lists/delete-lines';
import { updateOrderList } from '../api/order-lists/update-order-list';
import {
  addScannedPlant,
  addToRemovalList,
  deleteRemovalLine,
  updateRemovalLine,
} from '../api/removal-lists';
import { sessionStore } from '../session/session';
import { isOnline } from './online';
import {
  dropQueued,
  dropRefused,
  putQueued,
  type QueuedChange,
  type QueueEntry,
  queuedOf,
  type Refusal,
  refusedOf,
  refuseQueued,
} from './queue-db';
import { type OfflineQueueState, offlineQueueStore } from './queue-store';

/*
 * The offline queue (issue #36 point 4b, decision 0031 "The offline queue"). A scan, a removal-list edit or an
 * order-list change (an add, amounts, a line deleted, the list emptied) made without reception is stored on the
 * phone (queue-db.ts) with its own Idempotency-Key, shown at once, and sent when reception returns — on `online`,
 * at start, after each change queued, on the retry button — one by one in the order it was made. Per answer:
 *   - taken (2xx): the change leaves the queue; the page's list follows (onSent);
 *   - refused (a 4xx other than 401/408/429): it leaves the queue for the refused list, which the user sees until
 *     they dismiss it (the server's reason in their language), and the rest goes on;
 *   - no network, a 5xx, 401, 408 or 429: sending stops and everything stays in order; tried again on `online`,
 *     or after a back-off (5 s doubling to 5 min).
 * The server takes a key once (per user), so a change whose answer was lost is taken once when sent again.
 */

export type { QueuedChange, QueueEntry, Refusal };

export { type OfflineQueueState, offlineQueueStore };

type SentListener = (entry: QueueEntry, answer: unknown) => void;
const sentListeners = new Set<SentListener>();
const refusedListeners = new Set<(r: Refusal) => void>();

/** Told of every queued change the server took (the pages' caches follow) … */
export function onQueuedSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}
/** … and of every one it refused. */
export function onQueuedRefused(listener: (r: Refusal) => void): () => void {
  refusedListeners.add(listener);
  return () => refusedListeners.delete(listener);
}

const userIdNow = (): string | null => sessionStore.get()?.user.id ?? null;

/** Sends one change with its key: the calls the pages make online, with the Idempotency-Key header. */
export function sendChange(change: QueuedChange, key: string): Promise<unknown> {
  switch (change.kind) {
    case 'removal.scan':
      return addScannedPlant(change.code, key);
    case 'removal.add':
      return addToRemovalList(change.locationNo, change.input, key);
    case 'removal.update':
      return updateRemovalLine(change.locationNo, change.lineId, change.input, key);
    case 'removal.delete':
      return deleteRemovalLine(change.locationNo, change.lineId, key);
    case 'order.add':
      return addOrderListLines(
        change.locationNo,
        change.orderListId,
        change.input,
        change.childLinesIncluded,
        key,
      );
    case 'order.update':
      return updateOrderList(change.locationNo, change.orderListId, change.input, key);
    case 'order.delete':
      return deleteOrderListLine(change.locationNo, change.orderListId, change.lineId, key);
    case 'order.clear':
      return clearOrderList(change.locationNo, change.orderListId, key);
  }
}

/** Whether a failure means "not now" (keep it, try later) rather than "no" (the server refused the change). */
export function isTransient(e: unknown): boolean {
  if (!isApiError(e)) return true;
  if (e.code === NETWORK_ERROR_CODE || e.status === 0) return true;
  return e.status >= 500 || e.status === 401 || e.status === 408 || e.status === 429;
}

/** Reads the signed-in user's queue and refusals into the store (another user's are never read). */
export async function reloadQueue(): Promise<void> {
  const userId = userIdNow();
  if (!userId) {
    offlineQueueStore.set((s) => ({ ...s, userId: null, pending: [], refused: [] }));
    return;
  }
  let pending: QueueEntry[] = [];
  let refused: Awaited<ReturnType<typeof refusedOf>> = [];
  try {
    [pending, refused] = await Promise.all([queuedOf(userId), refusedOf(userId)]);
  } catch (e) {
    // no IndexedDB (a browser that blocks storage, jsdom): nothing can have been kept, and online changes go out
    // as they did before the queue; offline, keeping one fails with its error
    console.error('offline queue unavailable', e);
  }
  if (userIdNow() !== userId) return;
  offlineQueueStore.set((s) => ({ ...s, userId, pending, refused }));
}

/** Stores a change at the end of the signed-in user's queue, with its key fixed now. */
export async function enqueue(change: QueuedChange, label: string, key = newKey()): Promise<QueueEntry> {
  const userId = userIdNow();
  if (!userId) throw new ApiError(401, 'error.niet_ingelogd', 'not signed in');
  const entry = await putQueued({ userId, key, at: Date.now(), change, label });
  offlineQueueStore.set((s) => (s.userId === userId ? { ...s, pending: [...s.pending, entry] } : s));
  return entry;
}

export type SendOutcome<T> = { queued: false; answer: T } | { queued: true; entry: QueueEntry };

/**
 * A change the user makes now: sent at once when online and nothing of theirs waits (else it would overtake what
 * waits: it queues behind it); queued when offline, or when the request failed for the network (with the key it
 * was sent with: it may have reached the server). A refusal of the server is thrown, as before.
 */
export async function sendOrQueue<T>(change: QueuedChange, label: string): Promise<SendOutcome<T>> {
  // what this user left queued (a change made before the queue was read at start must not overtake it)
  if (offlineQueueStore.get().userId !== userIdNow()) await reloadQueue();
  const waiting = offlineQueueStore.get().pending.length > 0;
  if (!isOnline() || waiting) {
    const entry = await enqueue(change, label);
    if (isOnline()) void drainQueue();
    return { queued: true, entry };
  }
  const key = newKey();
  try {
    return { queued: false, answer: (await sendChange(change, key)) as T };
  } catch (e) {
    if (!isApiError(e) || e.code !== NETWORK_ERROR_CODE) throw e;
    const entry = await enqueue(change, label, key);
    scheduleRetry();
    return { queued: true, entry };
  }
}

// ── sending ─────────────────────────────────────────────────────────────────────────────────────

const FIRST_RETRY_MS = 5_000;
const MAX_RETRY_MS = 300_000;
let retryMs = FIRST_RETRY_MS;
let retryTimer: ReturnType<typeof setTimeout> | null = null;
let draining: Promise<void> | null = null;

function scheduleRetry(): void {
  if (retryTimer) return;
  retryTimer = setTimeout(() => {
    retryTimer = null;
    void drainQueue();
  }, retryMs);
  retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
}

function clearRetry(): void {
  if (retryTimer) clearTimeout(retryTimer);
  retryTimer = null;
}

/**
 * Sends the signed-in user's queue, oldest first, one at a time; one run at a time (a second call waits for the
 * running one). Stops at the first change that cannot be sent now, keeping it and the rest in order.
 */
export function drainQueue(): Promise<void> {
  draining ??= drain().finally(() => {
    draining = null;
  });
  return draining;
}

async function drain(): Promise<void> {
  const userId = userIdNow();
  if (!userId || !isOnline()) return;
  clearRetry();
  offlineQueueStore.set((s) => ({ ...s, sending: true }));
  try {
    // read again after each pass: a change queued while this run was sending is sent by it too
    for (let entries = await queuedOf(userId); entries.length > 0; entries = await queuedOf(userId)) {
      for (const entry of entries) {
        if (userIdNow() !== userId) return;
        if (!(await sendOne(entry))) {
          scheduleRetry();
          return;
        }
      }
    }
  } finally {
    offlineQueueStore.set((s) => ({ ...s, sending: false }));
    await reloadQueue();
  }
}

/** Sends one queued change; false when it cannot be sent now (it stays, and so does all after it). */
async function sendOne(entry: QueueEntry): Promise<boolean> {
  let answer: unknown;
  try {
    answer = await sendChange(entry.change, entry.key);
  } catch (e) {
    if (isTransient(e)) return false;
    const err = e as ApiError;
    const error = { status: err.status, code: err.code, message: err.message };
    const refusedAt = Date.now();
    await refuseQueued(entry, error, refusedAt);
    const refusal: Refusal = { ...entry, error, refusedAt };
    offlineQueueStore.set((s) => ({
      ...s,
      pending: s.pending.filter((p) => p.seq !== entry.seq),
      refused: [...s.refused, refusal],
    }));
    for (const l of [...refusedListeners]) l(refusal);
    return true;
  }
  await dropQueued(entry.seq);
  retryMs = FIRST_RETRY_MS;
  offlineQueueStore.set((s) => ({ ...s, pending: s.pending.filter((p) => p.seq !== entry.seq) }));
  for (const l of [...sentListeners]) l(entry, answer);
  return true;
}

/** The user read a refusal: it goes. */
export async function dismissRefusal(seq: number): Promise<void> {
  await dropRefused(seq);
  offlineQueueStore.set((s) => ({ ...s, refused: s.refused.filter((r) => r.seq !== seq) }));
}

/**
 * Starts the queue for the page's life: reads the signed-in user's queue and sends it, again on `online` and
 * whenever another user signs in (their own queue; the other's stays on the phone for them). Answers the stop.
 */
export function startOfflineQueue(): () => void {
  let lastUser = userIdNow();
  const kick = () => void reloadQueue().then(() => drainQueue());
  const offSession = sessionStore.subscribe(() => {
    const now = userIdNow();
    if (now === lastUser) return;
    lastUser = now;
    clearRetry();
    retryMs = FIRST_RETRY_MS;
    kick();
  });
  window.addEventListener('online', kick);
  kick();
  return () => {
    offSession();
    window.removeEventListener('online', kick);
    clearRetry();
  };
}
