import { describe, expect, it } from 'vitest';
import {
  countMatchedWords,
  fallbackLocales,
  foldText,
  highlightMatches,
  isSearchable,
  MAX_SEARCH_WORDS,
  rankByMatchedWords,
  splitSearchWords,
  wordMatches,
} from './search.ts';

describe('foldText', () => {
  it('drops case and accents like lower(unaccent()) does', () => {
    expect(foldText('Tríl-PLAAT Hoogwerker Façade Über Straße Œuvre')).toBe(
      'tril-plaat hoogwerker facade uber strasse oeuvre',
    );
  });
});

describe('isSearchable (minimum length 2)', () => {
  it('refuses shorter texts and ignores surrounding spaces', () => {
    expect(isSearchable('')).toBe(false);
    expect(isSearchable(' a ')).toBe(false);
    expect(isSearchable(null)).toBe(false);
    expect(isSearchable('ab')).toBe(true);
    expect(isSearchable('abc', 4)).toBe(false);
  });
});

describe('splitSearchWords', () => {
  it('splits on any whitespace, folds, removes duplicates and keeps the typed order', () => {
    expect(splitSearchWords('  Trilplaat   DIESEL\ttrilplaat Ééé ')).toEqual(['trilplaat', 'diesel', 'eee']);
  });
  it('keeps at most the maximum number of words', () => {
    const many = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(splitSearchWords(many)).toHaveLength(MAX_SEARCH_WORDS);
  });
  it('gives no words for empty input', () => {
    expect(splitSearchWords('   ')).toEqual([]);
    expect(splitSearchWords(undefined)).toEqual([]);
  });
});

describe('wordMatches', () => {
  it('matches words of three or more characters anywhere, case- and accent-insensitively', () => {
    expect(wordMatches('Trilplaat benzine', 'PLAAT')).toBe(true);
    expect(wordMatches('Lichtmast LED', 'lichtmast')).toBe(true);
    expect(wordMatches('Hoogwerker élévateur', 'elevateur')).toBe(true);
    expect(wordMatches('Bouwhek', 'plaat')).toBe(false);
  });
  it('matches two-character words only at the start of a word', () => {
    expect(wordMatches('Trilplaat', 'tr')).toBe(true);
    expect(wordMatches('Aggregaat 20 kVA', 'kv')).toBe(true);
    expect(wordMatches('Bouw-trap', 'tr')).toBe(true);
    expect(wordMatches('Betonstrip', 'tr')).toBe(false);
    expect(wordMatches('rood/wit', 'wi')).toBe(false);
  });
});

describe('ranking by matched words', () => {
  const results = [
    { no: 'A', text: 'Trilplaat benzine 90 kg' },
    { no: 'B', text: 'Trilplaat diesel omkeerbaar 400 kg' },
    { no: 'C', text: 'Dieselpomp' },
    { no: 'D', text: 'Trilplaat diesel' },
  ];
  it('counts how many words the text contains', () => {
    expect(countMatchedWords('Trilplaat diesel omkeerbaar', ['trilplaat', 'diesel', 'benzine'])).toBe(2);
    expect(countMatchedWords('Trilplaat', [])).toBe(0);
  });
  it('puts most matched words first and keeps the server order among equals', () => {
    const ranked = rankByMatchedWords(results, ['trilplaat', 'diesel'], (r) => r.text).map((r) => r.no);
    expect(ranked).toEqual(['B', 'D', 'A', 'C']);
  });
});

describe('highlightMatches', () => {
  it('marks matched parts in the original spelling', () => {
    expect(highlightMatches('Trilplaat Diesel', ['plaat', 'diesel'])).toEqual([
      { text: 'Tril', match: false },
      { text: 'plaat', match: true },
      { text: ' ', match: false },
      { text: 'Diesel', match: true },
    ]);
  });
  it('marks accented text matched without accents, and ß spelled out', () => {
    expect(highlightMatches('Élévateur', ['elev'])).toEqual([
      { text: 'Élév', match: true },
      { text: 'ateur', match: false },
    ]);
    expect(highlightMatches('Straßenwalze', ['strasse'])).toEqual([
      { text: 'Straße', match: true },
      { text: 'nwalze', match: false },
    ]);
  });
  it('returns the text unmarked when nothing matches', () => {
    expect(highlightMatches('Bouwhek', ['plaat'])).toEqual([{ text: 'Bouwhek', match: false }]);
  });
});

describe('fallbackLocales', () => {
  it('searches nl-NL first, then the other languages, never the interface language again', () => {
    expect(fallbackLocales('en-US')).toEqual(['nl-NL', 'fr-FR', 'de-DE']);
    expect(fallbackLocales('de-DE')).toEqual(['nl-NL', 'en-US', 'fr-FR']);
    expect(fallbackLocales('nl-NL')).toEqual(['en-US', 'fr-FR', 'de-DE']);
  });
});
