import { MantineProvider } from '@mantine/core';
import { localDay } from '@mp/contract/rules/service-messages';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { json, renderWithProviders, signInTest, signOutTest, testQueryClient } from '../../test/render';
import { buildTheme, defaultBrand } from '../theme';
import { AppLayout } from './AppLayout';
import { ServiceMessageNotice } from './ServiceMessageNotice';
import { serviceMessageStateStore } from './service-message-state';

const messages = [
  {
    id: 'm1',
    locale: 'nl-NL',
    message: 'Depots gesloten op 2e kerstdag.',
    pageId: 'p1',
    pageName: 'Feestdagen',
    activeFrom: '2026-01-01T00:00:00.000Z',
    activeUntil: null,
  },
  {
    id: 'm2',
    locale: 'nl-NL',
    message: 'Nieuwe lichtmasten.',
    pageId: null,
    pageName: null,
    activeFrom: '2026-01-01T00:00:00.000Z',
    activeUntil: null,
  },
];

// why: the server is the system's edge; settings and service messages are stubbed, anything else is not found.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path.endsWith('/ServiceMessages')) return json({ serviceMessages: messages });
    if (path.includes('/Settings/'))
      return json({
        groupingType: 'all',
        boolValues: { AllowAnonymousUsers: true },
        intValues: {},
        stringValues: {},
        multiStrings: {},
      });
    return json({ code: 'error.niet_gevonden', message: 'not found' }, 404);
  });
  serviceMessageStateStore.set({ viewedIds: [], lastShownDay: {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('service messages', () => {
  it('shows the messages one by one and marks them viewed when the sequence ends', async () => {
    const { router } = renderWithProviders(<ServiceMessageNotice />);
    const notice = await screen.findByTestId('service-message');
    expect(notice.textContent).toContain('Depots gesloten');
    expect(notice.textContent).toContain('1 / 2');
    expect(serviceMessageStateStore.get().lastShownDay['nl-NL']).toBe(localDay(new Date()));
    expect(serviceMessageStateStore.get().viewedIds).toEqual([]);

    // read more opens the message's page and moves on
    fireEvent.click(screen.getByRole('button', { name: 'Lees meer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content-page/p1/nl-NL'));
    expect(screen.getByTestId('service-message').textContent).toContain('Nieuwe lichtmasten');
    // no page: no read-more button
    expect(screen.queryByRole('button', { name: 'Lees meer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByTestId('service-message')).toBeNull();
    expect(serviceMessageStateStore.get().viewedIds).toEqual(['m1', 'm2']);
    expect(JSON.parse(localStorage.getItem('mp.serviceMessages') ?? '{}').viewedIds).toEqual(['m1', 'm2']);
  });

  // issue #31 item 18: the toast covered the page's actions; in the page's flow it must not change by itself either,
  // or the page would move under the pointer
  it('stays until it is closed: it never moves on by itself', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderWithProviders(<ServiceMessageNotice />);
    expect((await screen.findByTestId('service-message')).textContent).toContain('Depots');
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(screen.getByTestId('service-message').textContent).toContain('Depots');
  });

  it('shows nothing again the same day, nor messages already viewed', async () => {
    serviceMessageStateStore.set({ viewedIds: [], lastShownDay: { 'nl-NL': localDay(new Date()) } });
    renderWithProviders(<ServiceMessageNotice />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('ServiceMessages'))).toBe(true),
    );
    expect(screen.queryByTestId('service-message')).toBeNull();
  });

  // issue #31 item 18: a floating toast lay over the page's actions until it was closed
  it('sits in the page, above its content and below the header, never on top of it', async () => {
    signInTest();
    try {
      const router = createMemoryRouter([
        {
          element: <AppLayout />,
          children: [
            {
              path: '*',
              element: (
                <button type="button" data-testid="page-action">
                  Opslaan
                </button>
              ),
            },
          ],
        },
      ]);
      render(
        <QueryClientProvider client={testQueryClient()}>
          <I18nextProvider i18n={i18n}>
            <MantineProvider theme={buildTheme(defaultBrand)} env="test">
              <RouterProvider router={router} />
            </MantineProvider>
          </I18nextProvider>
        </QueryClientProvider>,
      );
      const notice = await screen.findByTestId('service-message');
      const action = await screen.findByTestId('page-action');
      const main = document.querySelector('main');
      expect(main?.contains(notice)).toBe(true);
      // before the page's content in the flow of the page
      expect(notice.compareDocumentPosition(action) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    } finally {
      signOutTest();
    }
  });
});
