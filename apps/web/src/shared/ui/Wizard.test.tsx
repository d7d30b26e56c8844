import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TestProviders } from '../../test/render';
import { paths } from '../lib/paths';
import { DonePage } from './Wizard';

/** The removal wizard's done page opened at `entry` (a typed address, or the wizard's navigation with its state). */
function openDone(entry: string | { pathname: string; search?: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: '/afvoeren/voltooid', element: <DonePage group="Afvoeren" /> },
      { path: '/aanvragen/:id', element: <div data-testid="request-page" /> },
      { path: '*', element: null },
    ],
    { initialEntries: [entry] },
  );
  render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return router;
}

// issue #31 item 19: opened directly, the done pages thanked the user for a request that does not exist
describe('a wizard’s done page', () => {
  it('thanks for the request the wizard just sent, with its number and a link to it', () => {
    openDone({
      pathname: '/afvoeren/voltooid',
      search: '?aanvraag=r-1',
      state: { requestNo: 'AV-2026-0001', requestId: 'r-1' },
    });
    expect(screen.getByTestId('removal-done').textContent).toContain('Afvoeraanvraag verzonden');
    expect(screen.getByTestId('request-no').textContent).toContain('AV-2026-0001');
    expect(screen.getByTestId('to-request').getAttribute('href')).toBe('/aanvragen/r-1');
  });

  it('opened directly without a request says nothing was sent, and thanks for nothing', () => {
    openDone('/afvoeren/voltooid');
    expect(screen.queryByTestId('removal-done')).toBeNull();
    expect(screen.getByTestId('nothing-submitted').textContent).toContain('Er is niets verstuurd');
    // the way to start one, and the requests already sent
    expect(screen.getByRole('link', { name: 'Naar mijn aanvragen' }).getAttribute('href')).toBe('/aanvragen');
  });

  it('opened by an address that names a request shows that request itself (its page checks who may see it)', async () => {
    const router = openDone(paths.afvoerenVoltooid.to('r-9'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/aanvragen/r-9'));
    expect(screen.queryByTestId('removal-done')).toBeNull();
  });
});
