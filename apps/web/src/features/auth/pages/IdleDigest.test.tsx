import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetSnackbars } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { IdleDigestSetting } from './IdleDigestSetting';
import { UnsubscribeIdleDigestPage } from './UnsubscribeIdleDigestPage';

// why: the server is the system's edge; the preference and the unsubscribe call are stubbed.
const fetchMock = vi.fn<typeof fetch>();
let enabled = false;
let unsubscribeStatus = 204;
const calls: Array<{ method: string; path: string; body: unknown }> = [];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  calls.length = 0;
  enabled = false;
  unsubscribeStatus = 204;
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname.endsWith('/Users/me/idle-digest')) {
      if (method === 'PUT') enabled = (body as { enabled: boolean }).enabled;
      return json({ enabled });
    }
    if (url.pathname.endsWith('/IdleDigest/unsubscribe'))
      return unsubscribeStatus === 204
        ? new Response(null, { status: 204 })
        : json({ code: 'Stilstand.afmelden_ongeldig', message: 'x', details: {} }, unsubscribeStatus);
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the weekly digest of idle equipment (decision 0034)', () => {
  it('is off until the user turns it on on their own page', async () => {
    signInTest();
    renderWithProviders(<IdleDigestSetting />, { path: '/wachtwoord-wijzigen' });
    const toggle = (await screen.findByRole('switch', {
      name: /Wekelijks overzicht van stilstaand materieel/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ enabled: true }));
    await waitFor(() => expect(toggle.checked).toBe(true));
  });

  it('the unsubscribe link turns it off without signing in and says so', async () => {
    renderWithProviders(<UnsubscribeIdleDigestPage />, { path: '/stilstand/afmelden?token=abc.def.ghi' });
    expect((await screen.findByTestId('unsubscribe-done')).textContent).toContain(
      'Je ontvangt het wekelijkse overzicht van stilstaand materieel niet meer.',
    );
    expect(calls.filter((c) => c.path.endsWith('/IdleDigest/unsubscribe')).map((c) => c.body)).toEqual([
      { token: 'abc.def.ghi' },
    ]);
  });

  it('a link that is not valid says so', async () => {
    unsubscribeStatus = 400;
    renderWithProviders(<UnsubscribeIdleDigestPage />, { path: '/stilstand/afmelden?token=broken-token' });
    expect((await screen.findByTestId('unsubscribe-failed')).textContent).toBe(
      'Deze afmeldlink is ongeldig.',
    );
  });
});
