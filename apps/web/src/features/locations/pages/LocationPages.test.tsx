import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { LocatiePage } from './LocationPages';

// why: the server is the system's edge; the locations answer is stubbed.
const fetchMock = vi.fn<typeof fetch>();
let role: 'user' | 'administration' = 'user';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  role = 'user';
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/PlantLocations'))
      return json({
        plantLocations: [
          {
            id: 'P-1',
            locationNo: 'P-1',
            description: 'Project',
            description2: null,
            blocked: false,
            projectNo: null,
            role,
            customerName: null,
          },
        ],
      });
    return json({}, 404);
  });
  signInTest();
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

// issue #31 item 19: a transport could only be started from /aanvragen
describe('the project page', () => {
  it('starts a transport request for the selected location', async () => {
    renderWithProviders(<LocatiePage />, { path: '/locatie' });
    await screen.findByTestId('location-links');
    expect(screen.getByRole('link', { name: 'Transport aanvragen' }).getAttribute('href')).toBe(
      '/transport-aanvraag/gegevens',
    );
  });

  it('offers no transport to the read-only role', async () => {
    role = 'administration';
    renderWithProviders(<LocatiePage />, { path: '/locatie' });
    await screen.findByTestId('location-links');
    await screen.findAllByText('Alleen lezen (administratie)');
    expect(screen.queryByRole('link', { name: 'Transport aanvragen' })).toBeNull();
  });
});
