import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../../shared/session/session';
import { resetSnackbars, snackbarStore } from '../../../shared/ui/snackbar/snackbar-store';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { MaterieeldienstAanvraagPage, MaterieeldienstPage } from './DepartmentPages';

// why: the server is the system's edge; the department's calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();

function signInDepartment() {
  startSession({
    accessToken: 'a',
    refreshToken: 'r'.repeat(20),
    expiresAt: Date.now() / 1000 + 900,
    user: {
      id: 'd1',
      name: 'Ruud',
      email: 'materieeldienst@x.nl',
      isAdmin: false,
      internalExternal: 'Internal',
      language: 'nl-NL',
      isDepartment: true,
    },
  });
}

const summary = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  requestNo: 'A-2026-000101',
  kind: 'order',
  status: 'submitted',
  locationNo: 'P-24002',
  locationDescription: 'Nieuwbouw school',
  requestedDate: '2026-11-27',
  expectedReturnDate: null,
  plannedDate: null,
  rush: true,
  collect: false,
  reference: null,
  requestedBy: 'Jeroen de Wit',
  lineCount: 2,
  totalAmount: 7,
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:00:00.000Z',
  ...over,
});

const detail = (over: Record<string, unknown> = {}) => ({
  ...summary(),
  transportMeans: 'leveren',
  destinationKind: 'work_address',
  depotNo: null,
  depotName: null,
  addressCode: 'WA01',
  addressName: 'Bouwkeet',
  street: 'Stationsweg 4',
  postcode: '3511 AB',
  city: 'Utrecht',
  contactPerson: 'Jeroen de Wit',
  phone: '06 12 34 56 01',
  origin: null,
  targetLocation: null,
  transport: null,
  comment: null,
  erpCodes: null,
  rejectionReason: null,
  termsAccepted: true,
  lines: [
    {
      lineId: 'l1',
      parentLineId: null,
      lineNo: 1,
      type: 'item',
      itemNo: 'BD-1002',
      description: 'Trilplaat',
      amount: 2,
      comment: null,
      plantNo: null,
      weightPerPiece: null,
    },
    {
      lineId: 'l2',
      parentLineId: null,
      lineNo: 2,
      type: 'item',
      itemNo: 'SK-1010',
      description: 'Schotten',
      amount: 5,
      comment: null,
      plantNo: null,
      weightPerPiece: null,
    },
  ],
  history: [
    {
      fromStatus: null,
      toStatus: 'submitted',
      changedAt: '2026-11-23T08:00:00.000Z',
      changedBy: 'Jeroen de Wit',
      note: null,
    },
  ],
  allowedStatuses: ['in_progress', 'planned', 'cancelled', 'rejected'],
  erpStatus: 'not_connected',
  orders: [],
  version: '2026-11-23T08:00:00.000Z',
  customerNo: 'K-10045',
  customerName: 'Bouwbedrijf Van Dijk',
  exitOrder: null,
  depots: [
    {
      depotNo: 'D01',
      name: 'Depot Utrecht',
      complete: true,
      lines: [
        { lineId: 'l1', itemNo: 'BD-1002', numbered: true, amount: 2, available: 2 },
        { lineId: 'l2', itemNo: 'SK-1010', numbered: false, amount: 5, available: 40 },
      ],
    },
    {
      depotNo: 'D02',
      name: 'Depot Zwolle',
      complete: false,
      lines: [
        { lineId: 'l1', itemNo: 'BD-1002', numbered: true, amount: 2, available: 1 },
        { lineId: 'l2', itemNo: 'SK-1010', numbered: false, amount: 5, available: 3 },
      ],
    },
  ],
  picks: [
    {
      lineId: 'l1',
      itemNo: 'BD-1002',
      amount: 2,
      numbered: true,
      plantNos: [],
      candidates: [
        { plantNo: 'BD-1002-001', depotNo: 'D01', locationNo: null },
        { plantNo: 'BD-1002-002', depotNo: 'D01', locationNo: null },
        { plantNo: 'BD-1002-009', depotNo: 'D02', locationNo: null },
      ],
    },
  ],
  ...over,
});

let answer: Record<string, unknown>;
let bodies: Array<{ url: string; body: unknown }>;

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  resetSnackbars();
  bodies = [];
  answer = detail();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    if (method === 'POST' && !(init?.body instanceof FormData))
      bodies.push({ url: url.pathname, body: JSON.parse(String(init?.body ?? '{}')) });
    if (url.pathname.endsWith('/Department/requests'))
      return json({
        items: [
          summary(),
          summary({
            id: 'r2',
            requestNo: 'A-2026-000102',
            rush: false,
            kind: 'removal',
            customerNo: 'K-10112',
          }),
        ].map((s) => ({ customerNo: 'K-10045', customerName: 'Bouwbedrijf Van Dijk', depotNo: null, ...s })),
        page: 1,
        pageSize: 25,
        total: 2,
        now: 3,
        counts: { submitted: 2, in_progress: 0, planned: 4, done: 10, cancelled: 1, rejected: 0 },
      });
    if (url.pathname.endsWith('/Department/requests/r1/plan')) {
      const plants = (JSON.parse(String(init?.body)) as { plants: { plantNos: string[] }[] }).plants;
      if (plants.length > 0 && plants[0]?.plantNos.length !== 2)
        return json(
          {
            code: 'error.planning_onvolledig',
            message: 'x',
            details: {
              fields: {
                'plants.l1': {
                  code: 'validation.aantal_materieelstukken',
                  message: 'x',
                  params: { amount: 2 },
                },
              },
            },
          },
          422,
        );
      answer = detail({
        status: 'planned',
        plannedDate: '2026-11-27',
        depotNo: 'D01',
        allowedStatuses: ['in_progress', 'done', 'cancelled', 'rejected'],
      });
      return json(answer);
    }
    if (url.pathname.endsWith('/Department/requests/r1/execute'))
      return json(
        { code: 'error.aanvraag_gewijzigd', message: 'x', details: { currentStatus: 'done' } },
        409,
      );
    if (url.pathname.endsWith('/Department/requests/r1/photos'))
      return json({ id: 'f1', fileId: 'file1', lineId: null }, 201);
    if (url.pathname.endsWith('/Department/requests/r1')) return json(answer);
    if (url.pathname.endsWith('/Department/requests/r1/status')) {
      answer = detail({ status: 'rejected', allowedStatuses: [], rejectionReason: 'Niet leverbaar' });
      return json(answer);
    }
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

describe('the department queue', () => {
  it('is not for a customer: the page says so and asks the server nothing', async () => {
    signInTest();
    renderWithProviders(<MaterieeldienstPage />, { path: '/materieeldienst' });
    expect(await screen.findByText(/geen toegang|rechten/i)).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/Department/'))).toBe(false);
  });

  it('opens on what needs the department now; shows the count per status; a tab filters by status', async () => {
    signInDepartment();
    const { router } = renderWithProviders(<MaterieeldienstPage />, { path: '/materieeldienst' });
    expect((await screen.findAllByText('A-2026-000101')).length).toBeGreaterThan(0);
    expect(screen.getAllByText('A-2026-000102').length).toBeGreaterThan(0);
    // the first view is "Nu te doen": asked of the server as view=now, its tab selected with its count
    const first = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(first.searchParams.get('view')).toBe('now');
    const tabs = screen.getByTestId('queue-tabs');
    const now = within(tabs).getByRole('tab', { name: /Nu te doen/ });
    expect(now.getAttribute('aria-selected')).toBe('true');
    expect(within(now).getByText('3')).toBeTruthy();
    expect(within(tabs).getByText('10')).toBeTruthy();
    fireEvent.click(within(tabs).getByRole('tab', { name: /Gepland/ }));
    await waitFor(() => expect(router.state.location.search).toContain('status=planned'));
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('status=planned'))).toBe(true),
    );
    const planned = fetchMock.mock.calls
      .map(([u]) => new URL(String(u), 'http://localhost'))
      .find((u) => u.searchParams.get('status') === 'planned');
    expect(planned?.searchParams.get('view')).toBe('all');
  });

  it('finds a request by its number: the search goes to the address and to the server', async () => {
    signInDepartment();
    const { router } = renderWithProviders(<MaterieeldienstPage />, { path: '/materieeldienst' });
    const q = await screen.findByLabelText('Zoek op aanvraagnummer, klant of locatie');
    fireEvent.change(q, { target: { value: ' A-2026-000102 ' } });
    fireEvent.click(screen.getByTestId('queue-search'));
    await waitFor(() => expect(router.state.location.search).toContain('q=A-2026-000102'));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => new URL(String(u), 'http://localhost').searchParams.get('q') === 'A-2026-000102',
        ),
      ).toBe(true),
    );
  });

  it('a link with a planned-until day (from Home) filters on it and says so; the filter can be cleared', async () => {
    signInDepartment();
    const { router } = renderWithProviders(<MaterieeldienstPage />, {
      path: '/materieeldienst?status=planned&kind=order&tot=2026-11-27',
    });
    const until = await screen.findByTestId('queue-until');
    expect(until.textContent).toMatch(/Gepland tot en met/);
    const asked = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost');
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      view: 'all',
      status: 'planned',
      kind: 'order',
      plannedUntil: '2026-11-27',
    });
    fireEvent.click(within(until).getByRole('button', { name: 'Filter op geplande datum wissen' }));
    await waitFor(() => expect(router.state.location.search).not.toContain('tot='));
  });
});

const renderProcess = () =>
  renderWithProviders(
    <Routes>
      <Route path="/materieeldienst/:id" element={<MaterieeldienstAanvraagPage />} />
    </Routes>,
    { path: '/materieeldienst/r1' },
  );

describe('processing one request', () => {
  it('plans only with the plants each line asks for; the server’s field error shows at the line', async () => {
    signInDepartment();
    renderProcess();
    const form = await screen.findByTestId('plan-form');
    // too few plants: the server's answer is shown next to the line
    fireEvent.click(within(form).getByTestId('plan-submit'));
    expect(await within(form).findByText('Kies precies 2 materieelstukken.')).toBeTruthy();
    expect(bodies[0]?.body).toMatchObject({
      version: '2026-11-23T08:00:00.000Z',
      plannedDate: expect.any(String),
    });
  });

  it('warns for a chosen plant whose inspection falls due before the return and offers plants that stay valid', async () => {
    answer = detail({
      expectedReturnDate: '2026-12-18',
      depotNo: 'D01',
      picks: [
        {
          lineId: 'l1',
          itemNo: 'BD-1002',
          amount: 2,
          numbered: true,
          plantNos: ['BD-1002-001'],
          candidates: [
            { plantNo: 'BD-1002-001', depotNo: 'D01', locationNo: null, nextInspection: '2026-12-01' },
            { plantNo: 'BD-1002-002', depotNo: 'D01', locationNo: null, nextInspection: '2027-06-01' },
            { plantNo: 'BD-1002-003', depotNo: 'D01', locationNo: null, nextInspection: '2026-12-10' },
          ],
        },
      ],
    });
    signInDepartment();
    renderProcess();
    const warning = await screen.findByTestId('plan-inspection-warning');
    expect(warning.textContent).toContain(
      'BD-1002-001: Keuring 1 dec 2026 valt vóór de verwachte retourdatum 18 dec 2026',
    );
    expect(warning.textContent).toContain('Blijven geldig: BD-1002-002');
    expect(warning.textContent).not.toContain('BD-1002-003');
  });

  it('plans a delivery of bulk items only from the depots the server offers, the first holding everything chosen', async () => {
    answer = detail({
      lines: [(detail().lines as unknown[])[1]],
      picks: [],
      depots: [
        {
          depotNo: 'D03',
          name: 'Depot Zwolle',
          complete: true,
          lines: [{ lineId: 'l2', itemNo: 'SK-1010', numbered: false, amount: 5, available: 12 }],
        },
        {
          depotNo: 'D01',
          name: 'Depot Utrecht',
          complete: false,
          lines: [{ lineId: 'l2', itemNo: 'SK-1010', numbered: false, amount: 5, available: 3 }],
        },
      ],
    });
    signInDepartment();
    renderProcess();
    const form = await screen.findByTestId('plan-form');
    const depot = within(form).getByTestId('plan-depot') as HTMLInputElement;
    expect(depot.value).toMatch(/^D03 – Depot Zwolle · alles op voorraad/);
    expect(within(form).queryAllByTestId('plan-plants')).toEqual([]);
    fireEvent.click(within(form).getByTestId('plan-submit'));
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('Materieeldienst.gepland_melding'));
    expect(bodies.find((b) => b.url.endsWith('/plan'))?.body).toMatchObject({ depotNo: 'D03', plants: [] });
  });

  it('carried out before the planned day: asks to move the planning to that day, and only then sends it', async () => {
    answer = detail({
      status: 'planned',
      plannedDate: '2099-01-12',
      depotNo: 'D01',
      allowedStatuses: ['in_progress', 'done', 'cancelled', 'rejected'],
    });
    signInDepartment();
    renderProcess();
    const early = await screen.findByTestId('execute-early');
    expect(early.textContent).toMatch(/Gepland op/);
    const confirm = screen.getByTestId('execute-request') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(early).getByRole('checkbox'));
    expect(confirm.disabled).toBe(false);
    fireEvent.click(confirm);
    fireEvent.click(await screen.findByTestId('execute-confirm'));
    await waitFor(() =>
      expect(bodies.find((b) => b.url.endsWith('/execute'))?.body).toMatchObject({
        movePlannedDate: true,
        executedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    );
  });

  it('every button of the execute form has a name (no nameless stepper arrows on the amounts)', async () => {
    const line = (n: number) => ({
      lineId: `x${n}`,
      parentLineId: null,
      lineNo: n,
      type: 'item',
      itemNo: `BD-100${n}`,
      description: 'Trilplaat',
      amount: 1,
      comment: null,
      plantNo: `BD-100${n}-001`,
      weightPerPiece: null,
    });
    answer = detail({
      kind: 'removal',
      status: 'planned',
      plannedDate: '2026-11-20',
      depotNo: 'D01',
      lines: [1, 2, 3, 4].map(line),
      picks: [],
      allowedStatuses: ['in_progress', 'done', 'cancelled', 'rejected'],
    });
    signInDepartment();
    renderProcess();
    const form = await screen.findByTestId('execute-form');
    expect(within(form).getAllByTestId('return-line')).toHaveLength(4);
    fireEvent.click(within(form).getByTestId('add-cost'));
    await within(form).findByTestId('cost-row');
    // every button, also those hidden from assistive technology, named
    const buttons = within(form).getAllByRole('button', { hidden: true });
    const named = within(form).queryAllByRole('button', { hidden: true, name: /\S/ });
    expect(buttons.filter((b) => !named.includes(b)).map((b) => b.outerHTML.slice(0, 120))).toEqual([]);
  });

  it('a rejection needs a reason, which goes to the server with the version read; the answer is shown as is', async () => {
    signInDepartment();
    renderProcess();
    fireEvent.click(await screen.findByTestId('reject-request'));
    const submit = await screen.findByTestId('status-note-submit');
    expect((submit as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('status-note'), { target: { value: 'Niet leverbaar' } });
    const reads = () =>
      fetchMock.mock.calls.filter(
        ([u, init]) => String(u).endsWith('/Department/requests/r1') && (init?.method ?? 'GET') === 'GET',
      ).length;
    const readsBefore = reads();
    fireEvent.click(submit);
    await waitFor(() =>
      expect(bodies.find((b) => b.url.endsWith('/Department/requests/r1/status'))?.body).toEqual({
        status: 'rejected',
        note: 'Niet leverbaar',
        version: '2026-11-23T08:00:00.000Z',
      }),
    );
    // the answer is the request as it is now: the actions go, and the request is not read a second time
    await waitFor(() => expect(screen.queryByTestId('reject-request')).toBeNull());
    expect(reads()).toBe(readsBefore);
  });

  it('a conflict on execution (someone else was first) is told and the request is loaded again', async () => {
    answer = detail({
      status: 'planned',
      plannedDate: '2026-11-27',
      depotNo: 'D01',
      allowedStatuses: ['in_progress', 'done', 'cancelled', 'rejected'],
    });
    signInDepartment();
    renderProcess();
    fireEvent.click(await screen.findByTestId('execute-request'));
    fireEvent.click(await screen.findByTestId('execute-confirm'));
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('error.aanvraag_gewijzigd'));
    const loads = fetchMock.mock.calls.filter(
      ([u, i]) => String(u).endsWith('/Department/requests/r1') && (i?.method ?? 'GET') === 'GET',
    );
    await waitFor(() => expect(loads.length).toBeGreaterThanOrEqual(1));
    expect(bodies.find((b) => b.url.endsWith('/execute'))?.body).toMatchObject({
      version: '2026-11-23T08:00:00.000Z',
      executedDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });

  it('after a removal is executed, a photo of what came back is uploaded as a multipart form', async () => {
    answer = detail({
      kind: 'removal',
      status: 'done',
      allowedStatuses: [],
      exitOrder: { id: 'x1', exitOrderNo: 'X-2026-000009', photoCount: 0 },
    });
    signInDepartment();
    renderProcess();
    const panel = await screen.findByTestId('return-photos');
    expect(within(panel).getByText(/X-2026-000009/)).toBeTruthy();
    const input = panel.querySelector('input[type="file"]') as HTMLInputElement;
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'deuk.jpg', { type: 'image/jpeg' });
    fireEvent.change(input, { target: { files: [file] } });
    fireEvent.click(within(panel).getByTestId('photo-submit'));
    await waitFor(() => expect(snackbarStore.get().current?.key).toBe('Materieeldienst.foto_toegevoegd'));
    const call = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/photos'));
    expect(call?.[1]?.body).toBeInstanceOf(FormData);
    const form = call?.[1]?.body as FormData;
    expect((form.get('file') as File).name).toBe('deuk.jpg');
  });
});
