import type { CustomerCosts as Answer } from '@mp/contract/api/costs';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { CustomerCosts } from './CustomerCosts';

// Issue #37 point 1: the cost on site across the customer's locations in the management's reports — the sums, each
// location, the top items; a failure is shown as a failure.

vi.mock('../../../shared/ui/charts/bar-chart', () => ({ default: () => <div data-testid="drawn-chart" /> }));

const fetchMock = vi.fn<typeof fetch>();
const amount = (x: string) => ({ exclVat: x, inclVat: x });
const totals = {
  monthToDate: amount('1287.50'),
  sinceStart: amount('1750.00'),
  projectedMonthEnd: amount('1972.00'),
  projectedProjectEnd: null,
  creditedSinceStart: '0.00',
  perDay: '50.22',
};
const answer: Answer = {
  customerName: 'Van Dijk',
  today: '2026-03-18',
  currency: 'EUR',
  totals: { ...totals, projectedProjectEnd: amount('3074.60') },
  weeks: [{ week: '2026-03-16', byCategory: [{ categoryId: 'costs', amount: '85.00' }], total: '85.00' }],
  categories: [{ id: 'costs', name: '' }],
  locations: [{ locationNo: 'P-1', description: 'Een', endDate: null, endDateState: 'none', totals }],
  topItems: [
    {
      itemNo: 'IT-1',
      description: 'Schaarhoogwerker',
      categoryId: null,
      onSite: 1,
      rentalUnit: 'stuk',
      monthToDate: '10.00',
      sinceStart: '20.00',
      projectedMonthEnd: '30.00',
      projectedProjectEnd: null,
      perDay: '1.00',
    },
  ],
};
let respond: () => Promise<Response>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  respond = async () => json(answer);
  fetchMock.mockImplementation(async () => respond());
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const text = (id: string) => screen.getByTestId(id).textContent?.replace(/\s/g, ' ');

describe("the cost on site in the management's reports", () => {
  it('shows the sums, each location, the chart and the top items', async () => {
    renderWithProviders(<CustomerCosts customerId={undefined} enabled />);
    await screen.findByTestId('report-costs-month');
    expect(text('report-costs-since')).toContain('€ 1.750,00');
    expect(text('report-costs-project-end')).toContain('€ 3.074,60');
    expect(text('report-cost-locations')).toContain('Geen einddatum');
    expect(text('report-cost-items')).toContain('Schaarhoogwerker');
    expect(await screen.findByTestId('drawn-chart')).toBeTruthy();
  });

  it('a failure shows as a failure', async () => {
    respond = async () => json({ code: 'error.server_fout', message: 'x', details: {} }, 500);
    renderWithProviders(<CustomerCosts customerId={undefined} enabled />);
    expect(await screen.findByText('De kosten konden niet worden opgehaald.')).toBeTruthy();
    expect(screen.queryByTestId('report-costs-month')).toBeNull();
  });

  it('not asked for while disabled (an admin has not chosen a customer)', () => {
    renderWithProviders(<CustomerCosts customerId={undefined} enabled={false} />);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
