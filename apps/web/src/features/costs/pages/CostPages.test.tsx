import type { LocationCosts } from '@mp/contract/api/costs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectLocation } from '../../../shared/session/location';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { KostenPage } from './CostPages';

// Issue #37 point 1: the cost page's states — loading, a failure shown as a failure (never as "no costs"), nothing
// yet, no end date (said so, no projection to the project's end), the figures in the language's money format, the
// chart and the top 10 with every item and plant on request.

vi.mock('../../../shared/ui/charts/bar-chart', () => ({
  default: (p: { series: Array<{ label: string }> }) => (
    <div data-testid="drawn-chart">{p.series.map((s) => s.label).join('|')}</div>
  ),
}));

const fetchMock = vi.fn<typeof fetch>();
const figures = (x: string) => ({
  monthToDate: x,
  sinceStart: x,
  projectedMonthEnd: x,
  projectedProjectEnd: null,
  perDay: '1.00',
});
function answer(over: Partial<LocationCosts> = {}): LocationCosts {
  const items = allItems();
  return {
    itemCount: 12,
    locationNo: 'P-1',
    description: 'Project 1',
    today: '2026-03-18',
    since: '2026-02-23',
    endDate: null,
    endDateState: 'none',
    endDateEditable: true,
    currency: 'EUR',
    totals: {
      monthToDate: { exclVat: '1287.50', inclVat: '1557.88' },
      sinceStart: { exclVat: '1750.00', inclVat: '2117.51' },
      projectedMonthEnd: { exclVat: '1972.00', inclVat: '2386.12' },
      projectedProjectEnd: null,
      creditedSinceStart: '0.00',
      perDay: '50.22',
    },
    weeks: [
      {
        week: '2026-03-16',
        byCategory: [
          { categoryId: 'cat-1', amount: '120.00' },
          { categoryId: 'costs', amount: '85.00' },
        ],
        total: '205.00',
      },
    ],
    categories: [
      { id: 'cat-1', name: 'Hekwerk' },
      { id: 'costs', name: '' },
    ],
    items: items.slice(0, 10),
    ...over,
  };
}
const allItems = () =>
  Array.from({ length: 12 }, (_, i) => ({
    itemNo: `IT-${i + 1}`,
    description: `Item ${i + 1}`,
    categoryId: 'cat-1',
    onSite: 2,
    rentalUnit: 'stuk',
    ...figures(String(100 - i)),
    plants: i === 0 ? [{ plantNo: 'PL-1', onSite: 1, ...figures('60') }] : [],
  }));
let respond: () => Promise<Response> = async () => json(answer());

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  selectLocation({ locationNo: 'P-1', label: 'P-1 Project 1' });
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantLocations/P-1/costs')) return respond();
    if (url.pathname.endsWith('/PlantLocations/P-1/costs/items')) return json({ items: allItems() });
    return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
  });
});
afterEach(() => {
  respond = async () => json(answer());
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the cost page', () => {
  it('shows loading, then the figures in Dutch money, the chart by category and the top 10', async () => {
    let release: () => void = () => {};
    respond = () => new Promise((resolve) => (release = () => resolve(json(answer()))));
    renderWithProviders(<KostenPage />);
    expect(await screen.findByRole('status')).toBeTruthy();
    release();
    expect((await screen.findByTestId('cost-month-amount')).textContent?.replace(/\s/g, ' ')).toBe(
      '€ 1.287,50',
    );
    expect(screen.getByTestId('cost-month').textContent?.replace(/\s/g, ' ')).toContain(
      '€ 1.557,88 incl. btw',
    );
    expect(screen.getByTestId('cost-since-start-amount').textContent?.replace(/\s/g, ' ')).toBe('€ 1.750,00');
    expect(screen.getByTestId('cost-month-end').textContent?.replace(/\s/g, ' ')).toContain(
      '€ 50,22 per dag',
    );
    expect((await screen.findByTestId('drawn-chart')).textContent?.replace(/\s/g, ' ')).toBe(
      'Hekwerk|Transport en handling',
    );
    expect(screen.getAllByTestId('cost-item')).toHaveLength(10);
    fireEvent.click(screen.getByTestId('cost-items-all'));
    await waitFor(() => expect(screen.getAllByTestId('cost-item')).toHaveLength(12));
    expect(within(screen.getByTestId('cost-plant')).getByText('Materieelstuk PL-1')).toBeTruthy();
  });

  it('without an end date: says so, links to the location data and shows no projection to the project end', async () => {
    renderWithProviders(<KostenPage />);
    const notice = await screen.findByTestId('cost-no-end-date');
    expect(notice.textContent).toContain('geen verwachte einddatum');
    expect(within(notice).getByRole('link').getAttribute('href')).toBe('/locatie-gegevens');
    expect(screen.getByTestId('cost-project-end').textContent?.replace(/\s/g, ' ')).toContain(
      'Geen einddatum',
    );
    expect(screen.queryByTestId('cost-project-end-amount')).toBeNull();
  });

  it('with an end date: the projection, no notice', async () => {
    respond = async () =>
      json(
        answer({
          endDate: '2026-04-10',
          endDateState: 'set',
          totals: {
            ...answer().totals,
            projectedProjectEnd: { exclVat: '3074.60', inclVat: '3720.27' },
          },
        }),
      );
    renderWithProviders(<KostenPage />);
    expect((await screen.findByTestId('cost-project-end-amount')).textContent?.replace(/\s/g, ' ')).toBe(
      '€ 3.074,60',
    );
    expect(screen.queryByTestId('cost-no-end-date')).toBeNull();
  });

  it('a failure is a failure with a retry, never "no costs"', async () => {
    respond = async () => json({ code: 'error.server_fout', message: 'x', details: {} }, 500);
    renderWithProviders(<KostenPage />);
    expect(await screen.findByText('De kosten konden niet worden opgehaald.')).toBeTruthy();
    expect(screen.queryByText(/nog geen kosten/)).toBeNull();
    respond = async () => json(answer());
    fireEvent.click(screen.getByRole('button', { name: /opnieuw/i }));
    await waitFor(() => expect(screen.getByTestId('cost-month-amount')).toBeTruthy());
  });

  it('nothing on the location yet: the empty state', async () => {
    respond = async () =>
      json(
        answer({
          items: [],
          itemCount: 0,
          since: null,
          totals: { ...answer().totals, sinceStart: { exclVat: '0.00', inclVat: '0.00' } },
        }),
      );
    renderWithProviders(<KostenPage />);
    expect(await screen.findByText(/nog geen huurmaterieel/)).toBeTruthy();
  });

  it('without a location: asks for one and asks the server nothing', async () => {
    selectLocation(null);
    renderWithProviders(<KostenPage />);
    expect(await screen.findByTestId('location-prompt')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/costs'))).toBe(false);
  });
});
