import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders } from '../../../test/render';
import { LoginPage } from './LoginPage';

// why: the server is the system's edge; its answers are stubbed per path.
const fetchMock = vi.fn<typeof fetch>();
let externalLogin = false;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.includes('/AppConfig')) {
      return json({ angularEnabled: false, externalLogin, version: '1.0.0', buildId: 'b' });
    }
    if (url.includes('/Auth/external-login-url')) return json({ url: 'https://login.example.com/authorize' });
    if (url.includes('/Settings/')) return json({ settings: {} });
    return json({});
  });
});
afterEach(() => vi.unstubAllGlobals());

const calls = () => fetchMock.mock.calls.map(([input]) => String(input));

describe('sign-in page', () => {
  it('asks for no external login URL when no provider is configured', async () => {
    externalLogin = false;
    renderWithProviders(<LoginPage />, { path: '/inloggen' });
    await waitFor(() => expect(calls().some((u) => u.includes('/AppConfig'))).toBe(true));
    await new Promise((r) => setTimeout(r, 50));
    expect(calls().some((u) => u.includes('/Auth/external-login-url'))).toBe(false);
    expect(screen.queryByText(/extern/i)).toBeNull();
  });

  it('asks for it when the app config says a provider is configured', async () => {
    externalLogin = true;
    renderWithProviders(<LoginPage />, { path: '/inloggen' });
    await waitFor(() => expect(calls().some((u) => u.includes('/Auth/external-login-url'))).toBe(true));
  });
});
