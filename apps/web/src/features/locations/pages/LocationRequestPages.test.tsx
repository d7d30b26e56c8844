import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { LocatieAanvragenVoltooidPage } from './LocationPages';
import { LocationRequestForm, MaterieeldienstLocatieAanvragenPage } from './LocationRequestPages';

const fetchMock = vi.fn<typeof fetch>();
type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;
let handler: Handler;
const request = (over: Record<string, unknown> = {}) => ({
  id: '6f1c2c1e-6d1a-4d8e-9b55-3f7c2b1a0e09',
  requestNo: 'L-2026-000012',
  status: 'open',
  description: 'Viaduct A28',
  description2: null,
  projectNo: null,
  street: 'Rijksweg 28',
  postcode: null,
  city: 'Meppel',
  startDate: null,
  endDate: null,
  comment: 'Start in maart',
  requester: { name: 'Piet', email: 'piet@infranoord.nl' },
  customerNo: 'K-10112',
  customerName: 'InfraNoord',
  locationNo: null,
  rejectReason: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  ...over,
});

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  handler = (url, init) => {
    if (url.pathname.endsWith('/LocationRequests')) return json(request(), 201);
    if (url.pathname.endsWith('/Customers'))
      return json({
        customers: [{ id: 'c2', customerNo: 'K-10112', name: 'InfraNoord', city: null, blocked: false }],
      });
    if (url.pathname.endsWith('/approve'))
      return json(request({ status: 'approved', locationNo: JSON.parse(String(init?.body)).locationNo }));
    if (url.pathname.endsWith('/reject')) return json(request({ status: 'rejected' }));
    if (url.pathname.endsWith('/Department/location-requests')) return json({ requests: [request()] });
    return json({ plantLocations: [] });
  };
  fetchMock.mockImplementation(async (input, init) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});
const posts = (part: string) =>
  fetchMock.mock.calls.filter(([u, i]) => String(u).includes(part) && i?.method === 'POST');

describe('request a location', () => {
  it('needs a description, sends with an idempotency key and goes to /voltooid', async () => {
    renderWithProviders(
      <Routes>
        <Route path="/locatie-aanvragen" element={<LocationRequestForm />} />
        <Route path="/locatie-aanvragen/voltooid" element={<LocatieAanvragenVoltooidPage />} />
      </Routes>,
      { path: '/locatie-aanvragen' },
    );
    fireEvent.click(await screen.findByTestId('request-submit'));
    expect(await screen.findByText('Dit veld is verplicht.')).toBeTruthy();
    expect(posts('/LocationRequests')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('request-description'), { target: { value: 'Viaduct A28' } });
    fireEvent.change(screen.getByTestId('request-city'), { target: { value: 'Meppel' } });
    fireEvent.click(screen.getByTestId('request-submit'));
    // the done page names the request just sent
    expect((await screen.findByTestId('location-request-done')).textContent).toContain('Viaduct A28');
    const [[, init]] = posts('/LocationRequests');
    expect(JSON.parse(String(init?.body))).toEqual({ description: 'Viaduct A28', city: 'Meppel' });
    expect(new Headers(init?.headers).get('idempotency-key')).toBeTruthy();
  });

  // issue #31 item 19: opened directly it thanked for a request that does not exist
  it('opened directly, the done page says that nothing was sent', () => {
    renderWithProviders(<LocatieAanvragenVoltooidPage />, { path: '/locatie-aanvragen/voltooid' });
    expect(screen.queryByTestId('location-request-done')).toBeNull();
    expect(screen.getByTestId('nothing-submitted').textContent).toContain('Er is niets verstuurd');
    expect(screen.getByRole('link', { name: 'Locatie aanvragen' }).getAttribute('href')).toBe(
      '/locatie-aanvragen',
    );
  });
});

describe("the department's queue", () => {
  it('approves with a number (format checked first) and the preselected customer', async () => {
    renderWithProviders(<MaterieeldienstLocatieAanvragenPage />);
    expect(await screen.findByText('Viaduct A28')).toBeTruthy();
    // the number the department quotes
    expect(screen.getByTestId('location-request-no').textContent).toBe('L-2026-000012');
    fireEvent.change(screen.getByTestId('approve-locationNo'), { target: { value: 'x1' } });
    fireEvent.click(screen.getByTestId('approve-submit'));
    expect(
      await screen.findByText('Het nummer heeft niet de juiste vorm (bijvoorbeeld P-24013).'),
    ).toBeTruthy();
    expect(posts('/approve')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('approve-locationNo'), { target: { value: 'p-29103' } });
    fireEvent.click(screen.getByTestId('approve-submit'));
    await waitFor(() => expect(posts('/approve')).toHaveLength(1));
    expect(JSON.parse(String(posts('/approve')[0][1]?.body))).toEqual({
      locationNo: 'P-29103',
      customerNo: 'K-10112',
    });
  });

  it('rejects only with a reason', async () => {
    renderWithProviders(<MaterieeldienstLocatieAanvragenPage />);
    fireEvent.click(await screen.findByTestId('reject-submit'));
    expect(await screen.findByText('Dit veld is verplicht.')).toBeTruthy();
    fireEvent.change(screen.getByTestId('reject-reason'), { target: { value: 'Buiten werkgebied' } });
    fireEvent.click(screen.getByTestId('reject-submit'));
    await waitFor(() => expect(posts('/reject')).toHaveLength(1));
    expect(JSON.parse(String(posts('/reject')[0][1]?.body))).toEqual({ reason: 'Buiten werkgebied' });
  });

  it('shows a refused queue as an error, never as empty', async () => {
    handler = () => json({ code: 'error.geen_toegang', message: 'x' }, 403);
    renderWithProviders(<MaterieeldienstLocatieAanvragenPage />);
    expect(await screen.findByText('Je hebt geen toegang tot deze gegevens of deze functie.')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen locatieaanvragen.')).toBeNull();
  });
});
