import { describe, expect, it } from 'vitest';
import { placeholdersOf, samePlaceholders } from './translations.ts';

describe('placeholders of a text', () => {
  it('finds every {{field}} once, formats and spaces aside', () => {
    expect(placeholdersOf('{{count, number}} van {{ total }} ({{count}})')).toEqual(['count', 'total']);
    expect(placeholdersOf('geen velden')).toEqual([]);
  });
  it('compares the sets, not the order', () => {
    expect(samePlaceholders('{{b}} en {{a}}', '{{a}} / {{b}}')).toBe(true);
    expect(samePlaceholders('{{a}}', '{{a}} {{b}}')).toBe(false);
    expect(samePlaceholders('{{waarde}}', '{{value}}')).toBe(false);
  });
});
