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

describe("the user's language (issue #9 item 10)", () => {
  const all = ['nl-NL', 'en-US', 'fr-FR', 'de-DE'] as const;
  it("takes a visitor's browser language among the offered ones, by primary language", () => {
    expect(pickLocale(undefined, 'nl-NL', all, { browser: ['en-GB', 'en'] })).toBe('en-US');
    expect(pickLocale(undefined, 'nl-NL', all, { browser: ['de-AT'] })).toBe('de-DE');
    expect(pickLocale(undefined, 'nl-NL', ['nl-NL', 'fr-FR'], { browser: ['de-DE', 'fr-BE'] })).toBe('fr-FR');
    expect(pickLocale(undefined, 'de-DE', all, { browser: ['es-ES'] })).toBe('de-DE');
  });

  it("takes a signed-in user's account language over the browser's, and a choice made here over both", () => {
    expect(pickLocale(undefined, 'nl-NL', all, { account: 'en-US', browser: ['fr-FR'] })).toBe('en-US');
    expect(pickLocale('de-DE', 'nl-NL', all, { account: 'en-US', browser: ['fr-FR'] })).toBe('de-DE');
    // an account language the portal does not offer is passed over
    expect(pickLocale(undefined, 'nl-NL', ['nl-NL', 'fr-FR'], { account: 'en-US', browser: ['fr-FR'] })).toBe(
      'fr-FR',
    );
  });
});
