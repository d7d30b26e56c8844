import type { OrderList, OrderListLine } from '@mp/contract/api/order-lists';
import type { RemovalList } from '@mp/contract/api/stock';
import type { QueryClient } from '@tanstack/react-query';
import type { OrderListsAnswer } from '../api/order-lists/get-order-lists';
import { orderListKeys } from '../api/order-lists/keys';
import { removalListKeys } from '../api/removal-lists';
import type { QueuedChange, QueueEntry } from './queue-db';

/*
 * A queued change shown at once (issue #36 point 4b): the page's cached list gets the change the server will get —
 * a removal-list line's amount or comment, a line taken off, order-list amounts, an order-list line deleted (with
 * what hangs under it), the order list emptied — and a line still there is marked as waiting (usePendingLineIds).
 * A line taken off, and a new line (a scan, an add to the order list: it cannot be drawn before the server names
 * it), show in the queue's list (QueueNotice) until sent. When the queue has sent or the server refused, the lists
 * are read again.
 */
export function applyQueued(queryClient: QueryClient, change: QueuedChange): void {
  if (change.kind === 'removal.update' || change.kind === 'removal.delete') {
    queryClient.setQueryData<RemovalList>(removalListKeys.detail(change.locationNo), (list) => {
      if (!list) return list;
      if (change.kind === 'removal.delete') {
        const lines = list.lines.filter((l) => l.lineId !== change.lineId);
        return { ...list, lines, count: lines.length };
      }
      const { amount, comment } = change.input;
      return {
        ...list,
        lines: list.lines.map((l) =>
          l.lineId !== change.lineId
            ? l
            : {
                ...l,
                returnAmount: amount ?? l.returnAmount,
                comment: comment !== undefined ? comment || null : l.comment,
              },
        ),
      };
    });
  }
  if (change.kind === 'order.delete' || change.kind === 'order.clear') {
    const gone = (lines: readonly OrderListLine[]): Set<string> => {
      if (change.kind === 'order.clear') return new Set(lines.map((l) => l.lineId));
      // a set line goes with its components, an item with what is delivered with it (as the server deletes)
      const ids = new Set([change.lineId]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const l of lines)
          if (l.parentLineId && ids.has(l.parentLineId) && !ids.has(l.lineId)) {
            ids.add(l.lineId);
            grew = true;
          }
      }
      return ids;
    };
    let lineCount: number | null = null;
    queryClient.setQueryData<OrderList>(
      orderListKeys.detail(change.locationNo, change.orderListId),
      (list) => {
        if (!list) return list;
        const ids = gone(list.lines);
        const lines = list.lines.filter((l) => !ids.has(l.lineId));
        lineCount = lines.filter((l) => l.parentLineId === null).length;
        return { ...list, lines, lineCount };
      },
    );
    // the main bar's count follows (the summaries count top-level lines)
    queryClient.setQueryData<OrderListsAnswer>(orderListKeys.list(change.locationNo), (answer) =>
      answer
        ? {
            ...answer,
            orderLists: answer.orderLists.map((l) =>
              l.id !== change.orderListId
                ? l
                : { ...l, lineCount: change.kind === 'order.clear' ? 0 : (lineCount ?? l.lineCount) },
            ),
          }
        : answer,
    );
  }
  if (change.kind === 'order.update') {
    queryClient.setQueryData<OrderList>(
      orderListKeys.detail(change.locationNo, change.orderListId),
      (list) => {
        if (!list) return list;
        const byId = new Map((change.input.lines ?? []).map((l) => [l.lineId, l]));
        return {
          ...list,
          lines: list.lines.map((l) => {
            const c = byId.get(l.lineId);
            if (!c) return l;
            return {
              ...l,
              amount: c.amount ?? l.amount,
              comment: c.comment !== undefined ? c.comment?.trim() || null : l.comment,
            };
          }),
        };
      },
    );
  }
}

/**
 * A list read from the server while changes to it still wait shows them too (decision 0031): reception back, the
 * lists are read again before the queue has sent what waited — a deleted line came back for a moment — so each
 * answer of a removal list or an order list gets the waiting changes of its kind applied again, in their order (each
 * applies as often as it likes: a line already gone stays gone). What the queue then sends or has refused is followed
 * by followSent / followRefused, which read the lists again.
 */
export function keepQueuedShown(queryClient: QueryClient, pending: () => readonly QueueEntry[]): () => void {
  return queryClient.getQueryCache().subscribe((event) => {
    // only an answer from the server (setQueryData, as here, is `manual`)
    if (event.type !== 'updated' || event.action.type !== 'success' || event.action.manual) return;
    const family = event.query.queryKey[0];
    const prefix =
      family === removalListKeys.all[0] ? 'removal.' : family === orderListKeys.all[0] ? 'order.' : null;
    if (!prefix) return;
    for (const e of pending()) if (e.change.kind.startsWith(prefix)) applyQueued(queryClient, e.change);
  });
}

/** What a sent change answered goes into the cache; the lists it touches are read again. */
export function followSent(queryClient: QueryClient, change: QueuedChange, answer: unknown): void {
  if (change.kind.startsWith('removal.')) {
    const list = answer as RemovalList | null;
    if (list?.locationNo) queryClient.setQueryData(removalListKeys.detail(list.locationNo), list);
    void queryClient.invalidateQueries({ queryKey: removalListKeys.all });
    return;
  }
  const list = answer as OrderList | null;
  if (list && 'locationNo' in change)
    queryClient.setQueryData(orderListKeys.detail(change.locationNo, list.id), list);
  void queryClient.invalidateQueries({ queryKey: orderListKeys.all });
}

/** A refused change: what the page showed of it goes (the lists are read again). */
export function followRefused(queryClient: QueryClient, change: QueuedChange): void {
  void queryClient.invalidateQueries({
    queryKey: change.kind.startsWith('removal.') ? removalListKeys.all : orderListKeys.all,
  });
}
