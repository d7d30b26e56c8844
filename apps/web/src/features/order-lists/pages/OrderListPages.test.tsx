import type { OrderList, OrderListSummary } from '@mp/contract/api/order-lists';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { BestellijstPage } from './OrderListPages';

const summary: OrderListSummary = {
  id: '11111111-1111-4111-8111-111111111111',
  name: 'Bestellijst',
  locationNo: 'P-1',
  isDefault: true,
  lineCount: 0,
  totalAmount: 0,
  hasDraft: false,
  createdAt: '2026-11-20T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
};
const emptyList: OrderList = {
  ...summary,
  lines: [],
  savedRequestNo: null,
  canSubmit: false,
  totalWeight: null,
};

// why: the server is the system's edge; the locations, settings and order list answers are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let role: 'user' | 'administration' = 'user';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  role = 'user';
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantLocations'))
      return json({
        plantLocations: [
          {
            id: 'P-1',
            locationNo: 'P-1',
            description: 'Project',
            description2: null,
            blocked: false,
            projectNo: null,
            role,
            customerName: null,
          },
        ],
      });
    if (url.pathname.includes('/Settings'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    if (url.pathname.endsWith('/OrderLists/P-1'))
      return json({ orderLists: [summary], multipleLists: false });
    if (url.pathname.endsWith(`/OrderLists/P-1/${summary.id}`)) return json(emptyList);
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('Bestellijst, empty', () => {
  it('says the list is empty and offers the catalogue', async () => {
    renderWithProviders(<BestellijstPage />, { path: '/bestellijst' });
    expect(await screen.findByText('Je bestellijst is leeg.', { exact: false })).toBeTruthy();
    expect(screen.queryByTestId('read-only-reason')).toBeNull();
  });

  it('tells the read-only role why it cannot fill the list', async () => {
    role = 'administration';
    renderWithProviders(<BestellijstPage />, { path: '/bestellijst' });
    expect(await screen.findByTestId('read-only-reason')).toBeTruthy();
  });
});
