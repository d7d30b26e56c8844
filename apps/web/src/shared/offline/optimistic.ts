import type { OrderList } from '@mp/contract/api/order-lists';
import type { RemovalList } from '@mp/contract/api/stock';
import type { QueryClient } from '@tanstack/react-query';
import { orderListKeys } from '../api/order-lists/keys';
import { removalListKeys } from '../api/removal-lists';
import type { QueuedChange } from './queue-db';

/*
 * A queued change shown at once (issue #36 point 4b): the page's cached list gets the change the server will get —
 * a removal-list line's amount or comment, a line taken off, order-list amounts — and the line is marked as
 * waiting (usePendingLineIds). A new line (a scan, an add to the order list) cannot be drawn before the server
 * names it: it shows in the queue's list (QueueNotice) until it is sent. When the queue has sent or the server
 * refused, the lists are read again.
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
