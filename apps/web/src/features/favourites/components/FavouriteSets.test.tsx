import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { FavouriteSets } from './FavouriteSets';

// Issue #31 item 20: Favorieten lists the sets of FavorietenSets; "add set" puts one set at its own amounts on the
// selected location's order list.

const summary = (setNo: string) => ({
  id: `id-${setNo}`,
  setNo,
  description: `Afzetting ${setNo}`,
  longDescription: null,
  imageUrl: null,
  lineCount: 5,
  favourite: true,
});
let favourites: ReturnType<typeof summary>[] = [];
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
const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/AntiForgery/token')) return json({ token: 'xsrf' });
    if (url.pathname.endsWith('/Sets') && url.searchParams.get('favourites') === 'true')
      return json({ sets: favourites });
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
      return json({
        ...orderList,
        lineCount: 1,
        totalAmount: 1,
        lines: [],
        savedRequestNo: null,
        canSubmit: true,
        totalWeight: null,
      });
    if (url.pathname.endsWith('/OrderLists/P-1'))
      return json({ orderLists: [orderList], multipleLists: false });
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const posted = () =>
  fetchMock.mock.calls
    .filter(([u, i]) => String(u).includes('/orderlistlines') && i?.method === 'POST')
    .map(([u, i]) => ({ url: String(u), body: JSON.parse(String(i?.body)) }));

describe('favourite sets on Favorieten', () => {
  it('lists the favourite sets and adds one set to the order list', async () => {
    favourites = [summary('SET-002'), summary('SET-001')];
    renderWithProviders(<FavouriteSets />);
    const rows = await screen.findAllByTestId('favourite-set');
    expect(rows.map((r) => within(r).getByRole('link').textContent)).toEqual([
      'Set: Afzetting SET-002',
      'Set: Afzetting SET-001',
    ]);
    expect(within(rows[1]).getByRole('link').getAttribute('href')).toBe('/set/SET-001');
    fireEvent.click(
      within(rows[1]).getByRole('button', { name: 'Set toevoegen aan bestellijst: Afzetting SET-001' }),
    );
    await waitFor(() => expect(posted()).toHaveLength(1));
    expect(posted()[0].url).toContain('/OrderLists/P-1/list-1/orderlistlines');
    expect(posted()[0].url).not.toContain('childLinesIncluded');
    expect(posted()[0].body).toEqual({ lines: [{ type: 'set', itemNo: 'SET-001', amount: 1 }] });
  });

  it('shows nothing while no set is a favourite', async () => {
    favourites = [];
    renderWithProviders(<FavouriteSets />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('favourites=true'))).toBe(true),
    );
    expect(screen.queryByTestId('favourite-sets')).toBeNull();
    expect(screen.queryByRole('heading')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
