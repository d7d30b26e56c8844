import { describe, expect, it } from 'vitest';
import { type BooleanGroup, shownOptions, visibleBooleanGroups } from './facet-view';

const opt = (id: string, count: number, selected = false) => ({
  attributeId: id,
  code: id,
  label: id.toUpperCase(),
  count,
  selected,
});
const initial: BooleanGroup[] = [
  { key: 'technisch', label: 'Technisch', options: [opt('a', 10), opt('b', 5), opt('c', 4), opt('d', 2)] },
  { key: 'energie', label: 'Energie', options: [opt('e', 3)] },
];

describe('boolean filters (product §4)', () => {
  it('offer the initial filters while nothing is chosen', () => {
    expect(visibleBooleanGroups(initial, initial, [])).toEqual(initial);
  });

  it('narrow the other options to those the filtered list still has, with its counts', () => {
    const current: BooleanGroup[] = [
      {
        key: 'technisch',
        label: 'Technisch',
        options: [opt('a', 4, true), opt('b', 0), opt('c', 3), opt('d', 0)],
      },
      { key: 'energie', label: 'Energie', options: [opt('e', 0)] },
    ];
    const v = visibleBooleanGroups(initial, current, ['a']);
    expect(v).toHaveLength(1);
    expect(v[0].options.map((o) => [o.attributeId, o.count, o.selected])).toEqual([
      ['a', 4, true],
      ['c', 3, false],
    ]);
  });

  it('keep a chosen option even when nothing has it any more, so it can be unchecked', () => {
    const current: BooleanGroup[] = [{ key: 'technisch', label: 'Technisch', options: [opt('c', 1)] }];
    const v = visibleBooleanGroups(initial, current, ['a', 'e']);
    expect(v.flatMap((g) => g.options.map((o) => o.attributeId))).toEqual(['a', 'c', 'e']);
  });

  it('restore the initial filters when the last choice is unchecked', () => {
    const narrowed: BooleanGroup[] = [{ key: 'technisch', label: 'Technisch', options: [opt('c', 1)] }];
    expect(visibleBooleanGroups(initial, narrowed, [])).toEqual(initial);
  });

  it('show three options per group, then "more" (a chosen one beyond three stays visible)', () => {
    expect(shownOptions(initial[0], false).map((o) => o.attributeId)).toEqual(['a', 'b', 'c']);
    expect(shownOptions(initial[0], true)).toHaveLength(4);
    const chosen = {
      ...initial[0],
      options: initial[0].options.map((o) => ({ ...o, selected: o.attributeId === 'd' })),
    };
    expect(shownOptions(chosen, false).map((o) => o.attributeId)).toEqual(['a', 'b', 'c', 'd']);
  });
});
