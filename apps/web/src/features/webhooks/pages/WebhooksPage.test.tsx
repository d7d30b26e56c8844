import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, renderWithProviders, signInAdminTest, signInTest, signOutTest } from '../../../test/render';
import { WebhooksPage } from './WebhooksPage';

// why: the server is the system's edge; the Webhooks calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();

const endpoint = {
  id: '6f1c0a52-7c36-4d3b-9a43-4f2b8e0e1a11',
  customerId: null,
  customerName: null,
  url: 'https://erp.example.com/hooks',
  description: 'ERP Van Dijk',
  eventTypes: ['request.planned'],
  enabled: true,
  disabledReason: null,
  previousSecretUntil: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  failed24h: 1,
  pending: 0,
};
const SECRET = `whsec_${'A'.repeat(43)}=`;

let endpoints: unknown[] = [];

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  endpoints = [endpoint];
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/api/v2.0/Webhooks/endpoints' && method === 'GET')
      return json({ items: endpoints });
    if (url.pathname === '/api/v2.0/Customers') return json({ customers: [] });
    if (url.pathname === '/api/v2.0/Webhooks/endpoints' && method === 'POST') {
      const body = JSON.parse(String(init?.body));
      if (body.url.startsWith('https://10.'))
        return json(
          {
            code: 'error.ongeldige_invoer',
            message: 'Ongeldige invoer.',
            details: {
              fields: {
                url: {
                  code: 'webhooks.fout.adres_niet_publiek',
                  message:
                    'Dit adres is niet openbaar (loopback, privé of gereserveerd) en wordt niet aangeroepen.',
                },
              },
            },
          },
          400,
        );
      endpoints = [{ ...endpoint, id: '7e1c0a52-7c36-4d3b-9a43-4f2b8e0e1a12', url: body.url }, endpoint];
      return json({ endpoint: endpoints[0], secret: SECRET }, 201);
    }
    if (url.pathname.endsWith('/deliveries'))
      return json({
        items: [
          {
            id: '8e1c0a52-7c36-4d3b-9a43-4f2b8e0e1a13',
            eventId: '9e1c0a52-7c36-4d3b-9a43-4f2b8e0e1a14',
            eventType: 'request.planned',
            status: 'failed',
            attempts: 12,
            nextAttemptAt: null,
            createdAt: '2026-11-27T09:00:00.000Z',
            deliveredAt: null,
            log: [
              {
                at: '2026-11-28T09:00:00.000Z',
                statusCode: 500,
                durationMs: 40,
                error: {
                  code: 'webhooks.fout.status',
                  message: 'Het endpoint antwoordde met status 500.',
                  detail: '500',
                },
              },
            ],
          },
        ],
      });
    if (url.pathname.endsWith('/resend')) return new Response(null, { status: 204 });
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('Webhooks', () => {
  it('registers an endpoint and shows its secret once, with a copy button', async () => {
    renderWithProviders(<WebhooksPage />);
    expect(await screen.findByText('https://erp.example.com/hooks')).toBeTruthy();
    fireEvent.click(screen.getByTestId('webhook-new'));
    fireEvent.change(await screen.findByTestId('webhook-url'), {
      target: { value: 'https://hooks.example.com/x' },
    });
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(SECRET);
    expect(screen.getByText('Kopiëren')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({
      url: 'https://hooks.example.com/x',
      eventTypes: ['request.planned'],
      customerId: null,
    });
    fireEvent.click(screen.getByTestId('webhook-secret-close'));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
  });

  it("shows the server's refusal of a private address next to the URL field", async () => {
    renderWithProviders(<WebhooksPage />);
    fireEvent.click(await screen.findByTestId('webhook-new'));
    fireEvent.change(await screen.findByTestId('webhook-url'), { target: { value: 'https://10.0.0.8/x' } });
    fireEvent.click(screen.getByTestId('webhook-save'));
    expect(await screen.findByText(/Dit adres is niet openbaar/)).toBeTruthy();
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('shows the delivery log with the last answer, and sends a delivery again', async () => {
    renderWithProviders(<WebhooksPage />);
    fireEvent.click(await screen.findByTestId('webhook-show-log'));
    const row = await screen.findByTestId('webhook-delivery');
    expect(within(row).getByText('Mislukt')).toBeTruthy();
    expect(within(row).getByText('Het endpoint antwoordde met status 500.')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('webhook-resend'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, init]) => String(u).endsWith('/resend') && init?.method === 'POST'),
      ).toBe(true),
    );
  });

  it('tells a user who is neither admin nor key user that there is no access', async () => {
    signOutTest();
    signInTest();
    renderWithProviders(<WebhooksPage />);
    expect(await screen.findByText(/geen toegang/i)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Webhooks'))).toBe(false);
  });
});
