import { defaultSettings, settingKeysOfGroup } from '@mp/contract/settings';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../shared/session/session';
import { snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { SettingsPage } from '../pages/AdminPages';
import { matchesSearch } from './SettingsEditor';

// why: the server is the system's edge; the settings calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();

/** The admin's settings answer: every setting at its default, Prijzen_AantalDecimalen changed to 3. */
function payload() {
  const d = defaultSettings() as Record<string, unknown>;
  const out = {
    groupingType: 'all',
    boolValues: {},
    intValues: {},
    stringValues: {},
    multiStrings: {},
  } as Record<string, Record<string, unknown> | string>;
  for (const [k, v] of Object.entries({ ...d, Prijzen_AantalDecimalen: 3 })) {
    const bucket =
      typeof v === 'boolean'
        ? 'boolValues'
        : typeof v === 'number'
          ? 'intValues'
          : Array.isArray(v)
            ? 'multiStrings'
            : 'stringValues';
    (out[bucket] as Record<string, unknown>)[k] = v;
  }
  return out;
}

const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u, init]) => ({ url: String(u), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

let putAnswer: () => Response = () => new Response(null, { status: 204 });

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  putAnswer = () => new Response(null, { status: 204 });
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/Settings/all')) return json(payload());
    if (init?.method === 'PUT') return putAnswer();
    if (init?.method === 'DELETE') return new Response(null, { status: 204 });
    return json({});
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const openGroup = async (name: string) => {
  fireEvent.click(await screen.findByRole('button', { name: new RegExp(`^${name}`) }));
  return screen.findByTestId(`settings-group-${name === 'Prijzen' ? 'prijzen' : name.toLowerCase()}`);
};

describe('the settings editor', () => {
  it('shows every group with typed inputs, the description in the admin’s language and the default', async () => {
    renderWithProviders(<SettingsPage />);
    const groups = await screen.findAllByTestId('settings-group');
    expect(groups).toHaveLength(17);
    const form = await openGroup('Prijzen');
    expect(within(form).getAllByTestId('setting-row')).toHaveLength(settingKeysOfGroup('prijzen').length);
    const decimals = within(form).getByLabelText('Prijzen_AantalDecimalen') as HTMLInputElement;
    expect(decimals.value).toBe('3');
    expect(within(form).getByRole('switch', { name: /^PubliekePrijzen/ })).toBeTruthy();
    expect(within(form).getByText('Standaard: 2')).toBeTruthy();
  });

  it('saves only the changed values of the group, by type', async () => {
    renderWithProviders(<SettingsPage />);
    const form = await openGroup('Prijzen');
    const save = within(form).getByRole('button', { name: 'Opslaan' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(form).getByRole('switch', { name: /^PubliekePrijzen/ }));
    fireEvent.change(within(form).getByLabelText('Prijzen_AantalDecimalen'), { target: { value: '4' } });
    fireEvent.click(save);
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    const put = calls('PUT')[0];
    expect(put?.url).toContain('/Settings/prijzen');
    expect(put?.body).toEqual({
      boolValues: { PubliekePrijzen: !defaultSettings().PubliekePrijzen },
      intValues: { Prijzen_AantalDecimalen: 4 },
      stringValues: {},
      multiStrings: {},
    });
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('Settings.opgeslagen'));
  });

  it('shows PrimaryColorRgb as following the primary colour, not as a field to type in (issue #31 item 19)', async () => {
    renderWithProviders(<SettingsPage />);
    const form = await openGroup('Weergave');
    const rgb = within(form).getByLabelText('PrimaryColorRgb') as HTMLInputElement;
    expect(rgb.readOnly).toBe(true);
    expect(rgb.value).toBe(String(defaultSettings().PrimaryColorRgb));
    expect(within(form).getByText(/Volgt de primaire kleur en wordt daarmee samen opgeslagen/)).toBeTruthy();
  });

  it('names a number out of bounds at the field without calling the server', async () => {
    renderWithProviders(<SettingsPage />);
    const form = await openGroup('Prijzen');
    fireEvent.change(within(form).getByLabelText('Prijzen_AantalDecimalen'), { target: { value: '99' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    expect(await within(form).findByText(/maximaal|hoogstens|groot/i)).toBeTruthy();
    expect(calls('PUT')).toHaveLength(0);
  });

  it("shows the server's refusal at the field it names", async () => {
    putAnswer = () =>
      json(
        {
          code: 'error.ongeldige_invoer',
          message: 'Ongeldige invoer',
          details: {
            fields: { Prijzen_AantalDecimalen: { code: 'validation.ongeldig_formaat', message: 'x' } },
          },
        },
        400,
      );
    renderWithProviders(<SettingsPage />);
    const form = await openGroup('Prijzen');
    fireEvent.change(within(form).getByLabelText('Prijzen_AantalDecimalen'), { target: { value: '1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Opslaan' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Prijzen_AantalDecimalen').getAttribute('aria-invalid')).toBe(
        'true',
      ),
    );
  });

  it('puts a changed setting back to its default', async () => {
    renderWithProviders(<SettingsPage />);
    const form = await openGroup('Prijzen');
    fireEvent.click(
      within(form).getByRole('button', { name: 'Standaard herstellen: Prijzen_AantalDecimalen' }),
    );
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([
        expect.stringContaining('/Settings/Prijzen_AantalDecimalen'),
      ]),
    );
  });

  it('searches keys and descriptions and says when nothing matches', async () => {
    expect(matchesSearch('PubliekePrijzen', 'nl-NL', 'publiek')).toBe(true);
    expect(matchesSearch('Prijzen_AantalDecimalen', 'en-US', 'decimal')).toBe(true);
    renderWithProviders(<SettingsPage />);
    await screen.findAllByTestId('settings-group');
    fireEvent.change(screen.getByTestId('settings-search'), { target: { value: 'PubliekePrijzen' } });
    await waitFor(() => expect(screen.getAllByTestId('setting-row')).toHaveLength(1));
    fireEvent.change(screen.getByTestId('settings-search'), { target: { value: 'bestaat-niet-xyz' } });
    expect(await screen.findByText('Geen instelling voldoet aan je zoekopdracht.')).toBeTruthy();
  });

  it('refuses a non-admin with the reason, without loading the settings form', async () => {
    signOutTest();
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'u',
        name: 'Jan',
        email: 'j@x.nl',
        isAdmin: false,
        internalExternal: 'Internal',
        language: 'nl-NL',
      },
    });
    renderWithProviders(<SettingsPage />);
    expect(await screen.findByText(/geen toegang/i)).toBeTruthy();
    expect(screen.queryByTestId('settings-search')).toBeNull();
  });
});
