// The fake's writes: ETags and If-Match (400 without, 412 when stale), creates with their checks (references,
// unique external document numbers, read-only fields), deep insert, deletions reaching deletedRecords, and what the
// portal sends (a rental request) becoming a sales order.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, json, startHarness } from './test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Rec = Record<string, unknown> & { id: string; '@odata.etag': string };
type Err = { error: { code: string; message: string } };
const first = async (res: Response) => ((await res.json()) as { value: Rec[] }).value[0];

describe('ETags and If-Match', () => {
  it('refuses a change without If-Match as BC does, and a stale ETag with 412', async () => {
    const customer = await first(await h.api('customers?$top=1'));
    const missing = await h.api(`customers(${customer.id})`, {
      method: 'PATCH',
      body: json({ phoneNumber: '1' }),
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as Err).error.code).toBe('BadRequest_InvalidToken');

    const ok = await h.api(`customers(${customer.id})`, {
      method: 'PATCH',
      headers: { 'if-match': customer['@odata.etag'] },
      body: json({ phoneNumber: '030 000 00 01' }),
    });
    expect(ok.status).toBe(200);
    const changed = (await ok.json()) as Rec;
    expect(changed.phoneNumber).toBe('030 000 00 01');
    expect(changed['@odata.etag']).not.toBe(customer['@odata.etag']);
    expect(ok.headers.get('etag')).toBe(changed['@odata.etag']);
    expect(Date.parse(String(changed.lastModifiedDateTime))).toBeGreaterThan(
      Date.parse(String(customer.lastModifiedDateTime)),
    );

    const stale = await h.api(`customers(${customer.id})`, {
      method: 'PATCH',
      headers: { 'if-match': customer['@odata.etag'] },
      body: json({ phoneNumber: 'lost update' }),
    });
    expect(stale.status).toBe(412);
    expect(((await stale.json()) as Err).error.code).toBe('Request_EntityChanged');

    const any = await h.api(`customers(${customer.id})`, {
      method: 'PATCH',
      headers: { 'if-match': '*' },
      body: json({ phoneNumber: '030 000 00 02' }),
    });
    expect(any.status).toBe(200);
  });

  it('changes the ETag when the ERP changes the record, and a line’s change touches its header', async () => {
    const order = await first(await h.api('salesOrders?$top=1&$expand=salesOrderLines'));
    const line = (order.salesOrderLines as Rec[])[0];
    await h.ctl('PATCH', `records/salesOrderLines/${line.id}`, { quantity: 99 });
    const after = (await (await h.api(`salesOrders(${order.id})`)).json()) as Rec;
    expect(after['@odata.etag']).not.toBe(order['@odata.etag']);
    expect(Number(after.totalAmountExcludingTax)).not.toBe(Number(order.totalAmountExcludingTax));
    const stale = await h.api(`salesOrders(${order.id})/salesOrderLines(${line.id})`, {
      method: 'PATCH',
      headers: { 'if-match': line['@odata.etag'] },
      body: json({ quantity: 1 }),
    });
    expect(stale.status).toBe(412);
  });

  it('deletes with If-Match; the deletion reaches deletedRecords for a delta', async () => {
    const category = (await h.ctl<Rec>('POST', 'records/itemCategories', {
      code: 'TMP',
      displayName: 'Tijdelijk',
    })) as Rec;
    const noMatch = await h.api(`itemCategories(${category.id})`, { method: 'DELETE' });
    expect(noMatch.status).toBe(400);
    const since = new Date(Date.now() - 60_000).toISOString();
    const gone = await h.api(`itemCategories(${category.id})`, {
      method: 'DELETE',
      headers: { 'if-match': category['@odata.etag'] },
    });
    expect(gone.status).toBe(204);
    expect((await h.api(`itemCategories(${category.id})`)).status).toBe(404);
    const deleted = (await (await h.rental(`deletedRecords?$filter=deletedAt gt ${since}`)).json()) as {
      value: Rec[];
    };
    expect(deleted.value).toEqual([
      expect.objectContaining({ entityName: 'itemCategories', systemId: category.id }),
    ]);
  });

  it('does not let the API write a read-only set or field', async () => {
    const stock = await first(await h.rental('stockOnSite?$top=1'));
    const patch = await h.rental(`stockOnSite(${stock.id})`, {
      method: 'PATCH',
      headers: { 'if-match': '*' },
      body: json({ quantity: 0 }),
    });
    expect(patch.status).toBe(405);
    const item = await first(await h.api('items?$top=1'));
    const ro = await h.api(`items(${item.id})`, {
      method: 'PATCH',
      headers: { 'if-match': '*' },
      body: json({ lastModifiedDateTime: '2020-01-01T00:00:00Z' }),
    });
    expect(ro.status).toBe(400);
    const unknown = await h.api(`items(${item.id})`, {
      method: 'PATCH',
      headers: { 'if-match': '*' },
      body: json({ colour: 'red' }),
    });
    expect(((await unknown.json()) as Err).error.message).toMatch(/The property 'colour' does not exist/);
    const wrongType = await h.api(`items(${item.id})`, {
      method: 'PATCH',
      headers: { 'if-match': '*' },
      body: json({ unitPrice: 'cheap' }),
    });
    expect(wrongType.status).toBe(400);
  });
});

describe('what the portal sends', () => {
  const request = (no: string) => ({
    externalDocumentNumber: no,
    requestType: 'Order',
    projectLocationNumber: 'P-24001',
    requestedDate: '2026-12-01',
    destinationType: 'WorkAddress',
    workAddressCode: 'WA01',
    requestedBy: 'uitvoerder@vandijk.nl',
    rentalRequestLines: [
      { itemNumber: 'BH-1001', quantity: 20 },
      { itemNumber: 'SK-1010', quantity: 1, comment: 'Graag met sleutel' },
    ],
  });

  it('creates a rental request with its lines in one call; a second one with the same number is 409', async () => {
    const created = await h.rental('rentalRequests?$expand=rentalRequestLines', {
      method: 'POST',
      body: json(request('A-2026-900001')),
    });
    expect(created.status).toBe(201);
    const body = (await created.json()) as Rec;
    expect(body).toMatchObject({
      status: 'Received',
      customerNumber: 'K-10045',
      externalDocumentNumber: 'A-2026-900001',
    });
    expect((body.rentalRequestLines as Rec[]).map((l) => [l.sequence, l.itemNumber, l.quantity])).toEqual([
      [10000, 'BH-1001', 20],
      [20000, 'SK-1010', 1],
    ]);
    const again = await h.rental('rentalRequests', { method: 'POST', body: json(request('A-2026-900001')) });
    expect(again.status).toBe(409);
    expect(((await again.json()) as Err).error.code).toBe('Internal_EntityWithSameKeyExists');
    const found = await h.rental("rentalRequests?$filter=externalDocumentNumber eq 'A-2026-900001'");
    expect(((await found.json()) as { value: Rec[] }).value.map((r) => r.id)).toEqual([body.id]);
  });

  it('refuses unknown references and missing fields, and keeps nothing of a refused deep insert', async () => {
    const before = (await h.ctl<{ counts: Record<string, number> }>('GET', '')).counts;
    const badItem = request('A-2026-900002');
    badItem.rentalRequestLines[1].itemNumber = 'NO-SUCH-ITEM';
    const res = await h.rental('rentalRequests', { method: 'POST', body: json(badItem) });
    expect(res.status).toBe(400);
    expect(((await res.json()) as Err).error.code).toBe('Internal_RecordNotFound');
    const after = (await h.ctl<{ counts: Record<string, number> }>('GET', '')).counts;
    expect(after.rentalRequests).toBe(before.rentalRequests);
    expect(after.rentalRequestLines).toBe(before.rentalRequestLines);
    const { requestedDate: _, ...noDate } = request('A-2026-900003');
    expect((await h.rental('rentalRequests', { method: 'POST', body: json(noDate) })).status).toBe(400);
    const badEnum = { ...request('A-2026-900004'), requestType: 'Delivery' };
    expect((await h.rental('rentalRequests', { method: 'POST', body: json(badEnum) })).status).toBe(400);
  });

  it('becomes a sales order with the request number as external document number when processed', async () => {
    await h.rental('rentalRequests', { method: 'POST', body: json(request('A-2026-900010')) });
    const { value } = await h.ctl<{ value: Rec[] }>('POST', 'process-rental-requests', {
      externalDocumentNumber: 'A-2026-900010',
    });
    expect(value).toEqual([
      expect.objectContaining({ status: 'InProgress', salesOrderNumber: expect.stringMatching(/^VO-/) }),
    ]);
    const orders = await h.api(
      "salesOrders?$filter=externalDocumentNumber eq 'A-2026-900010'&$expand=salesOrderLines",
    );
    const order = ((await orders.json()) as { value: Rec[] }).value[0];
    expect(order).toMatchObject({
      number: value[0].salesOrderNumber,
      customerNumber: 'K-10045',
      shortcutDimension2Code: 'P-24001',
    });
    expect((order.salesOrderLines as Rec[]).map((l) => [l.lineObjectNumber, l.quantity])).toEqual([
      ['BH-1001', 20],
      ['SK-1010', 1],
    ]);
    expect(Number(order.totalAmountExcludingTax)).toBeGreaterThan(0);
  });

  it('lets the portal move a request on (If-Match), never back to Received nor out of a final status', async () => {
    const created = (await (
      await h.rental('rentalRequests', { method: 'POST', body: json(request('A-2026-900020')) })
    ).json()) as Rec;
    const planned = await h.rental(`rentalRequests(${created.id})`, {
      method: 'PATCH',
      headers: { 'if-match': created['@odata.etag'] },
      body: json({ status: 'Planned', plannedDate: '2026-11-27' }),
    });
    expect(planned.status).toBe(200);
    const plannedBody = (await planned.json()) as Rec;
    expect(plannedBody).toMatchObject({ status: 'Planned', plannedDate: '2026-11-27' });
    const back = await h.rental(`rentalRequests(${created.id})`, {
      method: 'PATCH',
      headers: { 'if-match': plannedBody['@odata.etag'] },
      body: json({ status: 'Received' }),
    });
    expect(back.status).toBe(400);
    const cancelled = await h.rental(`rentalRequests(${created.id})`, {
      method: 'PATCH',
      headers: { 'if-match': plannedBody['@odata.etag'] },
      body: json({ status: 'Cancelled', comment: 'Niet meer nodig' }),
    });
    expect(cancelled.status).toBe(200);
    const cancelledBody = (await cancelled.json()) as Rec;
    expect(cancelledBody.status).toBe('Cancelled');
    const reopened = await h.rental(`rentalRequests(${created.id})`, {
      method: 'PATCH',
      headers: { 'if-match': cancelledBody['@odata.etag'] },
      body: json({ status: 'InProgress' }),
    });
    expect(reopened.status).toBe(400);
  });

  it('posts an invoice in the ERP (control API) that the API then serves with its lines', async () => {
    const posted = await h.ctl<Rec>('POST', 'post-invoice', {
      customerNumber: 'K-10112',
      projectLocationNumber: 'P-24008',
      lines: [{ itemNumber: 'BH-1001', quantity: 10, unitPrice: 2.5 }],
    });
    const read = (await (await h.api(`salesInvoices(${posted.id})?$expand=salesInvoiceLines`)).json()) as Rec;
    expect(read).toMatchObject({
      customerNumber: 'K-10112',
      shortcutDimension2Code: 'P-24008',
      status: 'Open',
    });
    expect(read.totalAmountExcludingTax).toBe(25);
    expect(read.totalAmountIncludingTax).toBe(30.25);
    expect((read.salesInvoiceLines as Rec[])[0]).toMatchObject({
      lineObjectNumber: 'BH-1001',
      amountExcludingTax: 25,
    });
  });
});
