import type { OrderList } from '@mp/contract/api/order-lists';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attemptKey, endAttempt } from '../../../../shared/api/idempotent-submit';
import { selectLocation } from '../../../../shared/session/location';
import { orderListLine } from '../../../../test/fixtures';
import { json, renderWithProviders } from '../../../../test/render';
import { BestellenVoltooidPage } from '../../pages/WizardPages';
import { GegevensForm } from './GegevensForm';
import { OrderAfronden } from './OrderAfronden';
import { emptyOrderForm, type OrderFormValues } from './wizard-form';

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens on document.fonts.
if (!('fonts' in document))
  Object.defineProperty(document, 'fonts', {
    value: { addEventListener() {}, removeEventListener() {} },
    configurable: true,
  });

const LIST_ID = '22222222-2222-4222-8222-222222222222';

const settings = {
  groupingType: 'all',
  boolValues: {
    OrderWizardBlockWeekend: true,
    OrderWizardEnableRush: true,
    Bestellen_EnableVandaagOpSpoed: true,
    OrderWizardEnableTermsAndConditions: false,
  },
  intValues: { OrderWizardBlockDaysToOrder: 2, Bestellen_DagenInVerleden: 0 },
  stringValues: { Spoed_Tekst: '', Spoed_Prijs: '', TermsAndConditionsUrl: '' },
  multiStrings: {},
};

// why: the server is the system's edge; settings, the draft save and the submit are answered here.
const fetchMock = vi.fn<typeof fetch>();
let submit: (init: RequestInit | undefined) => Promise<Response> = async () => json({}, 500);
const posts = () =>
  fetchMock.mock.calls.filter((c) => c[1]?.method === 'POST' && String(c[0]).includes('/PlantRequests/'));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/AntiForgery/token')) return json({ token: 'xsrf' });
    if (url.pathname.endsWith('/Settings/all')) return json(settings);
    if (url.pathname.includes('/PlantRequests/')) return submit(init);
    return json({ draft: null, updatedAt: null });
  });
  selectLocation({ locationNo: 'P-1', label: 'P-1 - Project' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  selectLocation(null);
  endAttempt(LIST_ID);
});

describe('delivery date picker (shared order-date rule)', () => {
  const day = (label: string) => screen.getByRole('button', { name: label }) as HTMLButtonElement;

  it('greys out weekends, days too early and past days; rush with "today on rush" allows today', async () => {
    // Friday 20 November 2026, Dutch time; OrderWizardBlockDaysToOrder = 2 → Sunday 22, a weekend day → Monday 23
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T09:00:00+01:00'));
    renderWithProviders(
      <GegevensForm
        locationNo="P-1"
        listId={LIST_ID}
        initial={{ ...emptyOrderForm, destination: 'other_address' }}
        restored={false}
        depots={{ defaultDepotNo: null, depots: [] }}
        addresses={[]}
      />,
    );
    // the settings have arrived once the rush option shows
    const rush = (await screen.findByTestId('rush')) as HTMLInputElement;
    fireEvent.click(screen.getByRole('button', { name: /Gewenste leverdatum/ }));
    await screen.findByRole('button', { name: '23 november 2026' });
    expect(day('19 november 2026').disabled).toBe(true); // past
    expect(day('20 november 2026').disabled).toBe(true); // today: too early
    expect(day('21 november 2026').disabled).toBe(true); // Saturday
    expect(day('22 november 2026').disabled).toBe(true); // Sunday
    expect(day('23 november 2026').disabled).toBe(false);
    expect(day('27 november 2026').disabled).toBe(false);
    expect(day('28 november 2026').disabled).toBe(true); // Saturday
    expect(screen.getByText('Leveren kan vanaf 23 nov 2026.')).toBeTruthy();

    fireEvent.click(rush);
    await waitFor(() => expect(day('20 november 2026').disabled).toBe(false));
    expect(day('21 november 2026').disabled).toBe(true);
  });

  it('shows field messages next to the fields when Volgende is pressed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-20T09:00:00+01:00'));
    renderWithProviders(
      <GegevensForm
        locationNo="P-1"
        listId={LIST_ID}
        initial={{ ...emptyOrderForm, destination: 'other_address', phone: 'abc' }}
        restored={false}
        depots={{ defaultDepotNo: null, depots: [] }}
        addresses={[]}
      />,
    );
    await screen.findByTestId('rush');
    fireEvent.click(screen.getByTestId('to-afronden'));
    expect(await screen.findByText('Vul een geldig telefoonnummer in.')).toBeTruthy();
    expect(screen.getAllByText('Dit veld is verplicht.').length).toBeGreaterThanOrEqual(3);
  });
});

const list: OrderList = {
  id: LIST_ID,
  name: 'Bestellijst',
  locationNo: 'P-1',
  isDefault: true,
  lineCount: 1,
  totalAmount: 2,
  hasDraft: true,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  lines: [orderListLine('aaaaaaaa-0000-4000-8000-000000000001', 'BH-1', 2, { description: 'Bouwhek' })],
  savedRequestNo: null,
  canSubmit: true,
  totalWeight: null,
};

const values: OrderFormValues = {
  ...emptyOrderForm,
  deliveryDate: '2026-11-23',
  destination: 'other_address',
  street: 'Langerakbaan 220',
  postcode: '3544 MB',
  city: 'Utrecht',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
};

const created = {
  id: '33333333-3333-4333-8333-333333333333',
  requestNo: 'A-2026-000900',
  kind: 'order',
  status: 'submitted',
  locationNo: 'P-1',
  lineCount: 1,
  createdAt: '2026-11-20T09:00:00Z',
};

const keyOf = (call: Parameters<typeof fetch>) =>
  ((call[1]?.headers ?? {}) as Record<string, string>)['Idempotency-Key'];

describe('submitting the order (Idempotency-Key)', () => {
  it('a retry after a network failure sends the same key; success goes to Voltooid', async () => {
    let calls = 0;
    submit = async () => {
      calls++;
      if (calls === 1) throw new TypeError('Failed to fetch');
      return json(created, 201);
    };
    const { router } = renderWithProviders(
      <OrderAfronden list={list} values={values} depots={undefined} addresses={undefined} />,
      { path: '/bestellen/afronden' },
    );
    fireEvent.click(screen.getByTestId('submit-order'));
    await screen.findByTestId('submit-failure');
    expect(posts()).toHaveLength(1);
    // what the user typed is still there
    expect(screen.getByText('Langerakbaan 220', { exact: false })).toBeTruthy();

    fireEvent.click(screen.getByTestId('submit-order'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bestellen/voltooid'));
    expect(posts()).toHaveLength(2);
    const [first, second] = posts();
    expect(keyOf(first)).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(keyOf(second)).toBe(keyOf(first));
    expect(String(first[0])).toBe(`/api/v2.0/PlantRequests/${LIST_ID}/order`);
    expect(router.state.location.state).toEqual({ requestNo: 'A-2026-000900', requestId: created.id });
    // the address names the request, so opened again later it shows that request
    expect(router.state.location.search).toBe(`?aanvraag=${created.id}`);
  });

  // issue #31 item 19: opened directly, Voltooid thanked for an order that does not exist
  it('Voltooid opened directly says that nothing was sent', () => {
    renderWithProviders(<BestellenVoltooidPage />, { path: '/bestellen/voltooid' });
    expect(screen.queryByTestId('order-done')).toBeNull();
    expect(screen.getByTestId('nothing-submitted').textContent).toContain('Er is niets verstuurd');
    expect(screen.getByRole('link', { name: 'Bestellijst' }).getAttribute('href')).toBe('/bestellijst');
  });

  it('a double click sends one request', async () => {
    let release: (r: Response) => void = () => {};
    submit = () => new Promise<Response>((r) => (release = r));
    renderWithProviders(
      <OrderAfronden list={list} values={values} depots={undefined} addresses={undefined} />,
      {
        path: '/bestellen/afronden',
      },
    );
    const button = screen.getByTestId('submit-order');
    fireEvent.click(button);
    fireEvent.click(button);
    await act(async () => {
      await Promise.resolve();
    });
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect((screen.getByTestId('submit-order') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('submit-order'));
    release(json(created, 201));
    await waitFor(() => expect(posts()).toHaveLength(1));
  });

  it('a changed form is a new attempt with a new key; a completed one starts over', () => {
    const a = attemptKey(LIST_ID, { x: 1 });
    expect(attemptKey(LIST_ID, { x: 1 })).toBe(a);
    const b = attemptKey(LIST_ID, { x: 2 });
    expect(b).not.toBe(a);
    endAttempt(LIST_ID);
    expect(attemptKey(LIST_ID, { x: 2 })).not.toBe(b);
  });
});
