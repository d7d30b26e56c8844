import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { LocationData } from './LocationData';

// why: the server is the system's edge; the location calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
const details = (over: Record<string, unknown> = {}) => ({
  locationNo: 'P-1',
  description: 'Nieuwbouw',
  description2: null,
  projectNumber: 'PRJ-1',
  startDate: '2026-01-05',
  endDate: null,
  street: null,
  postcode: null,
  city: null,
  customerName: 'Bouwbedrijf',
  blocked: false,
  deregistrationPending: false,
  canEdit: true,
  canManageMembers: true,
  members: [
    { userId: 'u1', name: 'Jan', email: 'j@x.nl', role: 'user', manageable: false },
    { userId: 'u2', name: 'Piet', email: 'p@x.nl', role: 'administration', manageable: true },
  ],
  indicator: { level: 'warning', days: 64, hasStock: true, safe: 30, warning: 60, danger: 90 },
  ...over,
});
let answer = details();
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u, init]) => ({ url: String(u), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  answer = details();
  signInTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (method !== 'GET') return new Response(null, { status: 204 });
    if (url.pathname.endsWith('/details')) return json(answer);
    if (url.pathname.endsWith('/Users')) return json({ items: [], total: 0, page: 1, pageSize: 20 });
    if (url.pathname.includes('/Settings/'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    return json({});
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the location data', () => {
  it('shows the facts, the traffic light and the members', async () => {
    renderWithProviders(<LocationData locationNo="P-1" />);
    const facts = await screen.findByTestId('location-facts');
    expect(within(facts).getByText('Nieuwbouw')).toBeTruthy();
    expect(screen.getByTestId('location-indicator').textContent).toContain('64');
    expect(screen.getAllByTestId('member-row')).toHaveLength(2);
  });

  it('says a location without stock has no equipment rather than "0 days"', async () => {
    answer = details({
      indicator: { level: 'safe', days: 0, hasStock: false, safe: 30, warning: 60, danger: 90 },
    });
    renderWithProviders(<LocationData locationNo="P-1" />);
    const indicator = await screen.findByTestId('location-indicator');
    expect(indicator.textContent).toContain('geen materieel op de locatie');
    expect(indicator.textContent).not.toContain('0 huurdag');
  });

  it('saves changed facts and names an end before the start at the field', async () => {
    renderWithProviders(<LocationData locationNo="P-1" />);
    fireEvent.click(await screen.findByTestId('facts-edit'));
    const form = screen.getByTestId('location-facts-form');
    fireEvent.change(within(form).getByLabelText(/Projectnummer/), { target: { value: 'PRJ-2' } });
    fireEvent.click(within(form).getByTestId('facts-save'));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]).toEqual({
      url: expect.stringContaining('/PlantLocations/P-1'),
      body: {
        description: 'Nieuwbouw',
        description2: null,
        projectNumber: 'PRJ-2',
        startDate: '2026-01-05',
        endDate: null,
      },
    });
  });

  it('removes a member it manages after asking, and offers no edit to the read-only role', async () => {
    renderWithProviders(<LocationData locationNo="P-1" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Van de locatie verwijderen: Piet' }));
    expect(screen.queryByRole('button', { name: 'Van de locatie verwijderen: Jan' })).toBeNull();
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Van de locatie verwijderen' }));
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([expect.stringContaining('/members/u2')]),
    );
  });

  it('disables the edit for the read-only role, with the reason', async () => {
    answer = details({ canEdit: false, canManageMembers: false });
    renderWithProviders(<LocationData locationNo="P-1" />);
    const edit = (await screen.findByTestId('facts-edit')) as HTMLButtonElement;
    expect(edit.disabled).toBe(true);
    expect(screen.getByText('Je kunt de gegevens van deze locatie alleen bekijken.')).toBeTruthy();
    expect(screen.queryByTestId('member-add')).toBeNull();
  });
});
