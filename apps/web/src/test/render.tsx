import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { buildTheme, defaultBrand } from '../app/theme';
import { i18n } from '../shared/i18n/i18n';
import { selectLocation } from '../shared/session/location';
import { sessionStore, startSession } from '../shared/session/session';

export function testQueryClient(): QueryClient {
  return new QueryClient({
    // the app's network mode (app/providers.tsx): offline a query or change fails at once, never pauses
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY, networkMode: 'always' },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

/** The app's providers a component needs to render (texts, theme), for tests that bring their own router. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={buildTheme(defaultBrand)} env="test">
        {children}
      </MantineProvider>
    </I18nextProvider>
  );
}

/**
 * Renders a component inside the app's providers and a memory router with a few target routes. With
 * `persistent`, the component stays on screen above the routes (as the shell's parts do) when it navigates.
 */
export function renderWithProviders(
  ui: ReactNode,
  { path = '/', queryClient = testQueryClient(), persistent = false } = {},
) {
  const targets = [
    { path: '/details/:id', element: <div data-testid="page">details</div> },
    { path: '/set/:id', element: <div data-testid="page">set</div> },
    { path: '/zoeken/:term', element: <div data-testid="page">zoeken</div> },
  ];
  const routes = persistent
    ? [
        {
          element: (
            <>
              {ui}
              <Outlet />
            </>
          ),
          children: [{ path: '*', element: null }, ...targets],
        },
      ]
    : [{ path: '*', element: ui }, ...targets];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        <MantineProvider theme={buildTheme(defaultBrand)} env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A JSON answer for the stubbed fetch. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/**
 * A signed-in internal user (Jan) on location P-1, as the page tests start; `signOutTest` in afterEach undoes it.
 */
export function signInTest(): void {
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
  selectLocation({ locationNo: 'P-1', label: 'P-1 - Project' });
}

/** An administrator's session (the admin pages' tests). */
export function signInAdminTest(): void {
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'admin',
      name: 'Beheer',
      email: 'a@x.nl',
      isAdmin: true,
      internalExternal: 'Internal',
      language: 'nl-NL',
    },
  });
}

export function signOutTest(): void {
  sessionStore.set(null);
  selectLocation(null);
}
