import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { ExitOrderPage, OrderDetailPage, OrdersAanvoerPage, OrdersNaarVerplaatsingPage } from './OrderPages';

// why: the server is the system's edge; the order calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
let failList = false;

const summary = (over: Record<string, unknown> = {}) => ({
  id: 'o1',
  orderNo: 'O-2026-000101',
  kind: 'delivery',
  status: 'done',
  locationNo: 'P-1',
  locationDescription: 'Project P-1',
  orderDate: '2026-11-20',
  plannedDate: '2026-11-23',
  executedDate: '2026-11-23',
  counterpartLocationNo: null,
  counterpartLocationDescription: null,
  depotNo: 'D-UTR',
  depotName: 'Depot Utrecht',
  reference: 'Fase 2',
  requestId: 'r1',
  requestNo: 'A-2026-000042',
  lineCount: 2,
  totalQuantity: 6,
  ...over,
});

const detail = {
  ...summary(),
  transportMeans: 'leveren',
  street: 'Stationsweg 4',
  postcode: '3511 AB',
  city: 'Utrecht',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
  comment: null,
  lines: [
    {
      lineNo: 1,
      itemNo: 'BD-1002',
      description: 'Trilplaat',
      plantNo: 'BD-1002-006',
      quantity: 1,
      comment: null,
    },
    { lineNo: 2, itemNo: 'SK-1010', description: 'Schotten', plantNo: null, quantity: 5, comment: null },
  ],
  costs: [
    { kind: 'transport', description: 'Vrachtwagen', quantity: '1', unitPrice: '95.00', amount: '95.00' },
  ],
  costTotal: '95.00',
  documents: [
    {
      id: 'DMS-PAKBON-O-2026-000101',
      title: 'Pakbon O-2026-000101',
      category: 'Pakbon',
      date: '2026-11-23',
      url: '/api/v2.0/Documents/DMS-PAKBON-O-2026-000101/content',
    },
  ],
  linkedOrder: null,
  exitOrder: null,
};

const exitDetail = {
  id: 'x1',
  exitOrderNo: 'X-2026-000009',
  exitDate: '2026-11-24',
  status: 'final',
  locationNo: 'P-1',
  locationDescription: 'Project P-1',
  orderId: 'o2',
  orderNo: 'O-2026-000102',
  lineCount: 2,
  problemCount: 1,
  damageTotal: '125.50',
  remarks: null,
  lines: [
    {
      lineNo: 1,
      itemNo: 'BD-1002',
      description: 'Trilplaat',
      plantNo: 'BD-1002-006',
      quantity: 1,
      condition: 'damaged',
      remarks: 'Deuk',
      damageAmount: '125.50',
    },
    {
      lineNo: 2,
      itemNo: 'SK-1010',
      description: 'Schotten',
      plantNo: null,
      quantity: 2,
      condition: 'good',
      remarks: null,
      damageAmount: null,
    },
  ],
  photos: [{ id: 'f1', lineNo: 1, caption: 'Deuk in de giek', url: '/api/v2.0/ExitOrders/x1/files/f1' }],
  documents: [],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:photo' }));
  fetchMock.mockReset();
  failList = false;
  signInTest();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantOrders')) {
      if (failList) return json({ code: 'error.server_fout', message: 'x' }, 500);
      const kind = url.searchParams.get('kind');
      return json({
        items: [
          summary({
            kind,
            ...(kind === 'move_to'
              ? { counterpartLocationNo: 'P-2', counterpartLocationDescription: 'Project P-2' }
              : {}),
          }),
        ],
        page: 1,
        pageSize: 25,
        total: 1,
      });
    }
    if (url.pathname.endsWith('/PlantOrders/o1')) return json(detail);
    if (url.pathname.endsWith('/ExitOrders/x1')) return json(exitDetail);
    if (url.pathname.endsWith('/ExitOrders/x1/files/f1'))
      return new Response(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'image/jpeg' } });
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const at = (path: string, pattern: string, element: React.ReactNode) =>
  renderWithProviders(
    <Routes>
      <Route path={pattern} element={element} />
    </Routes>,
    { path },
  );

describe('order lists', () => {
  it("shows the selected location's incoming orders with their request; a search goes to the server", async () => {
    at('/orders/aanvoer', '/orders/aanvoer', <OrdersAanvoerPage />);
    const row = (await screen.findAllByTestId('order-row'))[0] as HTMLElement;
    expect(within(row).getByText('O-2026-000101')).toBeTruthy();
    expect(within(row).getByText('A-2026-000042')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/PlantOrders?'));
    expect(String(call?.[0])).toContain('kind=delivery');
    expect(String(call?.[0])).toContain('plantLocation=P-1');
    fireEvent.change(screen.getByTestId('order-search'), { target: { value: 'Fase' } });
    fireEvent.submit(screen.getByTestId('order-search').closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('query=Fase'))).toBe(true),
    );
  });

  it('a move-to list names where the equipment came from', async () => {
    at('/orders/naar-verplaatsing', '/orders/naar-verplaatsing', <OrdersNaarVerplaatsingPage />);
    expect((await screen.findAllByText('P-2')).length).toBeGreaterThan(0);
  });

  it('an error is shown as an error, not as an empty list', async () => {
    failList = true;
    at('/orders/aanvoer', '/orders/aanvoer', <OrdersAanvoerPage />);
    expect(await screen.findByText('De orders konden niet worden opgehaald.')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen orders gevonden.')).toBeNull();
  });
});

describe('one order and one exit order', () => {
  it('shows lines with plant numbers, the costs with their total, the note and the request', async () => {
    at('/orders/aanvoer/o1', '/orders/aanvoer/:id', <OrderDetailPage />);
    const lines = await screen.findByTestId('order-lines');
    expect(within(lines).getByText('BD-1002-006')).toBeTruthy();
    expect(within(screen.getByTestId('order-costs')).getAllByText(/95,00/).length).toBeGreaterThanOrEqual(2);
    expect(within(screen.getByTestId('order-documents')).getByText(/Pakbon O-2026-000101/)).toBeTruthy();
    expect(screen.getByTestId('order-request').getAttribute('href')).toBe('/aanvragen/r1');
  });

  it('shows each line’s condition, the damage and the photos (fetched with the token)', async () => {
    at('/exitorders/x1', '/exitorders/:id', <ExitOrderPage />);
    const lines = await screen.findByTestId('exit-lines');
    expect(within(lines).getByText('Beschadigd')).toBeTruthy();
    expect(within(lines).getByText('Goed')).toBeTruthy();
    expect(screen.getAllByText(/125,50/).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByRole('img', { name: 'Deuk in de giek' })).toBeTruthy());
    const photoCall = fetchMock.mock.calls.find(([u]) => String(u).includes('/files/f1'));
    expect(new Headers(photoCall?.[1]?.headers as HeadersInit).get('authorization')).toBe('Bearer a');
  });
});
