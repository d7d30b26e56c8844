import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../test/render';
import { updateWaitingStore } from '../service-worker';
import { UpdateAvailableModal } from './UpdateAvailableModal';

// why: reloading the page (and a service worker) is the browser's; the journey e2e/journeys/offline.ts does it for real
const reloadToNewVersion = vi.hoisted(() => vi.fn(async () => {}));
vi.mock('../service-worker', async (original) => ({
  ...(await original<typeof import('../service-worker')>()),
  reloadToNewVersion,
}));

// why: the server is the system's edge; AppConfig answers are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let serverBuild = '';

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async () =>
    json({ angularEnabled: false, externalLogin: false, version: '1.0.0', buildId: serverBuild }),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('update-available modal', () => {
  it('stays away while the server runs this build', async () => {
    serverBuild = __BUILD_ID__;
    renderWithProviders(<UpdateAvailableModal />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Nieuwe versie beschikbaar')).toBeNull();
  });

  it('asks to refresh when a new build is deployed, and can be closed', async () => {
    serverBuild = '20260202000000-newer';
    renderWithProviders(<UpdateAvailableModal />);
    expect(await screen.findByText('Nieuwe versie beschikbaar')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Vernieuwen' })).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Sluiten' })[0]);
    await waitFor(() => expect(screen.queryByText('Nieuwe versie beschikbaar')).toBeNull());
  });

  it('asks too when the code of a page cannot be loaded after a deployment', async () => {
    serverBuild = __BUILD_ID__;
    renderWithProviders(<UpdateAvailableModal />);
    window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
    expect(await screen.findByText('Nieuwe versie beschikbaar')).toBeTruthy();
  });

  it('offline, a chunk that cannot load is not a new version: no dialog, the failure left to its importer', async () => {
    serverBuild = __BUILD_ID__;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      renderWithProviders(<UpdateAvailableModal />);
      await waitFor(() => expect(fetchMock).toHaveBeenCalled());
      const failed = new Event('vite:preloadError', { cancelable: true });
      window.dispatchEvent(failed);
      // not taken: the import rejects and its importer copes (AppLayout's lazy parts, the route's PageWhenOnline)
      expect(failed.defaultPrevented).toBe(false);
      await act(async () => {});
      expect(screen.queryByText('Nieuwe versie beschikbaar')).toBeNull();
    } finally {
      onLine.mockRestore();
    }
  });

  it("asks when a new version's service worker has installed and waits; reload lets it take over (decision 0031)", async () => {
    serverBuild = __BUILD_ID__;
    renderWithProviders(<UpdateAvailableModal />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByText('Nieuwe versie beschikbaar')).toBeNull();
    updateWaitingStore.set(true);
    expect(await screen.findByText('Nieuwe versie beschikbaar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Vernieuwen' }));
    expect(reloadToNewVersion).toHaveBeenCalledTimes(1);
    updateWaitingStore.set(false);
  });
});
