import { describe, expect, it } from 'vitest';
import { highlightSegments, isSearchable, rankQuickResults, searchWords } from './quick-search.ts';

describe('search words', () => {
  it('splits on spaces and lowercases', () => {
    expect(searchWords('  Steiger  HOUTEN ')).toEqual(['steiger', 'houten']);
  });
  it('needs at least 2 characters', () => {
    expect(isSearchable('a')).toBe(false);
    expect(isSearchable(' a ')).toBe(false);
    expect(isSearchable('ab')).toBe(true);
  });
});

describe('ranking', () => {
  it('sorts by number of matched words, most first, stable otherwise', () => {
    const rows = ['Bouwlamp LED', 'Bouwhek zwaar', 'Bouwhek voet LED', 'Aggregaat'];
    expect(rankQuickResults(rows, 'bouwhek led', (r) => r)).toEqual([
      'Bouwhek voet LED',
      'Bouwlamp LED',
      'Bouwhek zwaar',
      'Aggregaat',
    ]);
  });
});

describe('highlighting', () => {
  it('marks every occurrence case-insensitively', () => {
    expect(highlightSegments('Bouwhek en bouwhekvoet', ['bouwhek'])).toEqual([
      { text: 'Bouwhek', match: true },
      { text: ' en ', match: false },
      { text: 'bouwhek', match: true },
      { text: 'voet', match: false },
    ]);
  });
  it('merges overlapping words', () => {
    expect(highlightSegments('Steigerplank', ['steiger', 'gerpl'])).toEqual([
      { text: 'Steigerpl', match: true },
      { text: 'ank', match: false },
    ]);
  });
  it('returns the text unmarked without words', () => {
    expect(highlightSegments('Kraan', [])).toEqual([{ text: 'Kraan', match: false }]);
    expect(highlightSegments('', ['x'])).toEqual([]);
  });
});
