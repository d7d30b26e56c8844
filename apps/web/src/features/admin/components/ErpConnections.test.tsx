import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../shared/session/session';
import { json, renderWithProviders, signInAdminTest, signInTest, signOutTest } from '../../../test/render';
import { ErpConnectionsPage } from '../pages/AdminPages';

// why: the server is the system's edge; the ERP calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();

const entity = (name: string, extra: Record<string, unknown> = {}) => ({
  entity: name,
  running: false,
  resumable: false,
  modifiedSince: null,
  lastRunStartedAt: null,
  lastRunFinishedAt: null,
  fullCompletedAt: '2026-11-27T08:00:00.000Z',
  deltaCompletedAt: '2026-11-27T09:00:00.000Z',
  pages: 1,
  upserted: 3,
  deleted: 0,
  skipped: 0,
  total: null,
  read: 3,
  upsertedTotal: 433,
  lastError: null,
  ...extra,
});

const dead = {
  id: '6f1c0a52-7c36-4d3b-9a43-4f2b8e0e1a11',
  kind: 'request',
  documentNo: 'A-2026-000201',
  aggregate: 'plant_request',
  aggregateId: '7e1c0a52-7c36-4d3b-9a43-4f2b8e0e1a12',
  status: 'dead',
  attempts: 10,
  nextAttemptAt: '2026-11-27T10:00:00.000Z',
  lastAttemptAt: '2026-11-27T10:00:00.000Z',
  lastError: { code: 'erp.fout.refused', params: {}, message: 'Het ERP weigert het verzoek.' },
  erpId: null,
  createdAt: '2026-11-27T09:00:00.000Z',
  sentAt: null,
};

let erp = 'business-central';
let running: Record<string, unknown> | null = null;
/** GETs of Erp/sync after a POST Erp/sync: the run starts from the second on. */
let readsAfterSyncNow = -1;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  erp = 'business-central';
  running = null;
  readsAfterSyncNow = -1;
  signInAdminTest();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    if (url.pathname.endsWith('/Erp/sync') && method === 'POST') {
      readsAfterSyncNow = 0;
      return json({ code: 'erp.sync.gestart', message: 'De synchronisatie is gestart.', erp, results: [] });
    }
    if (url.pathname.endsWith('/Erp/sync') && method === 'GET' && readsAfterSyncNow >= 0)
      if (++readsAfterSyncNow > 1) running = { running: true, pages: 2, read: 2000, total: 43_300 };
    if (url.pathname.endsWith('/Erp/sync') && method === 'GET')
      return json({
        erp,
        entities: [
          entity('items', running ?? {}),
          entity('customers', {
            lastError: { code: 'erp.fout.unavailable', message: 'Het ERP is niet beschikbaar.', at: null },
          }),
        ],
      });
    if (url.pathname.endsWith('/Erp/outbox') && method === 'GET') {
      const status = url.searchParams.get('status');
      return json({
        counts: { waiting: 2, sending: 0, sent: 40, dead: 1 },
        items: status === 'dead' ? [dead] : [],
        page: 1,
        pageSize: 25,
        total: status === 'dead' ? 1 : 0,
      });
    }
    if (url.pathname.endsWith('/Erp/test-connection'))
      return json({
        erp,
        ok: false,
        steps: [
          { step: 'configuration', ok: true, code: 'erp.test.configuratie_ok', message: 'Volledig.' },
          { step: 'token', ok: false, code: 'erp.fout.auth', message: 'Het ERP weigert de aanmelding.' },
        ],
      });
    if (url.pathname.endsWith('/retry-dead')) return json({ retried: 1 });
    if (url.pathname.endsWith('/Erp/subscriptions'))
      return json({
        erp,
        webhooks: true,
        notificationUrl: 'https://portaal.example.nl/api/v2.0/Erp/notifications',
        subscriptions: [
          {
            target: 'standard:items',
            entities: ['items', 'itemImages'],
            state: 'active',
            expiresAt: '2026-11-30T08:00:00.000Z',
            createdAt: '2026-11-27T08:00:00.000Z',
            renewedAt: null,
            lastNotificationAt: '2026-11-27T09:30:00.000Z',
            notificationCount: 7,
            lastError: null,
          },
          {
            target: 'rental:plants',
            entities: ['plants'],
            state: 'failed',
            expiresAt: null,
            createdAt: null,
            renewedAt: null,
            lastNotificationAt: null,
            notificationCount: 0,
            lastError: { code: 'erp.fout.refused', message: 'Het ERP weigert het verzoek.', at: null },
          },
        ],
      });
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('Koppelingen (the ERP connection)', () => {
  it('shows each entity with its state and last error, and the outbox with its counts', async () => {
    renderWithProviders(<ErpConnectionsPage />);
    const items = await screen.findByTestId('erp-entity-items');
    expect(within(items).getByText('Materieelsoorten')).toBeTruthy();
    expect(within(items).getByText('Bijgewerkt')).toBeTruthy();
    expect(within(items).getByText('433')).toBeTruthy();
    const customers = screen.getByTestId('erp-entity-customers');
    expect(within(customers).getByText('Fout')).toBeTruthy();
    expect(within(customers).getByText('Het ERP is niet beschikbaar.')).toBeTruthy();
    expect(await screen.findByText('Wachtend (2)')).toBeTruthy();
    expect(screen.getByText('Mislukt (1)')).toBeTruthy();
    expect(screen.getByText('Er wacht niets om naar het ERP te gaan.')).toBeTruthy();
  });

  it('tests the connection step by step and sends the failed messages again', async () => {
    renderWithProviders(<ErpConnectionsPage />);
    fireEvent.click(await screen.findByTestId('erp-test-connection'));
    const steps = await screen.findByTestId('erp-test-steps');
    expect(within(steps).getByText('Het ERP weigert de aanmelding.')).toBeTruthy();
    expect(within(steps).getByLabelText('mislukt')).toBeTruthy();
    fireEvent.click(screen.getByText('Mislukt (1)'));
    expect(await screen.findByText('A-2026-000201')).toBeTruthy();
    fireEvent.click(screen.getByTestId('erp-retry-dead'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u, i]) => String(u).endsWith('/Erp/outbox/retry-dead') && i?.method === 'POST',
        ),
      ).toBe(true),
    );
  });

  it('says there is no ERP and offers no sync or outbox when none is connected', async () => {
    erp = 'none';
    renderWithProviders(<ErpConnectionsPage />);
    expect(
      await screen.findByText(/het portaal is zelf het systeem van registratie, er valt niets/),
    ).toBeTruthy();
    expect((screen.getByTestId('erp-sync-now') as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByTestId('erp-outbox')).toBeNull();
  });

  it("shows a long run's progress: the records so far against the ERP's count, as a bar", async () => {
    // most of what it read was unchanged: read counts, not upserted
    running = { running: true, pages: 87, upserted: 12, read: 17_400, total: 43_300 };
    renderWithProviders(<ErpConnectionsPage />);
    const progress = await screen.findByTestId('erp-progress-items');
    expect(within(progress).getByText('17.400 van 43.300 records, pagina 87')).toBeTruthy();
    const bar = within(progress).getByRole('progressbar');
    expect(bar.getAttribute('aria-valuenow')).toBe(String((17_400 / 43_300) * 100));
    // the others, not running, show none
    expect(screen.queryByTestId('erp-progress-customers')).toBeNull();
  });

  it('without a count from the ERP: the records and pages so far, no bar', async () => {
    running = { running: true, pages: 3, upserted: 300, read: 300, total: null };
    renderWithProviders(<ErpConnectionsPage />);
    const progress = await screen.findByTestId('erp-progress-items');
    expect(within(progress).getByText('300 records, pagina 3')).toBeTruthy();
    expect(within(progress).queryByRole('progressbar')).toBeNull();
  });
});

describe('who sees Koppelingen', () => {
  it('a BusinessCentral holder who is not an admin', async () => {
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'bc',
        name: 'Materieeldienst',
        email: 'md@x.nl',
        isAdmin: false,
        canErp: true,
        internalExternal: 'Internal',
        language: 'nl-NL',
      },
    });
    renderWithProviders(<ErpConnectionsPage />);
    expect(await screen.findByTestId('erp-entity-items')).toBeTruthy();
  });

  it('not a plain user: told there is no access, nothing asked of the server', async () => {
    signInTest();
    renderWithProviders(<ErpConnectionsPage />);
    expect(await screen.findByText('Je hebt geen toegang tot deze gegevens of deze functie.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Erp/'))).toBe(false);
  });

  it("shows the ERP's webhook subscriptions: the address, each one's state, expiry and notifications", async () => {
    renderWithProviders(<ErpConnectionsPage />);
    const card = await screen.findByTestId('erp-subscriptions');
    expect(await within(card).findByText('Materieelsoorten, Afbeeldingen')).toBeTruthy();
    expect(within(card).getByText(/portaal\.example\.nl\/api\/v2\.0\/Erp\/notifications/)).toBeTruthy();
    const [items, plants] = within(card).getAllByTestId('erp-subscription');
    expect(within(items).getByText('Actief')).toBeTruthy();
    expect(within(items).getByText('7')).toBeTruthy();
    expect(within(plants).getByText('Mislukt')).toBeTruthy();
    expect(within(plants).getByText('Het ERP weigert het verzoek.')).toBeTruthy();
  });
});

describe('on a phone (390 px)', () => {
  // why: the layout follows the screen's width (Mantine's useMediaQuery); jsdom has no screen, so the query answers
  beforeEach(() => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('max-width'),
          media: query,
          onchange: null,
          addListener: () => {},
          removeListener: () => {},
          addEventListener: () => {},
          removeEventListener: () => {},
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
  });
  afterEach(() => vi.restoreAllMocks());

  it('no table scrolls sideways: each entity, message and subscription is a card with its facts named', async () => {
    renderWithProviders(<ErpConnectionsPage />);
    const items = await screen.findByTestId('erp-entity-items');
    expect(within(items).getByText('Materieelsoorten')).toBeTruthy();
    expect(within(items).getByText('Laatst volledig')).toBeTruthy();
    expect(within(items).getByText('433')).toBeTruthy();
    const customers = screen.getByTestId('erp-entity-customers');
    expect(within(customers).getByText('Het ERP is niet beschikbaar.')).toBeTruthy();
    fireEvent.click(await screen.findByText('Mislukt (1)'));
    const message = await screen.findByTestId('erp-outbox-row');
    expect(within(message).getByText('A-2026-000201')).toBeTruthy();
    expect(within(message).getByText('Pogingen')).toBeTruthy();
    expect(within(message).getByText('10')).toBeTruthy();
    expect(within(message).getByRole('button', { name: 'Opnieuw' })).toBeTruthy();
    const [subscription] = await within(await screen.findByTestId('erp-subscriptions')).findAllByTestId(
      'erp-subscription',
    );
    expect(within(subscription).getByText('Meldingen')).toBeTruthy();
    expect(within(subscription).getByText('7')).toBeTruthy();
    expect(document.querySelector('table')).toBeNull();
  });
});

describe('sync now', () => {
  it('after sync now reads again though nothing runs yet, and shows the run once it started', async () => {
    renderWithProviders(<ErpConnectionsPage />);
    fireEvent.click(await screen.findByTestId('erp-sync-now'));
    // the first read after it finds the runs still queued; the page reads again (every 5 s) and shows the run
    const progress = await screen.findByTestId('erp-progress-items', {}, { timeout: 9000 });
    expect(within(progress).getByText('2.000 van 43.300 records, pagina 2')).toBeTruthy();
  }, 15_000);
});
