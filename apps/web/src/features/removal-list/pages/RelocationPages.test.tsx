import type { RemovalList } from '@mp/contract/api/stock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { emptyRelocationForm, relocationMemory } from '../components/relocation-form';
import { VerplaatsenAfrondenPage, VerplaatsenGegevensPage } from './RelocationPages';

const list: RemovalList = {
  locationNo: 'P-1',
  count: 2,
  lines: [
    {
      lineId: '11111111-1111-4111-8111-111111111111',
      itemNo: 'BH-1',
      description: 'Bouwhek',
      plantNo: null,
      locationNo: 'P-1',
      returnAmount: 4,
      comment: null,
      weightPerPiece: null,
      onSite: 10,
      nextInspection: null,
    },
    {
      lineId: '22222222-2222-4222-8222-222222222222',
      itemNo: 'AG-1',
      description: 'Aggregaat',
      plantNo: 'AG-1-001',
      locationNo: 'P-1',
      returnAmount: 1,
      comment: null,
      weightPerPiece: null,
      onSite: 1,
      nextInspection: '2030-01-20',
    },
  ],
};

const location = (no: string, extra: Record<string, unknown> = {}) => ({
  id: no,
  locationNo: no,
  description: `Project ${no}`,
  description2: null,
  blocked: false,
  projectNo: null,
  role: 'user',
  customerName: null,
  ...extra,
});

// why: the server is the system's edge; locations, settings, the list, addresses and the submit are stubbed.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  relocationMemory.forget('P-1');
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname.endsWith('/PlantLocations'))
      return json({
        plantLocations: [location('P-1'), location('P-2'), location('P-3', { blocked: true })],
      });
    if (url.pathname.includes('/Settings'))
      return json({
        groupingType: 'all',
        boolValues: { Verplaatsen_VerwachtRetourVerplicht: true },
        intValues: { Verplaatsen_DagenInVerleden: 0 },
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.endsWith('/PlantLocations/P-2/addresses')) return json({ addresses: [] });
    if (url.pathname.endsWith('/PlantRequests/othertransfers') && method === 'POST')
      return json(
        {
          id: '33333333-3333-4333-8333-333333333333',
          requestNo: 'A-2026-000124',
          kind: 'relocation',
          status: 'submitted',
          locationNo: 'P-1',
          lineCount: 1,
          createdAt: '2026-11-23T08:00:00.000Z',
        },
        201,
      );
    if (url.pathname.endsWith('/RemovalLists/P-1')) return json(list);
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('Verplaatsen wizard', () => {
  it('offers the other open locations as target and asks the expected return when the setting wants it', async () => {
    renderWithProviders(<VerplaatsenGegevensPage />, { path: '/verplaatsen/gegevens' });
    fireEvent.click(await screen.findByTestId('relocation-target'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.some((o) => o?.includes('P-2'))).toBe(true);
    expect(options.some((o) => o?.includes('P-1'))).toBe(false); // the current one
    expect(options.some((o) => o?.includes('P-3'))).toBe(false); // blocked
    fireEvent.click(screen.getByTestId('relocation-next'));
    expect((await screen.findAllByText('Dit veld is verplicht.', { exact: false })).length).toBeGreaterThan(
      1,
    );
    expect(relocationMemory.held('P-1')?.filled ?? false).toBe(false);
  });

  // issue #32 item 3: locations that could not be read showed the form with no target to choose
  it('Gegevens shows locations that cannot be read as a failure with a retry, never as no target at all', async () => {
    const answer = fetchMock.getMockImplementation();
    let locationsFail = true;
    fetchMock.mockImplementation(async (input, init) => {
      if (locationsFail && new URL(String(input), 'http://localhost').pathname.endsWith('/PlantLocations'))
        return json({ code: 'error.server_fout', message: 'kapot' }, 500);
      return (answer as typeof fetch)(input, init);
    });
    renderWithProviders(<VerplaatsenGegevensPage />, { path: '/verplaatsen/gegevens' });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByTestId('relocation-target')).toBeNull();
    locationsFail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    fireEvent.click(await screen.findByTestId('relocation-target'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.some((o) => o?.includes('P-2'))).toBe(true);
  });

  it('Afronden sends kind relocation with the target, dates and typed address under an Idempotency-Key', async () => {
    relocationMemory.hold('P-1', {
      filled: true,
      values: {
        ...emptyRelocationForm,
        targetLocation: 'P-2',
        moveDate: '2030-01-07',
        expectedReturnDate: '2030-02-01',
        delivery: 'other_address',
        street: 'Kade 1',
        city: 'Utrecht',
        contactPerson: 'Jeroen',
        phone: '0612345678',
      },
    });
    renderWithProviders(<VerplaatsenAfrondenPage />, { path: '/verplaatsen/afronden' });
    expect((await screen.findByTestId('relocation-summary')).textContent).toContain('Project P-2');
    // the plant's inspection expires before it comes back (#10 part 6)
    expect(screen.getByTestId('inspection-warning').textContent).toContain('AG-1-001');
    fireEvent.click(screen.getByTestId('submit-relocation'));
    await waitFor(() => expect(relocationMemory.held('P-1')).toBeNull());
    const post = fetchMock.mock.calls.find(([u]) => String(u).includes('/PlantRequests/othertransfers'));
    expect(new Headers(post?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      kind: 'relocation',
      plantLocation: 'P-1',
      targetLocation: 'P-2',
      moveDate: '2030-01-07',
      expectedReturnDate: '2030-02-01',
      street: 'Kade 1',
      city: 'Utrecht',
    });
  });
});
