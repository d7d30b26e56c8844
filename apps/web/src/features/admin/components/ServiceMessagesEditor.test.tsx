import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInAdminTest, signOutTest } from '../../../test/render';
import { ServiceMessagesPage } from '../pages/AdminPages';
import { dayOf, endOfDay, startOfDay, stateOf } from './ServiceMessagesEditor';

// why: the server is the system's edge; the ServiceMessages and Pages calls are stubbed with contract answers.
const fetchMock = vi.fn<typeof fetch>();
const day = 24 * 3600_000;
const iso = (offsetDays: number) => new Date(Date.now() + offsetDays * day).toISOString();
const messages = [
  {
    id: 'm1',
    locale: 'nl-NL',
    message: 'Werkplaats dicht',
    pageId: null,
    pageName: null,
    activeFrom: iso(-2),
    activeUntil: iso(3),
  },
  {
    id: 'm2',
    locale: 'en-US',
    message: 'Planned outage',
    pageId: 'p1',
    pageName: 'Storingen',
    activeFrom: iso(5),
    activeUntil: null,
  },
  {
    id: 'm3',
    locale: 'nl-NL',
    message: 'Oude melding',
    pageId: null,
    pageName: null,
    activeFrom: iso(-20),
    activeUntil: iso(-10),
  },
];
const calls = (method: string) =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([u, init]) => ({ url: String(u), body: init?.body ? JSON.parse(String(init.body)) : undefined }));

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/Pages'))
      return json({
        pages: [{ id: 'p1', pageName: 'Storingen', locale: 'nl-NL', kind: 'info', publishedAt: null }],
      });
    if (method === 'DELETE') return new Response(null, { status: 204 });
    if (method === 'POST' || method === 'PUT') {
      const body = JSON.parse(String(init?.body));
      return json({ id: 'new', pageName: null, ...body }, method === 'POST' ? 201 : 200);
    }
    if (url.pathname.endsWith('/ServiceMessages')) return json({ serviceMessages: messages });
    return json({});
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the service messages page', () => {
  it('lists current and planned messages with their state and period; all shows the ended ones too', async () => {
    renderWithProviders(<ServiceMessagesPage />);
    const rows = await screen.findAllByTestId('message-row');
    expect(rows.map((r) => within(r).getAllByText(/Actief|Gepland|Verlopen/)[0]?.textContent)).toEqual([
      'Gepland',
      'Actief',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Gekoppelde pagina: Storingen')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Alle' }));
    await waitFor(() => expect(screen.getAllByTestId('message-row')).toHaveLength(3));
  });

  it('creates a message for whole days and says what is missing first', async () => {
    renderWithProviders(<ServiceMessagesPage />);
    await screen.findAllByTestId('message-row');
    fireEvent.click(screen.getByTestId('message-new'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('message-save'));
    expect(await within(dialog).findByText('Dit veld is verplicht.')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByTestId('message-text'), { target: { value: 'Nieuwe melding' } });
    fireEvent.click(within(dialog).getByTestId('message-save'));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(calls('POST')[0]?.body).toEqual({
      locale: 'nl-NL',
      message: 'Nieuwe melding',
      pageId: null,
      activeFrom: startOfDay(dayOf(new Date().toISOString())),
      activeUntil: null,
    });
  });

  it('deletes a message after asking', async () => {
    renderWithProviders(<ServiceMessagesPage />);
    const rows = await screen.findAllByTestId('message-row');
    fireEvent.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'Verwijderen' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Verwijderen' }));
    await waitFor(() =>
      expect(calls('DELETE').map((c) => c.url)).toEqual([expect.stringContaining('/ServiceMessages/m1')]),
    );
  });

  it('turns days into moments and back, and tells the state', () => {
    expect(dayOf(startOfDay('2026-03-02'))).toBe('2026-03-02');
    expect(dayOf(endOfDay('2026-03-02'))).toBe('2026-03-03');
    const now = new Date('2026-03-02T12:00:00');
    expect(stateOf({ activeFrom: startOfDay('2026-03-03'), activeUntil: null }, now)).toBe('planned');
    expect(stateOf({ activeFrom: startOfDay('2026-03-01'), activeUntil: endOfDay('2026-03-01') }, now)).toBe(
      'ended',
    );
    expect(stateOf({ activeFrom: startOfDay('2026-03-02'), activeUntil: endOfDay('2026-03-02') }, now)).toBe(
      'active',
    );
  });
});
