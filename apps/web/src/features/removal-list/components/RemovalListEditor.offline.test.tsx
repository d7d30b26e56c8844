import 'fake-indexeddb/auto';
import type { RemovalList } from '@mp/contract/api/stock';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drainQueue, reloadQueue } from '../../../shared/offline/queue';
import { resetQueueDb } from '../../../shared/offline/queue-db';
import { plantLocationsAnswer, removalLine, removalList } from '../../../test/fixtures';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { AfvoerlijstPage } from '../pages/AfvoerlijstPage';

// Issue #36 point 4b: a removal-list edit without reception is kept on the phone, shown at once with the line
// marked as waiting, and sent with its Idempotency-Key when reception returns.

const LINE = '11111111-1111-4111-8111-111111111111';
const list = (amount: number): RemovalList =>
  removalList([removalLine({ lineId: LINE, returnAmount: amount })]);

const fetchMock = vi.fn<typeof fetch>();
const patches = () =>
  fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET').toUpperCase() === 'PATCH');
let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });

beforeEach(async () => {
  online = true;
  await resetQueueDb();
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname.endsWith('/PlantLocations')) return json(plantLocationsAnswer());
    if (url.pathname.includes('/Settings'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    if (url.pathname.endsWith(`/RemovalLists/P-1/lines/${LINE}`) && method === 'PATCH')
      return json(list(JSON.parse(String(init?.body)).amount));
    if (url.pathname.endsWith('/RemovalLists/P-1')) return json(list(2));
    return json({}, 404);
  });
  signInTest();
  await reloadQueue();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('Afvoerlijst offline', () => {
  it('an amount changed offline shows at once, marked as waiting, and is sent with its key when online', async () => {
    renderWithProviders(<AfvoerlijstPage />, { path: '/afvoerlijst' });
    const input = (await screen.findByTestId('return-amount-BH-1')) as HTMLInputElement;
    online = false;
    fireEvent.change(input, { target: { value: '3' } });
    await screen.findByTestId('line-waiting', {}, { timeout: 3000 });
    expect(patches()).toHaveLength(0);
    expect((screen.getByTestId('return-amount-BH-1') as HTMLInputElement).value).toBe('3');
    expect(screen.getByTestId('removal-pieces').textContent).toContain('3');

    online = true;
    await drainQueue();
    expect(patches()).toHaveLength(1);
    const [, init] = patches()[0];
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 3 });
    expect(((init?.headers ?? {}) as Record<string, string>)['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(screen.queryByTestId('line-waiting')).toBeNull());
  });
});
