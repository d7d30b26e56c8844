import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { RapportagesPage } from '../pages/ReportPages';

// issue #31 item 19: /rapportages took about 2.9 s to show. The charts library (recharts under Mantine's charts: most
// of the page's code) is a chunk of its own, asked for beside the report's answer; the figures never wait for it.
// The chunk is held back here until the test lets it come (a file of its own: a loaded chunk stays loaded).
let arrive: () => void = () => {};
const arrived = new Promise<void>((resolve) => {
  arrive = resolve;
});
vi.mock('../../../shared/ui/charts/bar-chart', async () => {
  await arrived;
  return { default: () => <div data-testid="drawn-chart" /> };
});

// why: the server is the system's edge; GET Reports is stubbed with an answer the contract allows.
const fetchMock = vi.fn<typeof fetch>();
const answer = {
  scope: 'customer',
  locationNo: null,
  customer: null,
  from: '2025-11-25',
  to: '2026-11-25',
  locations: 1,
  requestsByStatus: [{ status: 'done', kind: 'order', count: 5 }],
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
  fetchMock.mockReset();
  signInAdminTest();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/Reports')) return json(answer);
    return json({ customers: [] });
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the reports page and its charts', () => {
  it('shows the figures while the charts’ code is still on its way, each chart’s place held; then draws them', async () => {
    renderWithProviders(<RapportagesPage />);
    expect((await screen.findByTestId('report-summary')).textContent).toBeTruthy();
    expect(screen.getByTestId('report-costs').textContent).toContain('1.210,00');
    expect(document.querySelectorAll('[data-chart-pending]')).toHaveLength(4);
    expect(screen.queryByTestId('drawn-chart')).toBeNull();
    arrive();
    await waitFor(() => expect(screen.getAllByTestId('drawn-chart')).toHaveLength(4));
    expect(document.querySelectorAll('[data-chart-pending]')).toHaveLength(0);
  });
});
