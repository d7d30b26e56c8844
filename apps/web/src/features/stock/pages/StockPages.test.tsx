import type { IdleEquipment } from '@mp/contract/api/idle';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { stockLine, stockPage } from '../../../test/fixtures';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { MaterieelvoorraadPage } from './StockPages';

const line = stockLine;
const page = stockPage;

const location = (role: 'user' | 'administration') => ({
  id: 'P-1',
  locationNo: 'P-1',
  description: 'Project',
  description2: null,
  blocked: false,
  projectNo: null,
  role,
  customerName: null,
});

// why: the server is the system's edge; the stock, locations and settings answers are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let stockAnswer: () => Response;
let role: 'user' | 'administration' = 'user';
let exportOn = false;
let idleAnswer: IdleEquipment | null = null;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  role = 'user';
  exportOn = false;
  idleAnswer = null;
  stockAnswer = () =>
    json(page([line('BH-2', null, 5), line('AG-1', 'AG-1-001', 1), line('SK-9', null, 12)]));
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantLocations')) return json({ plantLocations: [location(role)] });
    if (url.pathname.includes('/Settings'))
      return json({
        groupingType: 'all',
        boolValues: {
          Materieelvoorraad_NietMeerAfvoeren: false,
          Materieelvoorraad_ShowExportVoorraad: exportOn,
        },
        intValues: { Prijzen_AantalDecimalen: 2 },
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.includes('/PlantInventoryItems/')) return stockAnswer();
    if (url.pathname.includes('/IdleEquipment/'))
      return json(
        idleAnswer ?? {
          locationNo: 'P-1',
          idleAfterDays: 14,
          lines: [],
          pieces: 0,
          fewestDays: null,
          projectEnd: null,
          pricesShown: false,
          perDay: null,
          saving: null,
          canRemove: true,
          inspectionsDue: [],
        },
      );
    if (url.pathname.includes('/RemovalLists/') && init?.method === 'POST')
      return json({ locationNo: 'P-1', lines: [], count: 2 });
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const stockCalls = () =>
  fetchMock.mock.calls
    .map((c) => new URL(String(c[0]), 'http://localhost'))
    .filter((u) => u.pathname.includes('/PlantInventoryItems/'));

describe('stock page', () => {
  it('renders a row per line with plant link, days on site and the inspection colour', async () => {
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    const rows = await screen.findAllByTestId('stock-row');
    expect(rows.map((r) => r.dataset.key)).toEqual(['BH-2', 'AG-1/AG-1-001', 'SK-9']);
    expect(within(rows[1]).getByRole('link', { name: 'AG-1-001' }).getAttribute('href')).toBe(
      '/materieelvoorraad/details/AG-1/AG-1-001',
    );
    expect(within(rows[1]).getByTestId('inspection-badge').dataset.level).toBe('danger');
    expect(screen.getByRole('status').textContent).toContain('18');
    expect(stockCalls()[0].searchParams.get('plantLocation')).toBe('P-1');
  });

  it('labels a hired-in plant as external', async () => {
    stockAnswer = () =>
      json(
        page([
          line('AG-1', 'AG-1-001', 1),
          line('AG-1', 'AG-1-005', 1, { external: true, nextInspection: null }),
        ]),
      );
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    const rows = await screen.findAllByTestId('stock-row');
    expect(within(rows[0]).queryByTestId('external-badge')).toBeNull();
    expect(within(rows[1]).getByTestId('external-badge').textContent).toBe('Extern materieel');
  });

  it('sorts by clicking a column header: the server is asked for that order, then the other way', async () => {
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    await screen.findAllByTestId('stock-row');
    fireEvent.click(screen.getByTestId('sort-quantity'));
    await waitFor(() => expect(stockCalls().at(-1)?.searchParams.get('sortBy')).toBe('quantity'));
    fireEvent.click(screen.getByTestId('sort-quantity'));
    await waitFor(() => expect(stockCalls().at(-1)?.searchParams.get('sortBy')).toBe('quantityDesc'));
  });

  it('a failed load is shown as an error with retry, not as an empty stock', async () => {
    stockAnswer = () => json({ code: 'error.server_fout', message: 'Fout', details: {} }, 500);
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('De voorraad kon niet worden opgehaald.');
    expect(screen.queryByText('Er staat geen materieel op deze locatie.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Opnieuw proberen' })).toBeTruthy();
  });

  it('an empty stock says so', async () => {
    stockAnswer = () => json(page([]));
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    expect(await screen.findByText('Er staat geen materieel op deze locatie.')).toBeTruthy();
  });

  it('offers the removal actions to a user who may write', async () => {
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    await screen.findAllByTestId('stock-row');
    expect(screen.getAllByTestId('remove-line')).toHaveLength(3);
    expect(screen.getByTestId('return-all')).toBeTruthy();
    // issue #31 item 19: a transport could only be started from /aanvragen
    expect(screen.getByRole('link', { name: 'Transport aanvragen' }).getAttribute('href')).toBe(
      '/transport-aanvraag/gegevens',
    );
  });

  it('the read-only role sees no removal action, and why', async () => {
    role = 'administration';
    stockAnswer = () =>
      json(
        page(
          [
            line('BH-2', null, 5, { availableForRemoval: 0 }),
            line('AG-1', 'AG-1-001', 1, { availableForRemoval: 0 }),
          ],
          {
            canRemove: false,
            bulkReturn: false,
          },
        ),
      );
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    await screen.findAllByTestId('stock-row');
    await screen.findByTestId('read-only-reason');
    expect(screen.queryAllByTestId('remove-line')).toHaveLength(0);
    expect(screen.queryByTestId('return-all')).toBeNull();
    expect(screen.queryByTestId('remove-selection')).toBeNull();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('link', { name: 'Transport aanvragen' })).toBeNull();
  });
});

describe('stock export', () => {
  it('offers Excel and CSV downloads of what the page shows only with Materieelvoorraad_ShowExportVoorraad', async () => {
    const view = renderWithProviders(<MaterieelvoorraadPage />, {
      path: '/materieelvoorraad?sort=quantityDesc',
    });
    await screen.findAllByTestId('stock-row');
    expect(screen.queryByTestId('stock-export')).toBeNull();
    view.unmount();

    exportOn = true;
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad?sort=quantityDesc&q=hek' });
    fireEvent.click(await screen.findByTestId('stock-export'));
    // fetched with the user's token (a plain link would go without it), then saved
    fireEvent.click(await screen.findByTestId('stock-export-xlsx'));
    const exportCall = async (format: string) => {
      await waitFor(() =>
        expect(fetchMock.mock.calls.some(([u]) => String(u).includes(`format=${format}`))).toBe(true),
      );
      const [input, init] = fetchMock.mock.calls.find(([u]) => String(u).includes(`format=${format}`)) ?? [];
      return { url: new URL(String(input), 'http://x'), init };
    };
    const xlsx = await exportCall('xlsx');
    expect(xlsx.url.pathname).toBe(
      '/api/v2.0/PlantInventoryItems/00000000-0000-0000-0000-000000000000/export',
    );
    expect(Object.fromEntries(xlsx.url.searchParams)).toEqual({
      plantLocation: 'P-1',
      sortBy: 'quantityDesc',
      query: 'hek',
      format: 'xlsx',
    });
    expect(((xlsx.init?.headers ?? {}) as Record<string, string>).authorization).toMatch(/^Bearer /);
    fireEvent.click(screen.getByTestId('stock-export'));
    fireEvent.click(await screen.findByTestId('stock-export-csv'));
    await exportCall('csv');
  });
});

describe('idle equipment (decision 0034)', () => {
  const idle = (extra: Partial<IdleEquipment> = {}): IdleEquipment => ({
    locationNo: 'P-1',
    idleAfterDays: 14,
    lines: [
      {
        itemNo: 'AG-1',
        description: 'Aggregaat',
        plantNo: 'AG-1-001',
        quantity: 1,
        idleSince: '2026-11-10',
        idleDays: 18,
        availableForRemoval: 1,
      },
      {
        itemNo: 'BH-2',
        description: 'Bouwhek',
        plantNo: null,
        quantity: 2,
        idleSince: '2026-11-16',
        idleDays: 12,
        availableForRemoval: 2,
      },
      {
        itemNo: 'SK-9',
        description: 'Schotten',
        plantNo: null,
        quantity: 4,
        idleSince: '2026-11-01',
        idleDays: 27,
        availableForRemoval: 0,
      },
    ],
    pieces: 3,
    fewestDays: 12,
    projectEnd: '2027-03-31',
    pricesShown: true,
    perDay: '14.38',
    saving: '1840.00',
    canRemove: true,
    inspectionsDue: [],
    ...extra,
  });

  beforeEach(() => {
    stockAnswer = () =>
      json(
        page([
          line('BH-2', null, 5),
          line('AG-1', 'AG-1-001', 1, { idleSince: '2026-11-10', idleDays: 18 }),
          line('SK-9', null, 12),
        ]),
      );
  });

  it('marks the idle lines and says what returning them now saves until the project’s end', async () => {
    idleAnswer = idle();
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    const rows = await screen.findAllByTestId('stock-row');
    expect(within(rows[0]).queryByTestId('idle-badge')).toBeNull();
    const badge = within(rows[1]).getByTestId('idle-badge');
    expect(badge.textContent).toBe('Stilstaand · 18');
    expect(badge.getAttribute('title')).toBe('Geen beweging sinds 10 nov 2026 (18 dagen)');
    expect((await screen.findByTestId('idle-sentence')).textContent).toBe(
      '3 stuks geen beweging sinds 12 dagen — nu afvoeren bespaart ca. €\u00a01.840 tot einde project',
    );
  });

  it('without a project end date it says so instead of a euro figure', async () => {
    idleAnswer = idle({ projectEnd: null, saving: null, pieces: 1, fewestDays: 18 });
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    expect((await screen.findByTestId('idle-sentence')).textContent).toBe(
      '1 stuk geen beweging sinds 18 dagen — geen einddatum van het project bekend, dus geen besparing te berekenen',
    );
  });

  it('names no figure to whom sees no prices', async () => {
    idleAnswer = idle({ pricesShown: false, perDay: null, saving: null });
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    expect((await screen.findByTestId('idle-sentence')).textContent).toBe(
      '3 stuks geen beweging sinds 12 dagen',
    );
  });

  it('says nothing when nothing stands idle', async () => {
    idleAnswer = idle({ lines: [], pieces: 0, fewestDays: null, saving: '0.00' });
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    await screen.findAllByTestId('stock-row');
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/IdleEquipment/P-1'))).toBe(true),
    );
    expect(screen.queryByTestId('idle-summary')).toBeNull();
  });

  it('sorts the idle lines first on request', async () => {
    idleAnswer = idle();
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    fireEvent.click(await screen.findByTestId('idle-show-first'));
    await waitFor(() => expect(stockCalls().at(-1)?.searchParams.get('sortBy')).toBe('idle'));
    await waitFor(() => expect(screen.queryByTestId('idle-show-first')).toBeNull());
  });

  it('one tap puts every idle line that is still free on the removal list', async () => {
    idleAnswer = idle();
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    fireEvent.click(await screen.findByTestId('idle-to-removal-list'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u).includes('/RemovalLists/P-1') && i?.method === 'POST',
        ),
      ).toBe(true),
    );
    const [, init] =
      fetchMock.mock.calls.find(
        ([u, i]) => String(u).includes('/RemovalLists/P-1') && i?.method === 'POST',
      ) ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      lines: [
        { itemNo: 'AG-1', plantNo: 'AG-1-001', amount: 1 },
        { itemNo: 'BH-2', amount: 2 },
      ],
    });
    await waitFor(() =>
      expect(snackbarStore.get().current).toMatchObject({
        key: 'Stilstand.toegevoegd',
        params: { count: 2 },
      }),
    );
    // the snackbar shows a key it finds (a plural-only key is not found and would show the general error)
    expect(i18n.exists('Stilstand.toegevoegd')).toBe(true);
  });

  it('the read-only role sees the sentence but no removal button', async () => {
    role = 'administration';
    idleAnswer = idle({ canRemove: false });
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    await screen.findByTestId('idle-sentence');
    expect(screen.queryByTestId('idle-to-removal-list')).toBeNull();
  });
});

describe('inspections that fall due before the project’s end (decision 0034)', () => {
  it('marks the plants due before the end and offers an exchange request, prefilled', async () => {
    stockAnswer = () =>
      json(
        page(
          [
            line('AG-1', 'AG-1-001', 1, { nextInspection: '2027-01-15', inspectionLevel: 'ok' }),
            line('AG-1', 'AG-1-002', 1, { nextInspection: '2027-06-01', inspectionLevel: 'ok' }),
          ],
          { projectEnd: '2027-03-31' },
        ),
      );
    idleAnswer = {
      locationNo: 'P-1',
      idleAfterDays: 14,
      lines: [],
      pieces: 0,
      fewestDays: null,
      projectEnd: '2027-03-31',
      pricesShown: true,
      perDay: '0.00',
      saving: '0.00',
      canRemove: true,
      inspectionsDue: [
        { itemNo: 'AG-1', description: 'Aggregaat', plantNo: 'AG-1-001', nextInspection: '2027-01-15' },
      ],
    };
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    const rows = await screen.findAllByTestId('stock-row');
    expect(within(rows[0]).getByTestId('due-before-end').getAttribute('title')).toBe(
      'Keuring valt op 15 jan 2027, vóór het einde van het project (31 mrt 2027)',
    );
    expect(within(rows[1]).queryByTestId('due-before-end')).toBeNull();
    expect((await screen.findByTestId('inspections-due-sentence')).textContent).toBe(
      '1 stuk moet gekeurd worden vóór het einde van het project (31 mrt 2027)',
    );
    const href = new URL(screen.getByTestId('request-exchange').getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/transport-aanvraag/gegevens');
    expect(href.searchParams.get('lading')).toBe('AG-1-001 Aggregaat (15 jan 2027)');
    expect(href.searchParams.get('opmerking')).toBe(
      'Graag omruilen: de keuring van AG-1-001 valt vóór het einde van het project.',
    );
  });

  it('without a project end nothing is marked', async () => {
    stockAnswer = () => json(page([line('AG-1', 'AG-1-001', 1, { nextInspection: '2027-01-15' })]));
    renderWithProviders(<MaterieelvoorraadPage />, { path: '/materieelvoorraad' });
    await screen.findAllByTestId('stock-row');
    expect(screen.queryByTestId('due-before-end')).toBeNull();
    expect(screen.queryByTestId('inspections-due')).toBeNull();
  });
});
