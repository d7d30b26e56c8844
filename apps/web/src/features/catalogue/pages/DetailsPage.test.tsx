import { MantineProvider } from '@mantine/core';
import type { CatalogueItem, ItemDetails } from '@mp/contract/api/catalogue';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render as renderDom, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTheme, defaultBrand } from '../../../app/theme';
import { i18n } from '../../../shared/i18n/i18n';
import { json, signInTest, signOutTest, testQueryClient } from '../../../test/render';
import { DetailsPage } from './DetailsPage';

// Issue #31 item 20: what is delivered with an item (its accessories) shows its amount per piece × the amount
// ordered and goes onto the order list with the item; the user types those amounts only with
// MeegeleverdeAantalWijzigen.

const card = (itemNo: string, description: string): CatalogueItem => ({
  itemNo,
  description,
  imageUrl: null,
  categoryId: null,
  rentalType: 'Verhuur',
  rentalUnit: 'stuk',
  showPrice: false,
  priceOnDemand: false,
  salePrice: null,
  dayPrice: null,
  weekPrice: null,
  weightPerPiece: null,
  techData: [],
});
const details: ItemDetails = {
  ...card('BH-1001', 'Bouwhek'),
  longDescription: null,
  images: [],
  techDataVisible: true,
  documents: [],
  accessories: [
    { ...card('BHA-1001', 'Bouwhekvoet'), amount: 2 },
    { ...card('BHA-1003', 'Bouwhekklem'), amount: 1 },
  ],
  orderTips: [],
  format: { priceDecimals: 2, weightDecimals: 1 },
};
const orderList = {
  id: 'list-1',
  name: 'Bestellijst',
  locationNo: 'P-1',
  isDefault: true,
  lineCount: 0,
  totalAmount: 0,
  hasDraft: false,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};
let chooseWithIt = false;
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/AntiForgery/token')) return json({ token: 'xsrf' });
    if (url.pathname.endsWith('/Settings/all'))
      return json({
        groupingType: 'all',
        boolValues: { MeegeleverdeAantalWijzigen: chooseWithIt, Details_UseRentalUnit: false },
        intValues: {},
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.endsWith('/Categories')) return json({ categories: [] });
    if (url.pathname.endsWith('/PlantTypes/BH-1001')) return json(details);
    if (url.pathname.endsWith('/FavoriteLists')) return json({ lists: [] });
    if (url.pathname.endsWith('/PlantLocations'))
      return json({
        plantLocations: [
          {
            id: 'l1',
            locationNo: 'P-1',
            description: 'Project',
            description2: null,
            blocked: false,
            projectNo: null,
            role: 'user',
            customerName: null,
          },
        ],
      });
    if (url.pathname.endsWith('/orderlistlines') && init?.method === 'POST')
      return json({ ...orderList, lines: [], savedRequestNo: null, canSubmit: true, totalWeight: null });
    if (url.pathname.endsWith('/OrderLists/P-1'))
      return json({ orderLists: [orderList], multipleLists: false });
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

function render() {
  const router = createMemoryRouter([{ path: '/details/:id', element: <DetailsPage /> }], {
    initialEntries: ['/details/BH-1001'],
  });
  renderDom(
    <QueryClientProvider client={testQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={buildTheme(defaultBrand)} env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}
const posted = () =>
  fetchMock.mock.calls
    .filter(([u, i]) => String(u).includes('/orderlistlines') && i?.method === 'POST')
    .map(([, i]) => JSON.parse(String(i?.body)));

describe('delivered with the item on Details', () => {
  it('shows per piece × the amount and adds them below the item (MeegeleverdeAantalWijzigen off)', async () => {
    chooseWithIt = false;
    render();
    await screen.findByText('Bouwhekvoet');
    await waitFor(() => expect(screen.getByTestId('amount-BHA-1001').textContent).toBe('2'));
    expect(screen.getByTestId('amount-BHA-1001').tagName).not.toBe('INPUT');
    fireEvent.change(screen.getByTestId('details-amount'), { target: { value: '3' } });
    expect(screen.getByTestId('amount-BHA-1001').textContent).toBe('6');
    expect(screen.getByTestId('amount-BHA-1003').textContent).toBe('3');
    fireEvent.click(screen.getByTestId('details-add'));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0]).toEqual({
      lines: [
        {
          type: 'item',
          itemNo: 'BH-1001',
          amount: 3,
          accessories: [
            { itemNo: 'BHA-1001', amount: 6 },
            { itemNo: 'BHA-1003', amount: 3 },
          ],
        },
      ],
    });
  });

  it('takes the amounts the user types, 0 leaving one out (MeegeleverdeAantalWijzigen on)', async () => {
    chooseWithIt = true;
    render();
    const foot = (await screen.findByTestId('amount-BHA-1001')) as HTMLInputElement;
    await waitFor(() =>
      expect((screen.getByTestId('amount-BHA-1001') as HTMLInputElement).tagName).toBe('INPUT'),
    );
    expect((screen.getByTestId('amount-BHA-1001') as HTMLInputElement).value).toBe('2');
    fireEvent.change(screen.getByTestId('amount-BHA-1001'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('amount-BHA-1003'), { target: { value: '0' } });
    fireEvent.click(screen.getByTestId('details-add'));
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0].lines[0].accessories).toEqual([
      { itemNo: 'BHA-1001', amount: 1 },
      { itemNo: 'BHA-1003', amount: 0 },
    ]);
    expect(foot).toBeTruthy();
  });
});
