// The fake's company is the portal's demo company: the same generator (apps/server/src/seed), the same ids and
// numbers, a history whose parts agree with each other, and a scale to grow the catalogue for the benchmark.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCatalogue } from '../../../apps/server/src/seed/build-catalogue.ts';
import { customerSpecs, locationSpecs } from '../../../apps/server/src/seed/org-data.ts';
import { stableId } from '../../../apps/server/src/seed/random.ts';
import { DEMO_REFERENCE_DATE, DEMO_SEED } from './seed.ts';
import { type Harness, startHarness } from './test-support.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

type Rec = Record<string, unknown>;
const all = (set: string) => h.ctl<{ value: Rec[] }>('GET', `records/${set}`).then((r) => r.value);

describe('the demo company', () => {
  it('uses the demo seed’s random seed and reference date', async () => {
    const index = readFileSync(
      path.join(import.meta.dirname, '../../../apps/server/src/seed/index.ts'),
      'utf8',
    );
    expect(index).toContain(`const SEED = 0x${DEMO_SEED.toString(16)};`);
    expect(index).toContain(`export const DEMO_REFERENCE_DATE = '${DEMO_REFERENCE_DATE}';`);
  });

  it('has the demo catalogue’s items, categories and translations with their ids', async () => {
    const catalogue = buildCatalogue(1);
    const items = await all('items');
    expect(items.map((i) => i.id).sort()).toEqual(catalogue.items.map((i) => i.id).sort());
    expect((await all('itemCategories')).length).toBe(catalogue.categories.length);
    expect((await all('itemTranslations')).length).toBe(catalogue.itemTranslations.length);
    expect((await all('itemTechnicalData')).length).toBe(catalogue.itemTechData.length);
  });

  it('has the demo customers and locations with the portal’s ids', async () => {
    const customers = await all('customers');
    expect(customers.map((c) => [c.number, c.id])).toEqual(
      customerSpecs.map((c) => [c.customerNo, stableId('customer', c.customerNo)]),
    );
    const locations = await all('projectLocations');
    expect(locations.map((l) => l.id).sort()).toEqual(
      locationSpecs.map((l) => stableId('location', l.locationNo)).sort(),
    );
  });

  it('has a history whose parts agree: plants on site are in stock there, inspections name plants', async () => {
    const plants = await all('plants');
    const stock = await all('stockOnSite');
    const onSite = plants.filter((p) => p.projectLocationNumber);
    expect(onSite.length).toBeGreaterThan(0);
    const stocked = new Set(
      stock.filter((s) => s.plantNumber).map((s) => `${s.projectLocationNumber}|${s.plantNumber}`),
    );
    expect(onSite.every((p) => stocked.has(`${p.projectLocationNumber}|${p.number}`))).toBe(true);
    expect(stocked.size).toBe(onSite.length);
    const plantNumbers = new Set(plants.map((p) => p.number));
    const inspections = await all('inspections');
    expect(inspections.length).toBeGreaterThan(0);
    expect(inspections.every((i) => plantNumbers.has(i.plantNumber))).toBe(true);
  });

  it('has the demo invoices, their totals the sum of their lines', async () => {
    const invoices = await h.ctl<{ value: Rec[] }>('GET', 'records/salesInvoices?$expand=salesInvoiceLines');
    expect(invoices.value.find((i) => i.number === 'F-2026-000001')).toMatchObject({
      customerNumber: 'K-10045',
      shortcutDimension2Code: 'P-24001',
    });
    for (const inv of invoices.value) {
      const lines = inv.salesInvoiceLines as Rec[];
      const sum = lines.reduce((s, l) => s + Number(l.amountExcludingTax), 0);
      expect(Math.abs(sum - Number(inv.totalAmountExcludingTax))).toBeLessThan(0.005);
    }
  });

  it('numbers new documents after what a new seed holds', async () => {
    const order = (no: string) =>
      h.api('salesOrders', {
        method: 'POST',
        body: JSON.stringify({ customerNumber: 'K-10045', externalDocumentNumber: no }),
      });
    expect((await order('X-1')).status).toBe(201);
    await h.ctl('POST', 'seed', { historyScale: 2 });
    const again = await order('X-2');
    expect(again.status).toBe(201);
    const numbers = (await all('salesOrders')).map((o) => o.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it('seeds again at another scale', async () => {
    const { counts } = await h.ctl<{ counts: Record<string, number> }>('POST', 'seed', { scale: 2 });
    expect(counts.items).toBe(buildCatalogue(2).items.length);
    expect(counts.itemTranslations).toBe(counts.items * 4);
  });
});
