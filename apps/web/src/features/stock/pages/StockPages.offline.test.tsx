import 'fake-indexeddb/auto';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadQueue } from '../../../shared/offline/queue';
import { resetQueueDb } from '../../../shared/offline/queue-db';
import { offlineQueueStore } from '../../../shared/offline/queue-store';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { plantLocationsAnswer, stockLine, stockPage } from '../../../test/fixtures';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { MaterieelvoorraadPage } from './StockPages';

// Issue #36 point 4 (decision 0031): "Alles retour" without reception is kept on the phone like any removal-list
// change, and the dialog says so and closes — it waited for the stock to be read again, which waits for a network.

// why: the server is the system's edge; offline is what the browser says (navigator.onLine).
const fetchMock = vi.fn<typeof fetch>();
let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(async () => {
  online = true;
  await resetQueueDb();
  resetSnackbars();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantLocations')) return json(plantLocationsAnswer());
    if (url.pathname.includes('/Settings'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    if (url.pathname.includes('/PlantInventoryItems/'))
      return json(stockPage([stockLine('BH-2', null, 5), stockLine('AG-1', 'AG-1-001', 1)]));
    return json({}, 404);
  });
  signInTest();
  await reloadQueue();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('stock page offline', () => {
  it('"Alles retour" offline is kept on the phone: the dialog closes and says so', async () => {
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    await screen.findAllByTestId('stock-row');
    online = false;
    window.dispatchEvent(new Event('offline'));
    fireEvent.click(screen.getByTestId('return-all'));
    fireEvent.click(await screen.findByTestId('confirm-button'));
    // the dialog closes (it waited for the stock to be read again, which pauses without a network)
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('OfflineWachtrij.bewaard'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(offlineQueueStore.get().pending.map((p) => p.change)).toEqual([
      { kind: 'removal.add', locationNo: 'P-1', input: { all: true } },
    ]);
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });
});
