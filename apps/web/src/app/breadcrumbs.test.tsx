import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../shared/i18n/i18n';
import { startSession } from '../shared/session/session';
import { PageHeader } from '../shared/ui/PageHeader';
import { TrailPageHeader } from '../shared/ui/TrailPageHeader';
import { signInAdminTest, signOutTest } from '../test/render';
import { handleOf, routeTable } from './routes';
import { buildTheme, defaultBrand } from './theme';

/** A page of the route table with its real handle (its breadcrumb), as the router gives it. */
function renderPage(name: string, element = <PageHeader />) {
  const def = routeTable.find((r) => r.name === name);
  if (!def) throw new Error(name);
  const router = createMemoryRouter([{ path: '*', handle: handleOf(def), element }]);
  render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={buildTheme(defaultBrand)} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  );
  const nav = screen.getByRole('navigation', { name: 'Kruimelpad' });
  return within(nav)
    .queryAllByRole('link')
    .map((a) => [a.textContent, a.getAttribute('href')]);
}

/** The board (management): reports, no settings (issue #31 item 19). */
function signInManagement() {
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'm1',
      name: 'Directie',
      email: 'directie@x.nl',
      isAdmin: false,
      canReport: true,
      internalExternal: 'Internal',
      language: 'nl-NL',
    },
  });
}

afterEach(() => signOutTest());

describe('breadcrumbs follow what the user may open', () => {
  it('leave out Instellingen for management on /rapportages (it would lead to a no-access page)', () => {
    signInManagement();
    expect(renderPage('Rapportages')).toEqual([['Home', '/']]);
  });

  it('keep Instellingen for an administrator', () => {
    signInAdminTest();
    expect(renderPage('Rapportages')).toEqual([
      ['Home', '/'],
      ['Instellingen', '/settings'],
    ]);
  });

  it('do the same above a page with a trail of its own', () => {
    signInManagement();
    expect(renderPage('PaginaGebruik', <TrailPageHeader title="Paginagebruik" />)).toEqual([['Home', '/']]);
  });
});
