import { describe, expect, it } from 'vitest';
import { MAX_SEARCH_VARIANTS, searchVariants, synonymGroupsOf } from './search.ts';

// Issue #31 item 20 (SynoniemCode): a searched word that is a word of a synonym group is also searched as each of
// the group's other words; the words as typed come first.

const groups = synonymGroupsOf([
  ['Aggregaat', 'generator', 'Stroomaggregaat'],
  ['minigraver', 'minikraan'],
  ['kachel', 'heater'],
]);

describe('searchVariants', () => {
  it('is the words alone when none is a synonym', () => {
    expect(searchVariants(['trilplaat', 'diesel'], groups)).toEqual([['trilplaat', 'diesel']]);
    expect(searchVariants(['aggregaat'], [])).toEqual([['aggregaat']]);
  });

  it('replaces a word by each other word of its group, the typed words first', () => {
    expect(searchVariants(['generator'], groups)).toEqual([
      ['generator'],
      ['aggregaat'],
      ['stroomaggregaat'],
    ]);
    expect(searchVariants(['aggregaat', '20'], groups)).toEqual([
      ['aggregaat', '20'],
      ['generator', '20'],
      ['stroomaggregaat', '20'],
    ]);
  });

  it('matches whole words only, case and accents aside', () => {
    expect(searchVariants(['aggre'], groups)).toEqual([['aggre']]);
    expect(searchVariants(['heater'], synonymGroupsOf([['Héater', 'Kachel']]))).toEqual([
      ['heater'],
      ['kachel'],
    ]);
  });

  it('combines several words and stops at the most variants', () => {
    const all = searchVariants(['minigraver', 'kachel'], groups);
    expect(all).toEqual([
      ['minigraver', 'kachel'],
      ['minigraver', 'heater'],
      ['minikraan', 'kachel'],
      ['minikraan', 'heater'],
    ]);
    const big = synonymGroupsOf([
      ['a1', 'a2', 'a3', 'a4'],
      ['b1', 'b2', 'b3', 'b4'],
    ]);
    expect(searchVariants(['a1', 'b1'], big)).toHaveLength(MAX_SEARCH_VARIANTS);
    expect(searchVariants(['a1', 'b1'], big)[0]).toEqual(['a1', 'b1']);
  });

  it('never repeats a word in a variant', () => {
    expect(searchVariants(['generator', 'aggregaat'], groups)[0]).toEqual(['generator', 'aggregaat']);
    expect(
      searchVariants(['generator', 'aggregaat'], groups).every((v) => new Set(v).size === v.length),
    ).toBe(true);
  });
});
