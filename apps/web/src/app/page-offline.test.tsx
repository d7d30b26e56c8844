import { act, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, testQueryClient } from '../test/render';
import { createGuards } from './guards';
import { loadWhenOnline, PageWhenOnline } from './page-offline';
import { toRouteObjects } from './routes';

// A page whose code is not on the phone while offline (decision 0031, "A page's code offline"): without a service
// worker only what was loaded is there; the route says the page needs a connection instead of the error page (which
// says a new version is available), and the page comes when reception returns. Journey: e2e/journeys/offline.ts.

// why: a chunk that cannot be fetched; the complaint pages' module fails to load as it does without a network
vi.mock('../features/complaints/pages/ComplaintPages', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

let online = true;
Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
beforeEach(() => {
  online = true;
});
afterEach(() => {
  online = true;
});

const complaintForm = () =>
  toRouteObjects(createGuards(testQueryClient())).find(
    (r) => r.path === '/klachten-aanmaken',
  ) as RouteObject & {
    lazy: () => Promise<{ element?: ReactElement; Component?: unknown }>;
  };

describe("a route whose page's code cannot be loaded", () => {
  it('offline: the route shows that the page needs a connection (not the error page)', async () => {
    online = false;
    const route = await complaintForm().lazy();
    expect(route.Component).toBeUndefined();
    renderWithProviders(route.element as ReactElement);
    expect((await screen.findByTestId('not-available-offline')).textContent).toContain(
      'Niet beschikbaar zonder verbinding',
    );
  });

  it('online: the failure goes to the error page, as after a deployment', async () => {
    await expect(complaintForm().lazy()).rejects.toThrow();
  });
});

describe('PageWhenOnline', () => {
  it('shows "not available offline" until reception returns, then loads and shows the page', async () => {
    online = false;
    const load = vi.fn(async () => () => <p data-testid="the-page">Klacht indienen</p>);
    renderWithProviders(<PageWhenOnline page={loadWhenOnline(load)} />);
    await screen.findByTestId('not-available-offline');
    // a second sign of life without reception (the browser's event while the server is unreachable) changes nothing
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(load).not.toHaveBeenCalled();
    online = true;
    await act(async () => window.dispatchEvent(new Event('online')));
    expect(await screen.findByTestId('the-page')).toBeTruthy();
    expect(screen.queryByTestId('not-available-offline')).toBeNull();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
