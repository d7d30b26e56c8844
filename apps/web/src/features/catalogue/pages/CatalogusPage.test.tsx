import { MantineProvider } from '@mantine/core';
import type { CatalogueItem, CataloguePage, Facets } from '@mp/contract/api/catalogue';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildTheme, defaultBrand } from '../../../app/theme';
import { clearSelection, selectionStore } from '../../../shared/catalogue/selection';
import { i18n } from '../../../shared/i18n/i18n';
import { selectLocation } from '../../../shared/session/location';
import { endSession, startSession } from '../../../shared/session/session';
import { json, testQueryClient } from '../../../test/render';
import { CatalogusPage } from './CatalogusPage';

const CATEGORY = '44444444-4444-4444-8444-444444444444';
const [A, B, C, D] = ['a', 'b', 'c', 'd'].map((x) => `${x.repeat(8)}-0000-4000-8000-000000000000`);

const item = (itemNo: string): CatalogueItem => ({
  itemNo,
  description: `Aggregaat ${itemNo}`,
  imageUrl: null,
  categoryId: CATEGORY,
  rentalType: 'Verhuur',
  rentalUnit: 'stuk',
  showPrice: true,
  priceOnDemand: false,
  salePrice: null,
  dayPrice: '12.50',
  weekPrice: '50.00',
  weightPerPiece: '100.0',
  techData: [],
});
const opt = (attributeId: string, label: string, count: number, selected = false) => ({
  attributeId,
  code: label.toLowerCase(),
  label,
  count,
  selected,
});
const facets = (options: ReturnType<typeof opt>[]): Facets => ({
  booleanGroups: [{ key: 'technisch', label: 'Technische gegevens', options }],
  dayPrice: null,
  weekPrice: null,
});
const page = (items: CatalogueItem[], f: Facets): CataloguePage => ({
  category: { id: CATEGORY, parent: '00000000-0000-0000-0000-000000000000', name: 'Aggregaten' },
  items,
  total: items.length,
  pageNumber: 1,
  pageSize: 50,
  sortBy: 'default',
  facets: f,
  format: { priceDecimals: 2, weightDecimals: 1 },
});

// why: the server is the system's edge; it answers the unfiltered page, and a narrowed one for bool=A.
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/AntiForgery/token')) return json({ token: 'xsrf' });
    if (url.pathname.endsWith('/Categories')) return json({ categories: [] });
    if (url.pathname.endsWith('/Settings/all'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    if (url.pathname.startsWith('/api/v2.0/Products/')) {
      if (url.searchParams.get('bool') === A)
        return json(
          page(
            [item('G-1'), item('G-2')],
            facets([
              opt(A, 'Diesel', 2, true),
              opt(B, 'Benzine', 0),
              opt(C, 'Geluidgedempt', 1),
              opt(D, 'Accu', 0),
            ]),
          ),
        );
      return json(
        page(
          [item('G-1'), item('G-2'), item('G-3'), item('G-4')],
          facets([opt(A, 'Diesel', 2), opt(B, 'Benzine', 1), opt(C, 'Geluidgedempt', 1), opt(D, 'Accu', 1)]),
        ),
      );
    }
    if (url.pathname.includes('/OrderLists/P-1') && (init?.method ?? 'GET') === 'GET')
      return json({
        orderLists: [
          {
            id: 'list-1',
            name: 'Bestellijst',
            locationNo: 'P-1',
            isDefault: true,
            lineCount: 0,
            totalAmount: 0,
            hasDraft: false,
            createdAt: '',
            updatedAt: '',
          },
        ],
        multipleLists: false,
      });
    return json({}, 404);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  endSession('logout');
  selectLocation(null);
  clearSelection();
});

function renderCatalogue(category = CATEGORY) {
  const router = createMemoryRouter([{ path: '/catalogus/:category', element: <CatalogusPage /> }], {
    initialEntries: [`/catalogus/${category}`],
  });
  render(
    <QueryClientProvider client={testQueryClient()}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={buildTheme(defaultBrand)} env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return router;
}

const options = () =>
  within(screen.getByTestId('facet-technisch'))
    .getAllByRole('checkbox')
    .map((c) =>
      (c as HTMLInputElement).closest('.mantine-Checkbox-root')?.textContent?.replace(/\s+/g, ' ').trim(),
    );

describe('catalogue filters', () => {
  it('show three options, then more; a first choice narrows the others, unchecking restores them', async () => {
    const router = renderCatalogue();
    await screen.findAllByTestId('item-card');
    expect(options()).toEqual(['Diesel(2)', 'Benzine(1)', 'Geluidgedempt(1)']);
    fireEvent.click(screen.getByRole('button', { name: 'Meer opties' }));
    expect(options()).toHaveLength(4);

    fireEvent.click(screen.getByRole('checkbox', { name: /Diesel/ }));
    await waitFor(() => expect(router.state.location.search).toBe(`?bool=${A}`));
    await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(2));
    expect(options()).toEqual(['Diesel(2)', 'Geluidgedempt(1)']);
    expect((screen.getByRole('checkbox', { name: /Diesel/ }) as HTMLInputElement).checked).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: /Diesel/ }));
    await waitFor(() => expect(screen.getAllByTestId('item-card')).toHaveLength(4));
    expect(router.state.location.search).toBe('');
    expect(options()).toEqual(['Diesel(2)', 'Benzine(1)', 'Geluidgedempt(1)', 'Accu(1)']);
  });

  it('adds every card with an amount in one call and clears the selection', async () => {
    startSession({
      accessToken: 'token',
      refreshToken: 'refresh',
      expiresAt: Math.floor(Date.now() / 1000) + 3600,
      user: {
        id: 'u1',
        name: 'Jeroen de Wit',
        email: 'uitvoerder@vandijk.nl',
        isAdmin: false,
        internalExternal: 'Internal',
        language: 'nl-NL',
      },
    });
    selectLocation({ locationNo: 'P-1', label: 'P-1' });
    const base = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST' && String(input).includes('/orderlistlines'))
        return json({
          id: 'list-1',
          name: 'Bestellijst',
          locationNo: 'P-1',
          isDefault: true,
          lineCount: 2,
          totalAmount: 7,
          hasDraft: false,
          createdAt: '2026-01-01T00:00:00.000Z',
          updatedAt: '2026-01-01T00:00:00.000Z',
          lines: [],
          savedRequestNo: null,
          canSubmit: true,
          totalWeight: null,
        });
      return base(input, init);
    });
    renderCatalogue();
    await screen.findAllByTestId('item-card');
    fireEvent.change(screen.getByTestId('amount-G-1'), { target: { value: '2' } });
    fireEvent.change(screen.getByTestId('amount-G-3'), { target: { value: '5' } });
    fireEvent.change(screen.getByTestId('amount-G-4'), { target: { value: '1' } });
    // an emptied amount removes that selection
    fireEvent.change(screen.getByTestId('amount-G-4'), { target: { value: '' } });
    expect(screen.getByText('Geselecteerd: 2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('add-selection'));
    await waitFor(() => expect(selectionStore.get().size).toBe(0));
    const post = fetchMock.mock.calls.find((c) => c[1]?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/v2.0/OrderLists/P-1/list-1/orderlistlines');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      lines: [
        { type: 'item', itemNo: 'G-1', amount: 2 },
        { type: 'item', itemNo: 'G-3', amount: 5 },
      ],
    });
  });

  it('asks an anonymous visitor to sign in instead of adding', async () => {
    renderCatalogue();
    await screen.findAllByTestId('item-card');
    fireEvent.change(screen.getByTestId('amount-G-2'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('add-selection'));
    expect(
      await screen.findByText('Log in om materieel aan je bestellijst toe te voegen en te bestellen.'),
    ).toBeTruthy();
    expect(fetchMock.mock.calls.some((c) => c[1]?.method === 'POST')).toBe(false);
    // the selection stays for after signing in
    expect(selectionStore.get().get('G-2')).toBe(1);
  });

  it('shows an address whose category is not an id (a code, a typo) as not found, without asking the server', async () => {
    renderCatalogue('AFZ');
    expect(await screen.findByText('Het gevraagde item is niet gevonden.')).toBeTruthy();
    expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('/Products/'))).toBe(false);
  });
});
