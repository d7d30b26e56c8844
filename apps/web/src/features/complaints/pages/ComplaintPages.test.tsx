import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../shared/session/session';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { checkFiles } from '../components/ComplaintFiles';
import {
  KlachtDetailsPage,
  KlachtenAanmakenPage,
  KlachtenOverzichtDirectiePage,
  KlachtenOverzichtPage,
  KlachtenPage,
} from './ComplaintPages';
import { MaterieeldienstKlachtenPage, MaterieeldienstKlachtPage } from './DepartmentComplaintPages';

// why: the server is the system's edge; the complaint calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
type Handler = (url: URL, init?: RequestInit) => Response | Promise<Response>;
let handler: Handler;

const summary = (over: Record<string, unknown> = {}) => ({
  id: 'c1',
  complaintNo: 'K-2026-000007',
  type: 'Storing',
  subject: 'Aggregaat slaat af',
  status: 'open',
  locationNo: 'P-1',
  locationDescription: 'Project P-1',
  userName: 'Jan',
  createdAt: '2026-11-20T09:00:00.000Z',
  expectedResolutionDate: '2026-12-10',
  resolvedAt: null,
  lastMessageAt: '2026-11-21T10:00:00.000Z',
  lastAuthor: 'department',
  lineCount: 2,
  documentCount: 0,
  ...over,
});
const detail = (over: Record<string, unknown> = {}) => ({
  ...summary(),
  item: { itemNo: 'AG-1004', description: 'Aggregaat 20 kVA' },
  plant: { plantNo: 'AG-1004-0003' },
  order: null,
  invoice: null,
  lines: [
    {
      id: 'l1',
      author: 'user',
      authorName: 'Jan',
      message: 'Hij valt steeds uit.',
      createdAt: '2026-11-20T09:00:00.000Z',
    },
    {
      id: 'l2',
      author: 'department',
      authorName: 'Materieeldienst',
      message: 'Monteur komt morgen.',
      createdAt: '2026-11-21T10:00:00.000Z',
    },
  ],
  documents: [],
  mayAdd: true,
  ...over,
});
const list = (items: unknown[]) => ({ items, page: 1, pageSize: 25, total: items.length });
const options = {
  types: ['Storing', 'Schade'],
  expectedDays: 14,
  items: [{ itemNo: 'AG-1004', description: 'Aggregaat 20 kVA' }],
  plants: [{ plantNo: 'AG-1004-0003', itemNo: 'AG-1004' }],
  orders: [],
  invoices: [],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  signInTest();
  handler = (url) => {
    if (url.pathname.endsWith('/Complaints/management'))
      return json({ code: 'error.geen_toegang', message: 'x' }, 403);
    if (url.pathname.endsWith('/Complaints')) return json(list([summary()]));
    if (url.pathname.endsWith('/Complaints/options')) return json(options);
    if (url.pathname.endsWith('/Complaints/c1')) return json(detail());
    return json({ code: 'error.niet_gevonden', message: 'x' }, 404);
  };
  fetchMock.mockImplementation(async (input, init) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const at = (path: string, pattern: string, element: React.ReactNode) =>
  renderWithProviders(
    <Routes>
      <Route path={pattern} element={element} />
      <Route path="/klacht-details/:id" element={<div data-testid="detail-page">detail</div>} />
    </Routes>,
    { path },
  );
const calls = (part: string) => fetchMock.mock.calls.filter(([u]) => String(u).includes(part));

describe('complaint lists', () => {
  it("shows the selected location's complaints while loading, then its rows", async () => {
    let release: () => void = () => {};
    handler = async (url) => {
      if (url.pathname.endsWith('/Complaints')) {
        await new Promise<void>((r) => {
          release = r;
        });
        return json(list([summary()]));
      }
      return json({ code: 'error.geen_toegang', message: 'x' }, 403);
    };
    at('/klachten', '/klachten', <KlachtenPage />);
    expect(await screen.findByText('Laden…', { exact: false })).toBeTruthy();
    await waitFor(() => expect(calls('/Complaints?').length).toBe(1));
    act(() => release());
    const row = (await screen.findAllByTestId('complaint-row'))[0] as HTMLElement;
    expect(within(row).getByText('K-2026-000007')).toBeTruthy();
    expect(within(row).getByText('Open')).toBeTruthy();
    expect(String(calls('/Complaints?')[0][0])).toContain('plantLocation=P-1');
    // not management: no link to the management overview
    expect(screen.queryByTestId('link-directie')).toBeNull();
  });

  it('says "no complaints" only when the list is really empty, and names the filter otherwise', async () => {
    handler = (url) =>
      url.pathname.endsWith('/Complaints')
        ? json(list([]))
        : json({ code: 'error.geen_toegang', message: 'x' }, 403);
    at('/klachten-overzicht', '/klachten-overzicht', <KlachtenOverzichtPage />);
    expect(await screen.findByText('Er zijn geen klachten.')).toBeTruthy();
    expect(String(calls('/Complaints?')[0][0])).not.toContain('plantLocation');
    at('/klachten-overzicht?status=closed', '/klachten-overzicht', <KlachtenOverzichtPage />);
    expect(await screen.findByText('Geen klachten met deze filters.')).toBeTruthy();
  });

  it("shows a failed load as an error with the server's translated reason, never as an empty list", async () => {
    handler = (url) =>
      url.pathname.endsWith('/Complaints')
        ? json({ code: 'error.locatie_onbekend', message: 'Unknown location' }, 404)
        : json({ code: 'error.geen_toegang', message: 'x' }, 403);
    at('/klachten', '/klachten', <KlachtenPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('De klachten konden niet worden opgehaald.')).toBeTruthy();
    expect(within(alert).getByText('Deze locatie bestaat niet of je hebt er geen toegang toe.')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen klachten.')).toBeNull();
  });

  it("the management overview shows the server's refusal for a user without the role", async () => {
    at('/klachten-overzicht-directie', '/klachten-overzicht-directie', <KlachtenOverzichtDirectiePage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('De klachten konden niet worden opgehaald.')).toBeTruthy();
    expect(within(alert).getByText('Je hebt geen toegang tot deze gegevens of deze functie.')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen klachten.')).toBeNull();
  });
});

describe('the complaint form', () => {
  it('requires type, subject and description before anything is sent', async () => {
    at('/klachten-aanmaken', '/klachten-aanmaken', <KlachtenAanmakenPage />);
    fireEvent.click(await screen.findByTestId('complaint-submit'));
    expect((await screen.findAllByText('Dit veld is verplicht.')).length).toBe(3);
    expect(calls('/Complaints').filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
  });

  it('offline: not sent and not queued — the reason beside a disabled button, what was typed stays; online it sends', async () => {
    // why: offline is what the browser says (navigator.onLine and its events)
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    at('/klachten-aanmaken', '/klachten-aanmaken', <KlachtenAanmakenPage />);
    fireEvent.change(await screen.findByTestId('complaint-subject'), { target: { value: 'Aggregaat' } });
    const send = screen.getByTestId('complaint-submit') as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    expect(send.textContent).toContain('Wacht op verbinding');
    expect(screen.getByTestId('complaint-offline').textContent).toContain(
      'verstuur de klacht zodra er weer verbinding is',
    );
    fireEvent.submit(send.closest('form') as HTMLFormElement);
    expect(calls('/Complaints').filter(([, i]) => i?.method === 'POST')).toHaveLength(0);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect((screen.getByTestId('complaint-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('complaint-offline')).toBeNull();
    expect((screen.getByTestId('complaint-subject') as HTMLInputElement).value).toBe('Aggregaat');
  });

  it('refuses a file of another type or too large before sending', () => {
    const html = new File(['<html></html>'], 'foto.html', { type: 'text/html' });
    expect(checkFiles([html])?.key).toBe('Klachten.validatie.bestand_type');
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'groot.png', { type: 'image/png' });
    expect(checkFiles([big])?.key).toBe('Klachten.validatie.bestand_groot');
    expect(checkFiles([new File(['x'], 'a.png', { type: 'image/png' })])).toBeNull();
  });

  it("sends one Idempotency-Key, shows the server's field error under its field, then opens the complaint", async () => {
    let answer: Response = json(
      {
        code: 'error.ongeldige_invoer',
        message: 'x',
        details: { fields: { subject: { code: 'validation.te_lang', message: 'x', params: { max: 200 } } } },
      },
      400,
    );
    const keys: string[] = [];
    handler = (url, init) => {
      if (url.pathname.endsWith('/Complaints') && init?.method === 'POST') {
        keys.push(new Headers(init.headers as HeadersInit).get('idempotency-key') ?? '');
        return answer;
      }
      if (url.pathname.endsWith('/Complaints/options')) return json(options);
      return json({}, 404);
    };
    at('/klachten-aanmaken', '/klachten-aanmaken', <KlachtenAanmakenPage />);
    expect(await screen.findByText(/binnen 14 werkdagen/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('complaint-type'));
    act(() => within(screen.getByRole('listbox')).getByRole('option', { name: 'Storing' }).click());
    fireEvent.change(screen.getByTestId('complaint-subject'), { target: { value: 'Aggregaat' } });
    fireEvent.change(screen.getByTestId('complaint-description'), { target: { value: 'Valt uit.' } });
    fireEvent.click(screen.getByTestId('complaint-submit'));
    expect(await screen.findByText(/200/)).toBeTruthy();
    answer = json(detail({ id: 'c9', complaintNo: 'K-2026-000009' }), 201);
    fireEvent.click(screen.getByTestId('complaint-submit'));
    expect(await screen.findByTestId('detail-page')).toBeTruthy();
    // a retry of the same form is the same attempt
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
    const body = JSON.parse(String(calls('/Complaints').find(([, i]) => i?.method === 'POST')?.[1]?.body));
    expect(body).toEqual({
      plantLocation: 'P-1',
      type: 'Storing',
      subject: 'Aggregaat',
      description: 'Valt uit.',
    });
  });
});

describe('one complaint', () => {
  it('shows the status, expected date and the conversation, and sends a reply', async () => {
    const replies: unknown[] = [];
    const base = handler;
    handler = (url, init) => {
      if (url.pathname.endsWith('/Complaints/c1/lines') && init?.method === 'POST') {
        replies.push(JSON.parse(String(init.body)));
        return json(detail({ status: 'in_progress' }), 201);
      }
      return base(url, init);
    };
    at('/klacht-details/c1', '/klacht-details/:id', <KlachtDetailsPage />);
    const lines = await screen.findByTestId('complaint-lines');
    expect(within(lines).getByText('Monteur komt morgen.')).toBeTruthy();
    expect(within(lines).getAllByTestId('complaint-line')[1].getAttribute('data-author')).toBe('department');
    expect(screen.getByTestId('complaint-expected').textContent).toBe('10 dec 2026');
    expect(screen.getByText('AG-1004-0003')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'AG-1004' }).getAttribute('href')).toBe('/details/AG-1004');
    fireEvent.change(screen.getByTestId('complaint-reply'), { target: { value: 'Dank!' } });
    fireEvent.click(screen.getByTestId('complaint-reply-send'));
    await waitFor(() => expect(replies).toEqual([{ message: 'Dank!' }]));
    expect(await screen.findByText('In behandeling')).toBeTruthy();
  });

  it('takes no reply on a closed complaint', async () => {
    handler = (url) =>
      url.pathname.endsWith('/Complaints/c1')
        ? json(detail({ status: 'closed', mayAdd: false }))
        : json({ code: 'x', message: 'x' }, 404);
    at('/klacht-details/c1', '/klacht-details/:id', <KlachtDetailsPage />);
    expect(await screen.findByTestId('complaint-closed')).toBeTruthy();
    expect(screen.queryByTestId('complaint-reply')).toBeNull();
    expect(screen.queryByTestId('complaint-upload')).toBeNull();
  });

  it("shows another customer's complaint (404) as an error with the reason", async () => {
    handler = () => json({ code: 'error.niet_gevonden', message: 'Not found' }, 404);
    at('/klacht-details/c1', '/klacht-details/:id', <KlachtDetailsPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('De klacht kon niet worden opgehaald.')).toBeTruthy();
    expect(within(alert).getByText('Het gevraagde item is niet gevonden.')).toBeTruthy();
  });
});

describe('the department', () => {
  it('is refused to a user who is not the department, without calling the server', async () => {
    at('/materieeldienst/klachten/c1', '/materieeldienst/klachten/:id', <MaterieeldienstKlachtPage />);
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(calls('/Department/')).toHaveLength(0);
  });

  const asDepartment = () =>
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'd1',
        name: 'Ruud',
        email: 'd@x.nl',
        isAdmin: false,
        internalExternal: 'Internal',
        language: 'nl-NL',
        isDepartment: true,
      },
    });
  const queue = (items: unknown[]) => ({
    ...list(items),
    counts: { open: items.length, in_progress: 0, resolved: 0, closed: 0 },
  });

  it('shows the queue with the customer, says empty only when empty, and an error as an error', async () => {
    asDepartment();
    let answer: Response = json(queue([{ ...summary(), customerNo: 'K-10045', customerName: 'Van Dijk' }]));
    handler = (url) => (url.pathname.endsWith('/Department/complaints') ? answer : json({}, 404));
    const first = at(
      '/materieeldienst/klachten',
      '/materieeldienst/klachten',
      <MaterieeldienstKlachtenPage />,
    );
    const row = (await screen.findAllByTestId('complaint-row'))[0] as HTMLElement;
    expect(within(row).getByText('Van Dijk')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'K-2026-000007' }).getAttribute('href')).toBe(
      '/materieeldienst/klachten/c1',
    );
    first.unmount();
    answer = json(queue([]));
    const second = at(
      '/materieeldienst/klachten',
      '/materieeldienst/klachten',
      <MaterieeldienstKlachtenPage />,
    );
    expect(await screen.findByText('Geen klachten met deze filters.')).toBeTruthy();
    second.unmount();
    answer = json({ code: 'error.server_fout', message: 'x' }, 500);
    at('/materieeldienst/klachten', '/materieeldienst/klachten', <MaterieeldienstKlachtenPage />);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('De klachten konden niet worden opgehaald.')).toBeTruthy();
  });

  it('answers with a message and a new status', async () => {
    asDepartment();
    const sent: unknown[] = [];
    const dept = { ...detail(), customerNo: 'K-10045', customerName: 'Van Dijk', userEmail: 'j@x.nl' };
    handler = (url, init) => {
      if (url.pathname.endsWith('/Department/complaints/c1/answer')) {
        sent.push(JSON.parse(String(init?.body)));
        return json({ ...dept, status: 'resolved' });
      }
      if (url.pathname.endsWith('/Department/complaints/c1')) return json(dept);
      return json({}, 404);
    };
    at('/materieeldienst/klachten/c1', '/materieeldienst/klachten/:id', <MaterieeldienstKlachtPage />);
    fireEvent.click(await screen.findByTestId('answer-send'));
    expect(await screen.findByText('Kies een andere status of schrijf een bericht.')).toBeTruthy();
    expect(sent).toHaveLength(0);
    fireEvent.change(screen.getByTestId('answer-message'), { target: { value: 'Opgelost met een nieuwe.' } });
    fireEvent.click(screen.getByTestId('answer-status'));
    act(() => within(screen.getByRole('listbox')).getByRole('option', { name: 'Opgelost' }).click());
    fireEvent.click(screen.getByTestId('answer-send'));
    await waitFor(() => expect(sent).toEqual([{ message: 'Opgelost met een nieuwe.', status: 'resolved' }]));
  });
});
