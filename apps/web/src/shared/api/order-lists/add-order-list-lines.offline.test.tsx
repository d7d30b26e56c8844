import 'fake-indexeddb/auto';
import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInTest, signOutTest, testQueryClient } from '../../../test/render';
import { drainQueue, offlineQueueStore, reloadQueue } from '../../offline/queue';
import { resetQueueDb } from '../../offline/queue-db';
import { NO_LIST_OFFLINE, useAddToOrderList } from './add-order-list-lines';
import { orderListKeys } from './keys';

// Issue #36 point 4b: adding to the order list without reception queues the add onto the list the user works on, as
// read before on this phone; with no list read before there is nothing to queue onto, and the user is told.

const LIST = '44444444-4444-4444-8444-444444444444';
const fetchMock = vi.fn<typeof fetch>();
let online = false;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

function hook(withKeptLists: boolean) {
  const queryClient = testQueryClient();
  if (withKeptLists)
    queryClient.setQueryData(orderListKeys.list('P-1'), {
      multipleLists: false,
      orderLists: [
        {
          id: LIST,
          name: 'Bestellijst',
          locationNo: 'P-1',
          isDefault: true,
          lineCount: 0,
          totalAmount: 0,
          hasDraft: false,
          createdAt: '2026-11-01T00:00:00.000Z',
          updatedAt: '2026-11-01T00:00:00.000Z',
        },
      ],
    });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useAddToOrderList(), { wrapper }).result;
}

beforeEach(async () => {
  online = false;
  await resetQueueDb();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  await reloadQueue();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('add to the order list offline', () => {
  it('queues the add onto the kept list (answer null), sends nothing; online it goes with its key', async () => {
    const result = hook(true);
    const input = { lines: [{ type: 'item' as const, itemNo: 'BH-1', amount: 2 }] };
    await expect(result.current.mutateAsync({ input })).resolves.toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
    const [entry] = offlineQueueStore.get().pending;
    expect(entry).toMatchObject({
      label: '2 × BH-1',
      change: { kind: 'order.add', locationNo: 'P-1', orderListId: LIST, input, childLinesIncluded: false },
    });

    online = true;
    fetchMock.mockImplementation(async () => new Response(null, { status: 503 }));
    await drainQueue();
    const posts = fetchMock.mock.calls.filter(([url]) => String(url).includes('/orderlistlines'));
    expect(posts).toHaveLength(1);
    expect(String(posts[0][0])).toContain(`/OrderLists/P-1/${LIST}/orderlistlines`);
    expect(((posts[0][1]?.headers ?? {}) as Record<string, string>)['idempotency-key']).toBe(entry.key);
    // a 5xx: still waiting
    expect(offlineQueueStore.get().pending).toHaveLength(1);
  });

  it('without a list read before on this phone: refused locally with the reason, nothing queued', async () => {
    const result = hook(false);
    await expect(
      result.current.mutateAsync({ input: { lines: [{ type: 'item', itemNo: 'BH-1', amount: 1 }] } }),
    ).rejects.toMatchObject({ code: NO_LIST_OFFLINE });
    expect(offlineQueueStore.get().pending).toEqual([]);
  });
});
