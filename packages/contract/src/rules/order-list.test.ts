import { describe, expect, it } from 'vitest';
import { piecesOf, scaledPartAmount } from './order-list.ts';

describe('order-list sets', () => {
  it('scales a part with its set, rounded, at least 1', () => {
    expect(scaledPartAmount(29, 2, 1)).toBe(15);
    expect(scaledPartAmount(4, 2, 3)).toBe(6);
    expect(scaledPartAmount(1, 4, 1)).toBe(1);
    // a set amount of 0 (never stored, but read defensively) counts as 1
    expect(scaledPartAmount(3, 0, 2)).toBe(6);
  });

  it('counts the item lines as pieces, never the set line', () => {
    expect(
      piecesOf([
        { type: 'set', amount: 2 },
        { type: 'item', amount: 58 },
        { type: 'item', amount: 4 },
      ]),
    ).toBe(62);
    expect(piecesOf([])).toBe(0);
  });
});
