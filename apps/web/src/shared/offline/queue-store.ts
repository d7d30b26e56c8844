import { createStore, useStore } from '../lib/store';
import type { QueueEntry, Refusal } from './queue-db';

/*
 * What the offline queue holds for the signed-in user (queue.ts keeps it), in a module of its own: the pages that mark
 * waiting lines read it without loading the queue itself, which they load when a change is made (lazy.ts).
 */

export interface OfflineQueueState {
  userId: string | null;
  pending: readonly QueueEntry[];
  refused: readonly Refusal[];
  sending: boolean;
}

export const offlineQueueStore = createStore<OfflineQueueState>({
  userId: null,
  pending: [],
  refused: [],
  sending: false,
});

/** The line ids of the removal list or order list that have a change waiting (their rows are marked). */
export function usePendingLineIds(): ReadonlySet<string> {
  const pending = useStore(offlineQueueStore, (s) => s.pending);
  const ids = new Set<string>();
  for (const e of pending) {
    const c = e.change;
    if (c.kind === 'removal.update' || c.kind === 'removal.delete') ids.add(c.lineId);
    if (c.kind === 'order.update') for (const l of c.input.lines ?? []) ids.add(l.lineId);
  }
  return ids;
}
