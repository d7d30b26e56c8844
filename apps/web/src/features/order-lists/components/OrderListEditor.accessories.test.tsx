import type { OrderList } from '@mp/contract/api/order-lists';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectLocation } from '../../../shared/session/location';
import { orderListLine } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import { OrderListEditor } from './OrderListEditor';

// Issue #31 item 20: the items delivered with an item hang below its line, say what they come with, and follow its
// amount; only with MeegeleverdeAantalWijzigen (the server marks them editable) can the user type their amount or
// drop them.

const LIST_ID = '11111111-1111-4111-8111-111111111111';
const MAIN = 'aaaaaaaa-0000-4000-8000-000000000001';
const FOOT = 'aaaaaaaa-0000-4000-8000-000000000002';

const listWith = (editable: boolean): OrderList => ({
  id: LIST_ID,
  name: 'Bestellijst',
  locationNo: 'P-1',
  isDefault: true,
  lineCount: 1,
  totalAmount: 6,
  hasDraft: false,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  lines: [
    orderListLine(MAIN, 'BH-1001', 2, { description: 'Bouwhek' }),
    orderListLine(FOOT, 'BHA-1001', 4, { description: 'Bouwhekvoet', parentLineId: MAIN, editable }),
  ],
  savedRequestNo: null,
  canSubmit: true,
  totalWeight: null,
});

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/Settings/all'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    return json({ orderLists: [], multipleLists: false });
  });
  selectLocation({ locationNo: 'P-1', label: 'P-1 - Project' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  selectLocation(null);
});

const row = (itemNo: string) =>
  screen.getAllByTestId('order-line').find((r) => r.dataset.itemNo === itemNo) as HTMLElement;

describe('delivered-with lines on the order list', () => {
  it('follow the item and cannot be changed or dropped without MeegeleverdeAantalWijzigen', async () => {
    renderWithProviders(<OrderListEditor locationNo="P-1" list={listWith(false)} />, {
      path: '/bestellijst',
    });
    const foot = row('BHA-1001');
    expect(foot.dataset.depth).toBe('1');
    expect(within(foot).getByText(/Wordt meegeleverd met Bouwhek/)).toBeTruthy();
    expect(within(foot).queryByRole('textbox')).toBeNull();
    expect(within(foot).queryByRole('button', { name: /Verwijderen/ })).toBeNull();
    expect(within(foot).getByText('4')).toBeTruthy();
    // a typed amount of the item shows its delivered-with items scaled before it is saved
    fireEvent.change(screen.getByTestId('line-amount-BH-1001'), { target: { value: '3' } });
    await act(() => vi.advanceTimersByTimeAsync(10));
    expect(within(row('BHA-1001')).getByText('6')).toBeTruthy();
  });

  it('can be typed and dropped with MeegeleverdeAantalWijzigen', () => {
    renderWithProviders(<OrderListEditor locationNo="P-1" list={listWith(true)} />, { path: '/bestellijst' });
    const foot = row('BHA-1001');
    expect((screen.getByTestId('component-amount-BHA-1001') as HTMLInputElement).value).toBe('4');
    expect(within(foot).getByRole('button', { name: 'Verwijderen: Bouwhekvoet' })).toBeTruthy();
  });
});
