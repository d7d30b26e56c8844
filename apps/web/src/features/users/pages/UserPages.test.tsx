import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n';
import { startSession } from '../../../shared/session/session';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { GebruikerAanmakenPage, GebruikersImporterenPage, GebruikersPage } from './UserPages';

// why: the server is the system's edge; the Users calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;
let handler: Handler;

const summary = (over: Record<string, unknown> = {}) => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Anouk Postma',
  email: 'a.postma@infranoord.nl',
  kind: 'external',
  isAdmin: false,
  isKeyUser: false,
  customerId: 'c2',
  customerNo: 'K-10112',
  customerName: 'Infra Noord',
  language: 'nl-NL',
  disabled: false,
  pending: false,
  invited: false,
  lastLoginAt: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  locationCount: 2,
  ...over,
});
const keyOptions = { grantable: ['AppKlachten'], customerId: 'c2', kind: 'external', canMakeAdmin: false };

function signInAs(user: { isAdmin?: boolean; isKeyUser?: boolean }) {
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'me',
      name: 'Femke',
      email: 'sleutel@infranoord.nl',
      isAdmin: false,
      internalExternal: 'External',
      language: 'nl-NL',
      ...user,
    },
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInAs({ isKeyUser: true });
  handler = (url) => {
    if (url.pathname.endsWith('/Users')) return json({ items: [summary()], total: 1, page: 1, pageSize: 25 });
    if (url.pathname.endsWith('/Users/options')) return json(keyOptions);
    if (url.pathname.endsWith('/Customers'))
      return json({
        customers: [{ id: 'c2', customerNo: 'K-10112', name: 'Infra Noord', city: null, blocked: false }],
      });
    return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
  };
  fetchMock.mockImplementation(async (input, init) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
});
afterEach(() => {
  resetSnackbars();
  signOutTest();
  vi.unstubAllGlobals();
});

const at = (path: string, element: React.ReactNode) =>
  renderWithProviders(
    <Routes>
      <Route path={path} element={element} />
      <Route path="/gebruikers" element={<div data-testid="list-page">list</div>} />
    </Routes>,
    { path },
  );
const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));

describe('the user list', () => {
  it('is refused with the reason for a user who is neither admin nor key user', async () => {
    signInTest();
    at('/gebruikers', <GebruikersPage />);
    expect(await screen.findByText('Je hebt geen toegang tot deze gegevens of deze functie.')).toBeTruthy();
    expect(calls('/Users').length).toBe(0);
  });

  it('lists for a key user, searches and filters pending on the server', async () => {
    at('/gebruikers', <GebruikersPage />);
    const row = (await screen.findAllByTestId('user-row'))[0] as HTMLElement;
    expect(within(row).getByText('a.postma@infranoord.nl')).toBeTruthy();
    // a key user has no sync (admins only)
    expect(screen.queryByTestId('users-sync')).toBeNull();
    fireEvent.change(screen.getByTestId('users-search'), { target: { value: 'postma' } });
    await waitFor(() => expect(calls('query=postma').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByText('Wachten op goedkeuring'));
    await waitFor(() => expect(calls('pending=true').length).toBeGreaterThan(0));
  });

  it('shows a failed load as an error, never as an empty list', async () => {
    handler = () => json({ code: 'error.server_fout', message: 'x' }, 500);
    at('/gebruikers', <GebruikersPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen gebruikers die aan je zoekopdracht voldoen.')).toBeNull();
  });

  it('approves a pending registration', async () => {
    signInAs({ isAdmin: true });
    handler = (url, init) => {
      if (url.pathname.endsWith('/approve') && init?.method === 'POST')
        return new Response(null, { status: 204 });
      if (url.pathname.endsWith('/Users'))
        return json({
          items: [summary({ pending: true, email: 'w@bouwer.nl' })],
          total: 1,
          page: 1,
          pageSize: 25,
        });
      return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
    };
    at('/gebruikers', <GebruikersPage />);
    fireEvent.click(await screen.findByTestId('user-approve-w@bouwer.nl'));
    await waitFor(() => expect(calls('/approve').length).toBe(1));
    expect(screen.getByTestId('users-sync')).toBeTruthy();
  });

  it('syncs the users: with an ERP its counts, without one the users linked', async () => {
    signInAs({ isAdmin: true });
    let answer: object = {
      code: 'erp.sync.klaar',
      message: 'x',
      checked: 12,
      relinked: [],
      results: [
        {
          entity: 'users',
          state: 'done',
          upserted: 3,
          deleted: 1,
          skipped: 0,
          pages: 1,
          errorCode: null,
          errorMessage: null,
        },
      ],
    };
    handler = (url) => {
      if (url.pathname.endsWith('/Users/syncusers')) return json(answer);
      if (url.pathname.endsWith('/Users'))
        return json({ items: [summary()], total: 1, page: 1, pageSize: 25 });
      return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
    };
    const text = () => {
      const current = snackbarStore.get().current;
      return current ? i18n.t(current.key ?? '', current.params) : null;
    };
    at('/gebruikers', <GebruikersPage />);
    fireEvent.click(await screen.findByTestId('users-sync'));
    await waitFor(() =>
      expect(text()).toBe('Synchronisatie met het ERP klaar: 3 bijgewerkt, 1 verwijderd, 0 overgeslagen.'),
    );
    resetSnackbars();
    answer = {
      ...answer,
      code: 'erp.sync.gestart',
      results: [{ ...(answer as { results: object[] }).results[0], state: 'queued' }],
    };
    fireEvent.click(screen.getByTestId('users-sync'));
    await waitFor(() => expect(text()).toBe('Synchronisatie met het ERP gestart: Gebruikers.'));
    resetSnackbars();
    answer = {
      code: 'Gebruikers.sync_geen_erp',
      message: 'x',
      checked: 12,
      relinked: [{ email: 'a@b.nl', customerNo: 'K-1' }],
    };
    fireEvent.click(screen.getByTestId('users-sync'));
    await waitFor(() =>
      expect(text()).toBe(
        'Er is geen ERP gekoppeld. 12 gebruikers gecontroleerd; 1 gebruikers zonder klant gekoppeld aan de klant met hetzelfde e-maildomein.',
      ),
    );
  });

  it('invites again only who has not set a password, and shows the server’s refusal', async () => {
    let answer: Response = new Response(null, { status: 204 });
    handler = (url, init) => {
      if (url.pathname.endsWith('/invite') && init?.method === 'POST') return answer;
      if (url.pathname.endsWith('/Users'))
        return json({
          items: [
            summary({
              id: '00000000-0000-4000-8000-000000000002',
              invited: true,
              email: 'nieuw@infranoord.nl',
            }),
            summary(),
            summary({
              id: '00000000-0000-4000-8000-000000000003',
              invited: true,
              disabled: true,
              email: 'dicht@x.nl',
            }),
          ],
          total: 3,
          page: 1,
          pageSize: 25,
        });
      return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
    };
    at('/gebruikers', <GebruikersPage />);
    fireEvent.click(await screen.findByTestId('user-invite-nieuw@infranoord.nl'));
    await waitFor(() => expect(calls('/00000000-0000-4000-8000-000000000002/invite').length).toBe(1));
    await waitFor(() =>
      expect(snackbarStore.get().current).toMatchObject({
        kind: 'success',
        key: 'Gebruikers.uitnodiging_opnieuw_verstuurd',
      }),
    );
    // who can sign in, or is blocked, has no such button
    expect(screen.queryByTestId('user-invite-a.postma@infranoord.nl')).toBeNull();
    expect(screen.queryByTestId('user-invite-dicht@x.nl')).toBeNull();
    answer = json(
      {
        code: 'Gebruikers.uitnodiging_net_verstuurd',
        message: 'Er is net een uitnodiging verstuurd. Probeer het over een minuut opnieuw.',
        details: { field: 'id' },
      },
      422,
    );
    resetSnackbars();
    fireEvent.click(screen.getByTestId('user-invite-nieuw@infranoord.nl'));
    await waitFor(() =>
      expect(snackbarStore.get().current).toMatchObject({
        kind: 'danger',
        key: 'Gebruikers.uitnodiging_net_verstuurd',
      }),
    );
  });
});

describe('the create form', () => {
  it('fixes the customer, kind and admin role for a key user, with the reason', async () => {
    at('/gebruiker-aanmaken', <GebruikerAanmakenPage />);
    expect(await screen.findByTestId('user-name')).toBeTruthy();
    expect((screen.getByTestId('user-admin') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getAllByTestId('read-only-reason').length).toBeGreaterThan(0);
    // only what the key user holds can be granted
    expect((screen.getByTestId('user-permission-keyuser') as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByTestId('user-permission-AppKlachten') as HTMLInputElement).disabled).toBe(false);
  });

  it('checks required fields, sends the form with the invitation and shows the server’s field error', async () => {
    let body: Record<string, unknown> | null = null;
    let query = '';
    handler = async (url, init) => {
      if (url.pathname.endsWith('/Users') && init?.method === 'POST') {
        body = JSON.parse(String(init.body));
        query = url.search;
        if ((body as { email: string }).email === 'taken@infranoord.nl')
          return json(
            { code: 'Gebruikers.email_bestaat', message: 'Bestaat al', details: { field: 'email' } },
            422,
          );
        return json({ id: 'n1', invited: true }, 201);
      }
      if (url.pathname.endsWith('/Users/options')) return json(keyOptions);
      if (url.pathname.endsWith('/Customers')) return json({ customers: [] });
      return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
    };
    at('/gebruiker-aanmaken', <GebruikerAanmakenPage />);
    fireEvent.click(await screen.findByTestId('user-submit'));
    expect(await screen.findAllByText('Dit veld is verplicht.')).toBeTruthy();
    expect(body).toBeNull();

    fireEvent.change(screen.getByTestId('user-name'), { target: { value: 'Nieuwe Collega' } });
    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'taken@infranoord.nl' } });
    fireEvent.change(screen.getByTestId('user-location-input'), { target: { value: 'P-24009' } });
    fireEvent.click(screen.getByTestId('user-location-add'));
    fireEvent.click(screen.getByTestId('user-submit'));
    expect(await screen.findByText('Bestaat al')).toBeTruthy();
    expect(body).toMatchObject({
      name: 'Nieuwe Collega',
      customerId: 'c2',
      kind: 'external',
      locations: [{ locationNo: 'P-24009', role: 'user' }],
    });
    expect(query).toContain('sendEmail=true');

    fireEvent.change(screen.getByTestId('user-email'), { target: { value: 'nieuw@infranoord.nl' } });
    fireEvent.click(screen.getByTestId('user-submit'));
    expect(await screen.findByTestId('list-page')).toBeTruthy();
  });
});

describe('the import page', () => {
  it('checks the file, shows each row’s error and allows the import only without errors', async () => {
    handler = async (url) => {
      if (url.pathname.endsWith('/Users/import/preview'))
        return json({
          rows: [
            { row: 2, email: 'a@b.nl', name: 'A', status: 'create', errors: [] },
            {
              row: 3,
              email: 'x',
              name: 'X',
              status: 'error',
              errors: [
                {
                  column: 'email',
                  code: 'Gebruikers.import.email_ongeldig',
                  message: 'Ongeldig e-mailadres',
                },
              ],
            },
          ],
          counts: { create: 1, update: 0, unchanged: 0, error: 1 },
        });
      return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
    };
    at('/gebruikers-importeren', <GebruikersImporterenPage />);
    await screen.findByTestId('import-file');
    const fileInput = document.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File(['e-mail;naam\na@b.nl;A\nx;X\n'], 'users.csv', { type: 'text/csv' });
    fireEvent.change(fileInput, { target: { files: [file] } });
    await waitFor(() =>
      expect((screen.getByTestId('import-check') as HTMLButtonElement).disabled).toBe(false),
    );
    fireEvent.click(screen.getByTestId('import-check'));
    expect(await screen.findByText('Ongeldig e-mailadres')).toBeTruthy();
    expect(screen.getByTestId('import-has-errors')).toBeTruthy();
    expect((screen.getByTestId('import-start') as HTMLButtonElement).disabled).toBe(true);
  });
});
