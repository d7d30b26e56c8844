import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO_PASSWORD, type TestApp } from '../../../test/app.ts';
import {
  ADMIN,
  COLLEAGUE,
  EXTERNAL,
  FOREIGN_LOC,
  LOC,
  READONLY,
  USER,
} from '../order-lists/ordering.test-support.ts';

// Issue #15 part 9 (decision 0024): GET Reports, its export and the four legacy Rapportages calls. COLLEAGUE is the
// board of Van Dijk (AppRapportage + management); USER, EXTERNAL and READONLY hold no AppRapportage.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function get(url: string, email: string) {
  return t.app.inject({ url, headers: await t.auth(email) });
}
async function customerId(no: string): Promise<string> {
  const r = await t.database.db.execute<{ id: string }>(
    sql`select id from customers where customer_no = ${no}`,
  );
  return r.rows[0]?.id as string;
}

describe('GET Reports', () => {
  it('refuses without AppRapportage (403) and asks an anonymous caller to sign in (401)', async () => {
    for (const who of [USER, EXTERNAL, READONLY]) {
      const r = await get('/api/v2.0/Reports', who);
      expect([who, r.statusCode, r.json().code]).toEqual([who, 403, 'error.geen_toegang']);
    }
    expect((await t.app.inject({ url: '/api/v2.0/Reports' })).statusCode).toBe(401);
  });

  it('gives the board its whole customer, counted as the database counts it', async () => {
    const r = await get('/api/v2.0/Reports?months=36', COLLEAGUE);
    expect(r.statusCode).toBe(200);
    const body = r.json();
    const vanDijk = await customerId('K-10045');
    expect(body.customer).toEqual({ id: vanDijk, name: expect.stringContaining('Van Dijk') });
    const expected = await t.database.db.execute<{ status: string; kind: string; count: number }>(sql`
      select q.status::text, q.kind::text, count(*)::int as count from plant_requests q
      join plant_locations l on l.id = q.location_id
      where l.customer_id = ${vanDijk} and q.created_at >= (current_date - interval '36 months')
      group by 1, 2 order by 1, 2`);
    expect(body.requestsByStatus).toEqual(expected.rows);
    expect(body.requestsByStatus.length).toBeGreaterThan(0);
    expect(body.ordersByStatus.length).toBeGreaterThan(0);
    // every location of the customer, none of another
    const nos = body.indicators.map((i: { locationNo: string }) => i.locationNo);
    expect(nos).toContain(LOC);
    expect(nos).not.toContain(FOREIGN_LOC);
    expect(body.locations).toBe(nos.length);
  });

  it('sums the open documents per location, credit memos negative, overdue apart', async () => {
    const body = (await get(`/api/v2.0/Reports?scope=location&plantLocation=${LOC}`, ADMIN)).json();
    const r = await t.database.db.execute<{ open: string; docs: number }>(sql`
      select coalesce(sum(case when s.kind = 'invoice' then 1 else -1 end * s.amount_incl_vat), 0)::numeric(14,2)::text as open,
        count(*)::int as docs
      from sales_invoices s join plant_locations l on l.id = s.location_id
      where l.location_no = ${LOC} and s.status = 'open'`);
    const open = r.rows[0];
    expect(body.locationNo).toBe(LOC);
    expect(body.costTotals.openAmount).toBe(open?.open);
    expect(body.costs.reduce((s: number, c: { openDocuments: number }) => s + c.openDocuments, 0)).toBe(
      open?.docs,
    );
    expect(Number(body.costTotals.overdueAmount)).toBeLessThanOrEqual(Number(body.costTotals.openAmount));
  });

  it('keeps another customer and a foreign location out of reach (404, the same as unknown)', async () => {
    const infra = await customerId('K-10112');
    const other = await get(`/api/v2.0/Reports?customerId=${infra}`, COLLEAGUE);
    expect([other.statusCode, other.json().code]).toEqual([404, 'error.niet_gevonden']);
    const unknown = await get(`/api/v2.0/Reports?customerId=${crypto.randomUUID()}`, COLLEAGUE);
    expect(unknown.statusCode).toBe(404);
    const foreign = await get(`/api/v2.0/Reports?scope=location&plantLocation=${FOREIGN_LOC}`, COLLEAGUE);
    expect([foreign.statusCode, foreign.json().code]).toEqual([404, 'error.locatie_onbekend']);
    // an admin may look at any customer, or all of them
    const admin = await get(`/api/v2.0/Reports?customerId=${infra}`, ADMIN);
    expect(admin.json().indicators.map((i: { locationNo: string }) => i.locationNo)).toContain(FOREIGN_LOC);
    const all = (await get('/api/v2.0/Reports', ADMIN)).json();
    expect(all.customer).toBeNull();
    expect(all.locations).toBeGreaterThan(admin.json().locations);
  });

  it('names a missing location of the location scope (422 at the field)', async () => {
    const r = await get('/api/v2.0/Reports?scope=location', ADMIN);
    expect(r.statusCode).toBe(422);
    expect(r.json().details.fields).toHaveProperty('plantLocation');
  });

  it('exports one report as XLSX in the caller’s language, with the figures of the answer', async () => {
    const body = (await get('/api/v2.0/Reports?months=12', COLLEAGUE)).json();
    const r = await t.app.inject({
      url: '/api/v2.0/Reports/export?report=indicators&format=xlsx&months=12',
      headers: { ...(await t.auth(COLLEAGUE)), 'x-locale': 'en-US' },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toContain('attachment');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0] as ExcelJS.Worksheet;
    const cells = (n: number) => (sheet.getRow(n).values as ExcelJS.CellValue[]).slice(1);
    expect(cells(1)).toEqual([
      'Location',
      'Description',
      'Open requests',
      'Inspection overdue',
      'Open complaints',
      'Invoices overdue',
    ]);
    const nos: unknown[] = [];
    for (let n = 2; n <= sheet.rowCount; n++) nos.push(cells(n)[0]);
    expect(nos).toEqual(body.indicators.map((i: { locationNo: string }) => i.locationNo));
    const refused = await get('/api/v2.0/Reports/export?report=costs', USER);
    expect(refused.statusCode).toBe(403);
  });
});

describe('who the web offers the reports', () => {
  it('says in the login answer who may report and who is the board', async () => {
    const user = async (email: string) => {
      const r = await t.app.inject({
        method: 'POST',
        url: '/api/v2.0/Auth/login',
        payload: { email, password: DEMO_PASSWORD },
        remoteAddress: `10.77.0.${Math.floor(Math.random() * 200) + 1}`,
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().user as { canReport: boolean; isManagement: boolean };
    };
    expect(await user(COLLEAGUE)).toMatchObject({ canReport: true, isManagement: true });
    expect(await user(ADMIN)).toMatchObject({ canReport: true, isManagement: true });
    expect(await user(USER)).toMatchObject({ canReport: false, isManagement: false });
  });
});

describe('legacy Rapportages', () => {
  it('answer the parts of GET Reports in the old names, with the same rule', async () => {
    const v2 = (await get(`/api/v2.0/Reports?scope=location&plantLocation=${LOC}`, COLLEAGUE)).json();
    const call = async (action: string, body: object, email = COLLEAGUE) =>
      t.app.inject({
        method: 'POST',
        url: `/api/Rapportages/${action}`,
        payload: body,
        headers: await t.auth(email),
      });
    const requests = await call('GetAanvragenOpStatus', { materieelLocatieNr: LOC });
    expect(requests.json()).toEqual(
      v2.requestsByStatus.map((r: { status: string; kind: string; count: number }) => ({
        status: r.status,
        soort: r.kind,
        aantal: r.count,
      })),
    );
    const orders = await call('GetOrdersOpStatus', { materieelLocatieNr: LOC });
    expect(orders.json()).toHaveLength(v2.ordersByStatus.length);
    const indicators = await call('GetOpenIndicatoren', { materieelLocatieNr: LOC });
    expect(indicators.json()[0]).toMatchObject({
      materieelLocatieNr: LOC,
      openAanvragen: v2.indicators[0].openRequests,
    });
    const costs = await call('GetOpenstaandOpKosten', { materieelLocatieNr: LOC });
    expect(costs.json().totaalOpenstaand).toBe(v2.costTotals.openAmount);
    expect((await call('GetOpenIndicatoren', {}, USER)).statusCode).toBe(403);
    expect((await call('GetOpenIndicatoren', { materieelLocatieNr: FOREIGN_LOC })).statusCode).toBe(404);
  });
});
