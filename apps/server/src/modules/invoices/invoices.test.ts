import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { readPdf } from '../../platform/pdf/pdf-text.test-support.ts';
import {
  ADMIN,
  COLLEAGUE,
  EXTERNAL,
  READONLY,
  setSetting,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #13 parts 1–3: the invoicing run over a hand-made ledger (weekend, month boundary, week price, discount,
// sale, buy-back, order costs) against an independent calculation; idempotence; the invoice pages' reads with
// their access rules; the PDF; the export; the legacy MaterieelFacturen calls.

const DEPARTMENT = 'materieeldienst@materieelportaal.nl';
const LOC_T = 'P-INV-T1';
const MONTH = '2026-02';

let t: TestApp;
let rental: { id: string; itemNo: string; day: number; week: number };
let buyBack: { id: string; itemNo: string; sale: number; back: number };
let deliveryId: string;
let removalId: string;

const c = (x: string | number) => Math.round(Number(x) * 100);

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  // a rental item whose week price is cheaper than seven day prices, and a sale item with a buy-back price
  const r = await db.execute<{ id: string; itemNo: string; day: string; week: string }>(sql`
    select id, item_no as "itemNo", day_price as day, week_price as week from items
    where rental_type = 'Verhuur' and not numbered and day_price > 0 and week_price < day_price * 7
      and week_price > day_price * 3
    order by item_no limit 1`);
  rental = { ...r.rows[0], day: c(r.rows[0].day), week: c(r.rows[0].week) };
  const b = await db.execute<{ id: string; itemNo: string; sale: string; back: string }>(sql`
    select id, item_no as "itemNo", sale_price as sale, buy_back_price as back from items
    where rental_type = 'Verkoop_Terugkoop' and sale_price > 0 and buy_back_price > 0 order by item_no limit 1`);
  buyBack = { ...b.rows[0], sale: c(b.rows[0].sale), back: c(b.rows[0].back) };

  // a fresh location of USER's customer (rental discount 7.5 %) with USER as member
  await db.execute(sql`
    insert into plant_locations (location_no, customer_id, description, project_number)
    select ${LOC_T}, l.customer_id, 'Factuurtest', 'PRJ-T1' from plant_locations l where l.location_no = 'P-24001'`);
  await db.execute(sql`
    insert into location_memberships (user_id, location_id, role)
    select u.id, l.id, 'user' from users u, plant_locations l where u.email = ${USER} and l.location_no = ${LOC_T}`);
  const loc = sql`(select id from plant_locations where location_no = ${LOC_T})`;
  // the rental item: 3 before the month, −1 on Fri 6 Feb, +2 on Mon 9 Feb (a weekend in between), −4 on 20 Feb,
  // +1 on 25 Feb that stays past the month's end
  for (const [day, qty] of [
    ['2026-01-20', 3],
    ['2026-02-06', -1],
    ['2026-02-09', 2],
    ['2026-02-20', -4],
    ['2026-02-25', 1],
    // after the month: not this month's business
    ['2026-03-03', -1],
  ] as const) {
    await db.execute(sql`
      insert into inventory_ledger (entry_date, location_id, item_id, quantity, kind)
      values (${day}::date, ${loc}, ${rental.id}, ${qty}, ${qty > 0 ? 'delivery' : 'removal'}::ledger_kind)`);
  }
  // a delivery of 2 sale items with transport costs on 10 Feb, a return of 1 on 18 Feb
  const d = await db.execute<{ id: string }>(sql`
    insert into plant_orders (kind, status, location_id, order_date, executed_date)
    values ('delivery', 'done', ${loc}, '2026-02-05', '2026-02-10') returning id`);
  deliveryId = d.rows[0].id;
  await db.execute(sql`
    insert into order_lines (order_id, line_no, item_id, quantity) values (${deliveryId}, 1, ${buyBack.id}, 2)`);
  await db.execute(sql`
    insert into order_costs (order_id, kind, description, quantity, unit_price, amount)
    values (${deliveryId}, 'transport', 'Transport', 1, 85.00, 85.00)`);
  const rm = await db.execute<{ id: string }>(sql`
    insert into plant_orders (kind, status, location_id, order_date, executed_date)
    values ('removal', 'done', ${loc}, '2026-02-12', '2026-02-18') returning id`);
  removalId = rm.rows[0].id;
  await db.execute(sql`
    insert into order_lines (order_id, line_no, item_id, quantity) values (${removalId}, 1, ${buyBack.id}, 1)`);
  // a delivery that was cancelled and one executed in March: neither is charged in February
  await db.execute(sql`
    insert into plant_orders (kind, status, location_id, order_date, executed_date)
    values ('delivery', 'cancelled', ${loc}, '2026-02-05', null), ('delivery', 'done', ${loc}, '2026-02-26', '2026-03-02')`);
  await setSetting(t, 'UseRentalDiscount', true);
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, email: string | null = USER, locale?: string) {
  return t.app.inject({
    url,
    headers: { ...(email ? await t.auth(email) : {}), ...(locale ? { 'x-locale': locale } : {}) },
  });
}
async function post(url: string, body: unknown, email = DEPARTMENT) {
  return t.app.inject({ method: 'POST', url, payload: body as object, headers: await t.auth(email) });
}
const run = (body: object, email = DEPARTMENT) => post('/api/v2.0/Department/invoicing-runs', body, email);

/** The hand calculation: one unit's rent for `days` days, whole weeks at the week price, the rest capped at it. */
function rent(days: number): number {
  return Math.floor(days / 7) * rental.week + Math.min((days % 7) * rental.day, rental.week);
}
const less75 = (x: number) => Math.round(x * 0.925);

describe('the invoicing run', () => {
  let invoiceId: string;
  let creditId: string;

  it('invoices a hand-made month: rent per interval, sale, costs; a credit memo for the buy-back', async () => {
    const r = await run({ month: MONTH, locations: [LOC_T] });
    expect(r.statusCode, r.body).toBe(200);
    const body = r.json();
    expect(body).toMatchObject({
      periodFrom: '2026-02-01',
      periodTo: '2026-02-28',
      locations: 1,
      skipped: 0,
    });
    expect(body.created.map((x: { kind: string }) => x.kind).sort()).toEqual(['credit_memo', 'invoice']);
    invoiceId = body.created.find((x: { kind: string }) => x.kind === 'invoice').id;
    creditId = body.created.find((x: { kind: string }) => x.kind === 'credit_memo').id;

    const inv = await get(`/api/v2.0/SalesInvoices/${invoiceId}`);
    expect(inv.statusCode, inv.body).toBe(200);
    const doc = inv.json();
    expect(doc.documentNo).toMatch(/^F-2026-\d{6}$/);
    expect(doc).toMatchObject({ periodFrom: '2026-02-01', periodTo: '2026-02-28', yourReference: 'PRJ-T1' });
    const rentals = doc.lines.filter((l: { kind: string }) => l.kind === 'rental');
    // independent of the service: the intervals read off the ledger above by hand
    const expected = [
      { from: '2026-02-01', to: '2026-02-05', days: 5, qty: 3 },
      { from: '2026-02-06', to: '2026-02-08', days: 3, qty: 2 }, // over the weekend
      { from: '2026-02-09', to: '2026-02-19', days: 11, qty: 4 }, // a week and four days
      { from: '2026-02-25', to: '2026-02-28', days: 4, qty: 1 }, // to the month's end
    ];
    // each interval is charged in weeks and days, each a line of its own showing the price and unit its amount was
    // computed with (issue #31 item 16): weeks first, then the days; days that would cost more than a week are one
    let at = 0;
    for (const e of expected) {
      let weeks = Math.floor(e.days / 7);
      let rest = e.days % 7;
      if (rest * rental.day > rental.week) [weeks, rest] = [weeks + 1, 0];
      const parts = [
        ...(weeks ? [{ unit: 'week', count: weeks, price: rental.week, days: e.days - rest }] : []),
        ...(rest ? [{ unit: 'day', count: rest, price: rental.day, days: rest }] : []),
      ];
      const lines = rentals.slice(at, at + parts.length) as Array<Record<string, string & number>>;
      at += parts.length;
      expect(lines[0].periodFrom, e.from).toBe(e.from);
      expect(lines.at(-1)?.periodTo, e.from).toBe(e.to);
      parts.forEach((p, i) => {
        const l = lines[i];
        expect([l.priceUnit, l.unitCount, c(l.unitPrice), l.days, Number(l.quantity)], e.from).toEqual([
          p.unit,
          p.count,
          p.price,
          p.days,
          e.qty,
        ]);
        expect(l.discountPercent).toBe('7.50');
        // the line's own arithmetic: quantity × units × price, less the discount
        expect(c(l.amount), `${e.from} ${p.unit}`).toBe(less75(p.price * p.count * e.qty));
      });
      // together the same rent as the rule of decision 0022 (to the cent per line)
      const sum = lines.reduce((x, l) => x + c(l.amount), 0);
      expect(Math.abs(sum - less75(rent(e.days) * e.qty)), e.from).toBeLessThanOrEqual(parts.length - 1);
    }
    expect(at).toBe(rentals.length);
    // the 11-day interval takes the week price for its full week (week < 7 days here)
    expect(rentals.some((l: { priceUnit: string; periodFrom: string }) => l.priceUnit === 'week')).toBe(true);
    const sale = doc.lines.find((l: { kind: string }) => l.kind === 'sale');
    expect(sale).toMatchObject({
      itemNo: buyBack.itemNo,
      days: null,
      priceUnit: null,
      unitCount: null,
      discountPercent: '0.00',
    });
    expect(Number(sale.quantity)).toBe(2);
    expect(c(sale.amount)).toBe(2 * buyBack.sale);
    const cost = doc.lines.find((l: { kind: string }) => l.kind === 'cost');
    expect(c(cost.amount)).toBe(8500);
    expect(doc.lines).toHaveLength(rentals.length + 2);
    // totals: the sum of the lines, 21 % VAT
    const net = doc.lines.reduce((s: number, l: { amount: string }) => s + c(l.amount), 0);
    expect(c(doc.amountExclVat)).toBe(net);
    expect(c(doc.vatAmount)).toBe(Math.round(net * 0.21));
    expect(c(doc.amountInclVat)).toBe(net + Math.round(net * 0.21));

    const credit = (await get(`/api/v2.0/SalesInvoices/${creditId}`)).json();
    expect(credit.documentNo).toMatch(/^C-2026-\d{6}$/);
    expect(credit.lines).toHaveLength(1);
    expect(credit.lines[0]).toMatchObject({ kind: 'credit', itemNo: buyBack.itemNo });
    expect(c(credit.lines[0].amount)).toBe(buyBack.back);
    expect(c(credit.amountExclVat)).toBe(buyBack.back);
  });

  it('makes nothing twice: a second run of the month skips what exists', async () => {
    const count = async () =>
      (
        await t.database.db.execute<{ n: number }>(sql`
          select count(*)::int as n from sales_invoices s join plant_locations l on l.id = s.location_id
          where l.location_no = ${LOC_T}`)
      ).rows[0].n;
    const before = await count();
    const lines = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sales_invoice_lines`,
    );
    // two runs at once: still one invoice and one credit memo
    const [a, b] = await Promise.all([
      run({ month: MONTH, locations: [LOC_T] }),
      run({ month: MONTH, locations: [LOC_T] }),
    ]);
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(a.json().created).toEqual([]);
    expect(b.json().skipped).toBe(2);
    expect(await count()).toBe(before);
    const after = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from sales_invoice_lines`,
    );
    expect(after.rows[0].n).toBe(lines.rows[0].n);
  });

  it('refuses a month that is not over, a bad month, an unknown location, and anyone but the department', async () => {
    const next = await run({ month: '2099-01' });
    expect(next.statusCode).toBe(422);
    expect(next.json().code).toBe('Facturen.run.maand_niet_voorbij');
    expect(next.json().details.fields.month.code).toBe('Facturen.run.maand_niet_voorbij');
    const bad = await run({ month: '2026-13' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.fields.month.code).toBe('validation.ongeldig_formaat');
    const unknown = await run({ month: MONTH, locations: ['P-NOPE'] });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().details.fields.locations.code).toBe('error.locatie_onbekend');
    for (const who of [USER, EXTERNAL, READONLY])
      expect((await run({ month: MONTH }, who)).statusCode).toBe(403);
    expect((await run({ month: MONTH, locations: [LOC_T] }, ADMIN)).statusCode).toBe(200);
  });

  it('corrects an invoice with a credit memo up to what is left of it', async () => {
    const inv = (await get(`/api/v2.0/SalesInvoices/${invoiceId}`)).json();
    const tooMuch = (c(inv.amountExclVat) + 1) / 100;
    const refused = await post(`/api/v2.0/Department/invoices/${invoiceId}/credit-memo`, {
      description: 'Te veel',
      amountExclVat: tooMuch.toFixed(2),
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().details.fields.amountExclVat.code).toBe('Facturen.creditnota.te_hoog');
    const ok = await post(`/api/v2.0/Department/invoices/${invoiceId}/credit-memo`, {
      description: 'Twee huurdagen te veel',
      amountExclVat: '10.00',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const memo = (await get(`/api/v2.0/SalesInvoices/${ok.json().id}`)).json();
    expect(memo).toMatchObject({
      kind: 'credit_memo',
      appliesToDocumentNo: inv.documentNo,
      amountExclVat: '10.00',
    });
    expect(memo.lines[0].description).toBe('Twee huurdagen te veel');
    // what is left: the invoice less 10.00; one cent more is refused
    const left = (c(inv.amountExclVat) - 1000 + 1) / 100;
    expect(
      (
        await post(`/api/v2.0/Department/invoices/${invoiceId}/credit-memo`, {
          description: 'x',
          amountExclVat: left.toFixed(2),
        })
      ).statusCode,
    ).toBe(422);
    // a credit memo cannot be corrected; a customer cannot correct
    expect(
      (
        await post(`/api/v2.0/Department/invoices/${creditId}/credit-memo`, {
          description: 'x',
          amountExclVat: '1',
        })
      ).statusCode,
    ).toBe(422);
    expect(
      (
        await post(
          `/api/v2.0/Department/invoices/${invoiceId}/credit-memo`,
          { description: 'x', amountExclVat: '1' },
          USER,
        )
      ).statusCode,
    ).toBe(403);
    const detail = (await get(`/api/v2.0/SalesInvoices/${invoiceId}`)).json();
    expect(detail.creditMemos.map((m: { documentNo: string }) => m.documentNo)).toContain(memo.documentNo);
  });

  it('marks a document paid and open again (department only)', async () => {
    expect(
      (await post(`/api/v2.0/Department/invoices/${creditId}/status`, { status: 'paid' })).statusCode,
    ).toBe(204);
    expect((await get(`/api/v2.0/SalesInvoices/${creditId}`)).json().status).toBe('paid');
    expect(
      (await post(`/api/v2.0/Department/invoices/${creditId}/status`, { status: 'open' }, USER)).statusCode,
    ).toBe(403);
    expect(
      (await post(`/api/v2.0/Department/invoices/${creditId}/status`, { status: 'open' })).statusCode,
    ).toBe(204);
  });

  describe('the invoice pages', () => {
    it("lists a location's documents and all my locations', with sums over the filter", async () => {
      const r = await get(`/api/v2.0/SalesInvoices?plantLocation=${LOC_T}`);
      expect(r.statusCode, r.body).toBe(200);
      const list = r.json();
      expect(list.total).toBe(3);
      const sum = list.items.reduce(
        (s: number, i: { kind: string; amountInclVat: string }) =>
          s + (i.kind === 'invoice' ? 1 : -1) * c(i.amountInclVat),
        0,
      );
      expect(c(list.totals.amountInclVat)).toBe(sum);
      // newest first; the kind filter
      const credits = (await get(`/api/v2.0/SalesInvoices?plantLocation=${LOC_T}&kind=credit_memo`)).json();
      expect(credits.items.every((i: { kind: string }) => i.kind === 'credit_memo')).toBe(true);
      expect(credits.total).toBe(2);
      // every location of mine: the test location's and the demo locations' documents
      const mine = (await get('/api/v2.0/SalesInvoices?pageSize=100')).json();
      expect(mine.total).toBeGreaterThan(3);
      expect(new Set(mine.items.map((i: { locationNo: string }) => i.locationNo)).size).toBeGreaterThan(1);
      const words = (await get(`/api/v2.0/SalesInvoices?query=${LOC_T}`)).json();
      expect(words.total).toBe(3);
      const bad = await get(`/api/v2.0/SalesInvoices?from=2026-03-02&until=2026-03-01`);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details.fields.until.code).toBe('validation.einde_na_begin');
      expect((await get('/api/v2.0/SalesInvoices?status=lost')).statusCode).toBe(400);
    });

    it("keeps another customer's documents out: 404 for the location and each document, nothing in lists", async () => {
      expect((await get(`/api/v2.0/SalesInvoices?plantLocation=${LOC_T}`, EXTERNAL)).statusCode).toBe(404);
      expect((await get(`/api/v2.0/SalesInvoices/${invoiceId}`, EXTERNAL)).statusCode).toBe(404);
      expect((await get(`/api/v2.0/SalesInvoices/${invoiceId}/pdf`, EXTERNAL)).statusCode).toBe(404);
      expect(
        (await get(`/api/v2.0/DocumentAttachments/salesinvoices/${invoiceId}`, EXTERNAL)).statusCode,
      ).toBe(404);
      const theirs = (await get('/api/v2.0/SalesInvoices?pageSize=100', EXTERNAL)).json();
      expect(theirs.items.some((i: { locationNo: string }) => i.locationNo === LOC_T)).toBe(false);
      // READONLY is no member of the test location either
      expect((await get(`/api/v2.0/SalesInvoices/${invoiceId}`, READONLY)).statusCode).toBe(404);
      // management (a member of every location of its customer) reads them all, and no other customer's
      const board = (await get('/api/v2.0/SalesInvoices?pageSize=100', COLLEAGUE)).json();
      expect(board.items.some((i: { locationNo: string }) => i.locationNo === 'P-24001')).toBe(true);
      expect(board.items.some((i: { locationNo: string }) => i.locationNo === 'P-24008')).toBe(false);
      expect((await get('/api/v2.0/SalesInvoices?plantLocation=P-24008', COLLEAGUE)).statusCode).toBe(404);
      // the read-only role reads its own location's invoices
      expect((await get('/api/v2.0/SalesInvoices?plantLocation=P-24001', READONLY)).statusCode).toBe(200);
      expect((await get('/api/v2.0/SalesInvoices', null)).statusCode).toBe(401);
      // the legacy calls answer alike
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/MaterieelFacturen/GetMaterieelFacturenRegels',
            payload: { id: invoiceId },
            headers: await t.auth(EXTERNAL),
          })
        ).statusCode,
      ).toBe(404);
    });

    it('hides documents that Facturen_DebetFilter leaves out', async () => {
      await setSetting(t, 'Facturen_DebetFilter', 'X-*');
      try {
        const list = (await get(`/api/v2.0/SalesInvoices?plantLocation=${LOC_T}`)).json();
        expect(list.items.every((i: { kind: string }) => i.kind === 'credit_memo')).toBe(true);
        expect((await get(`/api/v2.0/SalesInvoices/${invoiceId}`)).statusCode).toBe(404);
      } finally {
        await setSetting(t, 'Facturen_DebetFilter', '');
      }
      expect((await get(`/api/v2.0/SalesInvoices/${invoiceId}`)).statusCode).toBe(200);
    });

    it('gives the PDF in the caller’s language with the number and the total', async () => {
      const doc = (await get(`/api/v2.0/SalesInvoices/${invoiceId}`)).json();
      const nl = await get(`/api/v2.0/SalesInvoices/${invoiceId}/pdf`);
      expect(nl.statusCode).toBe(200);
      expect(nl.headers['content-type']).toBe('application/pdf');
      expect(nl.headers['cache-control']).toBe('private, no-cache');
      const text = (await readPdf(nl.rawPayload)).text;
      expect(text).toContain(doc.documentNo);
      const total = Number(doc.amountInclVat).toLocaleString('nl-NL', { minimumFractionDigits: 2 });
      expect(text).toContain(total);
      // a week line reads as its amount was computed: "n weken · € week price per week" (issue #31 item 16)
      const week = doc.lines.find((l: { priceUnit: string | null }) => l.priceUnit === 'week');
      const nlMoney = (x: string) => Number(x).toLocaleString('nl-NL', { minimumFractionDigits: 2 });
      expect(text.replace(/\s+/g, ' ')).toContain(
        `${week.unitCount} ${week.unitCount === 1 ? 'week' : 'weken'} ${Number(week.quantity)} € ${nlMoney(week.unitPrice)} per week`,
      );
      const en = await get(`/api/v2.0/SalesInvoices/${invoiceId}/pdf`, USER, 'en-US');
      const enText = (await readPdf(en.rawPayload)).text;
      expect(enText).toContain(
        Number(doc.amountInclVat).toLocaleString('en-US', { minimumFractionDigits: 2 }),
      );
      expect(enText).not.toBe(text);
      const files = (await get(`/api/v2.0/DocumentAttachments/salesinvoices/${invoiceId}`)).json();
      expect(files.items[0]).toMatchObject({ id: 'pdf', url: `/api/v2.0/SalesInvoices/${invoiceId}/pdf` });
      // the other kind's path does not give it
      expect((await get(`/api/v2.0/DocumentAttachments/salescreditmemos/${invoiceId}`)).statusCode).toBe(404);
      const legacy = await t.app.inject({
        method: 'POST',
        url: '/api/MaterieelFacturen/DownloadFactuurDocument',
        payload: { factuurNummer: doc.documentNo },
        headers: await t.auth(USER),
      });
      expect(legacy.statusCode).toBe(200);
      expect(legacy.rawPayload.equals(nl.rawPayload)).toBe(true);
    });

    it('exports the list as XLSX and CSV', async () => {
      const x = await get(`/api/v2.0/SalesInvoices/export?plantLocation=${LOC_T}`);
      expect(x.statusCode).toBe(200);
      expect(x.headers['content-type']).toContain('spreadsheetml');
      expect(x.rawPayload.subarray(0, 2).toString()).toBe('PK');
      const csv = await get(`/api/v2.0/SalesInvoices/export?plantLocation=${LOC_T}&format=csv`);
      expect(csv.statusCode).toBe(200);
      const rows = csv.body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(rows).toHaveLength(4);
      expect(rows[0]).toContain('Factuurnummer');
      expect((await get(`/api/v2.0/SalesInvoices/export?plantLocation=${LOC_T}`, EXTERNAL)).statusCode).toBe(
        404,
      );
    });

    it('answers the legacy MaterieelFacturen calls with the v2 data in the old names', async () => {
      const legacy = (action: string, payload: object) =>
        t.app.inject({
          method: 'POST',
          url: `/api/MaterieelFacturen/${action}`,
          payload,
          headers: await_auth,
        });
      const await_auth = await t.auth(USER);
      const v2 = (await get(`/api/v2.0/SalesInvoices?plantLocation=${LOC_T}`)).json();
      const one = await legacy('GetFacturen', { materieelLocatieNr: LOC_T });
      expect(one.statusCode, one.body).toBe(200);
      const body = one.json();
      expect(body.totaal).toBe(v2.total);
      expect(body.totaalBedragInclBtw).toBe(v2.totals.amountInclVat);
      body.facturen.forEach((f: Record<string, unknown>, i: number) => {
        const x = v2.items[i];
        expect(f).toMatchObject({
          id: x.id,
          factuurNummer: x.documentNo,
          soort: x.kind === 'invoice' ? 'factuur' : 'creditnota',
          materieelLocatieNr: x.locationNo,
          factuurDatum: x.documentDate,
          vervalDatum: x.dueDate,
          periodeVan: x.periodFrom,
          periodeTot: x.periodTo,
          bedragExclBtw: x.amountExclVat,
          btwBedrag: x.vatAmount,
          bedragInclBtw: x.amountInclVat,
          uwReferentie: x.yourReference,
          gecrediteerdeFactuurNummer: x.appliesToDocumentNo,
        });
      });
      expect((await legacy('GetFacturen', {})).statusCode).toBe(400);
      const credits = (
        await legacy('GetFacturen', { materieelLocatieNr: LOC_T, soort: 'creditnota' })
      ).json();
      expect(credits.totaal).toBe(2);
      const all = (await legacy('GetFacturenList', {})).json();
      const v2all = (await get('/api/v2.0/SalesInvoices?pageSize=50')).json();
      expect(all.totaal).toBe(v2all.total);
      expect(all.facturen.map((f: { id: string }) => f.id)).toEqual(
        v2all.items.map((x: { id: string }) => x.id),
      );
      const detail = (await get(`/api/v2.0/SalesInvoices/${invoiceId}`)).json();
      const lines = (await legacy('GetMaterieelFacturenRegels', { id: invoiceId })).json();
      expect(lines.factuurNummer).toBe(detail.documentNo);
      expect(lines.btwPercentage).toBe('21.00');
      lines.regels.forEach((l: Record<string, unknown>, i: number) => {
        const x = detail.lines[i];
        expect(l).toMatchObject({
          regelNr: x.lineNo,
          materieelSoort: x.itemNo,
          omschrijving: x.description,
          periodeVan: x.periodFrom,
          periodeTot: x.periodTo,
          dagen: x.days,
          aantal: x.quantity,
          prijs: x.unitPrice,
          // what the price is for, so the old client can show "€ 72,15 per week × 4" (issue #31 item 16)
          prijsEenheid: x.priceUnit === 'week' ? 'week' : x.priceUnit === 'day' ? 'dag' : null,
          aantalEenheden: x.unitCount,
          kortingPercentage: x.discountPercent,
          bedrag: x.amount,
        });
      });
      expect((await legacy('GetMaterieelFacturenRegels', {})).statusCode).toBe(400);
    });
  });
});

// Last in the file: it adds a credit memo the listing tests above do not count.
describe('credit memos under concurrency', () => {
  it('never over-credits: ten parallel credit memos of 60 % of what is left, exactly one is made (issue #31 item 3)', async () => {
    const creditedCents = async () =>
      Number(
        (
          await t.database.db.execute<{ cents: string }>(sql`
            select coalesce(sum(amount_excl_vat * 100), 0)::bigint as cents from sales_invoices
            where applies_to_invoice_id = ${invoiceId}::uuid`)
        ).rows[0].cents,
      );
    const found = await t.database.db.execute<{ id: string }>(sql`
      select s.id from sales_invoices s join plant_locations l on l.id = s.location_id
      where s.kind = 'invoice' and l.location_no = ${LOC_T} order by s.document_no limit 1`);
    const invoiceId = found.rows[0].id;
    const net = c((await get(`/api/v2.0/SalesInvoices/${invoiceId}`)).json().amountExclVat);
    const before = await creditedCents();
    const share = (Math.floor((net - before) * 0.6) / 100).toFixed(2);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(`/api/v2.0/Department/invoices/${invoiceId}/credit-memo`, {
          description: `Parallel ${i}`,
          amountExclVat: share,
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, ...Array(9).fill(422)]);
    expect(await creditedCents()).toBe(before + c(share));
    expect(await creditedCents()).toBeLessThanOrEqual(net);
  });
});
