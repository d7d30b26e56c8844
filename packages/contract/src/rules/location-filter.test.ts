import { describe, expect, it } from 'vitest';
import { filterLocations, locationFilterWords, locationLabel, locationMatches } from './location-filter.ts';

const a = {
  locationNo: 'P-2024-017',
  description: 'Nieuwbouw Zuidas Amsterdam',
  description2: 'Fase 2 kelder',
};
const b = { locationNo: 'P-2023-101', description: 'Renovatie brug Zwolle', description2: null };
const c = { locationNo: '88001', description: '', description2: 'Depot Utrecht' };

describe('location filter words', () => {
  it('lowercases, trims, collapses whitespace and splits', () => {
    expect(locationFilterWords('  Zuidas \t  AMSTERDAM\n')).toEqual(['zuidas', 'amsterdam']);
  });
  it('gives no words for blank text', () => {
    expect(locationFilterWords('   ')).toEqual([]);
  });
});

describe('location matching', () => {
  it('matches everything without words', () => {
    expect(filterLocations([a, b, c], '')).toEqual([a, b, c]);
  });
  it('needs all words in the description', () => {
    expect(locationMatches(a, ['zuidas', 'amsterdam'])).toBe(true);
    expect(locationMatches(a, ['zuidas', 'zwolle'])).toBe(false);
  });
  it('or all words in the second description', () => {
    expect(locationMatches(a, ['fase', 'kelder'])).toBe(true);
    // words split over description and second description do not match
    expect(locationMatches(a, ['zuidas', 'kelder'])).toBe(false);
  });
  it('or any word in the number', () => {
    expect(locationMatches(a, ['017', 'nothing-else'])).toBe(true);
    expect(filterLocations([a, b, c], '2023')).toEqual([b]);
  });
  it('is case-insensitive', () => {
    expect(filterLocations([a, b, c], 'BRUG')).toEqual([b]);
  });
  it('uses the number as description when the description is empty', () => {
    expect(filterLocations([a, b, c], 'depot')).toEqual([c]);
    expect(locationMatches(c, ['88001', 'x'])).toBe(true);
  });
});

describe('location label', () => {
  it('reads number - description - second description', () => {
    expect(locationLabel(a)).toBe('P-2024-017 - Nieuwbouw Zuidas Amsterdam - Fase 2 kelder');
  });
  it('leaves out an empty second description and defaults the description to the number', () => {
    expect(locationLabel(b)).toBe('P-2023-101 - Renovatie brug Zwolle');
    expect(locationLabel(c)).toBe('88001 - 88001 - Depot Utrecht');
  });
});
