import 'fake-indexeddb/auto';
import type { RemovalList } from '@mp/contract/api/stock';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { removalListQueryOptions } from '../features/removal-list/api/get-removal-list';
import { AfvoerlijstPage } from '../features/removal-list/pages/AfvoerlijstPage';
import { apiRequest } from '../shared/api/client';
import { orderListKeys } from '../shared/api/order-lists/keys';
import { requestKeys } from '../shared/api/query-keys';
import OfflineBanner from '../shared/offline/OfflineBanner';
import {
  forgetOfflineReads,
  keepOfflineReads,
  restoreOfflineReads,
  saveOfflineReads,
  waitForNetworkOnKeptReads,
} from '../shared/offline/reads';
import { formattersFor } from '../shared/ui/format';
import { QueryState } from '../shared/ui/QueryState';
import { json, renderWithProviders, signInTest, signOutTest } from '../test/render';
import { createQueryClient as appQueryClient } from './providers';

const list = (): RemovalList => ({
  locationNo: 'P-1',
  count: 1,
  lines: [
    {
      lineId: '11111111-1111-4111-8111-111111111111',
      itemNo: 'BH-1',
      description: 'Bouwhek',
      plantNo: null,
      locationNo: 'P-1',
      returnAmount: 2,
      comment: null,
      weightPerPiece: null,
      onSite: 10,
      nextInspection: null,
    },
  ],
});

// why: the server is the system's edge (stubbed), and so is the network: offline, fetch fails as a browser's does.
const fetchMock = vi.fn<typeof fetch>();
let online = true;
const setOnline = (next: boolean) => {
  online = next;
  window.dispatchEvent(new Event(next ? 'online' : 'offline'));
};

beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  online = true;
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (!online) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/RemovalLists/P-1')) return json(list());
    if (url.pathname.endsWith('/PlantLocations'))
      return json({ plantLocations: [], defaultLocationNo: null });
    if (url.pathname.includes('/Settings'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    return json({}, 404);
  });
  signInTest();
  await forgetOfflineReads();
});
afterEach(() => {
  signOutTest();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The app's query client as App.tsx's start leaves it. */
function createQueryClient() {
  const client = appQueryClient();
  waitForNetworkOnKeptReads(client);
  return client;
}

/** A list page that is not kept offline (the requests). */
function Requests() {
  const query = useQuery({
    queryKey: requestKeys.list({ locationNo: 'P-1' }),
    queryFn: () => apiRequest<string[]>('/PlantRequests'),
  });
  return (
    <QueryState query={query} isEmpty={(rows) => rows.length === 0} empty={<p>leeg</p>}>
      {(rows) => <p>{rows.length}</p>}
    </QueryState>
  );
}

/** The removal list as a previous visit fetched and kept it, at `fetchedAt`. */
async function keptRemovalList(fetchedAt: number) {
  const before = createQueryClient();
  vi.spyOn(Date, 'now').mockReturnValue(fetchedAt);
  await before.fetchQuery(removalListQueryOptions('P-1'));
  vi.mocked(Date.now).mockRestore();
  await saveOfflineReads(before);
}

describe('offline reads (decision 0031)', () => {
  it('keep the removal list with the time it was fetched, for this user only, until a session ends', async () => {
    const fetchedAt = Date.UTC(2026, 10, 27, 7, 45);
    await keptRemovalList(fetchedAt);
    const key = removalListQueryOptions('P-1').queryKey;

    const again = createQueryClient();
    await restoreOfflineReads(again, 'u1');
    expect(again.getQueryData(key)).toEqual(list());
    expect(again.getQueryState(key)?.dataUpdatedAt).toBe(fetchedAt);

    const someoneElse = createQueryClient();
    await restoreOfflineReads(someoneElse, 'another-user');
    expect(someoneElse.getQueryData(key)).toBeUndefined();

    await forgetOfflineReads();
    const afterLogout = createQueryClient();
    await restoreOfflineReads(afterLogout, 'u1');
    expect(afterLogout.getQueryData(key)).toBeUndefined();
  });

  it('restore a kept answer as stale: just kept, it is still read again once there is reception', async () => {
    // kept a second ago (within the 30 s a fresh answer is not read again), as just before a line was added
    await keptRemovalList(Date.now() - 1000);
    const key = removalListQueryOptions('P-1').queryKey;
    const again = createQueryClient();
    again.setQueryData(requestKeys.list({ locationNo: 'P-9' }), ['newer, from the network']);
    await restoreOfflineReads(again, 'u1');
    expect(again.getQueryData(key)).toEqual(list());
    expect(again.getQueryState(key)?.isInvalidated).toBe(true);
    // what the cache had from the network stays as it was
    expect(again.getQueryState(requestKeys.list({ locationNo: 'P-9' }))?.isInvalidated).toBe(false);
  });

  it('keep what was kept before when a save finds it no longer in the cache (a page that did not restore it)', async () => {
    const fetchedAt = Date.UTC(2026, 10, 27, 7, 45);
    await keptRemovalList(fetchedAt);
    const other = createQueryClient();
    other.setQueryData(orderListKeys.list('P-1'), []);
    await saveOfflineReads(other);
    const again = createQueryClient();
    await restoreOfflineReads(again, 'u1');
    expect(again.getQueryState(removalListQueryOptions('P-1').queryKey)?.dataUpdatedAt).toBe(fetchedAt);
    expect(again.getQueryData(orderListKeys.list('P-1'))).toEqual([]);
  });

  it('keep an answer at once when the page is left before its save was due (a reload, the phone locked)', async () => {
    const client = createQueryClient();
    // why: the save's delay never ends here, so only leaving the page can have saved it
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const stop = keepOfflineReads(client);
    try {
      client.setQueryData(removalListQueryOptions('P-1').queryKey, list());
      window.dispatchEvent(new Event('pagehide'));
      // the save's IndexedDB work ends in a few turns of the event loop (not in a time)
      let kept: unknown;
      for (let turn = 0; turn < 200 && kept === undefined; turn++) {
        await new Promise((resolve) => setImmediate(resolve));
        const again = createQueryClient();
        await restoreOfflineReads(again, 'u1');
        kept = again.getQueryData(removalListQueryOptions('P-1').queryKey);
      }
      expect(kept).toEqual(list());
    } finally {
      stop();
      vi.useRealTimers();
    }
  });

  it('keep nothing but the kept reads (a request list is not kept)', async () => {
    const client = createQueryClient();
    client.setQueryData(requestKeys.list({ locationNo: 'P-1' }), { rows: [] });
    client.setQueryData(removalListQueryOptions('P-1').queryKey, list());
    await saveOfflineReads(client);
    const again = createQueryClient();
    await restoreOfflineReads(again, 'u1');
    expect(again.getQueryData(requestKeys.list({ locationNo: 'P-1' }))).toBeUndefined();
    expect(again.getQueryData(removalListQueryOptions('P-1').queryKey)).toEqual(list());
  });

  it('offline, the removal list last fetched shows with "offline — last updated at" and its time', async () => {
    const fetchedAt = Date.UTC(2026, 10, 27, 7, 45);
    await keptRemovalList(fetchedAt);
    const queryClient = createQueryClient();
    await restoreOfflineReads(queryClient, 'u1');
    setOnline(false);
    renderWithProviders(
      <>
        <OfflineBanner />
        <AfvoerlijstPage />
      </>,
      { queryClient },
    );
    expect(await screen.findByText('Bouwhek')).toBeTruthy();
    const time = formattersFor('nl-NL').dateTime(new Date(fetchedAt).toISOString());
    expect((await screen.findByTestId('offline-updated-at')).textContent).toBe(
      `Offline — laatst bijgewerkt op ${time}.`,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    // back online, the page refreshes by itself
    const reads = () => fetchMock.mock.calls.filter(([u]) => String(u).endsWith('/RemovalLists/P-1')).length;
    const offlineReads = reads();
    setOnline(true);
    await waitFor(() => expect(reads()).toBeGreaterThan(offlineReads));
  });

  it('offline, a kept page with nothing kept says it is not available offline, never loading without end', async () => {
    const queryClient = createQueryClient();
    setOnline(false);
    renderWithProviders(<AfvoerlijstPage />, { queryClient });
    expect(await screen.findByText('Niet beschikbaar zonder verbinding')).toBeTruthy();
    expect(screen.queryByText(/afvoerlijst is leeg/)).toBeNull();
  });

  it('offline, any other page fails at once and says it is not available offline (never paused, never empty)', async () => {
    const queryClient = createQueryClient();
    setOnline(false);
    renderWithProviders(<Requests />, { queryClient });
    expect(await screen.findByTestId('not-available-offline')).toBeTruthy();
    expect(screen.queryByText('leeg')).toBeNull();
  });
});
