import type { OrderList, OrderListLine } from '@mp/contract/api/order-lists';
import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectLocation } from '../../../shared/session/location';
import { endSession, startSession } from '../../../shared/session/session';
import { orderListLine } from '../../../test/fixtures';
import { json, renderWithProviders } from '../../../test/render';
import { OrderListEditor } from './OrderListEditor';

const LIST_ID = '11111111-1111-4111-8111-111111111111';

const line = (lineId: string, itemNo: string, amount: number): OrderListLine =>
  orderListLine(lineId, itemNo, amount, { weightPerPiece: '10.000' });

const list: OrderList = {
  id: LIST_ID,
  name: 'Bestellijst',
  locationNo: 'P-1',
  isDefault: true,
  lineCount: 2,
  totalAmount: 3,
  hasDraft: false,
  createdAt: '2026-11-01T10:00:00Z',
  updatedAt: '2026-11-01T10:00:00Z',
  lines: [
    line('aaaaaaaa-0000-4000-8000-000000000001', 'BH-1', 2),
    line('aaaaaaaa-0000-4000-8000-000000000002', 'BH-2', 1),
  ],
  savedRequestNo: null,
  canSubmit: true,
  totalWeight: '30.000',
};

// why: the server is the system's edge; the autosave's PUT answers the list with the amounts sent.
const fetchMock = vi.fn<typeof fetch>();
/** Lets answered calls and the renders after them happen (timers are fake; waitFor would wait on them). */
const settle = () => act(() => vi.advanceTimersByTimeAsync(20));
const puts = () => fetchMock.mock.calls.filter((c) => (c[1]?.method ?? 'GET') === 'PUT');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/AntiForgery/token')) return json({ token: 'xsrf' });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { lines: { lineId: string; amount?: number }[] };
      return json({
        ...list,
        lines: list.lines.map((l) => ({
          ...l,
          amount: body.lines.find((b) => b.lineId === l.lineId)?.amount ?? l.amount,
        })),
      });
    }
    if (url.pathname.endsWith('/Settings/all'))
      return json({ groupingType: 'all', boolValues: {}, intValues: {}, stringValues: {}, multiStrings: {} });
    return json({ orderLists: [], multipleLists: false });
  });
  selectLocation({ locationNo: 'P-1', label: 'P-1 - Project' });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  selectLocation(null);
});

const amountOf = (itemNo: string) => screen.getByTestId(`line-amount-${itemNo}`) as HTMLInputElement;
const type = (itemNo: string, value: string) => fireEvent.change(amountOf(itemNo), { target: { value } });

describe('order list autosave', () => {
  it('saves 1000 ms after the last edit, both lines in one call', async () => {
    renderWithProviders(<OrderListEditor locationNo="P-1" list={list} />, { path: '/bestellijst' });
    type('BH-1', '5');
    await act(() => vi.advanceTimersByTimeAsync(700));
    type('BH-2', '4');
    await act(() => vi.advanceTimersByTimeAsync(999));
    expect(puts()).toHaveLength(0);
    expect(screen.getByTestId('save-state').dataset.state).toBe('pending');
    await act(() => vi.advanceTimersByTimeAsync(1));
    await settle();
    expect(puts()).toHaveLength(1);
    const [url, init] = puts()[0];
    expect(String(url)).toBe(`/api/v2.0/OrderLists/P-1/${LIST_ID}`);
    expect(JSON.parse(String(init?.body))).toEqual({
      lines: [
        { lineId: list.lines[0].lineId, amount: 5 },
        { lineId: list.lines[1].lineId, amount: 4 },
      ],
    });
    // why: under load the answer and the render after it may need more turns than one settle (seen in the
    // ten-run check beside a load test); vi.waitFor advances the fake timers while it retries.
    await act(() => vi.waitFor(() => expect(screen.getByText('Bestellijst opgeslagen.')).toBeTruthy()));
  });

  it('flushes a pending edit at once when the page goes away (no lost edit)', async () => {
    const { unmount } = renderWithProviders(<OrderListEditor locationNo="P-1" list={list} />, {
      path: '/bestellijst',
    });
    type('BH-1', '7');
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(puts()).toHaveLength(0);
    unmount();
    await act(() => vi.advanceTimersByTimeAsync(0));
    await settle();
    expect(puts()).toHaveLength(1);
    expect(JSON.parse(String(puts()[0][1]?.body)).lines[0]).toEqual({
      lineId: list.lines[0].lineId,
      amount: 7,
    });
  });

  it('flushes before the page is unloaded and asks the browser to wait', async () => {
    renderWithProviders(<OrderListEditor locationNo="P-1" list={list} />, { path: '/bestellijst' });
    type('BH-2', '9');
    const event = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    await act(() => vi.advanceTimersByTimeAsync(0));
    await settle();
    expect(puts()).toHaveLength(1);
  });

  it('never sends an empty amount and disables "process" with the reason until it is filled in', async () => {
    renderWithProviders(<OrderListEditor locationNo="P-1" list={list} />, { path: '/bestellijst' });
    const process = () => screen.getByTestId('process') as HTMLButtonElement;
    expect(process().disabled).toBe(false);
    type('BH-2', '');
    expect(process().disabled).toBe(true);
    expect(
      screen.getAllByText('Vul bij elke regel een aantal groter dan 0 in voordat je verder gaat.').length,
    ).toBe(1);
    expect(process().getAttribute('aria-describedby')).toBe('process-reason');
    await act(() => vi.advanceTimersByTimeAsync(2000));
    expect(puts()).toHaveLength(0);
    type('BH-2', '3');
    expect(process().disabled).toBe(false);
  });

  it('counts a set as the pieces that arrive, as the weight does, and follows a typed set amount', async () => {
    const setLine: OrderListLine = {
      ...line('bbbbbbbb-0000-4000-8000-000000000001', 'SET-001', 2),
      type: 'set',
      childLinesIncluded: true,
      weightPerPiece: null,
    };
    const part: OrderListLine = {
      ...line('bbbbbbbb-0000-4000-8000-000000000002', 'BH-9', 58),
      parentLineId: setLine.lineId,
      editable: false,
    };
    const withSet = { ...list, lines: [list.lines[0], setLine, part] };
    renderWithProviders(<OrderListEditor locationNo="P-1" list={withSet} />, { path: '/bestellijst' });
    const totals = () => screen.getByTestId('order-totals').textContent ?? '';
    // 2 pieces of BH-1 and the set's 58 parts; 60 × 10 kg
    expect(totals()).toContain('Stuks totaal: 60');
    expect(totals()).toContain('600');
    type('SET-001', '1');
    // before the save answers, the part and the totals already follow the set as the server will scale them
    expect(screen.getByText('29')).toBeTruthy();
    expect(totals()).toContain('Stuks totaal: 31');
    expect(totals()).toContain('310');
  });

  it('"process" saves what is pending before going to the wizard', async () => {
    const { router } = renderWithProviders(<OrderListEditor locationNo="P-1" list={list} />, {
      path: '/bestellijst',
    });
    type('BH-1', '6');
    fireEvent.click(screen.getByTestId('process'));
    await act(() => vi.advanceTimersByTimeAsync(0));
    await settle();
    expect(router.state.location.pathname).toBe('/bestellen/gegevens');
    expect(puts()).toHaveLength(1);
  });
});

describe('the read-only role on the location (administration)', () => {
  const withRole = (role: 'user' | 'administration') => {
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'u1',
        name: 'Jan',
        email: 'j@x.nl',
        isAdmin: false,
        internalExternal: 'External',
        language: 'nl-NL',
      },
    });
    const base = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/PlantLocations'))
        return json({
          plantLocations: [
            {
              id: 'l1',
              locationNo: 'P-1',
              description: 'Project',
              description2: null,
              blocked: false,
              projectNo: null,
              role,
              customerName: null,
            },
          ],
        });
      return (base as typeof fetch)(input, init);
    });
  };
  afterEach(() => endSession('logout'));

  it('shows the lines without controls to change them, and "process" disabled with the reason', async () => {
    withRole('administration');
    renderWithProviders(<OrderListEditor locationNo="P-1" list={list} />, { path: '/bestellijst' });
    await settle();
    await settle();
    const process = screen.getByTestId('process') as HTMLButtonElement;
    expect(process.disabled).toBe(true);
    expect(screen.getByText('Je hebt op deze locatie alleen leesrechten.')).toBeTruthy();
    expect(screen.queryByTestId('line-amount-BH-1')).toBeNull();
    expect(screen.queryByTestId('remove-BH-1')).toBeNull();
    expect(screen.queryByTestId('clear-list')).toBeNull();
  });

  it('keeps every control for the role user', async () => {
    withRole('user');
    renderWithProviders(<OrderListEditor locationNo="P-1" list={list} />, { path: '/bestellijst' });
    await settle();
    await settle();
    expect((screen.getByTestId('process') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.getByTestId('line-amount-BH-1')).toBeTruthy();
    expect(screen.getByTestId('clear-list')).toBeTruthy();
  });
});
