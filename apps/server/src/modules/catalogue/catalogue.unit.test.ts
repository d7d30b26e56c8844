import { describe, expect, it } from 'vitest';
import { ResultCache } from './catalogue.cache.ts';
import { roundDecimal, trimDecimal } from './catalogue.service.ts';
import { QuickSearchIndex } from './search.index.ts';

describe('roundDecimal', () => {
  it('pads to the number of decimals', () => {
    expect(roundDecimal('7', 2)).toBe('7.00');
    expect(roundDecimal('12.5', 3)).toBe('12.500');
    expect(roundDecimal('12.50', 0)).toBe('13');
  });
  it('rounds half away from zero, exactly', () => {
    expect(roundDecimal('12.345', 2)).toBe('12.35');
    expect(roundDecimal('12.344', 2)).toBe('12.34');
    expect(roundDecimal('0.995', 2)).toBe('1.00');
    expect(roundDecimal('-1.005', 2)).toBe('-1.01');
    expect(roundDecimal('-0.004', 2)).toBe('0.00');
    expect(roundDecimal('99999999999.999', 2)).toBe('100000000000.00');
  });
});

describe('trimDecimal', () => {
  it('drops trailing zeros of technical numbers', () => {
    expect(trimDecimal('7.500')).toBe('7.5');
    expect(trimDecimal('12.000')).toBe('12');
    expect(trimDecimal('120')).toBe('120');
    expect(trimDecimal(null)).toBeNull();
  });
});

describe('ResultCache', () => {
  const db = {} as never;
  it('serves a fresh entry, shares a statement between concurrent callers and reloads after the TTL', async () => {
    const cache = new ResultCache<number>({ ttlMs: 1000, maxEntries: 10 });
    let loads = 0;
    const load = async () => ++loads;
    const [a, b] = await Promise.all([cache.get(db, 'k', load, 0), cache.get(db, 'k', load, 10)]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    expect(await cache.get(db, 'k', load, 999)).toBe(1);
    expect(await cache.get(db, 'k', load, 1001)).toBe(2);
  });
  it('forgets failures and evicts the least recently used entry', async () => {
    const cache = new ResultCache<string>({ ttlMs: 1000, maxEntries: 2 });
    await expect(cache.get(db, 'x', () => Promise.reject(new Error('boom')), 0)).rejects.toThrow('boom');
    expect(await cache.get(db, 'x', async () => 'ok', 1)).toBe('ok');
    await cache.get(db, 'y', async () => 'y', 2);
    await cache.get(db, 'x', async () => 'again', 3); // hit: x becomes most recent
    await cache.get(db, 'z', async () => 'z', 4); // evicts y, the least recently used
    expect(await cache.get(db, 'x', async () => 'not used', 5)).toBe('ok');
    expect(await cache.get(db, 'y', async () => 'reloaded', 6)).toBe('reloaded');
  });
});

describe('QuickSearchIndex entry by number (names of hits found in another language)', () => {
  const entry = (no: string, description: string) => ({
    no,
    noLower: no.toLowerCase(),
    description,
    folded: description.toLowerCase(),
    hasDescription: true,
    imageSha: null,
  });
  const index = new QuickSearchIndex(
    1,
    [
      entry('LM-1001', 'Lighting tower LED'),
      entry('lm-1001', 'Another item'),
      entry('TP-1', 'Plate compactor'),
    ],
    [entry('SET-001', 'Fencing 100 m')],
  );
  it('finds the entry with exactly that number, items and sets apart', () => {
    expect(index.items.entry('LM-1001')?.description).toBe('Lighting tower LED');
    expect(index.items.entry('lm-1001')?.description).toBe('Another item');
    expect(index.sets.entry('SET-001')?.description).toBe('Fencing 100 m');
    expect(index.items.entry('SET-001')).toBeUndefined();
    expect(index.items.entry('LM-9999')).toBeUndefined();
  });
});
