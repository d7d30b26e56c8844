import 'fake-indexeddb/auto';
import type { PublicUser } from '@mp/contract/api/auth';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR_CODE } from '../api/errors';
import { sessionStore } from '../session/session';
import { resetQueueDb } from './queue-db';

// The offline queue (issue #36 point 4b): the calls it makes are replaced by a recorder; IndexedDB is fake-indexeddb.

type Sent = { kind: string; target: string; key: string | undefined };
const sent: Sent[] = [];
/** What the next calls answer, in turn (a value, or an error to throw); empty: 200 with null. */
let answers: Array<unknown | Error> = [];
function record(kind: string, target: string, key: string | undefined) {
  sent.push({ kind, target, key });
  const next = answers.shift();
  if (next instanceof Error) return Promise.reject(next);
  if (next instanceof Promise) return next;
  return Promise.resolve(next ?? null);
}

vi.mock('../api/removal-lists', () => ({
  addScannedPlant: (code: string, key?: string) => record('scan', code, key),
  addToRemovalList: (loc: string, _input: unknown, key?: string) => record('add', loc, key),
  updateRemovalLine: (_loc: string, lineId: string, _input: unknown, key?: string) =>
    record('update', lineId, key),
  deleteRemovalLine: (_loc: string, lineId: string, key?: string) => record('delete', lineId, key),
  removalListKeys: { all: ['removal-list'] },
}));
vi.mock('../api/order-lists/add-lines-call', () => ({
  addOrderListLines: (_loc: string, listId: string, _i: unknown, _c: boolean, key?: string) =>
    record('order.add', listId, key),
}));
vi.mock('../api/order-lists/update-order-list', () => ({
  updateOrderList: (_loc: string, listId: string, _i: unknown, key?: string) =>
    record('order.update', listId, key),
}));

const { drainQueue, offlineQueueStore, reloadQueue, sendOrQueue, dismissRefusal } = await import('./queue');

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

function signIn(id: string) {
  const user = { id, name: id, email: `${id}@x.nl`, isAdmin: false } as unknown as PublicUser;
  sessionStore.set({ accessToken: 't', expiresAt: Date.now() / 1000 + 3600, user });
}

const scan = (code: string) => ({ kind: 'removal.scan' as const, code });
const update = (lineId: string, amount: number) => ({
  kind: 'removal.update' as const,
  locationNo: 'P-1',
  lineId,
  input: { amount },
});

beforeEach(async () => {
  sent.length = 0;
  answers = [];
  online = true;
  await resetQueueDb();
  signIn('u1');
  await reloadQueue();
});
afterEach(() => {
  sessionStore.set(null);
});

async function queueOffline(...changes: Parameters<typeof sendOrQueue>[0][]) {
  online = false;
  for (const c of changes) {
    const outcome = await sendOrQueue(c, 'label');
    expect(outcome.queued).toBe(true);
  }
  online = true;
}

describe('offline queue', () => {
  it('offline: nothing is sent; online: sent one by one in the order made, each with the key fixed when queued', async () => {
    await queueOffline(scan('A1'), update('L1', 2), scan('B2'));
    expect(sent).toEqual([]);
    const keys = offlineQueueStore.get().pending.map((e) => e.key);
    expect(new Set(keys).size).toBe(3);

    await drainQueue();
    expect(sent.map((s) => s.target)).toEqual(['A1', 'L1', 'B2']);
    expect(sent.map((s) => s.key)).toEqual(keys);
    expect(offlineQueueStore.get().pending).toEqual([]);
  });

  it('a network failure mid-way stops the sending and keeps the rest in order, with the same keys', async () => {
    await queueOffline(scan('A1'), update('L1', 2), scan('B2'));
    const keys = offlineQueueStore.get().pending.map((e) => e.key);
    answers = [null, new ApiError(0, NETWORK_ERROR_CODE, 'Network error')];
    await drainQueue();
    expect(sent.map((s) => s.target)).toEqual(['A1', 'L1']);
    expect(offlineQueueStore.get().pending.map((e) => e.key)).toEqual(keys.slice(1));

    sent.length = 0;
    await drainQueue();
    expect(sent.map((s) => [s.target, s.key])).toEqual([
      ['L1', keys[1]],
      ['B2', keys[2]],
    ]);
    expect(offlineQueueStore.get().pending).toEqual([]);
  });

  it('a refusal takes only that change out of the queue, keeps it with the reason, and the rest goes on', async () => {
    await queueOffline(scan('A1'), scan('GONE'), update('L1', 2));
    answers = [null, new ApiError(404, 'Materieelvoorraad.scan_niet_gevonden', 'Niet op je locaties.')];
    await drainQueue();
    expect(sent.map((s) => s.target)).toEqual(['A1', 'GONE', 'L1']);
    const { pending, refused } = offlineQueueStore.get();
    expect(pending).toEqual([]);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      change: scan('GONE'),
      error: { status: 404, code: 'Materieelvoorraad.scan_niet_gevonden', message: 'Niet op je locaties.' },
    });
    // kept on the phone until the user closes it
    await reloadQueue();
    expect(offlineQueueStore.get().refused).toHaveLength(1);
    await dismissRefusal(refused[0].seq);
    await reloadQueue();
    expect(offlineQueueStore.get().refused).toEqual([]);
  });

  it('a 5xx keeps the change (and those after it) for later; it is not a refusal', async () => {
    await queueOffline(scan('A1'), scan('B2'));
    answers = [new ApiError(503, 'error.server_fout', 'Unavailable')];
    await drainQueue();
    expect(sent.map((s) => s.target)).toEqual(['A1']);
    expect(offlineQueueStore.get().pending.map((e) => e.change)).toEqual([scan('A1'), scan('B2')]);
    expect(offlineQueueStore.get().refused).toEqual([]);
  });

  it('another user on the phone neither sees nor sends the first user’s changes', async () => {
    await queueOffline(scan('A1'));
    signIn('u2');
    await reloadQueue();
    expect(offlineQueueStore.get().pending).toEqual([]);
    await drainQueue();
    expect(sent).toEqual([]);
    signIn('u1');
    await reloadQueue();
    expect(offlineQueueStore.get().pending.map((e) => e.change)).toEqual([scan('A1')]);
  });

  it('online: sent at once without queueing; a network failure queues it with the key it was sent with', async () => {
    const direct = await sendOrQueue(scan('A1'), 'A1');
    expect(direct.queued).toBe(false);
    expect(offlineQueueStore.get().pending).toEqual([]);

    answers = [new ApiError(0, NETWORK_ERROR_CODE, 'Network error')];
    const lost = await sendOrQueue(scan('B2'), 'B2');
    expect(lost.queued).toBe(true);
    const [entry] = offlineQueueStore.get().pending;
    expect(entry.key).toBe(sent[1].key);
  });

  it('online with changes still waiting: a new change queues behind them (never overtakes them)', async () => {
    await queueOffline(update('L1', 2));
    answers = [new ApiError(0, NETWORK_ERROR_CODE, 'Network error')];
    await drainQueue();
    sent.length = 0;
    const later = await sendOrQueue(update('L1', 5), 'L1');
    expect(later.queued).toBe(true);
    await drainQueue();
    expect(sent.map((s) => s.target)).toEqual(['L1', 'L1']);
  });

  it('a change made while the queue is being sent queues behind it and is sent by the same run', async () => {
    await queueOffline(scan('A1'));
    let release = () => {};
    answers = [new Promise((resolve) => (release = () => resolve(null)))];
    const run = drainQueue();
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    const later = await sendOrQueue(scan('B2'), 'B2');
    expect(later.queued).toBe(true);
    release();
    await run;
    expect(sent.map((s) => s.target)).toEqual(['A1', 'B2']);
    expect(offlineQueueStore.get().pending).toEqual([]);
  });

  it('a change made before the queue was read at start still queues behind what the user left waiting', async () => {
    await queueOffline(update('L1', 2));
    // a new start: nothing read yet
    offlineQueueStore.set({ userId: null, pending: [], refused: [], sending: false });
    const later = await sendOrQueue(update('L1', 5), 'L1');
    expect(later.queued).toBe(true);
    await drainQueue();
    expect(sent.map((s) => s.target)).toEqual(['L1', 'L1']);
  });

  it('a server refusal of a change made online is thrown to the page, not queued', async () => {
    answers = [new ApiError(422, 'error.onvoldoende_voorraad', 'Maximaal 0 beschikbaar.')];
    await expect(sendOrQueue(scan('A1'), 'A1')).rejects.toMatchObject({ status: 422 });
    expect(offlineQueueStore.get().pending).toEqual([]);
  });
});
