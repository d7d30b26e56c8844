import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../shared/session/session';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { RapportagesPage } from '../pages/ReportPages';
import { statusRows } from './Reports';

// why: the server is the system's edge; GET Reports and Customers are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
const answer = {
  scope: 'customer',
  locationNo: null,
  customer: null,
  from: '2025-11-25',
  to: '2026-11-25',
  locations: 2,
  requestsByStatus: [
    { status: 'done', kind: 'order', count: 5 },
    { status: 'submitted', kind: 'removal', count: 2 },
    { status: 'submitted', kind: 'order', count: 1 },
  ],
  ordersByStatus: [{ status: 'planned', kind: 'delivery', count: 3 }],
  indicators: [
    {
      locationNo: 'P-1',
      description: 'Een',
      openRequests: 3,
      overdueInspections: 1,
      openComplaints: 0,
      overdueInvoices: 0,
    },
    {
      locationNo: 'P-2',
      description: 'Twee',
      openRequests: 0,
      overdueInspections: 0,
      openComplaints: 0,
      overdueInvoices: 0,
    },
  ],
  costs: [
    {
      locationNo: 'P-1',
      description: 'Een',
      openDocuments: 2,
      openAmount: '1210.00',
      overdueAmount: '242.00',
    },
  ],
  costTotals: { openAmount: '1210.00', overdueAmount: '242.00' },
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
    if (url.pathname.endsWith('/Customers'))
      return json({
        customers: [
          {
            id: '6f1c0b1e-0000-4000-8000-000000000001',
            customerNo: 'K-1',
            name: 'Klant Een',
            city: null,
            blocked: false,
          },
        ],
      });
    if (url.pathname.endsWith('/Reports')) return json(answer);
    return json({});
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const reportCalls = () =>
  fetchMock.mock.calls
    .map(([u]) => new URL(String(u), 'http://localhost'))
    .filter((u) => u.pathname.endsWith('/Reports'));

describe('the reports page', () => {
  it('puts status × kind counts in rows, in the status order, without empty statuses', () => {
    expect(
      statusRows(answer.requestsByStatus, ['submitted', 'in_progress', 'done'], ['order', 'removal']),
    ).toEqual([
      { status: 'submitted', order: 1, removal: 2 },
      { status: 'done', order: 5, removal: 0 },
    ]);
  });

  it('shows the four reports; each has a table with the same figures', async () => {
    renderWithProviders(<RapportagesPage />);
    for (const kind of ['requests', 'orders', 'indicators', 'costs'])
      expect(await screen.findByTestId(`report-${kind}`)).toBeTruthy();
    const requests = screen.getByTestId('report-requests');
    fireEvent.click(within(requests).getByRole('radio', { name: 'Tabel' }));
    const table = await within(requests).findByTestId('report-requests-table');
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['StatusBestellingAfvoerTotaal', 'Ingediend123', 'Afgerond505']);
    const costs = screen.getByTestId('report-costs');
    fireEvent.click(within(costs).getByRole('radio', { name: 'Tabel' }));
    const foot = (await within(costs).findByTestId('report-costs-table')).querySelector('tfoot');
    expect(foot?.textContent).toContain('1.210,00');
  });

  it("asks again for another customer (an admin's choice) and another period", async () => {
    renderWithProviders(<RapportagesPage />);
    await screen.findByTestId('report-requests');
    expect(reportCalls()[0]?.searchParams.get('scope')).toBe('customer');
    fireEvent.click(screen.getByTestId('report-months'));
    fireEvent.click(await screen.findByRole('option', { name: '24 maanden' }));
    await waitFor(() => expect(reportCalls().some((u) => u.searchParams.get('months') === '24')).toBe(true));
  });

  it('refuses a user without reports with the reason', async () => {
    signOutTest();
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'u',
        name: 'Jan',
        email: 'j@x.nl',
        isAdmin: false,
        internalExternal: 'Internal',
        language: 'nl-NL',
      },
    });
    renderWithProviders(<RapportagesPage />);
    expect(await screen.findByText(/geen toegang/i)).toBeTruthy();
    expect(reportCalls()).toHaveLength(0);
  });
});
