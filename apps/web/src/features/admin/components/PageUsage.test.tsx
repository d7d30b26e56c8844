import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { PaginaGebruikPage } from '../pages/ReportPages';
import { screenOf, viewsPerDay, viewsPerScreen } from './PageUsage';

// why: the server is the system's edge; GET statistics is stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
const stats = {
  daysInPast: 3,
  from: '2026-03-01',
  to: '2026-03-03',
  rows: [
    { date: '2026-03-01', page: '/details/AG-1004', views: 4 },
    { date: '2026-03-01', page: '/', views: 2 },
    { date: '2026-03-03', page: '/details/BH-1001', views: 3 },
    { date: '2026-03-03', page: '/onbekend/pad', views: 1 },
  ],
  totals: [
    { page: '/details/AG-1004', views: 4 },
    { page: '/details/BH-1001', views: 3 },
    { page: '/', views: 2 },
    { page: '/onbekend/pad', views: 1 },
  ],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  fetchMock.mockReset();
  signInAdminTest();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/statistics'))
      return json({ ...stats, daysInPast: Number(url.searchParams.get('daysInPast')) });
    return json({
      groupingType: 'all',
      boolValues: { EnablePageTracking: true },
      intValues: {},
      stringValues: {},
      multiStrings: {},
    });
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('page usage', () => {
  it('groups paths into screens and fills the days without views', () => {
    expect(screenOf('/details/AG-1004')).toBe('Details');
    expect(screenOf('/')).toBe('Home');
    expect(screenOf('/onbekend/pad')).toBeNull();
    expect(viewsPerDay(stats)).toEqual([
      { date: '2026-03-01', views: 6 },
      { date: '2026-03-02', views: 0 },
      { date: '2026-03-03', views: 4 },
    ]);
    expect(viewsPerScreen(stats)).toEqual([
      { screen: 'Details', known: true, views: 7 },
      { screen: 'Home', known: true, views: 2 },
      { screen: '/onbekend/pad', known: false, views: 1 },
    ]);
  });

  it('shows the totals, the screens with their share and the same figures as a table', async () => {
    renderWithProviders(<PaginaGebruikPage />);
    const summary = await screen.findByTestId('usage-summary');
    expect(summary.textContent).toContain('10');
    const screens = screen.getByTestId('usage-screen-table');
    expect(
      within(screens)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['SchermWeergaven%', 'Materieeldetails770,0', 'Home220,0', '/onbekend/pad110,0']);
    fireEvent.click(screen.getByRole('radio', { name: 'Tabel' }));
    const days = await screen.findByTestId('usage-day-table');
    expect(within(days).getAllByRole('row')).toHaveLength(4);
  });

  it("says whose views they are: the portal's for an admin, the own organisation's for management", async () => {
    renderWithProviders(<PaginaGebruikPage />);
    expect((await screen.findByTestId('usage-scope')).textContent).toMatch(/in het portaal/);
  });

  it('asks the server for the chosen period', async () => {
    renderWithProviders(<PaginaGebruikPage />);
    await screen.findByTestId('usage-summary');
    fireEvent.click(screen.getByRole('radio', { name: '7 dagen' }));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('daysInPast=7'))).toBe(true),
    );
  });
});
