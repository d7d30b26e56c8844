import 'fake-indexeddb/auto';
import type { OrderList, OrderListLine } from '@mp/contract/api/order-lists';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueueNotice } from '../../../shared/offline/QueueNotice';
import { reloadQueue } from '../../../shared/offline/queue';
import { resetQueueDb } from '../../../shared/offline/queue-db';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { orderListLine, plantLocationsAnswer } from '../../../test/fixtures';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { BestellijstPage } from './OrderListPages';

// Issue #36 point 4: deleting an order-list line and clearing the order list without reception are kept on the
// phone like the other order-list changes — shown at once (the line goes, the list empties), listed as waiting,
// sent with their own Idempotency-Key when reception returns, and a refusal of the server shown.

const LIST_ID = '11111111-1111-4111-8111-111111111111';
const L1 = 'aaaaaaaa-0000-4000-8000-000000000001';
const L2 = 'aaaaaaaa-0000-4000-8000-000000000002';

const line = (lineId: string, itemNo: string, amount: number) => orderListLine(lineId, itemNo, amount);

const listOf = (lines: OrderListLine[]): OrderList => ({
  id: LIST_ID,
  name: 'Bestellijst',
  locationNo: 'P-1',
  isDefault: true,
  lineCount: lines.length,
  totalAmount: lines.reduce((n, l) => n + l.amount, 0),
  hasDraft: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  lines,
  savedRequestNo: null,
  canSubmit: lines.length > 0,
  totalWeight: null,
});

// why: the server is the system's edge; `server` is the list it holds, a DELETE changes it (or is refused)
const fetchMock = vi.fn<typeof fetch>();
let server: OrderListLine[] = [];
let refuseDelete = false;
const deletes = () =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'DELETE');
let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(async () => {
  online = true;
  refuseDelete = false;
  server = [line(L1, 'BH-1', 2), line(L2, 'BH-2', 1)];
  await resetQueueDb();
  resetSnackbars();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname.endsWith('/PlantLocations')) return json(plantLocationsAnswer());
    if (url.pathname.includes('/Settings'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    if (url.pathname.endsWith('/OrderLists/P-1'))
      return json({ orderLists: [listOf(server)], multipleLists: false });
    const lineDelete = url.pathname.match(/\/orderlistlines\/([^/]+)$/);
    if (lineDelete && method === 'DELETE') {
      if (refuseDelete)
        return json(
          { code: 'error.regel_niet_gevonden', message: 'Deze regel staat niet (meer) op de bestellijst.' },
          404,
        );
      server = server.filter((l) => l.lineId !== lineDelete[1]);
      return json(listOf(server));
    }
    if (url.pathname.endsWith(`/${LIST_ID}/orderlistlines`) && method === 'DELETE') {
      server = [];
      return json(listOf(server));
    }
    if (url.pathname.endsWith(`/OrderLists/P-1/${LIST_ID}`)) return json(listOf(server));
    return json({}, 404);
  });
  signInTest();
  await reloadQueue();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const page = () =>
  renderWithProviders(
    <>
      <QueueNotice />
      <BestellijstPage />
    </>,
    { path: '/bestellijst' },
  );
const keyOf = (init: RequestInit | undefined) =>
  ((init?.headers ?? {}) as Record<string, string>)['idempotency-key'];
const goOnline = () =>
  act(async () => {
    online = true;
    window.dispatchEvent(new Event('online'));
  });
const snackbars = () => {
  const { current, queue } = snackbarStore.get();
  return [current, ...queue].map((s) => s?.key);
};

describe('Bestellijst offline: deleting a line and clearing the list', () => {
  it('a line deleted offline goes at once, waits in the queue, and is sent with its key when online', async () => {
    page();
    await screen.findByTestId('remove-BH-1');
    online = false;
    fireEvent.click(screen.getByTestId('remove-BH-1'));
    fireEvent.click(await screen.findByTestId('confirm-button'));

    await waitFor(() => expect(screen.queryByTestId('remove-BH-1')).toBeNull());
    expect(screen.getByTestId('remove-BH-2')).toBeTruthy();
    expect(deletes()).toHaveLength(0);
    expect(screen.getAllByTestId('offline-queue-item').map((e) => e.textContent)).toEqual([
      'Bestellijst: Artikel BH-1 verwijderd',
    ]);
    // kept, not done: no "line removed" yet
    expect(snackbars()).toEqual(['OfflineWachtrij.bewaard']);

    await goOnline();
    await waitFor(() => expect(screen.queryByTestId('offline-queue')).toBeNull());
    expect(deletes()).toHaveLength(1);
    const [url, init] = deletes()[0];
    expect(String(url)).toBe(`/api/v2.0/OrderLists/P-1/${LIST_ID}/orderlistlines/${L1}`);
    expect(keyOf(init)).toMatch(/^[0-9a-f-]{36}$/);
    expect(server.map((l) => l.itemNo)).toEqual(['BH-2']);
    expect(screen.queryByTestId('remove-BH-1')).toBeNull();
  });

  it('the list cleared offline is empty at once, waits in the queue, and is emptied on the server when online', async () => {
    page();
    await screen.findByTestId('clear-list');
    online = false;
    fireEvent.click(screen.getByTestId('clear-list'));
    fireEvent.click(await screen.findByTestId('confirm-button'));

    await screen.findByText('Je bestellijst is leeg.', { exact: false });
    expect(deletes()).toHaveLength(0);
    expect(screen.getAllByTestId('offline-queue-item').map((e) => e.textContent)).toEqual([
      'Bestellijst leeggemaakt (Bestellijst)',
    ]);

    await goOnline();
    await waitFor(() => expect(screen.queryByTestId('offline-queue')).toBeNull());
    expect(deletes()).toHaveLength(1);
    const [url, init] = deletes()[0];
    expect(String(url)).toBe(`/api/v2.0/OrderLists/P-1/${LIST_ID}/orderlistlines`);
    expect(keyOf(init)).toMatch(/^[0-9a-f-]{36}$/);
    expect(server).toEqual([]);
  });

  it('a queued delete the server refuses is shown with its reason, and the list is read again', async () => {
    page();
    await screen.findByTestId('remove-BH-1');
    online = false;
    fireEvent.click(screen.getByTestId('remove-BH-1'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    await waitFor(() => expect(screen.queryByTestId('remove-BH-1')).toBeNull());

    refuseDelete = true;
    await goOnline();
    const refused = await screen.findByTestId('offline-queue-refused');
    expect(refused.textContent).toContain(
      'Bestellijst: Artikel BH-1 verwijderd: Deze regel staat niet (meer) op de bestellijst.',
    );
    // what the page showed of the change goes: the server still has the line
    expect(await screen.findByTestId('remove-BH-1')).toBeTruthy();
  });
});
