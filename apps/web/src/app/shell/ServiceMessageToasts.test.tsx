import { localDay } from '@mp/contract/rules/service-messages';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../test/render';
import { SERVICE_TOAST_MS, ServiceMessageToasts } from './ServiceMessageToasts';
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

// why: the server is the system's edge; settings and service messages are stubbed.
const fetchMock = vi.fn<typeof fetch>();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://localhost').pathname;
    if (path.endsWith('/ServiceMessages')) return json({ serviceMessages: messages });
    return json({
      groupingType: 'all',
      boolValues: { AllowAnonymousUsers: true },
      intValues: {},
      stringValues: {},
      multiStrings: {},
    });
  });
  serviceMessageStateStore.set({ viewedIds: [], lastShownDay: {} });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('service-message toasts', () => {
  it('shows the messages one by one and marks them viewed when the sequence ends', async () => {
    const { router } = renderWithProviders(<ServiceMessageToasts />);
    const toast = await screen.findByTestId('service-toast');
    expect(toast.textContent).toContain('Depots gesloten');
    expect(toast.textContent).toContain('1 / 2');
    expect(serviceMessageStateStore.get().lastShownDay['nl-NL']).toBe(localDay(new Date()));
    expect(serviceMessageStateStore.get().viewedIds).toEqual([]);

    // read more opens the message's page and moves on
    fireEvent.click(screen.getByRole('button', { name: 'Lees meer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/content-page/p1/nl-NL'));
    expect(screen.getByTestId('service-toast').textContent).toContain('Nieuwe lichtmasten');
    // no page: no read-more button
    expect(screen.queryByRole('button', { name: 'Lees meer' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Sluiten' }));
    expect(screen.queryByTestId('service-toast')).toBeNull();
    expect(serviceMessageStateStore.get().viewedIds).toEqual(['m1', 'm2']);
    expect(JSON.parse(localStorage.getItem('mp.serviceMessages') ?? '{}').viewedIds).toEqual(['m1', 'm2']);
  });

  it('moves on by itself after a while', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderWithProviders(<ServiceMessageToasts />);
    expect((await screen.findByTestId('service-toast')).textContent).toContain('Depots');
    await act(() => vi.advanceTimersByTimeAsync(SERVICE_TOAST_MS));
    expect(screen.getByTestId('service-toast').textContent).toContain('Nieuwe lichtmasten');
  });

  it('shows nothing again the same day, nor messages already viewed', async () => {
    serviceMessageStateStore.set({ viewedIds: [], lastShownDay: { 'nl-NL': localDay(new Date()) } });
    renderWithProviders(<ServiceMessageToasts />);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some((c) => String(c[0]).includes('ServiceMessages'))).toBe(true),
    );
    expect(screen.queryByTestId('service-toast')).toBeNull();
  });
});
