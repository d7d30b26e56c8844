import type { OrderList, OrderListLine } from '@mp/contract/api/order-lists';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { OrderListsAnswer } from '../api/order-lists/get-order-lists';
import { orderListKeys } from '../api/order-lists/keys';
import { applyQueued } from './optimistic';

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
