// The fake's reads: server-driven paging with @odata.nextLink, $filter (the delta sync's lastModifiedDateTime gt),
// $select, $expand, $orderby, $top, $skip and $count, and the 400s BC answers to a bad query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allPages, type Harness, startHarness } from './test-support.ts';

let h: Harness;
let auth: Record<string, string>;
beforeAll(async () => {
  h = await startHarness();
  auth = { authorization: `Bearer ${h.token}` };
});
afterAll(() => h.close());

type Page = { value: Record<string, unknown>[]; '@odata.nextLink'?: string; '@odata.count'?: number };
const page = async (res: Response) => {
  expect(res.status).toBe(200);
  return (await res.json()) as Page;
};
const counts = () => h.ctl<{ counts: Record<string, number> }>('GET', '').then((r) => r.counts);

describe('paging', () => {
  it('pages a whole set to the end: the seeded count, no record twice, nextLink on every page but the last', async () => {
    const seeded = await counts();
    const headers = { ...auth, prefer: 'odata.maxpagesize=50' };
    const { records, pages } = await allPages(`${h.bc.apiUrl}/companies(${h.bc.companyId})/items`, headers);
    expect(records).toHaveLength(seeded.items);
    expect(new Set(records.map((r) => r.id)).size).toBe(seeded.items);
    expect(pages).toBe(Math.ceil(seeded.items / 50));
    const numbers = records.map((r) => String(r.number));
    expect(numbers).toEqual([...numbers].sort());
  });

  it('uses the server’s page size without a Prefer header and says which one it applied', async () => {
    const plain = await h.api('items');
    expect(plain.headers.get('preference-applied')).toBeNull();
    expect((await page(plain)).value).toHaveLength(100);
    const asked = await h.api('items', { headers: { prefer: 'odata.maxpagesize=7' } });
    expect(asked.headers.get('preference-applied')).toBe('odata.maxpagesize=7');
    expect((await page(asked)).value).toHaveLength(7);
  });

  it('neither repeats nor loses a record when records are added and removed between pages', async () => {
    const headers = { ...auth, prefer: 'odata.maxpagesize=10' };
    const first = await page(
      await fetch(`${h.bc.apiUrl}/companies(${h.bc.companyId})/customers`, { headers }),
    );
    expect(first['@odata.nextLink']).toBeUndefined();
    // Items: read one page, then add a record before the position reached and one after it, and remove one ahead.
    const p1 = await page(await h.api('items', { headers: { prefer: 'odata.maxpagesize=10' } }));
    const last = String(p1.value.at(-1)!.number);
    await h.ctl('POST', 'records/items', { number: 'AA-0000', displayName: 'Before everything' });
    await h.ctl('POST', 'records/items', { number: 'ZZ-9999', displayName: 'After everything' });
    const ahead = (
      await h.ctl<{ value: { id: string; number: string }[] }>(
        'GET',
        `records/items?$filter=number gt '${last}'&$top=1`,
      )
    ).value[0];
    await h.ctl('DELETE', `records/items/${ahead.id}`);
    const rest = await allPages(p1['@odata.nextLink']!, { ...auth, prefer: 'odata.maxpagesize=10' });
    const all = [...p1.value, ...rest.records].map((r) => String(r.number));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toContain('ZZ-9999');
    expect(all).not.toContain('AA-0000');
    expect(all).not.toContain(ahead.number);
  });

  it('keeps $top across pages and applies $skip once', async () => {
    const top = await allPages(`${h.bc.apiUrl}/companies(${h.bc.companyId})/items?$top=23`, {
      ...auth,
      prefer: 'odata.maxpagesize=10',
    });
    expect(top.records).toHaveLength(23);
    expect(top.pages).toBe(3);
    const all = await page(await h.api('items?$top=30'));
    const skipped = await allPages(`${h.bc.apiUrl}/companies(${h.bc.companyId})/items?$skip=5&$top=20`, {
      ...auth,
      prefer: 'odata.maxpagesize=8',
    });
    expect(skipped.records.map((r) => r.id)).toEqual(all.value.slice(5, 25).map((r) => r.id));
  });

  it('counts: $count=true on every page, and the /$count path', async () => {
    const seeded = await counts();
    const p = await page(await h.api('items?$count=true&$top=2'));
    expect(p['@odata.count']).toBe(seeded.items);
    const text = await (await h.rental('plants/$count')).text();
    expect(Number(text)).toBe(seeded.plants);
  });
});

describe('$filter', () => {
  it('returns after a change just the records changed since the last moment seen (a delta)', async () => {
    const newest = await page(await h.api('items?$orderby=lastModifiedDateTime desc&$top=1'));
    const since = String(newest.value[0].lastModifiedDateTime);
    const { ids } = await h.ctl<{ ids: string[] }>('POST', 'touch/items', {
      count: 5,
      filter: "itemCategoryCode eq 'AFZ-HEK'",
    });
    expect(ids).toHaveLength(5);
    const delta = await allPages(
      `${h.bc.apiUrl}/companies(${h.bc.companyId})/items?$filter=lastModifiedDateTime gt ${since}`,
      { ...auth, prefer: 'odata.maxpagesize=2' },
    );
    expect(delta.records.map((r) => r.id).sort()).toEqual([...ids].sort());
    const again = String(
      delta.records
        .map((r) => r.lastModifiedDateTime)
        .sort()
        .at(-1),
    );
    expect((await page(await h.api(`items?$filter=lastModifiedDateTime gt ${again}`))).value).toHaveLength(0);
  });

  it('eq / ne on strings (case-insensitive, as BC’s collation) and numbers, and / or / not, functions', async () => {
    const one = await page(await h.api("items?$filter=number eq 'bh-1001'"));
    expect(one.value.map((r) => r.number)).toEqual(['BH-1001']);
    const rent = await page(
      await h.rental("rentalItems?$filter=dayPrice gt 100 and rentalType eq 'Rental'&$top=500"),
    );
    expect(rent.value.length).toBeGreaterThan(0);
    expect(rent.value.every((r) => Number(r.dayPrice) > 100 && r.rentalType === 'Rental')).toBe(true);
    const either = await page(
      await h.api("items?$filter=itemCategoryCode eq 'AFZ-HEK' or itemCategoryCode eq 'AFZ-BORD'&$top=500"),
    );
    expect(new Set(either.value.map((r) => r.itemCategoryCode))).toEqual(new Set(['AFZ-HEK', 'AFZ-BORD']));
    const not = await page(await h.rental("projectLocations?$filter=not (customerNumber ne 'K-10112')"));
    expect(not.value.map((r) => r.customerNumber)).toEqual(Array(5).fill('K-10112'));
    const starts = await page(
      await h.api("items?$filter=startswith(number,'SK-') and blocked eq false&$top=500"),
    );
    expect(starts.value.every((r) => String(r.number).startsWith('SK-'))).toBe(true);
    const guid = await page(await h.api(`items?$filter=id eq ${one.value[0].id}`));
    expect(guid.value).toHaveLength(1);
  });

  it('answers 400 like BC to an unknown field, a wrong type and bad syntax', async () => {
    const unknown = await h.api("items?$filter=colour eq 'red'");
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { error: { message: string } }).error.message).toMatch(
      /Could not find a property named 'colour' on type 'Microsoft\.NAV\.item'/,
    );
    const type = await h.api('items?$filter=number eq 5');
    expect(type.status).toBe(400);
    expect(((await type.json()) as { error: { message: string } }).error.message).toMatch(
      /incompatible types/,
    );
    expect((await h.api("items?$filter=number eq 'x' and")).status).toBe(400);
    expect((await h.api('items?$select=colour')).status).toBe(400);
    expect((await h.api('items?$orderby=colour')).status).toBe(400);
    expect((await h.api('items?$top=-1')).status).toBe(400);
    expect((await h.api('items?$whatever=1')).status).toBe(400);
  });
});

describe('$select, $expand, $orderby and navigation', () => {
  it('selects fields (the ETag always comes along)', async () => {
    const p = await page(await h.api('items?$select=number,displayName&$top=1'));
    expect(Object.keys(p.value[0]).sort()).toEqual(['@odata.etag', 'displayName', 'number']);
  });

  it('expands a document’s lines and an item’s translations, with nested options', async () => {
    const inv = await page(await h.api('salesInvoices?$top=1&$expand=salesInvoiceLines'));
    const lines = inv.value[0].salesInvoiceLines as Record<string, unknown>[];
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.every((l) => l.documentId === inv.value[0].id)).toBe(true);
    const nav = await page(await h.api(`salesInvoices(${inv.value[0].id})/salesInvoiceLines`));
    expect(nav.value.map((l) => l.id)).toEqual(lines.map((l) => l.id));
    const item = await page(
      await h.rental(
        "rentalItems?$top=1&$expand=translations($select=locale,description;$filter=languageCode eq 'ENU')",
      ),
    );
    expect(item.value[0].translations).toEqual([
      { '@odata.etag': expect.any(String), locale: 'en-US', description: expect.any(String) },
    ]);
    expect((await h.api('items?$expand=nothing')).status).toBe(400);
  });

  it('orders by lastModifiedDateTime and pages in that order', async () => {
    const { records } = await allPages(
      `${h.bc.apiUrl}/companies(${h.bc.companyId})/customers?$orderby=lastModifiedDateTime desc,number`,
      { ...auth, prefer: 'odata.maxpagesize=1' },
    );
    expect(records).toHaveLength((await counts()).customers);
    const times = records.map((r) => String(r.lastModifiedDateTime));
    expect(times).toEqual([...times].sort().reverse());
  });

  it('reads one record with its ETag header, 404 for an unknown id, 400 for a malformed one', async () => {
    const p = await page(await h.api('customers?$top=1'));
    const one = await h.api(`customers(${p.value[0].id})`);
    expect(one.status).toBe(200);
    expect(one.headers.get('etag')).toBe(p.value[0]['@odata.etag']);
    expect((await h.api('customers(00000000-0000-0000-0000-00000000000f)')).status).toBe(404);
    expect((await h.api('customers(abc)')).status).toBe(400);
    expect((await h.api('plants')).status).toBe(404);
    expect((await h.rental('items')).status).toBe(404);
  });

  it('finds the company by name (the setting may hold the name instead of the id)', async () => {
    const q = (filter: string) =>
      fetch(`${h.bc.apiUrl}/companies?$filter=${encodeURIComponent(filter)}`, { headers: auth }).then(page);
    expect((await q(`name eq '${h.bc.companyName}'`)).value.map((c) => c.id)).toEqual([h.bc.companyId]);
    expect((await q("name eq 'CRONUS'")).value).toEqual([]);
  });

  it('serves a posted invoice’s PDF', async () => {
    const inv = await page(await h.api('salesInvoices?$top=1'));
    const doc = (await (await h.api(`salesInvoices(${inv.value[0].id})/pdfDocument`)).json()) as Record<
      string,
      string
    >;
    expect(doc.parentType).toBe('Sales Invoice');
    const pdf = await fetch(doc['pdfDocumentContent@odata.mediaReadLink'], { headers: auth });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });
});
