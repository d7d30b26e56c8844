import type { OrderList, OrderListLine } from '@mp/contract/api/order-lists';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OrderListsAnswer } from '../api/order-lists/get-order-lists';
import { orderListKeys } from '../api/order-lists/keys';
import { applyQueued, keepQueuedShown } from './optimistic';
import type { QueuedChange, QueueEntry } from './queue-db';

// A queued order-list delete or clear shown at once (decision 0031): the page's list as the server will leave it,
// and the main bar's count with it.

const ID = 'list-1';
const line = (lineId: string, parentLineId: string | null = null) =>
  ({ lineId, parentLineId, itemNo: lineId }) as OrderListLine;
const list = {
  id: ID,
  lineCount: 3,
  lines: [
    line('set'),
    line('part-1', 'set'),
    line('part-2', 'set'),
    line('item'),
    line('with', 'item'),
    line('x'),
  ],
} as unknown as OrderList;

function cache() {
  const qc = new QueryClient();
  qc.setQueryData(orderListKeys.detail('P-1', ID), list);
  qc.setQueryData<OrderListsAnswer>(orderListKeys.list('P-1'), {
    multipleLists: false,
    orderLists: [{ id: ID, lineCount: 3 } as OrderListsAnswer['orderLists'][number]],
  });
  const detail = () => qc.getQueryData<OrderList>(orderListKeys.detail('P-1', ID));
  const count = () => qc.getQueryData<OrderListsAnswer>(orderListKeys.list('P-1'))?.orderLists[0].lineCount;
  return { qc, detail, count };
}

describe('applyQueued on the order list', () => {
  it('a deleted set line goes with its components (as the server deletes), the count follows', () => {
    const { qc, detail, count } = cache();
    applyQueued(qc, { kind: 'order.delete', locationNo: 'P-1', orderListId: ID, lineId: 'set' });
    expect(detail()?.lines.map((l) => l.lineId)).toEqual(['item', 'with', 'x']);
    expect(detail()?.lineCount).toBe(2);
    expect(count()).toBe(2);
  });

  it('a deleted item delivered with another goes alone; the count of top-level lines stays', () => {
    const { qc, detail, count } = cache();
    applyQueued(qc, { kind: 'order.delete', locationNo: 'P-1', orderListId: ID, lineId: 'with' });
    expect(detail()?.lines.map((l) => l.lineId)).toEqual(['set', 'part-1', 'part-2', 'item', 'x']);
    expect(count()).toBe(3);
  });

  it('the list emptied: no lines, count 0', () => {
    const { qc, detail, count } = cache();
    applyQueued(qc, { kind: 'order.clear', locationNo: 'P-1', orderListId: ID });
    expect(detail()?.lines).toEqual([]);
    expect(count()).toBe(0);
  });
});

describe('keepQueuedShown', () => {
  const entry = (seq: number, change: QueuedChange) =>
    ({ seq, userId: 'u', key: `k${seq}`, at: 0, change, label: '' }) as QueueEntry;

  it('a list read again while changes wait shows them (reception back before the queue has sent them)', async () => {
    const { qc, detail } = cache();
    let pending: QueueEntry[] = [
      entry(1, { kind: 'order.delete', locationNo: 'P-1', orderListId: ID, lineId: 'x' }),
      entry(2, { kind: 'removal.delete', locationNo: 'P-1', lineId: 'elsewhere' }),
    ];
    const stop = keepQueuedShown(qc, () => pending);
    // the server still has the line: the queue has not sent the delete yet
    await qc.fetchQuery({
      queryKey: orderListKeys.detail('P-1', ID),
      queryFn: async () => list,
      staleTime: 0,
    });
    expect(detail()?.lines.map((l) => l.lineId)).not.toContain('x');
    expect(detail()?.lines).toHaveLength(5);
    // sent: the next answer is the server's as it is
    pending = [];
    await qc.fetchQuery({
      queryKey: orderListKeys.detail('P-1', ID),
      queryFn: async () => list,
      staleTime: 0,
    });
    expect(detail()?.lines).toHaveLength(6);
    stop();
    pending = [entry(3, { kind: 'order.clear', locationNo: 'P-1', orderListId: ID })];
    await qc.fetchQuery({
      queryKey: orderListKeys.detail('P-1', ID),
      queryFn: async () => list,
      staleTime: 0,
    });
    expect(detail()?.lines).toHaveLength(6);
  });
});
