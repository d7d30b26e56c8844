import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedLocationStore, selectLocation } from '../../shared/session/location';
import { endSession } from '../../shared/session/session';
import { AreaPage } from '../../shared/ui/AreaPage';
import { LocationPickerContext } from '../../shared/ui/location-picker';
import { json, renderWithProviders, signInTest } from '../../test/render';
import { NoticeLocationPicker } from './NoticeLocationPicker';

const loc = (locationNo: string, description: string) => ({
  id: locationNo,
  locationNo,
  description,
  description2: null,
  blocked: false,
  projectNo: null,
  role: 'user' as const,
  customerName: null,
});

// why: the server is the system's edge; PlantLocations answers are stubbed.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(
    json({ plantLocations: [loc('P-1', 'Nieuwbouw Zuidas'), loc('P-2', 'Brug Zwolle')] }),
  );
  // signed in with no location chosen
  signInTest();
  selectLocation(null);
});
afterEach(() => {
  endSession('logout');
  vi.unstubAllGlobals();
});

function stockPage() {
  return (
    <LocationPickerContext.Provider value={NoticeLocationPicker}>
      <AreaPage needsLocation locationMessageKey="Materieelvoorraad.kies_locatie">
        <p>voorraad</p>
      </AreaPage>
    </LocationPickerContext.Provider>
  );
}

describe('the notice of a page that needs a location (issue #36)', () => {
  it("holds the location picker, in the page's words (not the order list's), and picking one chooses it", async () => {
    renderWithProviders(stockPage());
    const notice = await screen.findByTestId('location-prompt');
    expect(notice.textContent).not.toContain('bestellen');
    const picker = within(notice).getByRole('combobox', {
      name: 'Kies eerst een locatie om het materieel op die locatie te zien.',
    });
    act(() => picker.focus());
    await waitFor(() => expect(screen.queryAllByRole('option')).toHaveLength(2));
    act(() => screen.getByRole('option', { name: 'P-2 - Brug Zwolle' }).click());

    expect(selectedLocationStore.get()?.locationNo).toBe('P-2');
    // the notice gives way to the location the page works on
    await waitFor(() => expect(screen.queryByTestId('location-prompt')).toBeNull());
    expect(screen.getByText('P-2 - Brug Zwolle')).toBeTruthy();
  });

  it('without a picker provided, it says so in the same words and points to the banner', async () => {
    renderWithProviders(
      <AreaPage needsLocation locationMessageKey="Afvoerlijst.kies_locatie">
        <p>afvoerlijst</p>
      </AreaPage>,
    );
    const notice = await screen.findByTestId('location-prompt');
    expect(notice.textContent).toContain('Kies eerst een locatie om de afvoerlijst ervan te zien.');
    expect(within(notice).getByRole('button', { name: 'Kies een locatie' })).toBeTruthy();
  });
});
