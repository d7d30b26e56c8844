import type { PlantDetail, StockHistory } from '@mp/contract/api/stock';
import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { MaterieelvoorraadDetailsPage, VoorraadverloopPage } from './StockDetailPages';

const plant: PlantDetail = {
  itemNo: 'AG-1',
  plantNo: 'AG-1-001',
  description: 'Aggregaat',
  serialNo: 'SN-42',
  buildYear: 2019,
  status: 'in_service',
  locationNo: 'P-1',
  onSite: true,
  onSiteSince: '2026-10-01',
  daysOnSite: 54,
  rentalType: 'Verhuur',
  showPrice: false,
  priceOnDemand: true,
  salePrice: null,
  dayPrice: null,
  weekPrice: null,
  weightPerPiece: null,
  imageUrl: null,
  nextInspection: '2026-12-01',
  inspectionLevel: 'warning',
  external: false,
  inspections: [
    {
      inspectedOn: '2025-12-01',
      result: 'approved',
      nextDueDate: '2026-12-01',
      inspector: 'Keurbedrijf',
      remarks: null,
      certificateDocumentId: 'DMS-KEUR-AG-1-001',
    },
  ],
  history: [
    {
      date: '2026-10-01',
      kind: 'delivery',
      locationNo: 'P-1',
      quantity: 1,
      balance: 1,
      orderId: 'o1',
      orderNo: 'O-2026-000001',
      orderKind: 'delivery',
      until: null,
    },
  ],
  onMyRemovalList: 0,
  availableForRemoval: 1,
  canRemove: true,
};

const history: StockHistory = {
  locationNo: 'P-1',
  itemNo: 'BH-1',
  description: 'Bouwhek',
  plantNo: null,
  current: 5,
  showsEmptyPeriods: true,
  entries: [
    {
      date: '2026-05-01',
      kind: 'delivery',
      locationNo: 'P-1',
      quantity: 10,
      balance: 10,
      orderId: 'o1',
      orderNo: 'O-1',
      orderKind: 'delivery',
      until: null,
    },
    {
      date: '2026-06-01',
      kind: 'removal',
      locationNo: 'P-1',
      quantity: -10,
      balance: 0,
      orderId: 'o2',
      orderNo: 'O-2',
      orderKind: 'removal',
      until: null,
    },
    {
      date: '2026-06-01',
      kind: 'empty',
      locationNo: null,
      quantity: 0,
      balance: 0,
      orderId: null,
      orderNo: null,
      orderKind: null,
      until: '2026-06-30',
    },
    {
      date: '2026-07-01',
      kind: 'delivery',
      locationNo: 'P-1',
      quantity: 5,
      balance: 5,
      orderId: 'o3',
      orderNo: 'O-3',
      orderKind: 'delivery',
      until: null,
    },
  ],
};

// why: the server is the system's edge; the plant, history, locations and settings answers are stubbed.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantLocations'))
      return json({
        plantLocations: [
          {
            id: 'P-1',
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
    if (url.pathname.endsWith('/plants/AG-1-001')) return json(plant);
    if (url.pathname.endsWith('/history')) return json(history);
    return json({ code: 'error.niet_gevonden', message: 'Niet gevonden', details: {} }, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

function at(path: string) {
  return renderWithProviders(
    <Routes>
      <Route path="/materieelvoorraad/details/:id/:number" element={<MaterieelvoorraadDetailsPage />} />
      <Route path="/voorraadverloop/:soort/:nummer" element={<VoorraadverloopPage />} />
    </Routes>,
    { path },
  );
}

describe('one plant and the stock history', () => {
  it('shows the plant card, its inspections with a certificate and its history with the order link', async () => {
    at('/materieelvoorraad/details/AG-1/AG-1-001');
    const card = await screen.findByTestId('plant-card');
    expect(within(card).getByText('SN-42')).toBeTruthy();
    expect(within(card).getByText('2019')).toBeTruthy();
    expect(within(card).getByTestId('inspection-badge').dataset.level).toBe('warning');
    expect(
      within(screen.getByTestId('inspection-table')).getByRole('button', { name: /Downloaden/ }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'O-2026-000001' }).getAttribute('href')).toBe(
      '/orders/aanvoer/o1',
    );
    expect(screen.getByRole('button', { name: 'Op afvoerlijst zetten' })).toBeTruthy();
  });

  it('an unknown plant is an error, not an empty page', async () => {
    at('/materieelvoorraad/details/AG-1/NOPE');
    expect((await screen.findByRole('alert')).textContent).toContain(
      'De voorraad kon niet worden opgehaald.',
    );
  });

  it('the history lists movements with running balance and the empty period', async () => {
    at('/voorraadverloop/BH-1/-');
    await screen.findByTestId('history-table');
    expect(screen.getAllByTestId('history-row')).toHaveLength(3);
    expect(screen.getByTestId('history-empty').textContent).toContain('Geen voorraad op de locatie tot');
    expect(screen.getByText('Nu op locatie: 5')).toBeTruthy();
    const called = fetchMock.mock.calls
      .map((c) => new URL(String(c[0]), 'http://localhost'))
      .find((u) => u.pathname.endsWith('/history'));
    expect(called?.pathname).toBe('/api/v2.0/PlantInventoryItems/BH-1/history');
    expect(called?.searchParams.get('plantNo')).toBeNull();
  });
});
