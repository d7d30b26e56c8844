// The sync of the ERP's posted sales invoices and credit memos (issue #33 point 2, decision 0027) against the fake
// BC: a full sync equals the fake's documents and lines (the demo's adopted by number), an invoice posted in the fake
// shows in GET SalesInvoices after the delta, a change and a deletion reach the portal, another customer's user reads
// neither the document nor its PDF, the PDF comes from the ERP once and then from the portal's storage, an ERP that
// is down gives a translated error (not an empty file), and the department's own invoicing is off.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBc } from '../../../../../tools/fake-bc/src/index.ts';
import type { TestApp } from '../../../test/app.ts';
import { startConnectedApp } from './erp.test-support.ts';

const ADMIN = 'admin@materieelportaal.nl';
const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
const USER = 'uitvoerder@vandijk.nl';
const OTHER_CUSTOMER = 'projectleider@infranoord.nl';

let fake: FakeBc;
let t: TestApp;
/** The invoice posted in the fake during the tests. */
let posted: { id: string; number: string };
let portalId: string;

const count = async (query: ReturnType<typeof sql>) =>
  Number((await t.database.db.execute<{ n: number }>(query)).rows[0].n);

async function call(method: 'GET' | 'POST', url: string, email: string, payload?: object) {
  return t.app.inject({
    method,
    url,
    headers: { ...(await t.auth(email)), 'accept-language': 'nl-NL' },
    ...(payload === undefined ? {} : { payload }),
  });
}
const sync = async (entities: string[]) => {
  const r = await call('POST', '/api/v2.0/Erp/sync', ADMIN, { entities });
  expect(r.statusCode, r.body).toBe(200);
  return r.json() as {
    results: Array<{ entity: string; state: string; upserted: number; errorCode: string }>;
  };
};
const pdfCalls = () => fake.control.recordedCalls({ method: 'GET', path: 'pdfDocumentContent' }).length;

beforeAll(async () => {
  ({ fake, t } = await startConnectedApp());
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

describe('the sync of the ERP’s invoices and credit memos', () => {
  it('a full sync makes the portal hold the documents and lines the ERP posted (the demo’s adopted)', async () => {
    const before = await count(sql`select count(*)::int as n from sales_invoices`);
    const answer = await sync(['salesInvoices', 'salesCreditMemos']);
    expect(answer.results.map((r) => [r.entity, r.state, r.errorCode])).toEqual([
      ['salesInvoices', 'done', null],
      ['salesCreditMemos', 'done', null],
    ]);
    // the demo's documents are the ERP's: adopted in place, their lines (with the portal's price units) kept
    expect(answer.results.map((r) => r.upserted)).toEqual([0, 0]);
    expect(
      await count(sql`select count(*)::int as n from sales_invoice_lines where price_unit is not null`),
    ).toBeGreaterThan(0);
    const erp = fake.control.counts();
    const documents = erp.salesInvoices + erp.salesCreditMemos;
    expect(await count(sql`select count(*)::int as n from sales_invoices`)).toBe(before);
    expect(before).toBe(documents);
    expect(await count(sql`select count(*)::int as n from sales_invoices where erp_id is null`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from sales_invoices where kind = 'credit_memo'`)).toBe(
      erp.salesCreditMemos,
    );
    expect(await count(sql`select count(*)::int as n from sales_invoice_lines`)).toBe(
      erp.salesInvoiceLines + erp.salesCreditMemoLines,
    );
    // a credit memo still names its invoice
    expect(
      await count(sql`select count(*)::int as n from sales_invoices
        where kind = 'credit_memo' and applies_to_invoice_id is null`),
    ).toBe(fake.control.list('salesCreditMemos', { filter: "invoiceNumber eq ''" }).length);
    // a second run changes nothing
    const again = await sync(['salesInvoices']);
    expect(again.results[0]).toMatchObject({ state: 'done', upserted: 0 });
  });

  it('an invoice posted in the fake shows in GET SalesInvoices after the delta', async () => {
    fake.control.advanceClock(60_000);
    const made = fake.control.postInvoice({
      customerNumber: 'K-10045',
      projectLocationNumber: 'P-24001',
      lines: [
        { itemNumber: 'AG-1001', quantity: 2, unitPrice: 125, discountPercent: 10 },
        { description: 'Transportkosten', quantity: 1, unitPrice: 85 },
      ],
    });
    posted = { id: String(made.id), number: String(made.number) };
    expect((await sync(['salesInvoices'])).results[0]).toMatchObject({ state: 'done', upserted: 1 });
    const list = await call(
      'GET',
      `/api/v2.0/SalesInvoices?plantLocation=P-24001&query=${posted.number}`,
      USER,
    );
    expect(list.statusCode, list.body).toBe(200);
    const [summary] = list.json().items;
    expect(summary).toMatchObject({
      documentNo: posted.number,
      kind: 'invoice',
      status: 'open',
      locationNo: 'P-24001',
      amountExclVat: '310.00',
      vatAmount: '65.10',
      amountInclVat: '375.10',
    });
    portalId = summary.id;
    const detail = (await call('GET', `/api/v2.0/SalesInvoices/${portalId}`, USER)).json();
    expect(
      detail.lines.map((l: Record<string, unknown>) => [l.lineNo, l.kind, l.itemNo, l.quantity, l.amount]),
    ).toEqual([
      [10000, 'sale', 'AG-1001', '2.000', '225.00'],
      [20000, 'cost', null, '1.000', '85.00'],
    ]);
  });

  it('another customer’s user reads neither the ERP’s invoice nor its PDF', async () => {
    for (const url of [
      `/api/v2.0/SalesInvoices/${portalId}`,
      `/api/v2.0/SalesInvoices/${portalId}/pdf`,
      `/api/v2.0/DocumentAttachments/salesinvoices/${portalId}`,
    ])
      expect([url, (await call('GET', url, OTHER_CUSTOMER)).statusCode]).toEqual([url, 404]);
    const legacy = await call('POST', '/api/MaterieelFacturen/DownloadFactuurDocument', OTHER_CUSTOMER, {
      factuurNummer: posted.number,
    });
    expect(legacy.statusCode).toBe(404);
    expect(pdfCalls()).toBe(0);
  });

  it('the PDF is the ERP’s: fetched once, then served from the portal’s storage', async () => {
    const first = await call('GET', `/api/v2.0/SalesInvoices/${portalId}/pdf`, USER);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfCalls()).toBe(1);
    const second = await call('GET', `/api/v2.0/SalesInvoices/${portalId}/pdf`, USER);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const legacy = await call('POST', '/api/MaterieelFacturen/DownloadFactuurDocument', USER, {
      factuurNummer: posted.number,
    });
    expect(legacy.statusCode).toBe(200);
    expect(legacy.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(pdfCalls()).toBe(1);
  });

  it('an ERP that is down when a PDF is not kept yet: a translated error, not an empty file', async () => {
    const [other] = (
      await t.database.db.execute<{ id: string }>(sql`
        select s.id from sales_invoices s join plant_locations l on l.id = s.location_id
        where l.location_no = 'P-24001' and s.id <> ${portalId} order by s.document_no limit 1`)
    ).rows;
    fake.control.addFault({ kind: 'status', status: 500, path: '/pdfDocument' });
    try {
      const r = await call('GET', `/api/v2.0/SalesInvoices/${other.id}/pdf`, USER);
      expect(r.statusCode).toBe(503);
      expect(r.json()).toMatchObject({ code: 'Facturen.pdf_erp_niet_bereikbaar' });
      expect(r.json().message).toContain('systeem van de materieeldienst');
      // the PDF kept before is still served
      expect((await call('GET', `/api/v2.0/SalesInvoices/${portalId}/pdf`, USER)).statusCode).toBe(200);
    } finally {
      fake.control.clearFaults();
    }
    expect((await call('GET', `/api/v2.0/SalesInvoices/${other.id}/pdf`, USER)).statusCode).toBe(200);
  });

  it('a change and a deletion in the ERP reach the portal', async () => {
    // a line's text alone: the header's amounts stay, its lines are replaced
    fake.control.advanceClock(60_000);
    const [, cost] = fake.control.list('salesInvoiceLines', { filter: `documentId eq ${posted.id}` });
    fake.control.update('salesInvoiceLines', String(cost.id), { description: 'Transport heen en terug' });
    expect((await sync(['salesInvoices'])).results[0]).toMatchObject({ state: 'done', upserted: 1 });
    const lines = (await call('GET', `/api/v2.0/SalesInvoices/${portalId}`, USER)).json().lines;
    expect(lines.map((l: { description: string }) => l.description)).toEqual([
      expect.any(String),
      'Transport heen en terug',
    ]);
    fake.control.advanceClock(60_000);
    fake.control.update('salesInvoices', posted.id, { status: 'Paid' });
    await sync(['salesInvoices']);
    expect((await call('GET', `/api/v2.0/SalesInvoices/${portalId}`, USER)).json().status).toBe('paid');
    fake.control.advanceClock(60_000);
    fake.control.remove('salesInvoices', posted.id);
    const answer = await sync(['deletions']);
    expect(answer.results[0]).toMatchObject({ state: 'done' });
    expect((await call('GET', `/api/v2.0/SalesInvoices/${portalId}`, USER)).statusCode).toBe(404);
  });

  it('a credit memo waits for its invoice, a document for its location; drafts and documents without one stay out', async () => {
    fake.control.advanceClock(60_000);
    const invoice = fake.control.postInvoice({
      customerNumber: 'K-10045',
      projectLocationNumber: 'P-24002',
      lines: [{ description: 'Schoonmaakkosten', quantity: 1, unitPrice: 40 }],
    });
    const memo = fake.control.create('salesCreditMemos', {
      customerNumber: 'K-10045',
      shortcutDimension2Code: 'P-24002',
      creditMemoDate: '2026-11-20',
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      salesCreditMemoLines: [
        { lineType: 'Account', lineObjectNumber: '8000', description: 'Korting', quantity: 1, unitPrice: 10 },
      ],
    });
    const waiting = await sync(['salesCreditMemos']);
    expect(waiting.results[0]).toMatchObject({ state: 'failed', errorCode: 'erp.sync.wacht_op' });
    expect(
      await count(sql`select count(*)::int as n from sales_invoices where erp_id = ${String(memo.id)}::uuid`),
    ).toBe(0);
    // a draft, one without a project location, and one on a location the portal does not have yet
    fake.control.create('salesInvoices', {
      customerNumber: 'K-10045',
      shortcutDimension2Code: 'P-24002',
      status: 'Draft',
    });
    fake.control.postInvoice({
      customerNumber: 'K-10045',
      lines: [{ description: 'Administratiekosten', quantity: 1, unitPrice: 5 }],
    });
    fake.control.postInvoice({
      customerNumber: 'K-10045',
      projectLocationNumber: 'P-99001',
      lines: [{ description: 'Huur bouwlift', quantity: 1, unitPrice: 250 }],
    });
    const waitsForLocation = await sync(['salesInvoices']);
    expect(waitsForLocation.results[0]).toMatchObject({ state: 'failed', errorCode: 'erp.sync.wacht_op' });
    fake.control.create('projectLocations', {
      number: 'P-99001',
      customerNumber: 'K-10045',
      description: 'Nieuwbouw kantoor Papendorp',
    });
    await sync(['projectLocations']);
    const invoices = await sync(['salesInvoices']);
    // the invoice the credit memo corrects and the one on the new location; the one without a location skipped
    expect(invoices.results[0]).toMatchObject({ state: 'done', upserted: 2, skipped: 1 });
    expect((await sync(['salesCreditMemos'])).results[0]).toMatchObject({ state: 'done', upserted: 1 });
    const applied = await t.database.db.execute<{ no: string }>(sql`
      select i.document_no as no from sales_invoices m join sales_invoices i on i.id = m.applies_to_invoice_id
      where m.erp_id = ${String(memo.id)}::uuid`);
    expect(applied.rows).toEqual([{ no: invoice.number }]);
  });

  it('the department’s own invoicing is off: the ERP posts the invoices', async () => {
    const run = await call('POST', '/api/v2.0/Department/invoicing-runs', DEPARTMENT, { month: '2026-10' });
    expect(run.statusCode).toBe(422);
    expect(run.json().code).toBe('Facturen.erp_boekt');
    const [invoice] = (
      await t.database.db.execute<{ id: string }>(
        sql`select id from sales_invoices where kind = 'invoice' limit 1`,
      )
    ).rows;
    for (const [url, body] of [
      [
        `/api/v2.0/Department/invoices/${invoice.id}/credit-memo`,
        { amountExclVat: '1.00', description: 'x' },
      ],
      [`/api/v2.0/Department/invoices/${invoice.id}/status`, { status: 'paid' }],
    ] as const) {
      const r = await call('POST', url, DEPARTMENT, body);
      expect([url, r.statusCode, r.json().code]).toEqual([url, 422, 'Facturen.erp_boekt']);
    }
  });
});
