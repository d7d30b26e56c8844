import type { RemovalList } from '@mp/contract/api/stock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { plantLocationsAnswer, removalLine, removalList } from '../../../test/fixtures';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import {
  emptyRemovalForm,
  type RemovalFormValues,
  removalMemory,
  toRemovalForm,
  validateRemovalForm,
} from '../components/removal-form';
import { AfvoerlijstPage } from './AfvoerlijstPage';
import { AfvoerenAfrondenPage, AfvoerenGegevensPage } from './RemovalPages';

const LINE_A = '11111111-1111-4111-8111-111111111111';
const LINE_B = '22222222-2222-4222-8222-222222222222';

const list = (): RemovalList =>
  removalList([
    removalLine({ lineId: LINE_A }),
    removalLine({
      lineId: LINE_B,
      itemNo: 'AG-1',
      description: 'Aggregaat',
      plantNo: 'AG-1-001',
      returnAmount: 1,
      comment: 'achter de keet',
      onSite: 1,
    }),
  ]);

/** The wizard's form as Gegevens leaves it filled in (picked up at work address WA01 from depot D1). */
const filledForm = (overrides: Partial<RemovalFormValues> = {}): RemovalFormValues => ({
  ...emptyRemovalForm,
  removalDate: '2030-01-08',
  transportMeans: 'afhalen',
  depotNo: 'D1',
  addressCode: 'WA01',
  contactPerson: 'Jeroen',
  phone: '0612345678',
  reference: 'Fase 2',
  ...overrides,
});

// why: the server is the system's edge; locations, settings, the list, depots, addresses and the submit are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let submitAnswer: () => Response;

const calls = (method: string, part: string) =>
  fetchMock.mock.calls.filter(
    ([input, init]) => String(input).includes(part) && (init?.method ?? 'GET').toUpperCase() === method,
  );

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  removalMemory.forget('P-1');
  submitAnswer = () =>
    json(
      {
        id: '33333333-3333-4333-8333-333333333333',
        requestNo: 'A-2026-000123',
        kind: 'removal',
        status: 'submitted',
        locationNo: 'P-1',
        lineCount: 2,
        createdAt: '2026-11-23T08:00:00.000Z',
      },
      201,
    );
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname.endsWith('/PlantLocations')) return json(plantLocationsAnswer());
    if (url.pathname.includes('/Settings'))
      return json({
        groupingType: 'all',
        boolValues: { Afvoeren_Blokkeerweekenden: true, Afvoeren_VoorwaardenVerplicht: true },
        intValues: { Afvoeren_Blokkeerdagen: 1, Afvoeren_DagenInVerleden: 0 },
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.endsWith('/PlantLocations/depots/removal'))
      return json({
        defaultDepotNo: 'D1',
        depots: [
          {
            id: 'd1',
            depotNo: 'D1',
            name: 'Depot Utrecht',
            street: 'Weg 1',
            postcode: null,
            city: 'Utrecht',
            phone: null,
            email: null,
            isDefault: true,
          },
        ],
      });
    if (url.pathname.endsWith('/PlantLocations/P-1/addresses'))
      return json({
        addresses: [
          {
            id: 'a1',
            code: 'WA01',
            name: 'Hoofdingang',
            street: 'Kade 1',
            postcode: '3511 AA',
            city: 'Utrecht',
            country: 'NL',
            contactPerson: 'Piet',
            phone: '0612345678',
            isDefault: true,
          },
        ],
      });
    if (url.pathname.endsWith('/PlantRequests/removal') && method === 'POST') return submitAnswer();
    if (url.pathname.includes('/RemovalLists/P-1/lines/') && method === 'PATCH') {
      const body = JSON.parse(String(init?.body));
      const next = list();
      const line = next.lines.find((l) => url.pathname.endsWith(l.lineId));
      if (line && body.amount) line.returnAmount = body.amount;
      return json(next);
    }
    if (url.pathname.includes('/RemovalLists/P-1/lines/') && method === 'DELETE') {
      const next = list();
      next.lines = next.lines.filter((l) => !url.pathname.endsWith(l.lineId));
      next.count = next.lines.length;
      return json(next);
    }
    if (url.pathname.endsWith('/RemovalLists/P-1')) return json(list());
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('Afvoerlijst', () => {
  it('saves a changed return amount 1000 ms after the last edit, with PATCH of that line', async () => {
    renderWithProviders(<AfvoerlijstPage />, { path: '/afvoerlijst' });
    const input = await screen.findByTestId('return-amount-BH-1');
    fireEvent.change(input, { target: { value: '3' } });
    expect(calls('PATCH', '/lines/')).toHaveLength(0);
    await waitFor(() => expect(calls('PATCH', '/lines/')).toHaveLength(1), { timeout: 3000 });
    const [url, init] = calls('PATCH', '/lines/')[0] ?? [];
    expect(String(url)).toContain(`/RemovalLists/P-1/lines/${LINE_A}`);
    expect(JSON.parse(String(init?.body))).toEqual({ amount: 3 });
    expect((await screen.findByTestId('save-state')).dataset.state).toBe('saved');
  });

  it('"remove" and "move" are disabled while a return amount is empty, with the reason', async () => {
    renderWithProviders(<AfvoerlijstPage />, { path: '/afvoerlijst' });
    const input = await screen.findByTestId('return-amount-BH-1');
    expect(screen.getByTestId('to-removal').hasAttribute('disabled')).toBe(false);
    fireEvent.change(input, { target: { value: '' } });
    await waitFor(() => expect(screen.getByTestId('to-removal').hasAttribute('disabled')).toBe(true));
    expect(screen.getByTestId('to-relocation').hasAttribute('disabled')).toBe(true);
    expect(
      screen.getAllByText('Vul bij elke regel een retouraantal groter dan 0 in.').length,
    ).toBeGreaterThan(0);
  });

  it('removes a line after confirmation and says so', async () => {
    renderWithProviders(<AfvoerlijstPage />, { path: '/afvoerlijst' });
    fireEvent.click(await screen.findByTestId('remove-AG-1-AG-1-001'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() => expect(calls('DELETE', `/lines/${LINE_B}`)).toHaveLength(1));
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('Afvoerlijst.item_verwijderd'));
    await waitFor(() => expect(screen.queryByTestId('remove-AG-1-AG-1-001')).toBeNull());
  });
});

describe('Afvoeren wizard', () => {
  it('Gegevens names what is missing or wrong and does not go on', async () => {
    renderWithProviders(<AfvoerenGegevensPage />, { path: '/Afvoeren/gegevens' });
    const phone = await screen.findByTestId('removal-phone');
    fireEvent.change(phone, { target: { value: 'bel maar' } });
    fireEvent.click(screen.getByTestId('removal-next'));
    expect(await screen.findByText('Vul een geldig telefoonnummer in.')).toBeTruthy();
    expect(removalMemory.held('P-1')?.filled).toBe(false);
  });

  it('Afronden sends the form once with an Idempotency-Key and keeps what was typed on a failure', async () => {
    removalMemory.hold('P-1', {
      filled: true,
      values: filledForm(),
    });
    submitAnswer = () =>
      json(
        {
          code: 'error.afvoer_conflict',
          message: 'AG-1 AG-1-001 is intussen al voor afvoer of verplaatsing aangevraagd.',
          details: { itemNo: 'AG-1', plantNo: 'AG-1-001', available: 0 },
        },
        409,
      );
    renderWithProviders(<AfvoerenAfrondenPage />, { path: '/afvoeren/afronden' });
    expect(await screen.findByTestId('removal-summary')).toBeTruthy();
    expect(screen.getByTestId('summary-lines').textContent).toContain('AG-1-001');
    // the terms must be accepted first (Afvoeren_VoorwaardenVerplicht)
    fireEvent.click(screen.getByTestId('submit-removal'));
    expect(calls('POST', '/PlantRequests/removal')).toHaveLength(0);
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByTestId('submit-removal'));
    await screen.findByTestId('submit-failure');
    const [first] = calls('POST', '/PlantRequests/removal');
    const key = new Headers(first?.[1]?.headers).get('Idempotency-Key');
    expect(key).toBeTruthy();
    expect(JSON.parse(String(first?.[1]?.body))).toMatchObject({
      plantLocation: 'P-1',
      removalDate: '2030-01-08',
      depotNo: 'D1',
      addressCode: 'WA01',
      termsAccepted: true,
    });
    expect(removalMemory.held('P-1')?.values.reference).toBe('Fase 2');
    // a retry of the same form re-sends the same key
    fireEvent.click(screen.getByTestId('submit-removal'));
    await waitFor(() => expect(calls('POST', '/PlantRequests/removal')).toHaveLength(2));
    expect(new Headers(calls('POST', '/PlantRequests/removal')[1]?.[1]?.headers).get('Idempotency-Key')).toBe(
      key,
    );
  });
});

describe('Afvoeren wizard: what it starts from and where it ends', () => {
  // issue #32 item 3: a failed read of the depots showed the form with nothing to choose (an error shown as empty)
  it('Gegevens shows depots that cannot be read as a failure with a retry, never as an empty choice', async () => {
    const answer = fetchMock.getMockImplementation();
    let depotsFail = true;
    fetchMock.mockImplementation(async (input, init) => {
      if (depotsFail && String(input).includes('/PlantLocations/depots/removal'))
        return json({ code: 'error.server_fout', message: 'kapot' }, 500);
      return (answer as typeof fetch)(input, init);
    });
    renderWithProviders(<AfvoerenGegevensPage />, { path: '/afvoeren/gegevens' });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByTestId('removal-depot')).toBeNull();
    expect(screen.queryByTestId('removal-next')).toBeNull();
    depotsFail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('removal-depot')).toBeTruthy();
    expect((screen.getByTestId('removal-depot') as HTMLInputElement).value).toContain('Depot Utrecht');
  });

  it('Afronden, once sent: the form is forgotten, the list, requests and stock are refreshed, the done page opens', async () => {
    removalMemory.hold('P-1', {
      filled: true,
      values: filledForm({ reference: '', termsAccepted: true }),
    });
    const { router, queryClient } = renderWithProviders(<AfvoerenAfrondenPage />, {
      path: '/afvoeren/afronden',
    });
    const refreshed = vi.spyOn(queryClient, 'invalidateQueries');
    fireEvent.click(await screen.findByTestId('submit-removal'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/afvoeren/voltooid'));
    expect(router.state.location.search).toBe('?aanvraag=33333333-3333-4333-8333-333333333333');
    expect(router.state.location.state).toEqual({
      requestNo: 'A-2026-000123',
      requestId: '33333333-3333-4333-8333-333333333333',
    });
    expect(removalMemory.held('P-1')).toBeNull();
    expect(refreshed.mock.calls.map(([f]) => f?.queryKey)).toEqual([
      ['removal-list'],
      ['requests'],
      ['stock'],
    ]);
    expect(calls('POST', '/PlantRequests/removal')).toHaveLength(1);
  });
});

describe('removal form: brought to the depot', () => {
  it('asks no pick-up address and sends none when the customer brings it (brengen)', () => {
    const v = {
      ...emptyRemovalForm,
      removalDate: '2030-01-07',
      transportMeans: 'brengen',
      depotNo: 'D1',
      pickup: 'work_address' as const,
      addressCode: null,
      contactPerson: 'Jan',
      phone: '0612345678',
    };
    const ctx = {
      today: '2030-01-06',
      dates: { Afvoeren_Blokkeerweekenden: false, Afvoeren_Blokkeerdagen: 0, Afvoeren_DagenInVerleden: 0 },
      termsRequired: false,
      checkTerms: false,
    };
    expect(validateRemovalForm(v, ctx)).toEqual({});
    const sent = toRemovalForm('P-1', { ...v, pickup: 'other_address', street: 'Kade 1' });
    expect(sent.addressCode).toBeUndefined();
    expect(sent.street).toBeUndefined();
    // picked up: the address is asked again
    expect(validateRemovalForm({ ...v, transportMeans: 'afhalen' }, ctx).addressCode?.key).toBe(
      'validation.verplicht',
    );
  });
});

describe('Afronden offline (issue #36 point 4, decision 0031)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    window.dispatchEvent(new Event('online'));
  });

  it('refuses the send with the reason on the button and beside it: nothing goes out or waits, the form stays; online again it sends', async () => {
    removalMemory.hold('P-1', {
      filled: true,
      values: filledForm({ termsAccepted: true }),
    });
    // why: the network is the system's edge; offline is what the browser says (navigator.onLine and its events)
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    renderWithProviders(<AfvoerenAfrondenPage />, { path: '/afvoeren/afronden' });
    expect(await screen.findByTestId('removal-summary')).toBeTruthy();
    const send = screen.getByTestId('submit-removal') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.textContent).toContain('Wacht op verbinding');
    expect(screen.getByTestId('submit-offline').textContent).toContain('Versturen kan alleen met verbinding');
    fireEvent.click(send);
    expect(calls('POST', '/PlantRequests/removal')).toHaveLength(0);
    expect(removalMemory.held('P-1')?.values.reference).toBe('Fase 2');

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(screen.queryByTestId('submit-offline')).toBeNull());
    fireEvent.click(screen.getByTestId('submit-removal'));
    await waitFor(() => expect(calls('POST', '/PlantRequests/removal')).toHaveLength(1));
  });
});
