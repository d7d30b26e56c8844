import { describe, expect, it } from 'vitest';
import { planCatalogue } from './build-catalogue.ts';
import { stableId } from './random.ts';

// The items' facts as columns (item-facts.ts): every item answers as it did as an object of its own.
describe('the demo items as columns', () => {
  const plan = planCatalogue(12);

  it('finds an item by its number, of every copy, and nothing else', () => {
    for (const item of [plan.demoItems[0], plan.demoItems[500], plan.demoItems.at(-1)!]) {
      expect(plan.byItemNo.get(item.itemNo)).toBe(item);
    }
    expect(plan.byItemNo.get('AG-1006-12')?.copy).toBe(12);
    expect(plan.byItemNo.get('AG-1006')?.copy).toBe(1);
    for (const no of ['AG-1006-13', 'AG-1006-01', 'AG-1006-1', 'AG-1006-2', 'AG-9999', 'AG', '', 'AG-1006-x'])
      expect(plan.byItemNo.has(no)).toBe(false);
  });

  it('gives each item its id, number, copy and prices', () => {
    const perCopy = plan.demoItems.length / 12;
    plan.demoItems.forEach((item, i) => {
      expect(item.index).toBe(i);
      expect(item.copy).toBe(Math.floor(i / perCopy) + 1);
      expect(item.id).toBe(stableId('item', item.itemNo));
    });
    const rented = plan.demoItems.filter((i) => i.rentalType === 'Verhuur' && i.dayPrice !== null);
    expect(rented.length).toBeGreaterThan(0);
    for (const item of rented) expect(item.weekPrice).toBeGreaterThanOrEqual(4 * item.dayPrice!);
    const sold = plan.demoItems.filter((i) => i.rentalType !== 'Verhuur');
    for (const item of sold) expect(item.dayPrice).toBeNull();
  });
});
