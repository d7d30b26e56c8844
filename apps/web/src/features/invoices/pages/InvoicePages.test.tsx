import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { selectLocation } from '../../../shared/session/location';
import { startSession } from '../../../shared/session/session';
import { json, renderWithProviders, signInTest, signOutTest } from '../../../test/render';
import { FacturatiePage, FacturenPage } from './InvoicePages';

// why: the server is the system's edge; the invoice calls are stubbed with answers the contract allows.
const fetchMock = vi.fn<typeof fetch>();
let failList = false;
let empty = false;

const summary = (over: Record<string, unknown> = {}) => ({
  id: 'i1',
  documentNo: 'F-2026-000101',
  kind: 'invoice',
  status: 'open',
  overdue: false,
  locationNo: 'P-1',
  locationDescription: 'Project P-1',
  documentDate: '2026-11-01',
  dueDate: '2026-12-01',
  periodFrom: '2026-10-01',
  periodTo: '2026-10-31',
  currency: 'EUR',
  amountExclVat: '1000.00',
  vatAmount: '210.00',
  amountInclVat: '1210.00',
  yourReference: 'PRJ-1',
  appliesToDocumentNo: null,
  appliesToId: null,
  pdfUrl: '/api/v2.0/SalesInvoices/i1/pdf',
  ...over,
});

const detail = {
  ...summary(),
  customerNo: 'K-1',
  customerName: 'Bouwbedrijf',
  vatPercent: '21.00',
  lines: [
    {
      lineNo: 10000,
      kind: 'rental',
      itemNo: 'BH-1001',
      description: 'Bouwhek',
      plantNo: null,
      orderNo: null,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-11',
      days: 11,
      quantity: '8',
      priceUnit: 'day',
      unitCount: 11,
      unitPrice: '0.30',
      discountPercent: '7.50',
      amount: '24.42',
    },
    {
      lineNo: 15000,
      kind: 'rental',
      itemNo: 'SK-6',
      description: 'Schaftkeet',
      plantNo: 'MS-50001',
      orderNo: null,
      periodFrom: '2026-10-01',
      periodTo: '2026-10-28',
      days: 28,
      quantity: '1',
      priceUnit: 'week',
      unitCount: 4,
      unitPrice: '72.15',
      discountPercent: '0.00',
      amount: '288.60',
    },
    {
      lineNo: 20000,
      kind: 'cost',
      itemNo: null,
      description: 'Transport vrachtwagen',
      plantNo: null,
      orderNo: 'O-2026-000133',
      periodFrom: '2026-10-02',
      periodTo: '2026-10-02',
      days: null,
      quantity: '1',
      priceUnit: null,
      unitCount: null,
      unitPrice: '145.00',
      discountPercent: '0.00',
      amount: '145.00',
    },
  ],
  creditMemos: [{ id: 'c1', documentNo: 'C-2026-000102', amountInclVat: '12.10' }],
  attachments: [],
};

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  failList = false;
  empty = false;
  signInTest();
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/SalesInvoices')) {
      if (failList) return json({ code: 'error.server_fout', message: 'x' }, 500);
      const items = empty
        ? []
        : [
            summary(),
            summary({
              id: 'c1',
              documentNo: 'C-2026-000102',
              kind: 'credit_memo',
              status: 'paid',
              appliesToDocumentNo: 'F-2026-000101',
            }),
          ];
      return json({
        items,
        page: 1,
        pageSize: 25,
        total: items.length,
        totals: { amountInclVat: '1197.90', openInclVat: '1210.00' },
      });
    }
    if (url.pathname.endsWith('/SalesInvoices/i1')) return json(detail);
    if (url.pathname.endsWith('/Department/invoices/i1/credit-memo'))
      return json(
        {
          code: 'error.ongeldige_invoer',
          message: 'x',
          // a field message's one wire shape: its code, the server's text and its parameters (issue #32 item 4)
          details: {
            fields: {
              description: { code: 'validation.verplicht', message: 'required' },
              amountExclVat: { code: 'validation.te_groot', message: 'too big', params: { max: 1210 } },
            },
          },
        },
        422,
      );
    if (url.pathname.endsWith('/Department/invoicing-runs'))
      return json(
        {
          code: 'error.ongeldige_invoer',
          message: 'x',
          details: {
            fields: {
              month: {
                code: 'Facturen.run.maand_niet_voorbij',
                message: 'not over',
                params: { date: '2026-11-30' },
              },
            },
          },
        },
        400,
      );
    return json({}, 404);
  });
});
afterEach(() => {
  signOutTest();
  vi.unstubAllGlobals();
});

const at = (path: string, pattern: string, element: React.ReactNode) =>
  renderWithProviders(
    <Routes>
      <Route path={pattern} element={element} />
    </Routes>,
    { path },
  );

describe('the invoices page', () => {
  it("lists the selected location's documents with the sums; filters and words go to the server", async () => {
    at('/facturen', '/facturen', <FacturenPage />);
    const rows = await screen.findAllByTestId('invoice-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1] as HTMLElement).getByText('Corrigeert F-2026-000101')).toBeTruthy();
    expect(screen.getByTestId('invoice-totals').textContent).toMatch(/1\.197,90/);
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/SalesInvoices?'));
    expect(String(call?.[0])).toContain('plantLocation=P-1');
    fireEvent.change(screen.getByTestId('invoice-search'), { target: { value: 'F-2026' } });
    fireEvent.submit(screen.getByTestId('invoice-search').closest('form') as HTMLFormElement);
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([u]) => String(u).includes('query=F-2026'))).toBe(true),
    );
  });

  it('over all my locations when none is selected', async () => {
    selectLocation(null);
    at('/facturen', '/facturen', <FacturenPage />);
    await screen.findAllByTestId('invoice-row');
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/SalesInvoices?'));
    expect(String(call?.[0])).not.toContain('plantLocation');
    expect(screen.getByText('Facturen en creditnota’s van al uw locaties.')).toBeTruthy();
  });

  it('opens a document with its lines, discount, credit memos and totals', async () => {
    at('/facturen?invoice=i1', '/facturen', <FacturenPage />);
    const lines = await screen.findByTestId('invoice-lines');
    expect(within(lines).getByText('Bouwhek')).toBeTruthy();
    expect(within(lines).getByText('7,5 %')).toBeTruthy();
    expect(within(lines).getByText('O-2026-000133')).toBeTruthy();
    expect(within(screen.getByTestId('invoice-detail')).getByText(/C-2026-000102 \(/)).toBeTruthy();
    expect(screen.getByTestId('invoice-sum').textContent).toMatch(/1\.210,00/);
    // a customer gets no department actions
    expect(screen.queryByTestId('invoice-mark')).toBeNull();
  });

  it('shows on each line the price and unit its amount was computed with (issue #31 item 16)', async () => {
    at('/facturen?invoice=i1', '/facturen', <FacturenPage />);
    const lines = await screen.findByTestId('invoice-lines');
    const row = (text: string) => within(lines).getByText(text).closest('tr') as HTMLElement;
    const week = row('Schaftkeet').textContent ?? '';
    expect(week).toMatch(/4 weken/);
    expect(week).toMatch(/€\s72,15\sper week/);
    expect(week).toMatch(/€\s288,60/);
    expect(row('Bouwhek').textContent).toMatch(/11 dagen.*€\s0,30\sper dag/);
    // a line priced per piece shows its price alone
    expect(row('Transport vrachtwagen').textContent).not.toMatch(/per (dag|week)/);
  });

  it('an error is shown as an error, an empty list as empty', async () => {
    failList = true;
    const { unmount } = at('/facturen', '/facturen', <FacturenPage />);
    expect(await screen.findByText('De facturen konden niet worden opgehaald.')).toBeTruthy();
    expect(screen.queryByText('Er zijn geen facturen voor deze locatie.')).toBeNull();
    unmount();
    failList = false;
    empty = true;
    at('/facturen', '/facturen', <FacturenPage />);
    expect(await screen.findByText('Er zijn geen facturen voor deze locatie.')).toBeTruthy();
  });
});

describe('the department on a document', () => {
  // issue #32 item 4: the credit memo's field messages were read by hand from details.fields, without their
  // parameters
  it("shows the server's messages at the credit memo's fields, with their parameters", async () => {
    startSession({
      accessToken: 'a',
      refreshToken: 'r'.repeat(20),
      expiresAt: Date.now() / 1000 + 900,
      user: {
        id: 'd1',
        name: 'Dienst',
        email: 'd@x.nl',
        isAdmin: false,
        isDepartment: true,
        internalExternal: 'Internal',
        language: 'nl-NL',
      },
    });
    at('/facturen?invoice=i1', '/facturen', <FacturenPage />);
    fireEvent.change(await screen.findByLabelText(/Reden/), { target: { value: 'Correctie' } });
    fireEvent.change(screen.getByLabelText(/Bedrag/), { target: { value: '5000' } });
    fireEvent.click(screen.getByTestId('invoice-credit'));
    expect(await screen.findByText('De waarde mag maximaal 1210 zijn.')).toBeTruthy();
    expect(screen.getByText('Dit veld is verplicht.')).toBeTruthy();
  });
});

describe('the invoicing run', () => {
  it("shows the server's reason at the month field", async () => {
    at('/materieeldienst/facturatie', '/materieeldienst/facturatie', <FacturatiePage />);
    fireEvent.change(screen.getByTestId('run-month'), { target: { value: '2026-11' } });
    fireEvent.click(screen.getByTestId('run-start'));
    expect(await screen.findByText(/Een maand wordt gefactureerd als hij voorbij is/)).toBeTruthy();
  });
});
