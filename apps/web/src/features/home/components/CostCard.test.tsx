import type { LocationCosts } from '@mp/contract/api/costs';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import CostCard from './CostCard';

// Issue #37 point 1: the cost card on Home — loading, a failure shown as a failure, the figures, no end date; a user
// without the invoices' area (403) does not see it at all.

const fetchMock = vi.fn<typeof fetch>();
const location = { locationNo: 'P-1', label: 'P-1 Project 1' };
const totals = {
  monthToDate: { exclVat: '1287.50', inclVat: '1557.88' },
  sinceStart: { exclVat: '1750.00', inclVat: '2117.51' },
  projectedMonthEnd: { exclVat: '1972.00', inclVat: '2386.12' },
  projectedProjectEnd: null,
  creditedSinceStart: '0.00',
  perDay: '50.22',
};
const answer = (over: Partial<LocationCosts> = {}): LocationCosts => ({
  locationNo: 'P-1',
  description: 'Project 1',
  today: '2026-03-18',
  since: '2026-02-23',
  endDate: null,
  endDateState: 'none',
  endDateEditable: false,
  currency: 'EUR',
  totals,
  weeks: [],
  categories: [],
  items: [],
  itemCount: 0,
  ...over,
});
let respond: () => Promise<Response>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  respond = async () => json(answer());
  fetchMock.mockImplementation(async () => respond());
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the cost card on Home', () => {
  it('loads, then shows this month, the month end and "no end date"', async () => {
    let release: () => void = () => {};
    respond = () => new Promise((resolve) => (release = () => resolve(json(answer()))));
    renderWithProviders(<CostCard location={location} />);
    expect(await screen.findByRole('status')).toBeTruthy();
    release();
    expect((await screen.findByTestId('home-costs-month')).textContent?.replace(/\s/g, ' ')).toContain(
      '€ 1.287,50',
    );
    expect(screen.getByTestId('home-costs-month-end').textContent?.replace(/\s/g, ' ')).toContain(
      '€ 1.972,00',
    );
    expect(screen.getByTestId('home-costs-project-end').textContent?.replace(/\s/g, ' ')).toContain(
      'Geen einddatum',
    );
    expect(screen.getByRole('link', { name: /Alle kosten/ }).getAttribute('href')).toBe('/kosten');
  });

  it('with an end date: the projection to the project end', async () => {
    respond = async () =>
      json(
        answer({
          endDate: '2026-04-10',
          endDateState: 'set',
          totals: { ...totals, projectedProjectEnd: { exclVat: '3074.60', inclVat: '3720.27' } },
        }),
      );
    renderWithProviders(<CostCard location={location} />);
    expect((await screen.findByTestId('home-costs-project-end')).textContent?.replace(/\s/g, ' ')).toContain(
      '€ 3.074,60',
    );
  });

  it('a failure shows as a failure, not as zero', async () => {
    respond = async () => json({ code: 'error.server_fout', message: 'x', details: {} }, 500);
    renderWithProviders(<CostCard location={location} />);
    expect(await screen.findByText('De kosten konden niet worden opgehaald.')).toBeTruthy();
    expect(screen.queryByTestId('home-costs-month')).toBeNull();
  });

  it('no access to costs (403): no card', async () => {
    respond = async () => json({ code: 'error.geen_toegang', message: 'x', details: {} }, 403);
    const { container } = renderWithProviders(<CostCard location={location} />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="home-costs"]')).toBeNull();
  });
});
