import { describe, expect, it } from 'vitest';
import { pickLocale, visibleLocales } from './languages.ts';

describe('language picker', () => {
  it('offers each language only when its setting is on', () => {
    expect(visibleLocales({ Taal_ZichtbaarFrans: false, Taal_ZichtbaarDuits: false })).toEqual([
      'nl-NL',
      'en-US',
    ]);
    expect(visibleLocales({})).toEqual(['nl-NL', 'en-US', 'fr-FR', 'de-DE']);
  });
  it('picks the stored choice, then the default language, then the first offered', () => {
    expect(pickLocale('en-US', 'nl-NL', ['nl-NL', 'en-US'])).toBe('en-US');
    expect(pickLocale('fr-FR', 'de-DE', ['nl-NL', 'de-DE'])).toBe('de-DE');
    expect(pickLocale(null, 'fr-FR', ['en-US'])).toBe('en-US');
    expect(pickLocale(null, undefined, [])).toBe('nl-NL');
  });
});
