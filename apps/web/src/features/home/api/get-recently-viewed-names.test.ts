import { describe, expect, it } from 'vitest';
import { inCurrentLanguage } from './get-recently-viewed-names';

describe('recently viewed in the current language', () => {
  const recent = [
    { id: 'LM-1001', kind: 'item' as const, description: 'Lichtmast LED mobiel', imageUrl: null },
    { id: 'SET-001', kind: 'set' as const, description: 'Afzetting 100 m', imageUrl: '/a.png' },
    { id: 'GONE-1', kind: 'item' as const, description: 'Oud item' },
  ];

  it('takes the names the server gives in the current language, keeping the order and the rest', () => {
    const named = inCurrentLanguage(recent, {
      entries: [
        { kind: 'set', id: 'SET-001', description: 'Fencing 100 m', imageUrl: '/b.png' },
        { kind: 'item', id: 'LM-1001', description: 'Lighting tower LED mobile', imageUrl: null },
      ],
    });
    expect(named.map((r) => [r.id, r.description])).toEqual([
      ['LM-1001', 'Lighting tower LED mobile'],
      ['SET-001', 'Fencing 100 m'],
      ['GONE-1', 'Oud item'],
    ]);
    expect(named[1].imageUrl).toBe('/b.png');
  });

  it('shows the kept names until the server answers', () => {
    expect(inCurrentLanguage(recent, undefined)).toEqual(recent);
  });

  it('does not take an item name for a set with the same number', () => {
    const named = inCurrentLanguage(recent, {
      entries: [{ kind: 'item', id: 'SET-001', description: 'Something else', imageUrl: null }],
    });
    expect(named[1].description).toBe('Afzetting 100 m');
  });
});
