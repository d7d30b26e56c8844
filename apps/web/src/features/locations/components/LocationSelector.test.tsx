import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedLocationStore, selectLocation } from '../../../shared/session/location';
import { endSession, startSession } from '../../../shared/session/session';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders } from '../../../test/render';
import { LocationSelector } from './LocationSelector';

const loc = (locationNo: string, description: string, description2: string | null, blocked = false) => ({
  id: locationNo,
  locationNo,
  description,
  description2,
  blocked,
  projectNo: null,
  role: 'user' as const,
  customerName: null,
});
const locations = [
  loc('P-2024-017', 'Nieuwbouw Zuidas Amsterdam', 'Fase 2 kelder'),
  loc('P-2023-101', 'Renovatie brug Zwolle', null),
  loc('P-2025-003', 'Sporthal Utrecht', 'Oost', true),
];

// why: the server is the system's edge; PlantLocations answers are stubbed.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  selectLocation(null);
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'u1',
      name: 'Jan',
      email: 'j@x.nl',
      isAdmin: false,
      internalExternal: 'Internal',
      language: 'nl-NL',
    },
  });
});
afterEach(() => {
  // ends the session as a logout does (its listeners run: the next test is a new sign-in)
  endSession('logout');
  vi.unstubAllGlobals();
});

function input() {
  return screen.getByRole('combobox', { name: 'Kies een locatie' }) as HTMLInputElement;
}
const optionTexts = () => screen.queryAllByRole('option').map((o) => o.textContent);

describe('location selector', () => {
  it('lists the locations as "nummer - omschrijving - omschrijving2" and filters by product §5', async () => {
    fetchMock.mockResolvedValue(json({ plantLocations: locations }));
    renderWithProviders(<LocationSelector />);
    expect(input().placeholder).toBe('Geen locatie');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    act(() => input().focus());
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    expect(optionTexts()).toContain('P-2024-017 - Nieuwbouw Zuidas Amsterdam - Fase 2 kelder');
    expect(optionTexts()).toContain('P-2023-101 - Renovatie brug Zwolle');

    fireEvent.change(input(), { target: { value: '  ZUIDAS   amsterdam ' } });
    expect(optionTexts()).toEqual(['P-2024-017 - Nieuwbouw Zuidas Amsterdam - Fase 2 kelder']);
    // all words in the second description
    fireEvent.change(input(), { target: { value: 'kelder fase' } });
    expect(optionTexts()).toHaveLength(1);
    // any word in the number
    fireEvent.change(input(), { target: { value: '2023 onzin' } });
    expect(optionTexts()).toEqual(['P-2023-101 - Renovatie brug Zwolle']);
    // words spread over both descriptions do not match
    fireEvent.change(input(), { target: { value: 'zuidas kelder' } });
    expect(optionTexts()).toEqual([]);
    expect(screen.getByText('Geen resultaten gevonden')).toBeTruthy();
  });

  it('selects a location, keeps it, and clears it with the clear button', async () => {
    fetchMock.mockResolvedValue(json({ plantLocations: locations }));
    renderWithProviders(<LocationSelector />);
    act(() => input().focus());
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    fireEvent.change(input(), { target: { value: 'brug' } });
    act(() => within(screen.getByRole('listbox')).getByRole('option').click());
    expect(selectedLocationStore.get()).toEqual({
      locationNo: 'P-2023-101',
      label: 'P-2023-101 - Renovatie brug Zwolle',
    });
    expect(input().value).toBe('P-2023-101 - Renovatie brug Zwolle');
    expect(JSON.parse(localStorage.getItem('mp.location') ?? 'null')?.locationNo).toBe('P-2023-101');

    act(() => screen.getByRole('button', { name: 'Locatie wissen' }).click());
    expect(selectedLocationStore.get()).toBeNull();
    expect(input().value).toBe('');
    expect(localStorage.getItem('mp.location')).toBeNull();
  });

  it("chooses the server's default (the only location) at the start, and a cleared choice stays cleared (issue #36)", async () => {
    fetchMock.mockResolvedValue(json({ plantLocations: [locations[1]], defaultLocationNo: 'P-2023-101' }));
    renderWithProviders(<LocationSelector />);
    await waitFor(() => expect(selectedLocationStore.get()?.locationNo).toBe('P-2023-101'));
    expect(input().value).toBe('P-2023-101 - Renovatie brug Zwolle');

    act(() => screen.getByRole('button', { name: 'Locatie wissen' }).click());
    expect(selectedLocationStore.get()).toBeNull();
    // a second selector (a page's notice) with the same answer does not choose it again
    renderWithProviders(<LocationSelector label="Tweede" testId="second" />);
    await waitFor(() => expect(screen.getByTestId('second')).toBeTruthy());
    expect(selectedLocationStore.get()).toBeNull();
  });

  it('chooses the last chosen location of a user with several, and nothing without a default', async () => {
    fetchMock.mockResolvedValue(json({ plantLocations: locations, defaultLocationNo: 'P-2024-017' }));
    renderWithProviders(<LocationSelector />);
    await waitFor(() => expect(selectedLocationStore.get()?.locationNo).toBe('P-2024-017'));
  });

  it('chooses nothing for a user with several and no default', async () => {
    fetchMock.mockResolvedValue(json({ plantLocations: locations, defaultLocationNo: null }));
    renderWithProviders(<LocationSelector />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    act(() => input().focus());
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    expect(selectedLocationStore.get()).toBeNull();
  });

  it('never keeps a stored location the user lost: the default is chosen instead', async () => {
    selectLocation({ locationNo: 'GONE', label: 'GONE - Oud' });
    fetchMock.mockResolvedValue(json({ plantLocations: [locations[0]], defaultLocationNo: 'P-2024-017' }));
    renderWithProviders(<LocationSelector />);
    await waitFor(() => expect(selectedLocationStore.get()?.locationNo).toBe('P-2024-017'));
  });

  it('tells the server the location picked, for the next sign-in on any device', async () => {
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT' ? new Response(null, { status: 204 }) : json({ plantLocations: locations }),
    );
    renderWithProviders(<LocationSelector />);
    act(() => input().focus());
    await waitFor(() => expect(optionTexts()).toHaveLength(3));
    fireEvent.change(input(), { target: { value: 'brug' } });
    act(() => within(screen.getByRole('listbox')).getByRole('option').click());
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            init?.method === 'PUT' && String(url).endsWith('/PlantLocations/P-2023-101/chosen'),
        ),
      ).toBe(true),
    );
  });

  it('drops a stored location the user no longer has', async () => {
    selectLocation({ locationNo: 'GONE', label: 'GONE - Oud' });
    fetchMock.mockResolvedValue(json({ plantLocations: locations }));
    renderWithProviders(<LocationSelector />);
    await waitFor(() => expect(selectedLocationStore.get()).toBeNull());
  });

  it('warns when the account is not linked to the ERP (416)', async () => {
    fetchMock.mockResolvedValue(json({ code: 'warning.navision_account_onbekend', message: 'x' }, 416));
    renderWithProviders(<LocationSelector />);
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('warning.navision_account_onbekend'));
    expect(snackbarStore.get().current?.kind).toBe('warning');
  });

  it('shows error.server_fout for other failures', async () => {
    fetchMock.mockResolvedValue(json({ code: 'error.server_fout', message: 'x' }, 500));
    renderWithProviders(<LocationSelector />);
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('error.server_fout'));
  });
});
