import { describe, expect, it } from 'vitest';
import { type PriceSettings, priceDisplay } from './prices.ts';

const off: PriceSettings = {
  ShowPriceInternalPrices: false,
  ToonPrijsMaterieellocatie: false,
  PubliekePrijzen: false,
};
const on: PriceSettings = {
  ShowPriceInternalPrices: true,
  ToonPrijsMaterieellocatie: true,
  PubliekePrijzen: true,
};

describe('priceDisplay (product §6)', () => {
  it('always shows prices to external users', () => {
    expect(priceDisplay({ kind: 'external', isAdmin: false, hasLocation: true }, off)).toBe('show');
    expect(priceDisplay({ kind: 'external', isAdmin: false, hasLocation: false }, off)).toBe('show');
  });
  it('shows internal users on a location prices only with ShowPriceInternalPrices, else on demand', () => {
    expect(priceDisplay({ kind: 'internal', isAdmin: false, hasLocation: true }, off)).toBe('on_demand');
    expect(
      priceDisplay(
        { kind: 'internal', isAdmin: false, hasLocation: true },
        { ...off, ShowPriceInternalPrices: true },
      ),
    ).toBe('show');
  });
  it('decides internal users without a location by ToonPrijsMaterieellocatie', () => {
    expect(priceDisplay({ kind: 'internal', isAdmin: false, hasLocation: false }, off)).toBe('hidden');
    expect(
      priceDisplay(
        { kind: 'internal', isAdmin: false, hasLocation: false },
        { ...off, ToonPrijsMaterieellocatie: true },
      ),
    ).toBe('show');
  });
  it('shows anonymous visitors prices only with PubliekePrijzen', () => {
    expect(priceDisplay({ kind: null, isAdmin: false, hasLocation: false }, off)).toBe('hidden');
    expect(priceDisplay({ kind: null, isAdmin: false, hasLocation: false }, on)).toBe('show');
  });
  it('shows administrators prices', () => {
    expect(priceDisplay({ kind: 'internal', isAdmin: true, hasLocation: true }, off)).toBe('show');
  });
});
