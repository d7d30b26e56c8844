import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { emptyTransportForm, transportMemory, validateTransportForm } from '../components/transport-form';
import { TransportAfrondenPage, TransportGegevensPage } from './TransportPages';

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

const address = (code: string, isDefault: boolean) => ({
  id: `${code}-id`,
  code,
  name: `Werkadres ${code}`,
  street: 'Kade 1',
  postcode: '3511 AB',
  city: 'Utrecht',
  country: 'NL',
  contactPerson: 'Uitvoerder ter plaatse',
  phone: '030 123 45 67',
  isDefault,
});

// why: the server is the system's edge; locations, settings, addresses and the submit are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let submitAnswer: () => Response;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  transportMemory.forget('P-1');
  submitAnswer = () =>
    json(
      {
        id: '33333333-3333-4333-8333-333333333333',
        requestNo: 'A-2026-000321',
        kind: 'transport',
        status: 'submitted',
        locationNo: 'P-1',
        lineCount: 0,
        createdAt: '2026-11-23T08:00:00.000Z',
      },
      201,
    );
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
        boolValues: { Klant_EnableHuidigeGebruikerAlsContact: true },
        intValues: { TransportAanvraag_DageninInVerleden: 0 },
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.endsWith('/PlantLocations/P-1/addresses'))
      return json({ addresses: [address('WA01', false), address('WA02', true)] });
    if (url.pathname.endsWith('/PlantLocations/P-2/addresses')) return json({ addresses: [] });
    if (url.pathname.endsWith('/PlantRequests/othertransfers') && method === 'POST') return submitAnswer();
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('transport form rules', () => {
  const filled = {
    ...emptyTransportForm,
    targetLocation: 'P-2',
    transportDate: '2030-01-07',
    cargo: 'Container',
    from: { ...emptyTransportForm.from, addressCode: 'WA01', contactPerson: 'A', phone: '0612345678' },
    to: {
      ...emptyTransportForm.to,
      mode: 'other_address' as const,
      street: 'Weg 1',
      city: 'Ede',
      contactPerson: 'B',
      phone: '0612345679',
    },
  };
  const ctx = {
    today: '2030-01-06',
    dates: { TransportAanvraag_DageninInVerleden: 0 },
    termsRequired: false,
    checkTerms: false,
  };
  it('a filled form passes; windows, the unloading day and the typed end are checked by field', () => {
    expect(validateTransportForm(filled, ctx)).toEqual({});
    expect(validateTransportForm({ ...filled, loadingUntil: '06:00' }, ctx).loadingUntil?.key).toBe(
      'validation.tijdvak_ongeldig',
    );
    expect(validateTransportForm({ ...filled, unloadingDate: '2030-01-06' }, ctx).unloadingDate?.key).toBe(
      'validation.losdatum_voor_transportdatum',
    );
    expect(validateTransportForm({ ...filled, to: { ...filled.to, city: '' } }, ctx)['to.city']?.key).toBe(
      'validation.verplicht',
    );
    expect(validateTransportForm({ ...filled, transportDate: '2030-01-05' }, ctx).transportDate?.key).toBe(
      'validation.datum_in_verleden',
    );
  });
});

describe('Transport wizard', () => {
  it('offers the other open locations, preselects the default work address and the user as contact, checks before going on', async () => {
    renderWithProviders(<TransportGegevensPage />, { path: '/transport-aanvraag/gegevens' });
    await waitFor(() => expect(transportMemory.held('P-1')?.values.from.addressCode).toBe('WA02'));
    expect((screen.getByTestId('transport-from-contact') as HTMLInputElement).value).not.toBe('');
    expect((screen.getByTestId('transport-from-phone') as HTMLInputElement).value).toBe('030 123 45 67');
    fireEvent.click(screen.getByTestId('transport-target'));
    const options = (await screen.findAllByRole('option')).map((o) => o.textContent);
    expect(options.some((o) => o?.includes('P-2'))).toBe(true);
    expect(options.some((o) => o?.includes('P-1'))).toBe(false); // the current one
    expect(options.some((o) => o?.includes('P-3'))).toBe(false); // blocked
    fireEvent.click(screen.getByTestId('transport-next'));
    expect((await screen.findAllByText('Dit veld is verplicht.', { exact: false })).length).toBeGreaterThan(
      1,
    );
    expect(transportMemory.held('P-1')?.filled ?? false).toBe(false);
  });

  // issue #37 point 3: the stock's "request an exchange" opens the wizard with the plants as cargo and a comment
  it('a new form takes its cargo and comment from the address', async () => {
    renderWithProviders(<TransportGegevensPage />, {
      path: '/transport-aanvraag/gegevens?lading=AG-1-001%20Aggregaat&opmerking=Graag%20omruilen',
    });
    const cargo = (await screen.findByTestId(
      'transport-cargo',
      {},
      { timeout: 8000 },
    )) as HTMLTextAreaElement;
    expect(cargo.value).toBe('AG-1-001 Aggregaat');
  });

  // issue #32 item 3: locations that could not be read showed the form with no place to go to
  it('Gegevens shows locations that cannot be read as a failure with a retry, never as no target at all', async () => {
    const answer = fetchMock.getMockImplementation();
    let locationsFail = true;
    fetchMock.mockImplementation(async (input, init) => {
      if (locationsFail && new URL(String(input), 'http://localhost').pathname.endsWith('/PlantLocations'))
        return json({ code: 'error.server_fout', message: 'kapot' }, 500);
      return (answer as typeof fetch)(input, init);
    });
    renderWithProviders(<TransportGegevensPage />, { path: '/transport-aanvraag/gegevens' });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByTestId('transport-target')).toBeNull();
    locationsFail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Opnieuw proberen' }));
    expect(await screen.findByTestId('transport-target')).toBeTruthy();
  });

  it('Afronden sends kind transport under an Idempotency-Key; a failure keeps what was typed and says why', async () => {
    const values = {
      ...emptyTransportForm,
      targetLocation: 'P-2',
      transportDate: '2030-01-07',
      cargo: 'Twee bouwketen',
      from: { ...emptyTransportForm.from, addressCode: 'WA01', contactPerson: 'Jeroen', phone: '0612345678' },
      to: {
        ...emptyTransportForm.to,
        mode: 'other_address' as const,
        street: 'Kade 1',
        city: 'Utrecht',
        contactPerson: 'Anna',
        phone: '0612345679',
      },
    };
    transportMemory.hold('P-1', { filled: true, values });
    submitAnswer = () =>
      json(
        {
          code: 'error.datum_niet_toegestaan',
          message: 'Deze datum is niet toegestaan.',
          details: { fields: { loadingUntil: { code: 'validation.tijdvak_ongeldig', message: 'x' } } },
        },
        422,
      );
    renderWithProviders(<TransportAfrondenPage />, { path: '/transport-aanvraag/afronden' });
    const summary = await screen.findByTestId('transport-summary');
    expect(summary.textContent).toContain('Twee bouwketen');
    expect(summary.textContent).toContain('Project P-2');
    fireEvent.click(screen.getByTestId('submit-transport'));
    expect(await screen.findByTestId('submit-failure')).toBeTruthy();
    expect(transportMemory.held('P-1')?.values.cargo).toBe('Twee bouwketen');
    expect(transportMemory.held('P-1')?.serverErrors?.loadingUntil?.key).toBe('validation.tijdvak_ongeldig');

    submitAnswer = () =>
      json(
        {
          id: '33333333-3333-4333-8333-333333333333',
          requestNo: 'A-2026-000321',
          kind: 'transport',
          status: 'submitted',
          locationNo: 'P-1',
          lineCount: 0,
          createdAt: '2026-11-23T08:00:00.000Z',
        },
        201,
      );
    fireEvent.click(screen.getByTestId('submit-transport'));
    await waitFor(() => expect(transportMemory.held('P-1')).toBeNull());
    const posts = fetchMock.mock.calls.filter(([u]) => String(u).includes('/PlantRequests/othertransfers'));
    const last = posts.at(-1);
    expect(new Headers(last?.[1]?.headers).get('Idempotency-Key')).toBeTruthy();
    expect(JSON.parse(String(last?.[1]?.body))).toMatchObject({
      kind: 'transport',
      plantLocation: 'P-1',
      targetLocation: 'P-2',
      transportDate: '2030-01-07',
      loadingFrom: '07:00',
      cargo: 'Twee bouwketen',
      from: { addressCode: 'WA01', contactPerson: 'Jeroen' },
      to: { street: 'Kade 1', city: 'Utrecht', contactPerson: 'Anna' },
    });
  });
});
