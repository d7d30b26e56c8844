import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../shared/session/session';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { HomePage } from './HomePage';

// The department's Home (issue #31 item 14): its own work — new requests, today's deliveries and collections, open
// complaints — each with its count and a link to the queue with that filter; a customer's Home asks none of it.

const fetchMock = vi.fn<typeof fetch>();

function signInDepartment() {
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'd1',
      name: 'Ruud',
      email: 'materieeldienst@x.nl',
      isAdmin: false,
      internalExternal: 'Internal',
      language: 'nl-NL',
      isDepartment: true,
    },
  });
}

const item = (no: string, over: Record<string, unknown> = {}) => ({
  id: `id-${no}`,
  requestNo: no,
  kind: 'order',
  status: 'submitted',
  locationNo: 'P-24002',
  locationDescription: 'Nieuwbouw school',
  requestedDate: '2026-11-27',
  expectedReturnDate: null,
  plannedDate: null,
  rush: false,
  collect: false,
  reference: null,
  requestedBy: 'Jeroen de Wit',
  lineCount: 1,
  totalAmount: 5,
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
  customerNo: 'K-10045',
  customerName: 'Bouwbedrijf Van Dijk',
  depotNo: null,
  ...over,
});

const counts = { submitted: 0, in_progress: 0, planned: 0, done: 0, cancelled: 0, rejected: 0 };

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    const q = url.searchParams;
    if (url.pathname.endsWith('/Settings/') || url.pathname.includes('/Settings'))
      return json({ settings: {} });
    if (url.pathname.endsWith('/Department/requests')) {
      const page = (items: unknown[], total: number) =>
        json({ items, page: 1, pageSize: 5, total, now: 9, counts: { ...counts, submitted: 7 } });
      if (q.get('status') === 'submitted') return page([item('A-2026-000101', { rush: true })], 7);
      if (q.get('kind') === 'order')
        return page([item('A-2026-000102', { status: 'planned', plannedDate: '2026-01-05' })], 2);
      if (q.get('kind') === 'removal') return page([], 0);
    }
    if (url.pathname.endsWith('/Department/complaints'))
      return json({
        items: [
          {
            id: 'c1',
            complaintNo: 'K-2026-000007',
            type: 'Schade',
            subject: 'Deuk in de container',
            status: 'open',
            locationNo: 'P-24002',
            locationDescription: 'Nieuwbouw school',
            userName: 'Jeroen de Wit',
            createdAt: '2026-11-20T08:00:00.000Z',
            expectedResolutionDate: null,
            resolvedAt: null,
            lastMessageAt: '2026-11-20T08:00:00.000Z',
            lastAuthor: 'user',
            lineCount: 1,
            documentCount: 0,
            customerNo: 'K-10045',
            customerName: 'Bouwbedrijf Van Dijk',
          },
        ],
        page: 1,
        pageSize: 5,
        total: 3,
        counts: { open: 2, in_progress: 1, resolved: 0, closed: 4 },
      });
    return json({ items: [] });
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the department’s Home', () => {
  it('shows its day: new requests, today’s deliveries and collections, open complaints, each linking to its queue', async () => {
    signInDepartment();
    renderWithProviders(<HomePage />);
    const day = await screen.findByTestId('department-day');
    const fresh = within(day).getByTestId('day-new');
    expect(await within(fresh).findByText('A-2026-000101')).toBeTruthy();
    expect(within(fresh).getByTestId('day-count').textContent).toBe('7');
    expect(within(fresh).getByRole('link', { name: 'Toon alle 7' }).getAttribute('href')).toBe(
      '/materieeldienst?status=submitted',
    );

    const deliver = within(day).getByTestId('day-deliver');
    expect(await within(deliver).findByText('A-2026-000102')).toBeTruthy();
    expect(within(deliver).getByText('Te laat')).toBeTruthy();
    const link = within(deliver).getByRole('link', { name: 'Toon alle 2' }).getAttribute('href') ?? '';
    const target = new URL(link, 'http://localhost');
    expect(target.pathname).toBe('/materieeldienst');
    expect(Object.fromEntries(target.searchParams)).toMatchObject({
      status: 'planned',
      kind: 'order',
      tot: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    // the server was asked for exactly that: planned deliveries up to today
    const asked = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.searchParams.get('kind') === 'order');
    expect(asked?.searchParams.get('plannedUntil')).toBe(target.searchParams.get('tot'));

    const collect = within(day).getByTestId('day-collect');
    expect(await within(collect).findByText('Niets.')).toBeTruthy();

    const complaints = within(day).getByTestId('day-complaints');
    expect(await within(complaints).findByText(/K-2026-000007/)).toBeTruthy();
    expect(within(complaints).getByTestId('day-count').textContent).toBe('3');

    expect(within(day).getByTestId('day-now').textContent).toContain('(9)');
    // its own shortcuts, not the customers' order list
    expect(screen.queryByRole('link', { name: 'Bestellijst' })).toBeNull();
  });

  it('a customer’s Home asks nothing of the department', async () => {
    signInTest();
    renderWithProviders(<HomePage />);
    await screen.findByText(/Welkom/);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('department-day')).toBeNull();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Department/'))).toBe(false);
  });
});
