import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function customerNos(email: string, query = ''): Promise<string[]> {
  const r = await t.app.inject({ url: `/api/v2.0/Customers${query}`, headers: await t.auth(email) });
  expect(r.statusCode).toBe(200);
  return r.json().customers.map((c: { customerNo: string }) => c.customerNo);
}

describe('GET Customers', () => {
  it('asks to sign in', async () => {
    const r = await t.app.inject({ url: '/api/v2.0/Customers' });
    expect(r.statusCode).toBe(401);
  });

  it('shows an admin and the department every customer, by name', async () => {
    expect(await customerNos('admin@materieelportaal.nl')).toEqual(['K-10045', 'K-10112']);
    expect(await customerNos('materieeldienst@materieelportaal.nl')).toEqual(['K-10045', 'K-10112']);
  });

  it('shows an external user only their own customer', async () => {
    expect(await customerNos('projectleider@infranoord.nl')).toEqual(['K-10112']);
  });

  it('finds by words in the name or the number, and treats % as a character', async () => {
    expect(await customerNos('admin@materieelportaal.nl', '?q=noord')).toEqual(['K-10112']);
    expect(await customerNos('admin@materieelportaal.nl', '?q=K-10045')).toEqual(['K-10045']);
    expect(await customerNos('admin@materieelportaal.nl', '?q=%25')).toEqual([]);
  });

  it('refuses a bad limit with a clear error', async () => {
    const r = await t.app.inject({
      url: '/api/v2.0/Customers?limit=0',
      headers: await t.auth('admin@materieelportaal.nl'),
    });
    expect(r.statusCode).toBe(400);
    expect(r.json()).toMatchObject({ code: expect.any(String), details: expect.anything() });
  });
});
