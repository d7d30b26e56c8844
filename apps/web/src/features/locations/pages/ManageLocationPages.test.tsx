import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { LocatieAanmakenPage, LocatieAfmeldenPage } from './ManageLocationPages';

// why: the server is the system's edge; the location calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;
let handler: Handler;

const customers = {
  customers: [
    { id: 'c1', customerNo: 'K-10045', name: 'Van Dijk Bouw', city: 'Utrecht', blocked: false },
    { id: 'c2', customerNo: 'K-10112', name: 'InfraNoord', city: 'Zwolle', blocked: false },
  ],
};
const location = (over: Record<string, unknown> = {}) => ({
  id: 'l1',
  locationNo: 'P-1',
  description: 'Project P-1',
  description2: null,
  blocked: false,
  projectNo: null,
  role: 'user',
  customerName: 'Van Dijk Bouw',
  ...over,
});
const info = (over: Record<string, unknown> = {}) => ({
  locationNo: 'P-1',
  stockLines: 0,
  blockedByStock: false,
  buyOffOffered: false,
  deregistrationPending: false,
  ...over,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  handler = (url, init) => {
    if (url.pathname.endsWith('/Customers')) return json(customers);
    if (url.pathname.includes('/validatenewlocationno/')) {
      const no = decodeURIComponent(url.pathname.split('/').pop() ?? '');
      return json(
        no === 'P-24001'
          ? { locationNo: no, valid: false, code: 'Locatie.aanmaken.nummer_bestaat' }
          : { locationNo: no, valid: true, code: null },
      );
    }
    if (url.pathname.endsWith('/PlantLocations') && init?.method === 'POST')
      return new Response('null', { status: 201 });
    if (url.pathname.endsWith('/PlantLocations')) return json({ plantLocations: [location()] });
    if (url.pathname.endsWith('/deregistration') && init?.method === 'POST')
      return json({ locationNo: 'P-1', state: 'deregistered' });
    if (url.pathname.endsWith('/deregistration')) return json(info());
    return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
  };
  fetchMock.mockImplementation(async (input, init) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const at = (path: string, element: React.ReactNode) =>
  renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
      <Route path="/locatie" element={<div data-testid="location-page">locatie</div>} />
    </Routes>,
    { path },
  );
const posts = (part: string) =>
  fetchMock.mock.calls.filter(([u, i]) => String(u).includes(part) && i?.method === 'POST');
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

async function pickCustomer(name: RegExp) {
  const select = await screen.findByTestId('location-customer');
  fireEvent.click(select);
  fireEvent.click(await screen.findByRole('option', { name }));
}

describe('create a location', () => {
  it('checks the required fields and the number format before anything is sent', async () => {
    at('/locatie-aanmaken', <LocatieAanmakenPage />);
    await screen.findByTestId('location-customer');
    type('location-locationNo', 'p1');
    fireEvent.click(screen.getByTestId('location-create'));
    expect((await screen.findAllByText('Dit veld is verplicht.')).length).toBe(2);
    expect(
      screen.getAllByText('Het nummer heeft niet de juiste vorm (bijvoorbeeld P-24013).').length,
    ).toBeGreaterThan(0);
    expect(posts('/PlantLocations')).toHaveLength(0);
  });

  it('tells while typing whether the number is free or taken', async () => {
    at('/locatie-aanmaken', <LocatieAanmakenPage />);
    await screen.findByTestId('location-customer');
    type('location-locationNo', 'P-24001');
    expect(await screen.findByTestId('location-number-taken')).toHaveProperty(
      'textContent',
      'Dit locatienummer bestaat al.',
    );
    type('location-locationNo', 'p-29001');
    expect((screen.getByTestId('location-locationNo') as HTMLInputElement).value).toBe('P-29001');
    expect(await screen.findByTestId('location-number-free')).toBeTruthy();
  });

  it('sends the location with an idempotency key and opens the location page', async () => {
    at('/locatie-aanmaken', <LocatieAanmakenPage />);
    await pickCustomer(/InfraNoord/);
    type('location-locationNo', 'P-29001');
    type('location-description', 'Nieuwbouw Zwolle');
    type('location-startDate', '2030-01-01');
    type('location-street', 'Stationsweg 1');
    type('location-city', 'Zwolle');
    fireEvent.click(screen.getByTestId('location-create'));
    expect(await screen.findByTestId('location-page')).toBeTruthy();
    const [[, init]] = posts('/PlantLocations');
    expect(JSON.parse(String(init?.body))).toEqual({
      customerNo: 'K-10112',
      locationNo: 'P-29001',
      description: 'Nieuwbouw Zwolle',
      startDate: '2030-01-01',
      street: 'Stationsweg 1',
      city: 'Zwolle',
    });
    expect(new Headers(init?.headers).get('idempotency-key')).toBeTruthy();
  });

  it("shows the server's refusal under its field", async () => {
    handler = (
      (base) => (url: URL, init?: RequestInit) =>
        url.pathname.endsWith('/PlantLocations') && init?.method === 'POST'
          ? json(
              {
                code: 'Locatie.aanmaken.klant_geblokkeerd',
                message: 'x',
                details: {
                  fields: { customerNo: { code: 'Locatie.aanmaken.klant_geblokkeerd', message: 'x' } },
                },
              },
              422,
            )
          : base(url, init)
    )(handler);
    at('/locatie-aanmaken', <LocatieAanmakenPage />);
    await pickCustomer(/Van Dijk/);
    type('location-locationNo', 'P-29001');
    type('location-description', 'Project');
    fireEvent.click(screen.getByTestId('location-create'));
    expect(
      await screen.findByText('Deze klant is geblokkeerd; er kan geen locatie voor worden aangemaakt.'),
    ).toBeTruthy();
  });

  it('shows a refused customer list as an error, not as an empty form', async () => {
    handler = (url) =>
      url.pathname.endsWith('/Customers')
        ? json({ code: 'error.geen_toegang', message: 'x' }, 403)
        : json({ plantLocations: [] });
    at('/locatie-aanmaken', <LocatieAanmakenPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Je hebt geen toegang tot deze gegevens of deze functie.')).toBeTruthy();
    expect(screen.queryByTestId('location-create')).toBeNull();
  });
});

describe('deregister a location', () => {
  it('deregisters a location without stock', async () => {
    at('/locatie-afmelden', <LocatieAfmeldenPage />);
    expect(await screen.findByTestId('deregister-no-stock')).toBeTruthy();
    fireEvent.click(screen.getByTestId('deregister-submit'));
    expect(await screen.findByTestId('location-page')).toBeTruthy();
    const [[url, init]] = posts('/deregistration');
    expect(String(url)).toContain('/PlantLocations/P-1/deregistration');
    expect(JSON.parse(String(init?.body))).toEqual({ date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('blocks while stock remains, until all of it goes onto the removal list', async () => {
    handler = (
      (base) => (url: URL, init?: RequestInit) =>
        url.pathname.endsWith('/deregistration') && init?.method !== 'POST'
          ? json(info({ stockLines: 3, blockedByStock: true, buyOffOffered: true }))
          : url.pathname.endsWith('/deregistration')
            ? json({ locationNo: 'P-1', state: 'pending' })
            : base(url, init)
    )(handler);
    at('/locatie-afmelden', <LocatieAfmeldenPage />);
    expect(await screen.findByTestId('deregister-stock')).toHaveProperty(
      'textContent',
      expect.stringContaining('3 regels'),
    );
    expect((screen.getByTestId('deregister-submit') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('deregister-remove-remaining'));
    fireEvent.click(screen.getByTestId('deregister-buy-off'));
    await waitFor(() =>
      expect((screen.getByTestId('deregister-submit') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('deregister-submit'));
    expect(await screen.findByTestId('location-page')).toBeTruthy();
    expect(JSON.parse(String(posts('/deregistration')[0][1]?.body))).toMatchObject({
      removeRemaining: true,
      buyOff: true,
    });
  });

  it('shows a pending deregistration and the read-only reason instead of the form', async () => {
    handler = (
      (base) => (url: URL, init?: RequestInit) =>
        url.pathname.endsWith('/deregistration')
          ? json(info({ deregistrationPending: true }))
          : base(url, init)
    )(handler);
    const first = at('/locatie-afmelden', <LocatieAfmeldenPage />);
    expect(await screen.findByTestId('deregister-pending')).toBeTruthy();
    first.unmount();
    handler = (url) =>
      url.pathname.endsWith('/PlantLocations')
        ? json({ plantLocations: [location({ role: 'administration' })] })
        : json(info());
    at('/locatie-afmelden', <LocatieAfmeldenPage />);
    expect(await screen.findByTestId('deregister-read-only')).toBeTruthy();
    expect(screen.queryByTestId('deregister-submit')).toBeNull();
  });
});
