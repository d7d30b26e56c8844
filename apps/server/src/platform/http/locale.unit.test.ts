import { describe, expect, it } from 'vitest';
import { resolveLocale } from './locale.ts';

describe('resolveLocale', () => {
  it('takes an explicit supported locale first', () => {
    expect(resolveLocale('de-DE', 'en-US')).toBe('de-DE');
  });
  it('matches Accept-Language by quality, then by language', () => {
    expect(resolveLocale(undefined, 'es;q=0.9, fr;q=0.8, en;q=0.5')).toBe('fr-FR');
    expect(resolveLocale(undefined, 'en-GB')).toBe('en-US');
  });
  it('falls back to nl-NL', () => {
    expect(resolveLocale('xx', 'ja-JP')).toBe('nl-NL');
    expect(resolveLocale(undefined, undefined)).toBe('nl-NL');
  });
});
