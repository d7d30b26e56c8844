import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { stockLine, stockPage } from '../../../test/fixtures';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { LabelsPage, ScanPage } from './ScanPages';

// why: the server is the system's edge; locations, settings, the scan, the stock and the removal list are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let scanning = true;

const location = (no: string) => ({
  id: no,
  locationNo: no,
  description: `Project ${no}`,
  description2: null,
  blocked: false,
  projectNo: null,
  role: 'user',
  customerName: null,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  scanning = true;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname.endsWith('/PlantLocations'))
      return json({ plantLocations: [location('P-1'), location('P-2')] });
    if (url.pathname.includes('/Settings'))
      return json({
        groupingType: 'all',
        boolValues: { Materieelvoorraad_ScannenEnabled: scanning },
        intValues: {},
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.endsWith('/PlantInventoryItems/scan')) {
      const code = url.searchParams.get('code') ?? '';
      if (code.toUpperCase() === 'AG-1-002')
        return json({
          itemNo: 'AG-1',
          plantNo: 'AG-1-002',
          description: 'Aggregaat',
          locationNo: 'P-2',
          external: false,
        });
      return json(
        { code: 'Materieelvoorraad.scan_niet_gevonden', message: 'Niet gevonden', details: {} },
        404,
      );
    }
    if (url.pathname.endsWith('/RemovalLists/P-2') && method === 'POST')
      return json({ locationNo: 'P-2', lines: [], count: 1 });
    if (url.pathname.includes('/PlantInventoryItems/'))
      return json(
        stockPage(
          [
            stockLine('AG-1', 'AG-1-001', 1, {
              description: 'Aggregaat',
              nextInspection: null,
              inspectionLevel: null,
            }),
          ],
          { pageSize: 250 },
        ),
      );
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('scan page', () => {
  it('a typed plant number shows the piece; putting it on the removal list asks the server for its location', async () => {
    renderWithProviders(<ScanPage />, { path: '/materieelvoorraad/scannen' });
    fireEvent.change(await screen.findByTestId('scan-input'), { target: { value: ' ag-1-002 ' } });
    fireEvent.click(screen.getByTestId('scan-submit'));
    const result = await screen.findByTestId('scan-result');
    expect(result.textContent).toContain('AG-1-002');
    await waitFor(() => expect(result.textContent).toContain('Project P-2'));
    fireEvent.click(screen.getByTestId('scan-remove'));
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('Afvoerlijst.toegevoegd'));
    const post = fetchMock.mock.calls.find(
      ([u, i]) => String(u).includes('/RemovalLists/P-2') && i?.method === 'POST',
    );
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      lines: [{ itemNo: 'AG-1', plantNo: 'AG-1-002', amount: 1 }],
    });
  });

  it('a number that is not on the user’s locations is told, not shown as empty', async () => {
    renderWithProviders(<ScanPage />, { path: '/materieelvoorraad/scannen' });
    fireEvent.change(await screen.findByTestId('scan-input'), { target: { value: 'XX-9' } });
    fireEvent.click(screen.getByTestId('scan-submit'));
    expect((await screen.findByTestId('scan-not-found')).textContent).toBe(
      'Dit materieelnummer staat niet op een van je locaties.',
    );
  });

  it('explains that scanning is switched off', async () => {
    scanning = false;
    renderWithProviders(<ScanPage />, { path: '/materieelvoorraad/scannen' });
    expect(await screen.findByText('Scannen van materieel staat uit.')).toBeTruthy();
    expect(screen.queryByTestId('scan-input')).toBeNull();
  });
});

describe('labels page', () => {
  it('prints one QR label per numbered plant, holding the address of its page', async () => {
    renderWithProviders(<LabelsPage />, { path: '/materieelvoorraad/labels' });
    const labels = await screen.findAllByTestId('label');
    expect(labels).toHaveLength(1);
    expect(labels[0]?.textContent).toContain('AG-1-001');
    const qr = labels[0]?.querySelector('svg[role="img"]');
    expect(qr?.getAttribute('aria-label')).toBe(
      'http://localhost:3000/materieelvoorraad/details/AG-1/AG-1-001'.replace(
        'http://localhost:3000',
        window.location.origin,
      ),
    );
    expect(qr?.querySelector('path')?.getAttribute('d')?.length).toBeGreaterThan(100);
  });
});
