import type { RemovalList } from '@mp/contract/api/stock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectedLocationStore } from '../../../shared/session/location';
import { resetSnackbars } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { AfvoerlijstPage } from './AfvoerlijstPage';

const listOf = (locationNo: string, lineId: string, itemNo: string): RemovalList => ({
  locationNo,
  count: 1,
  lines: [
    {
      lineId,
      itemNo,
      description: `Materieel ${itemNo}`,
      plantNo: null,
      locationNo,
      returnAmount: 2,
      comment: null,
      weightPerPiece: null,
      onSite: 10,
      nextInspection: null,
    },
  ],
});
const location = (no: string, projectNo: string | null) => ({
  id: no,
  locationNo: no,
  description: `Locatie ${no}`,
  description2: null,
  blocked: false,
  projectNo,
  role: 'user',
  customerName: null,
});

// why: the server is the system's edge; locations, settings and the lists are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let projectOverviews = true;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  projectOverviews = true;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (url.pathname.endsWith('/PlantLocations'))
      return json({
        plantLocations: [location('P-1', 'PR-7'), location('P-2', 'PR-7'), location('P-3', null)],
      });
    if (url.pathname.includes('/Settings'))
      return json({
        groupingType: 'all',
        boolValues: { ProjectOverzichten_TonenEnGebruiken: projectOverviews },
        intValues: {},
        stringValues: {},
        multiStrings: {},
      });
    if (url.pathname.endsWith('/RemovalLists/project/P-1'))
      return json({
        projectNo: 'PR-7',
        lists: [
          { ...listOf('P-1', '11111111-1111-4111-8111-111111111111', 'BH-1'), description: 'Locatie P-1' },
          { ...listOf('P-2', '22222222-2222-4222-8222-222222222222', 'AG-1'), description: 'Locatie P-2' },
        ],
      });
    if (url.pathname.includes('/RemovalLists/P-2/lines/') && method === 'PATCH')
      return json(listOf('P-2', '22222222-2222-4222-8222-222222222222', 'AG-1'));
    if (url.pathname.endsWith('/RemovalLists/P-1'))
      return json(listOf('P-1', '11111111-1111-4111-8111-111111111111', 'BH-1'));
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Afvoerlijst: the project view (ProjectOverzichten_TonenEnGebruiken)', () => {
  it('shows the other locations’ lists of the project, edits them there and switches to process one', async () => {
    renderWithProviders(<AfvoerlijstPage />, { path: '/afvoerlijst' });
    fireEvent.click(await screen.findByText('Project PR-7'));
    const lists = await screen.findByTestId('project-lists');
    expect(lists.textContent).toContain('P-2 – Locatie P-2');
    expect(lists.textContent).toContain('Materieel AG-1');
    // no "remove" or "move" for another location's list: it is processed there
    expect(within(lists).queryByTestId('to-removal')).toBeNull();
    const amount = within(lists).getAllByRole('textbox')[0] as HTMLInputElement;
    fireEvent.change(amount, { target: { value: '1' } });
    await waitFor(
      () =>
        expect(
          fetchMock.mock.calls.some(
            ([u, i]) => String(u).includes('/RemovalLists/P-2/lines/') && i?.method === 'PATCH',
          ),
        ).toBe(true),
      { timeout: 3000 },
    );
    fireEvent.click(within(lists).getByTestId('switch-location'));
    await waitFor(() => expect(selectedLocationStore.get()?.locationNo).toBe('P-2'));
  });

  it('is not offered without the setting', async () => {
    projectOverviews = false;
    renderWithProviders(<AfvoerlijstPage />, { path: '/afvoerlijst' });
    await screen.findByText('Materieel BH-1');
    expect(screen.queryByTestId('removal-view')).toBeNull();
  });
});
